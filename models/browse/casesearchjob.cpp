// SPDX-License-Identifier: MIT
#include "models/browse/casesearchjob.h"

#include "models/work/jobtracker.h"
#include "models/work/workpools.h"

#include <QElapsedTimer>

namespace krw {

namespace {
constexpr int ProgressIntervalMs = 100;
} // namespace

CaseSearchJob::CaseSearchJob(QObject* parent)
    : QObject(parent)
    , m_indexJob(new JobTracker(this))
    , m_searchJob(new JobTracker(this))
{
    m_progressTimer.setInterval(ProgressIntervalMs);
    connect(&m_progressTimer, &QTimer::timeout, this, &CaseSearchJob::reportProgress);
}

CaseSearchJob::~CaseSearchJob()
{
    cancel();
    cancelIndexing();
}

void CaseSearchJob::setRun(const RunPtr& run)
{
    if (run == m_indexRun && (m_index || m_indexState))
        return;
    cancelIndexing();
    // A reload of the run indexed: the texts of the files the loader kept come from its index.
    SearchIndex::Previous previous;
    if (run && m_index && m_indexRun && m_indexRun->path == run->path && m_indexRun->name == run->name)
        previous = {m_indexRun, m_index};
    m_index.reset();
    m_indexRun = run;
    if (!run)
        return;
    auto state = std::make_shared<IndexState>();
    state->total = int(run->cases.size());
    m_indexState = state;
    m_reportedIndexed = -1;
    m_progressTimer.start();
    auto timer = std::make_shared<QElapsedTimer>();
    timer->start();
    // An exception must not reach the tracker: the result would rethrow it on this thread.
    using Result = std::shared_ptr<const SearchIndex>;
    const QFuture<Result> future = SearchIndex::runOnBuildPool([run, state, previous]() -> Result {
        try {
            return SearchIndex::build(
                *run, [state] { return state->cancelled.load(); }, [state](int indexed, int) { state->indexed = indexed; }, previous);
        } catch (const std::bad_alloc&) {
            state->failure = tr("not enough memory");
        } catch (const std::exception& e) {
            state->failure = QString::fromLocal8Bit(e.what());
        }
        return nullptr;
    });
    m_indexJob->watch(future, [this, state, timer](const Result& index) {
        if (state->cancelled.load())
            return;
        m_indexState.reset();
        m_index = index;
        updateProgressTimer();
        if (m_index)
            Q_EMIT indexReady(timer->elapsed());
        else
            Q_EMIT indexFailed(state->failure);
    });
}

void CaseSearchJob::cancelIndexing()
{
    if (m_indexState)
        m_indexState->cancelled = true;
    m_indexState.reset();
    updateProgressTimer();
}

std::shared_ptr<const SearchIndex> CaseSearchJob::indexFor(const RunPtr& run) const
{
    return run && run == m_indexRun ? m_index : nullptr;
}

void CaseSearchJob::start(const RunPtr& run, const SearchQuery& query)
{
    cancel();
    auto state = std::make_shared<State>();
    state->total = run ? int(run->cases.size()) : 0;
    m_state = state;
    m_busy = true;
    m_reportedSearched = -1;
    m_progressTimer.start();
    using Result = std::optional<QSet<QString>>;
    const std::shared_ptr<const SearchIndex> index = SearchIndex::canAnswer(query) ? indexFor(run) : nullptr;
    // A cancelled search still ends here (not busy any more), with no result to report: it may
    // have stopped part-way.
    m_searchJob->start(
        WorkPools::jobs(),
        [run, query, state, index]() -> Result {
            if (!run)
                return QSet<QString>();
            if (index)
                return index->search(*run, query, [state] { return state->cancelled.load(); });
            return searchCases(
                *run, query, [state] { return state->cancelled.load(); }, [state](int searched, int) { state->searched = searched; });
        },
        [this, query, state](const Result& found) {
            m_busy = false;
            updateProgressTimer();
            if (!state->cancelled.load() && found)
                Q_EMIT finished(*found, query);
        });
}

void CaseSearchJob::cancel()
{
    if (m_state)
        m_state->cancelled = true;
    updateProgressTimer();
}

void CaseSearchJob::updateProgressTimer()
{
    const bool searching = m_busy && m_state && !m_state->cancelled;
    if (searching || m_indexState) {
        if (!m_progressTimer.isActive())
            m_progressTimer.start();
    } else {
        m_progressTimer.stop();
    }
}

void CaseSearchJob::reportProgress()
{
    if (m_indexState && m_indexState->indexed != m_reportedIndexed) {
        m_reportedIndexed = m_indexState->indexed;
        Q_EMIT indexProgress(m_reportedIndexed, m_indexState->total);
    }
    // The timer also runs for the index build: a search already done reports nothing more (its
    // last progress would overwrite the match count the box shows by then).
    if (!m_busy || !m_state || m_state->cancelled)
        return;
    const int searched = m_state->searched;
    if (searched == m_reportedSearched)
        return;
    m_reportedSearched = searched;
    Q_EMIT progress(searched, m_state->total);
}

} // namespace krw
