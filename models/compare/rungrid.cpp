// SPDX-License-Identifier: MIT
#include "models/compare/rungrid.h"

#include <QHash>

namespace krw {

RunGrid RunGrid::build(const QVector<RunPtr>& runs)
{
    RunGrid grid;
    const int runCount = int(runs.size());
    QHash<QString, int> rowOf;
    for (int r = 0; r < runCount; ++r) {
        const Run& run = *runs.at(r);
        grid.m_runNames.append(run.name);
        grid.m_summaries.append(countOutcomes(run));
        for (const Case& c : run.cases) {
            auto found = rowOf.constFind(c.filename);
            int row = 0;
            if (found == rowOf.constEnd()) {
                row = int(grid.m_rows.size());
                rowOf.insert(c.filename, row);
                RunGridRow added;
                added.filename = c.filename;
                added.cells.resize(runCount);
                grid.m_rows.append(added);
            } else {
                row = found.value();
            }
            RunGridRow& target = grid.m_rows[row];
            target.cells[r] = RunGridCell{true, c.latest, c.best};
            if (c.latest == Outcome::Passed)
                ++target.passedRuns;
        }
    }
    return grid;
}

} // namespace krw
