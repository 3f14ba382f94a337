// SPDX-License-Identifier: MIT
#include "models/run/runlocator.h"

#include "models/layouts/runlayout.h"
#include "models/layouts/runlayouts.h"
#include "models/run/debugfolder.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace krw {

namespace {

const QRegularExpression& jsonlPattern()
{
    static const QRegularExpression re(QStringLiteral("^(.+)_(\\d+)\\.jsonl$"));
    return re;
}

const QRegularExpression& memoryPattern()
{
    static const QRegularExpression re(QStringLiteral("^(.+)_mem_(\\d+)\\.json$"));
    return re;
}

RunSource loneJsonl(const QFileInfo& info)
{
    RunSource run;
    run.kind = RunSource::Kind::LoneJsonl;
    run.name = info.completeBaseName();
    run.path = info.absoluteFilePath();
    run.jsonlByIteration.insert(0, info.absoluteFilePath());
    return run;
}

// Whether files named like a series are one: a memory file, or more than one iteration's JSONL.
// A JSONL whose name merely ends in _<N> (tritonbench_g_30.jsonl copied alone) is not, and is
// no iteration N: it is a lone JSONL.
bool isSeries(const RunSource& files)
{
    return !files.memoryByIteration.isEmpty() || files.jsonlByIteration.size() > 1;
}

// Groups the series files of one folder by root name. Roots whose files make no series are left
// in *lone (their one JSONL) when it is given.
QVector<RunSource> seriesInFolder(const QString& folder, QVector<RunSource>* lone = nullptr)
{
    QMap<QString, RunSource> byRoot;
    const QDir dir(folder);
    const auto entries = dir.entryInfoList(QDir::Files | QDir::Readable, QDir::Name);
    for (const QFileInfo& info : entries) {
        const QString name = info.fileName();
        auto m = memoryPattern().match(name);
        if (m.hasMatch()) {
            byRoot[m.captured(1)].memoryByIteration.insert(m.captured(2).toInt(), info.absoluteFilePath());
            continue;
        }
        m = jsonlPattern().match(name);
        if (m.hasMatch())
            byRoot[m.captured(1)].jsonlByIteration.insert(m.captured(2).toInt(), info.absoluteFilePath());
    }
    QVector<RunSource> runs;
    for (auto it = byRoot.begin(); it != byRoot.end(); ++it) {
        if (it->jsonlByIteration.isEmpty())
            continue; // a memory file alone has no cases to show
        if (!isSeries(*it)) {
            if (lone)
                lone->append(loneJsonl(QFileInfo(it->jsonlByIteration.first())));
            continue;
        }
        it->kind = RunSource::Kind::Series;
        it->name = it.key();
        it->path = folder;
        runs.append(*it);
    }
    return runs;
}

QStringList debugCaseFolders(const QString& folder)
{
    QStringList result;
    const QDir dir(folder);
    const auto subdirs = dir.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo& info : subdirs) {
        if (DebugFolder::isCaseFolder(QDir(info.absoluteFilePath())))
            result.append(info.absoluteFilePath());
    }
    return result;
}

void sortNewestFirst(QVector<RunSource>* runs)
{
    std::stable_sort(
        runs->begin(), runs->end(), [](const RunSource& a, const RunSource& b) { return a.newestModification() > b.newestModification(); });
}

LocateResult locateInFolder(const QString& folder)
{
    LocateResult result;
    QVector<RunSource> loneNumbered;
    result.runs = seriesInFolder(folder, &loneNumbered);
    if (result.runs.isEmpty()) {
        // A folder of lone JSONL files offers each as a run.
        const auto files = QDir(folder).entryInfoList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name);
        for (const QFileInfo& info : files)
            result.runs.append(loneJsonl(info));
    } else {
        result.runs += loneNumbered; // beside series, as before they were told apart
    }
    const QStringList caseFolders = debugCaseFolders(folder);
    if (!caseFolders.isEmpty()) {
        RunSource run;
        run.kind = RunSource::Kind::DebugFolders;
        run.name = QDir(folder).dirName();
        run.path = folder;
        run.caseFolders = caseFolders;
        result.runs.append(run);
    }
    if (result.runs.isEmpty() && DebugFolder::isCaseFolder(QDir(folder))) {
        // The user opened one case's debug folder: show that case alone.
        RunSource run;
        run.kind = RunSource::Kind::DebugFolders;
        run.name = QDir(folder).dirName();
        run.path = folder;
        run.caseFolders = QStringList{QFileInfo(folder).absoluteFilePath()};
        result.runs.append(run);
    }
    sortNewestFirst(&result.runs);
    return result;
}

LocateResult locateFromFile(const QFileInfo& info)
{
    const QString folder = info.absolutePath();
    const QString name = info.fileName();
    QString root;
    if (auto m = memoryPattern().match(name); m.hasMatch())
        root = m.captured(1);
    else if (auto j = jsonlPattern().match(name); j.hasMatch())
        root = j.captured(1);
    if (!root.isEmpty()) {
        const auto runs = seriesInFolder(folder);
        for (const auto& run : runs) {
            if (run.name == root) {
                LocateResult result;
                result.runs = {run};
                result.runs.front().path = info.absoluteFilePath();
                return result;
            }
        }
    }
    LocateResult result;
    if (name.endsWith(QStringLiteral(".jsonl"), Qt::CaseInsensitive) || root.isEmpty()) {
        // Any other file is read as a lone JSONL; the loader reports it if it is not one.
        result.runs = {loneJsonl(info)};
    } else {
        result.error = QStringLiteral("%1: a memory file without any %2_<N>.jsonl beside it").arg(info.filePath(), root);
    }
    return result;
}

} // namespace

QDateTime RunSource::newestModification() const
{
    QDateTime newest;
    auto consider = [&newest](const QString& path) {
        const QDateTime t = QFileInfo(path).lastModified();
        if (!newest.isValid() || t > newest)
            newest = t;
    };
    for (const auto& p : jsonlByIteration)
        consider(p);
    for (const auto& p : memoryByIteration)
        consider(p);
    for (const auto& p : caseFolders)
        consider(p);
    if (kind == Kind::Layout)
        consider(folder);
    return newest;
}

QString RunSource::layoutId() const
{
    switch (kind) {
    case Kind::Series:
    case Kind::DebugFolders:
        return QStringLiteral("geak");
    case Kind::LoneJsonl:
        return QStringLiteral("jsonl");
    case Kind::Layout:
        return layout;
    }
    return layout;
}

LocateResult locateRuns(const QString& path)
{
    LocateResult result;
    if (path.isEmpty()) {
        result.error = QStringLiteral("no run path given");
        return result;
    }
    const QFileInfo info(path);
    if (!info.exists()) {
        result.error = QStringLiteral("%1: no such file or folder").arg(path);
        return result;
    }
    if (!info.isReadable()) {
        result.error = QStringLiteral("%1: not readable (permission denied)").arg(path);
        return result;
    }
    // Another writer's layout first: its folders may hold files that look like ours (a .jsonl of
    // results), never the other way round.
    for (const RunLayout* layout : RunLayouts::all()) {
        LocateResult found;
        found.runs = layout->locate(info);
        if (found) {
            sortNewestFirst(&found.runs);
            return found;
        }
    }
    result = info.isDir() ? locateInFolder(info.absoluteFilePath()) : locateFromFile(info);
    if (!result && info.isDir())
        result.error = QStringLiteral("%1: no run found (expected %2)").arg(info.absoluteFilePath(), RunLayouts::lookedFor());
    return result;
}

} // namespace krw
