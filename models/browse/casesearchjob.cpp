// SPDX-License-Identifier: MIT
#include "browse/casesearchjob.h"

#include <QFutureWatcher>
#include <QtConcurrent>

namespace krw {

namespace {
constexpr int ProgressIntervalMs = 100;
} // namespace

CaseSearchJob::CaseSearchJob(QObject* parent)
    : QObject(parent)
{
    m_progressTimer.setInterval(ProgressIntervalMs);
    connect(&m_progressTimer, &QTimer::timeout, this, &CaseSearchJob::reportProgress);
}

CaseSearchJob::~CaseSearchJob()
{
    cancel();
}

void CaseSearchJob::start(const RunPtr& run, const SearchQuery& query)
{
    cancel();
    const quint64 generation = ++m_generation;
    auto state = std::make_shared<State>();
    state->total = run ? int(run->cases.size()) : 0;
    m_state = state;
    m_busy = true;
    m_reportedSearched = -1;
    m_progressTimer.start();
    using Result = std::optional<QSet<QString>>;
    auto* watcher = new QFutureWatcher<Result>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, query, state] {
        if (generation == m_generation) {
            m_busy = false;
            m_progressTimer.stop();
            // A cancelled search may have stopped part-way: it has no result to report.
            const Result found = watcher->result();
            if (!state->cancelled.load() && found)
                Q_EMIT finished(*found, query);
        }
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run([run, query, state]() -> Result {
        if (!run)
            return QSet<QString>();
        return searchCases(
            *run, query, [state] { return state->cancelled.load(); }, [state](int searched, int) { state->searched = searched; });
    }));
}

void CaseSearchJob::cancel()
{
    if (m_state)
        m_state->cancelled = true;
    m_progressTimer.stop();
}

void CaseSearchJob::reportProgress()
{
    if (!m_state || m_state->cancelled)
        return;
    const int searched = m_state->searched;
    if (searched == m_reportedSearched)
        return;
    m_reportedSearched = searched;
    Q_EMIT progress(searched, m_state->total);
}

} // namespace krw
