// SPDX-License-Identifier: MIT
#pragma once

#include "models/layouts/runlayout.h"

namespace krw {

// GEAK v4's kernel workflow (docs/LAYOUTS.md): per kernel, <exp_root>/team_<kernel>_<time>_…/
// <kernel>/ with round_<N>/engineer_<i>/worker_result.json (each engineer's patch and its own
// timings), final_patch.diff and the director's director_validation.json (the timings it
// re-measured). LLM agents write these files from role prompts, so keys drift and go missing.
// A case is a kernel; its attempts are the engineers, round by round, then the director's final.
class GeakV4Layout : public RunLayout
{
public:
    QString id() const override { return QStringLiteral("geak-v4"); }
    QString title() const override { return QStringLiteral("GEAK v4"); }
    QString lookedFor() const override;
    QVector<RunSource> locate(const QFileInfo& path) const override;
    QVector<IterationRecords> read(const RunSource& source, LoadSession* session) const override;

    // A kernel's folder: director_validation.json, or round_<N>/engineer_<i>/ folders, or
    // COMMANDMENT.md beside baseline/.
    static bool isKernelFolder(const QString& folder);
};

} // namespace krw
