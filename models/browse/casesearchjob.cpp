// SPDX-License-Identifier: MIT
#include "browse/casesearchjob.h"

#include "work/workpools.h"

#include <QElapsedTimer>
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
    const quint64 generation = ++m_indexGeneration;
    auto state = std::make_shared<IndexState>();
    state->total = int(run->cases.size());
    m_indexState = state;
    m_reportedIndexed = -1;
    m_progressTimer.start();
    using Result = std::shared_ptr<const SearchIndex>;
    auto* watcher = new QFutureWatcher<Result>(this);
    auto timer = std::make_shared<QElapsedTimer>();
    timer->start();
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, state, timer] {
        if (generation == m_indexGeneration && !state->cancelled.load()) {
            m_indexState.reset();
            m_index = watcher->result();
            updateProgressTimer();
            if (m_index)
                Q_EMIT indexReady(timer->elapsed());
            else
                Q_EMIT indexFailed(state->failure);
        }
        watcher->deleteLater();
    });
    // An exception must not reach the watcher: result() would rethrow it in the slot above.
    watcher->setFuture(SearchIndex::runOnBuildPool([run, state, previous]() -> Result {
        try {
            return SearchIndex::build(
                *run, [state] { return state->cancelled.load(); }, [state](int indexed, int) { state->indexed = indexed; }, previous);
        } catch (const std::bad_alloc&) {
            state->failure = tr("not enough memory");
        } catch (const std::exception& e) {
            state->failure = QString::fromLocal8Bit(e.what());
        }
        return nullptr;
    }));
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
            updateProgressTimer();
            // A cancelled search may have stopped part-way: it has no result to report.
            const Result found = watcher->result();
            if (!state->cancelled.load() && found)
                Q_EMIT finished(*found, query);
        }
        watcher->deleteLater();
    });
    const std::shared_ptr<const SearchIndex> index = SearchIndex::canAnswer(query) ? indexFor(run) : nullptr;
    watcher->setFuture(QtConcurrent::run(WorkPools::jobs(), [run, query, state, index]() -> Result {
        if (!run)
            return QSet<QString>();
        if (index)
            return index->search(*run, query, [state] { return state->cancelled.load(); });
        return searchCases(
            *run, query, [state] { return state->cancelled.load(); }, [state](int searched, int) { state->searched = searched; });
    }));
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
