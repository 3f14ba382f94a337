// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <optional>

namespace krw {

// The formats a report can be exported in: the one list every caller (dialog, CLI, job) uses.
enum class ExportFormat { Html, Markdown, Pdf, Csv, Workspace };

QString exportFormatName(ExportFormat format); // "html", "md", "pdf", "csv", "workspace"
std::optional<ExportFormat> exportFormatFromName(const QString& name);
QString exportFormatExtension(ExportFormat format); // ".html", ... ; empty for workspace (a folder)
// Whether the format needs a ReportRenderer (pixels): PDF always; HTML draws plot images and
// syntax colours with one and is plain without.
bool exportFormatNeedsRenderer(ExportFormat format);
// "<run name>-report.html" etc.; "<run name>-cases" for workspace. A safe file name.
QString defaultExportName(const QString& runName, ExportFormat format);

} // namespace krw
