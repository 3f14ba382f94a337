// SPDX-License-Identifier: MIT
#include "browse/casesearchjob.h"

#include <QFutureWatcher>
#include <QtConcurrent>

namespace krw {

CaseSearchJob::CaseSearchJob(QObject* parent)
    : QObject(parent)
{
}

CaseSearchJob::~CaseSearchJob()
{
    cancel();
}

void CaseSearchJob::start(const RunPtr& run, const SearchQuery& query)
{
    cancel();
    const quint64 generation = ++m_generation;
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    m_cancelled = cancelled;
    m_busy = true;
    auto* watcher = new QFutureWatcher<QSet<QString>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, query, cancelled] {
        if (generation == m_generation) {
            m_busy = false;
            // A cancelled search may have stopped part-way: its set is not "what matches".
            if (!cancelled->load())
                Q_EMIT finished(watcher->result(), query);
        }
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(
        [run, query, cancelled] { return run ? searchCases(*run, query, [cancelled] { return cancelled->load(); }) : QSet<QString>(); }));
}

void CaseSearchJob::cancel()
{
    if (m_cancelled)
        m_cancelled->store(true);
}

} // namespace krw
