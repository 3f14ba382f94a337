// SPDX-License-Identifier: MIT
#include "models/rerun/resultstore.h"

#include "models/modelslogging.h"
#include "models/storage/atomicfile.h"
#include "models/storage/safefilename.h"
#include "models/storage/sidecarfolder.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace krw {

ResultStore ResultStore::forRun(const QString& runPath, const QString& runName)
{
    const SidecarFolder folder = SidecarFolder::locate(runPath, runName,
        [&] { return QCryptographicHash::hash((runPath + QLatin1Char('\n') + runName).toUtf8(), QCryptographicHash::Sha256); });
    return ResultStore(folder.path, folder.fallback);
}

ResultStore::ResultStore(QString root, bool fallback)
    : m_root(std::move(root))
    , m_fallback(fallback)
{
}

QString ResultStore::workRoot() const
{
    return QDir(m_root).filePath(QStringLiteral("work"));
}

QString ResultStore::caseFolder(const char* kind, const QString& caseName) const
{
    return QDir(m_root).filePath(QLatin1String(kind) + QLatin1Char('/') + keyedFileName(caseName));
}

bool ResultStore::save(const RerunResult& result, QString* error, QString* savedPath) const
{
    const QString name = result.started.toUTC().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")) + QLatin1Char('_')
        + sanitizedFileName(result.versionId).name + QStringLiteral(".json");
    const QString path = QDir(caseFolder("reruns", result.caseName)).filePath(name);
    if (!writeFileAtomically(path, rerunToJson(result), error, true))
        return false;
    if (savedPath)
        *savedPath = path;
    return true;
}

QString ResultStore::resultsFolder(const QString& caseName) const
{
    return caseFolder("reruns", caseName);
}

QVector<RerunResult> ResultStore::history(const QString& caseName) const
{
    QVector<RerunResult> results;
    const QDir dir(caseFolder("reruns", caseName));
    const auto files = dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name); // names start with the time
    for (const QFileInfo& info : files) {
        QFile file(info.filePath());
        QString error;
        if (!file.open(QIODevice::ReadOnly)) {
            qCWarning(lcRerunStore) << "saved result not readable, skipped:" << file.fileName() << file.errorString();
            continue;
        }
        if (auto result = rerunFromJson(file.readAll(), &error))
            results.append(*result);
        else
            qCWarning(lcRerunStore) << "saved result not understood, skipped:" << file.fileName() << error;
    }
    return results;
}

LatestReruns ResultStore::newestPerCase(const QStringList& caseNames) const
{
    LatestReruns latest;
    for (const QString& caseName : caseNames) {
        const QDir dir(caseFolder("reruns", caseName));
        if (!dir.exists())
            continue;
        // Names start with the UTC start time: the last name is the newest; an unreadable one is skipped.
        const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name | QDir::Reversed);
        for (const QString& name : files) {
            QFile file(dir.filePath(name));
            QString error;
            const auto result = file.open(QIODevice::ReadOnly) ? rerunFromJson(file.readAll(), &error) : std::nullopt;
            if (result) {
                latest.insert(caseName, LatestRerun::of(*result));
                break;
            }
            qCWarning(lcRerunStore) << "saved result not understood, skipped:" << file.fileName() << error << file.errorString();
        }
    }
    return latest;
}

QString ResultStore::saveLocalVersion(const QString& caseName, const QString& name, const QString& text, QString* error) const
{
    const QString path = QDir(caseFolder("versions", caseName)).filePath(sanitizedFileName(name).name);
    return writeFileAtomically(path, text.toUtf8(), error, true) ? path : QString();
}

QMap<QString, QString> ResultStore::localVersions(const QString& caseName) const
{
    QMap<QString, QString> versions;
    const auto files = QDir(caseFolder("versions", caseName)).entryInfoList(QDir::Files, QDir::Name);
    for (const QFileInfo& info : files)
        versions.insert(info.fileName(), info.filePath());
    return versions;
}

QMap<QString, QString> ResultStore::localVersionTexts(const QString& caseName, QStringList* unreadable) const
{
    QMap<QString, QString> texts;
    const QMap<QString, QString> paths = localVersions(caseName);
    for (auto it = paths.cbegin(); it != paths.cend(); ++it) {
        QFile file(it.value());
        if (file.open(QIODevice::ReadOnly))
            texts.insert(it.key(), QString::fromUtf8(file.readAll()));
        else if (unreadable)
            *unreadable << QStringLiteral("%1: %2").arg(file.fileName(), file.errorString());
    }
    return texts;
}

} // namespace krw
