// SPDX-License-Identifier: MIT
//
// Several runs of one benchmark side by side (issue 13: "the same benchmark across 5 agent
// versions"): a case × run grid of newest outcomes and best stages, cases matched by filename,
// and per run a summary (cases, passed, failing, unknown: runsummary's counting). Pure.
#pragma once

#include "models/run/rundata.h"
#include "models/run/runsummary.h"

namespace krw {

struct RunGridCell
{
    bool present = false; // the case is in this run
    Outcome latest = Outcome::Unknown;
    Stage best = Stage::None;
};

struct RunGridRow
{
    QString filename;
    QVector<RunGridCell> cells; // one per run, in the grid's run order
    int passedRuns = 0; // runs in which the case passed
};

class RunGrid
{
public:
    RunGrid() = default;
    // Rows: every case of the first run in its order, then cases first seen in later runs.
    static RunGrid build(const QVector<RunPtr>& runs);

    const QStringList& runNames() const { return m_runNames; }
    int runCount() const { return int(m_runNames.size()); }
    const QVector<RunGridRow>& rows() const { return m_rows; }
    // What each run holds: cases, passed, failing, unknown (runsummary.h's OutcomeCounts).
    const QVector<OutcomeCounts>& summaries() const { return m_summaries; }

private:
    QStringList m_runNames;
    QVector<RunGridRow> m_rows;
    QVector<OutcomeCounts> m_summaries;
};

} // namespace krw
