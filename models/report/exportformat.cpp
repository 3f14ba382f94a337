// SPDX-License-Identifier: MIT
#include "models/report/exportformat.h"

#include "models/storage/safefilename.h"

namespace krw {

namespace {

struct FormatInfo
{
    ExportFormat format;
    const char* name;
    const char* extension;
};

const FormatInfo Formats[] = {
    {ExportFormat::Html, "html", ".html"},
    {ExportFormat::Markdown, "md", ".md"},
    {ExportFormat::Pdf, "pdf", ".pdf"},
    {ExportFormat::Csv, "csv", ".csv"},
    {ExportFormat::Workspace, "workspace", ""},
};

const FormatInfo& info(ExportFormat format)
{
    for (const FormatInfo& f : Formats) {
        if (f.format == format)
            return f;
    }
    return Formats[0];
}

} // namespace

QString exportFormatName(ExportFormat format)
{
    return QString::fromLatin1(info(format).name);
}

std::optional<ExportFormat> exportFormatFromName(const QString& name)
{
    for (const FormatInfo& f : Formats) {
        if (name == QLatin1String(f.name))
            return f.format;
    }
    return std::nullopt;
}

QString exportFormatExtension(ExportFormat format)
{
    return QString::fromLatin1(info(format).extension);
}

bool exportFormatNeedsRenderer(ExportFormat format)
{
    return format == ExportFormat::Html || format == ExportFormat::Pdf;
}

QString defaultExportName(const QString& runName, ExportFormat format)
{
    const QString base = sanitizedFileName(runName.isEmpty() ? QStringLiteral("run") : runName).name;
    if (format == ExportFormat::Workspace)
        return base + QStringLiteral("-cases");
    return base + QStringLiteral("-report") + exportFormatExtension(format);
}

} // namespace krw
