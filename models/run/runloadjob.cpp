// SPDX-License-Identifier: MIT
#include "run/runloadjob.h"

#include "work/workpools.h"

#include <QPointer>
#include <QThread>
#include <QtConcurrent>

namespace krw {

namespace {

// Runs work on the thread pool and hands its result to apply on the receiver's thread,
// unless the receiver is gone. Works with Qt 5.15 and Qt 6 alike.
template<typename Result, typename Work, typename Apply>
void runInBackground(QObject* receiver, Work work, Apply apply)
{
    auto* watcher = new QFutureWatcher<Result>(receiver);
    QObject::connect(watcher, &QFutureWatcherBase::finished, receiver, [watcher, apply] {
        apply(watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(WorkPools::jobs(), work));
}

} // namespace

RunLoadJob::RunLoadJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<krw::RunPtr>();
    qRegisterMetaType<krw::LocateResult>();
    m_progressTimer.setInterval(100);
    connect(&m_progressTimer, &QTimer::timeout, this, &RunLoadJob::pollProgress);
}

RunLoadJob::~RunLoadJob()
{
    cancel();
}

void RunLoadJob::locate(const QString& path)
{
    // A new request drops a load still running: it is cancelled and its result never arrives.
    cancel();
    m_busy = false;
    m_progressTimer.stop();
    const quint64 generation = ++m_generation;
    runInBackground<LocateResult>(
        this, [path] { return locateRuns(path); },
        [this, generation](const LocateResult& result) {
            if (generation == m_generation)
                Q_EMIT located(result);
        });
}

void RunLoadJob::load(const RunSource& source, const RunPtr& previous)
{
    cancel();
    const quint64 generation = ++m_generation;
    auto shared = std::make_shared<Shared>();
    m_shared = shared;
    m_busy = true;
    m_progressTimer.start();
    auto work = [source, shared, previous] {
        LoadControl control;
        control.isCancelled = [shared] { return shared->cancelled.load(); };
        control.progress = [shared](qint64 done, qint64 total) {
            shared->done = done;
            shared->total = total;
        };
        return std::make_shared<const Run>(loadRun(source, control, {}, previous.get()));
    };
    runInBackground<RunPtr>(this, work, [this, generation, shared](const RunPtr& run) {
        Q_ASSERT(QThread::currentThread() == thread());
        if (generation != m_generation)
            return;
        m_busy = false;
        m_progressTimer.stop();
        pollProgress();
        if (shared->cancelled && run && !run->cancelled) {
            // Cancelled after the worker had read everything: still the user's cancel.
            auto cancelled = std::make_shared<Run>(*run);
            cancelled->cancelled = true;
            Q_EMIT loaded(cancelled);
            return;
        }
        Q_EMIT loaded(run);
    });
}

void RunLoadJob::cancel()
{
    if (m_shared)
        m_shared->cancelled = true;
}

void RunLoadJob::pollProgress()
{
    if (m_shared)
        Q_EMIT progress(m_shared->done.load(), m_shared->total.load());
}

} // namespace krw
