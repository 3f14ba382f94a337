// SPDX-License-Identifier: MIT
#pragma once

#include "models/report/exportformat.h"
#include "models/report/reportcontent.h"

#include <QDateTime>

namespace krw {

// What to export: which run, which cases, in which format, where.
struct ExportRequest
{
    RunPtr run;
    ExportFormat format = ExportFormat::Html;
    ExportScope scope = ExportScope::All;
    QVector<int> selection; // for ExportScope::Selection
    QString destination; // a file; a folder for workspace
    AnnotationMap annotations;
    QDateTime generated; // shown in the report; invalid: now
    // Comparing runs: the run compared with; the summary page then lists the buckets (issue 13).
    RunPtr comparedRun;
};

} // namespace krw
