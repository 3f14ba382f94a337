// SPDX-License-Identifier: MIT
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>
#include <QtConcurrent>

#include <utility>

namespace krw {

// An owner's background job, the pattern written once: the work runs on a pool, and its result
// comes back on the owner's thread through a callback — only if nothing newer was started and
// nothing was cancelled meanwhile (the generation check). Parented to its owner: destroyed with
// it, a result that comes later is dropped. Never blocks the caller.
class JobTracker : public QObject
{
    Q_OBJECT
public:
    explicit JobTracker(QObject* owner);

    // Runs work() on pool; done(result) follows on this thread unless start() or cancel() came
    // since. What ran before is not waited for: its result is dropped.
    template<typename Work, typename Done>
    void start(QThreadPool* pool, Work work, Done done)
    {
        m_running = 0; // what ran before is not ours any more
        run(++m_generation, pool, std::move(work), std::move(done));
    }
    // As start(), but what runs already is kept: a second job that belongs to the same current
    // state (saving the text shown while it is shown). Both are dropped by the next start().
    template<typename Work, typename Done>
    void startBeside(QThreadPool* pool, Work work, Done done)
    {
        run(m_generation, pool, std::move(work), std::move(done));
    }
    // As start(), for work the caller started on its own terms (SearchIndex::runOnBuildPool).
    template<typename Result, typename Done>
    void watch(QFuture<Result> future, Done done)
    {
        m_running = 0;
        follow(++m_generation, std::move(future), std::move(done));
    }
    void cancel(); // the results of what runs are dropped
    bool isRunning() const { return m_running > 0; } // a job whose result would still be taken

private:
    template<typename Work, typename Done>
    void run(quint64 generation, QThreadPool* pool, Work work, Done done)
    {
        follow(generation, QtConcurrent::run(pool, std::move(work)), std::move(done));
    }
    template<typename Result, typename Done>
    void follow(quint64 generation, QFuture<Result> future, Done done)
    {
        ++m_running;
        auto* watcher = new QFutureWatcher<Result>(this);
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, done = std::move(done)]() mutable {
            watcher->deleteLater();
            if (generation != m_generation)
                return; // a newer job, or a cancel, came since
            --m_running;
            done(watcher->result());
        });
        watcher->setFuture(future);
    }

    quint64 m_generation = 0;
    int m_running = 0;
};

} // namespace krw
