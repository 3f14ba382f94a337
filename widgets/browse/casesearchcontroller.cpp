// SPDX-License-Identifier: MIT
#include "widgets/browse/casesearchcontroller.h"

#include "models/browse/casefilterproxy.h"
#include "models/browse/casesearchjob.h"
#include "widgets/browse/casefilterbar.h"

namespace krw {

CaseSearchController::CaseSearchController(CaseFilterBar* bar, CaseFilterProxy* proxy, QObject* parent)
    : QObject(parent)
    , m_bar(bar)
    , m_proxy(proxy)
    , m_job(new CaseSearchJob(this))
{
    connect(m_bar, &CaseFilterBar::queryEdited, m_job, &CaseSearchJob::cancel);
    connect(m_bar, &CaseFilterBar::queryChanged, this, &CaseSearchController::search);
    connect(m_job, &CaseSearchJob::progress, m_bar, &CaseFilterBar::showSearchProgress);
    connect(m_job, &CaseSearchJob::finished, this, &CaseSearchController::apply);
    connect(m_job, &CaseSearchJob::indexProgress, m_bar, &CaseFilterBar::showIndexing);
    connect(m_job, &CaseSearchJob::indexReady, m_bar, &CaseFilterBar::showIndexReady);
    connect(m_job, &CaseSearchJob::indexFailed, m_bar, &CaseFilterBar::showIndexFailed);
}

void CaseSearchController::setRun(const RunPtr& run)
{
    m_run = run;
    m_job->setRun(run); // indexed in the background; searches read the files until it is ready
    if (m_job->isIndexing())
        m_bar->showIndexing(0, run ? int(run->cases.size()) : 0);
    else
        m_bar->showIndexReady();
    search();
}

void CaseSearchController::cancel()
{
    m_job->cancel();
}

void CaseSearchController::search()
{
    const SearchQuery query = m_bar->query();
    if (query.text.isEmpty() || !m_run) {
        m_bar->clearSearchStatus();
        showAll();
        return;
    }
    const CaseMatcher matcher(query);
    if (!matcher.isValid()) {
        m_bar->showSearchProblem(tr("Invalid regular expression: %1").arg(matcher.errorString()));
        showAll();
        return;
    }
    m_bar->showSearchProgress(0, int(m_run->cases.size()));
    m_job->start(m_run, query);
}

void CaseSearchController::apply(const QSet<QString>& found, const SearchQuery& query)
{
    if (query != m_bar->query())
        return; // the box has moved on; its own query is searched after the debounce
    m_proxy->setSearchMatches(found);
    m_bar->showMatchCount(int(found.size()));
    Q_EMIT finished();
}

void CaseSearchController::showAll()
{
    m_job->cancel();
    m_proxy->setSearchMatches(std::nullopt);
    Q_EMIT finished();
}

} // namespace krw
