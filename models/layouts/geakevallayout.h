// SPDX-License-Identifier: MIT
#pragma once

#include "models/layouts/runlayout.h"

namespace krw {

// GEAK-eval's results (AMD-AGI/GEAK-eval geak_eval/run.py): a folder holding <out>_all_passes.json
// and <out>_results_<pass>.json, rows of {pass_num, file_name, call_status, exec_status, speedup
// (0: not measured; older writers have none), stdout, stderr, difficulty}. A case is a file_name; its
// passes, in pass order, are its iterations. The candidate is the evaluated file where it lies in
// the folder (geak-eval -f on a folder of code), else it is judged by its flags. docs/LAYOUTS.md.
class GeakEvalLayout : public RunLayout
{
public:
    QString id() const override { return QStringLiteral("geak-eval"); }
    QString title() const override { return QStringLiteral("GEAK-eval"); }
    QString lookedFor() const override;
    QVector<RunSource> locate(const QFileInfo& path) const override;
    QVector<IterationRecords> read(const RunSource& source, LoadSession* session) const override;

    // The result files of folder: <out>_all_passes.json if there is one (every pass), else every
    // <out>_results_<pass>.json; empty when folder holds none.
    static QStringList resultFiles(const QString& folder);
};

} // namespace krw
