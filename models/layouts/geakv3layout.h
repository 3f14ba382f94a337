// SPDX-License-Identifier: MIT
#pragma once

#include "models/layouts/runlayout.h"

namespace krw {

// GEAK v3's output folders (the `geak` CLI; AMD-AGI/GEAK src/minisweagent/run/orchestrator.py,
// postprocess/evaluation.py, benchmark_parsing.py): final_report.json, round_<N>_evaluation.json,
// tasks/round_<N>/*.md (YAML front matter + the instruction) and results/round_<N>/<task>/
// best_results.json with the round's worktree. A case is one output folder (one kernel); its rounds
// are its iterations. A folder of output folders is one run of several cases. docs/LAYOUTS.md has
// the mapping and the claim warnings.
class GeakV3Layout : public RunLayout
{
public:
    QString id() const override { return QStringLiteral("geak-v3"); }
    QString title() const override { return QStringLiteral("GEAK v3"); }
    QString lookedFor() const override;
    QVector<RunSource> locate(const QFileInfo& path) const override;
    QVector<IterationRecords> read(const RunSource& source, LoadSession* session) const override;

    // final_report.json, or a round_<N>_evaluation.json, or tasks/round_<N> beside results/round_<N>.
    static bool isOutputFolder(const QString& folder);
};

} // namespace krw
