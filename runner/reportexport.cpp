// SPDX-License-Identifier: MIT
#include "reportexport.h"

#include "annotationstore.h"
#include "exportnames.h"
#include "resultstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace krw {

namespace {

struct FormatInfo
{
    ExportFormat format;
    const char* name;
    const char* extension;
};

const FormatInfo Formats[] = {
    {ExportFormat::Html, "html", ".html"},   {ExportFormat::Markdown, "md", ".md"}, {ExportFormat::Pdf, "pdf", ".pdf"},
    {ExportFormat::Csv, "csv", ".csv"},      {ExportFormat::Workspace, "workspace", ""},
};

const FormatInfo& info(ExportFormat format)
{
    for (const FormatInfo& f : Formats) {
        if (f.format == format)
            return f;
    }
    return Formats[0];
}

QMap<QString, QString> readLocalVersions(const ResultStore& store, const QString& caseName)
{
    QMap<QString, QString> texts;
    const QMap<QString, QString> paths = store.localVersions(caseName);
    for (auto it = paths.cbegin(); it != paths.cend(); ++it) {
        QFile file(it.value());
        if (file.open(QIODevice::ReadOnly))
            texts.insert(it.key(), QString::fromUtf8(file.readAll()));
    }
    return texts;
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

QString defaultExportName(const QString& runName, ExportFormat format)
{
    const QString base = ResultStore::safeName(runName.isEmpty() ? QStringLiteral("run") : runName);
    if (format == ExportFormat::Workspace)
        return base + QStringLiteral("-cases");
    return base + QStringLiteral("-report") + exportFormatExtension(format);
}

AnnotationMap loadRunAnnotations(const Run& run, QString* error)
{
    const AnnotationStore::Location location = AnnotationStore::locate(run);
    if (!QFileInfo::exists(location.path))
        return {}; // nothing to read, and an export leaves the run's folder as it was
    AnnotationStore store(location, run.name);
    QString problem;
    if (!store.load(&problem)) {
        if (error)
            *error = problem;
        return {};
    }
    return store.annotations();
}

std::optional<QVector<ReportCase>> gatherReportCases(const RunPtr& run, const QVector<int>& caseIndexes,
                                                     const AnnotationMap& annotations, const ExportProgress& progress)
{
    const ResultStore store = ResultStore::forRun(run->path, run->name);
    QVector<ReportCase> cases;
    cases.reserve(caseIndexes.size());
    for (int caseIndex : caseIndexes) {
        if (caseIndex < 0 || caseIndex >= run->cases.size())
            continue;
        const QString& name = run->cases.at(caseIndex).filename;
        cases.append(buildReportCase(*run, readCaseTexts(run, caseIndex), annotations.value(name), store.history(name),
                                     readLocalVersions(store, name)));
        if (progress && !progress(int(cases.size()), int(caseIndexes.size())))
            return std::nullopt;
    }
    return cases;
}

QString destinationProblem(const QString& destination, ExportFormat format)
{
    if (destination.isEmpty())
        return QStringLiteral("no destination given");
    const QFileInfo target(destination);
    if (format != ExportFormat::Workspace && target.isDir())
        return QStringLiteral("%1 is a folder; give a file name").arg(destination);
    if (format == ExportFormat::Workspace && target.exists() && !target.isDir())
        return QStringLiteral("%1 is a file; the workspace export needs a folder").arg(destination);
    const QFileInfo folder(format == ExportFormat::Workspace && target.isDir() ? target.absoluteFilePath() : target.absolutePath());
    if (!folder.isDir())
        return QStringLiteral("the folder %1 does not exist").arg(folder.absoluteFilePath());
    if (!folder.isWritable())
        return QStringLiteral("the folder %1 is not writable").arg(folder.absoluteFilePath());
    return {};
}

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = QStringLiteral("could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace krw
