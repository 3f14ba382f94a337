// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"

#include <QObject>
#include <QSet>

namespace krw {

class CaseFilterBar;
class CaseFilterProxy;
class CaseSearchJob;
struct SearchQuery;

// The search box's query, searched over the run on a worker (CaseSearchJob) and applied to the
// case tree's filter. Only the result of the query the box holds now is ever applied: editing
// the box drops the search still running (its result could only be stale), an invalid regular
// expression drops it too, and a result that comes back for another query is ignored. The bar
// shows the progress, then how many cases match. While the run's search index is still being
// built, the box's placeholder says so; a search typed meanwhile is not held back: it reads the
// cases' texts on the worker (slower), and the searches after the index is ready use it.
class CaseSearchController : public QObject
{
    Q_OBJECT
public:
    CaseSearchController(CaseFilterBar* bar, CaseFilterProxy* proxy, QObject* parent = nullptr);

    // A run to search from now on: the box's query is searched in it (or, with an empty box,
    // every case is shown).
    void setRun(const RunPtr& run);
    void cancel();

Q_SIGNALS:
    // The box's query is in force: its result applied, or no search (an empty box or an invalid
    // regular expression).
    void finished();

private:
    void search();
    void apply(const QSet<QString>& found, const SearchQuery& query);
    void showAll();

    CaseFilterBar* m_bar;
    CaseFilterProxy* m_proxy;
    CaseSearchJob* m_job;
    RunPtr m_run;
};

} // namespace krw
