// SPDX-License-Identifier: MIT
//
// The headless half of exporting a report: what to export (ExportRequest), gathering the
// ReportCases of a scope from the run's files, annotations and saved reruns, and writing the
// text formats (Markdown, CSV, HTML without plot images) and the workspace folder. Everything
// here is safe on a worker thread except loadRunAnnotations (AnnotationStore is a QObject: call
// it on the thread that then hands the map on). widgets/ReportExportJob adds what needs QtGui:
// plot images, syntax colours and PDF.
#pragma once

#include "reportcontent.h"

#include <QByteArray>
#include <QMetaType>
#include <QString>

#include <functional>
#include <optional>

namespace krw {

enum class ExportFormat { Html, Markdown, Pdf, Csv, Workspace };
QString exportFormatName(ExportFormat format); // "html", "md", "pdf", "csv", "workspace"
std::optional<ExportFormat> exportFormatFromName(const QString& name);
QString exportFormatExtension(ExportFormat format); // ".html", ... ; empty for workspace (a folder)
// "<run name>-report.html" etc.; a folder name for workspace. Safe as a file name.
QString defaultExportName(const QString& runName, ExportFormat format);

struct ExportRequest
{
    RunPtr run;
    ExportFormat format = ExportFormat::Html;
    ExportScope scope = ExportScope::All;
    QVector<int> selection; // for ExportScope::Selection
    QString destination; // a file; a folder for workspace
    AnnotationMap annotations;
    QDateTime generated; // shown in the report; invalid: now
};

struct ExportResult
{
    bool ok = false;
    bool cancelled = false;
    int cases = 0; // in the report
    QString path; // what was written (file, or the workspace folder)
    QString error; // why nothing (or not all) was written, naming the file
};

// Progress callback: (done, total); returning false cancels.
using ExportProgress = std::function<bool(int done, int total)>;

// The run's annotations from its sidecar (AnnotationStore). A missing sidecar is an empty map;
// error is set only when the file exists and cannot be read.
AnnotationMap loadRunAnnotations(const Run& run, QString* error);

// Reads each case's texts and saved reruns and builds its ReportCase. progress is called after
// each case; std::nullopt when it asked to cancel.
std::optional<QVector<ReportCase>> gatherReportCases(const RunPtr& run, const QVector<int>& caseIndexes,
                                                     const AnnotationMap& annotations, const ExportProgress& progress = {});

// Checks that the destination can be written before any work: its folder exists and is
// writable, and it is not an existing folder (for files). Empty when fine.
QString destinationProblem(const QString& destination, ExportFormat format);

// QSaveFile: the file is either the old one or the complete new one.
bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error);

} // namespace krw

Q_DECLARE_METATYPE(krw::ExportResult)
