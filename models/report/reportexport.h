// SPDX-License-Identifier: MIT
//
// What an export reads before it writes: the run's annotations, each case's ReportCase (texts,
// saved reruns, local versions), and whether the destination can be written at all. Safe on a
// worker thread. ReportExportJob runs an export from these.
#pragma once

#include "models/report/exportformat.h"
#include "models/report/reportcontent.h"

#include <QString>

#include <functional>
#include <optional>

namespace krw {

// Progress callback: (done, total); returning false cancels.
using ExportProgress = std::function<bool(int done, int total)>;

// The run's annotations from its sidecar (AnnotationStore). A missing sidecar is an empty map;
// error is set only when the file exists and cannot be read.
AnnotationMap loadRunAnnotations(const Run& run, QString* error);

// Reads each case's texts and saved reruns and builds its ReportCase. progress is called after
// each case; std::nullopt when it asked to cancel.
std::optional<QVector<ReportCase>> gatherReportCases(
    const RunPtr& run, const QVector<int>& caseIndexes, const AnnotationMap& annotations, const ExportProgress& progress = {});

// Checks that the destination can be written before any work: its folder exists and is
// writable, and it is not an existing folder (for files). Empty when fine.
QString destinationProblem(const QString& destination, ExportFormat format);

} // namespace krw
