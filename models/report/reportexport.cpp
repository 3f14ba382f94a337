// SPDX-License-Identifier: MIT
#include "models/report/reportexport.h"

#include "models/modelslogging.h"
#include "models/rerun/resultstore.h"
#include "models/review/annotationstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace krw {

namespace {

QMap<QString, QString> readLocalVersions(const ResultStore& store, const QString& caseName)
{
    QStringList unreadable;
    const QMap<QString, QString> texts = store.localVersionTexts(caseName, &unreadable);
    for (const QString& problem : qAsConst(unreadable))
        qCWarning(lcReport) << "local version not readable, left out of the report:" << problem;
    return texts;
}

} // namespace

AnnotationMap loadRunAnnotations(const Run& run, QString* error)
{
    const AnnotationStore::Location location = AnnotationStore::locate(run);
    if (!QFileInfo::exists(location.path))
        return {}; // nothing to read, and an export leaves the run's folder as it was
    const AnnotationStore::FileState state = AnnotationStore::read(location.path);
    if (!state.usable()) {
        if (error)
            *error = state.error;
        return {};
    }
    return state.annotations;
}

std::optional<QVector<ReportCase>> gatherReportCases(
    const RunPtr& run, const QVector<int>& caseIndexes, const AnnotationMap& annotations, const ExportProgress& progress)
{
    const ResultStore store = ResultStore::forRun(run->path, run->name);
    QVector<ReportCase> cases;
    cases.reserve(caseIndexes.size());
    for (int caseIndex : caseIndexes) {
        if (caseIndex < 0 || caseIndex >= run->cases.size())
            continue;
        const QString& name = run->cases.at(caseIndex).filename;
        cases.append(buildReportCase(
            *run, readCaseTexts(run, caseIndex), annotations.value(name), store.history(name), readLocalVersions(store, name)));
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

} // namespace krw
