// SPDX-License-Identifier: MIT
#include "resultstore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTemporaryFile>

namespace krw {

namespace {

// Whether files can be created in folder, or in it once it is made. Nothing is left behind: a
// folder that does not exist yet is not made here (only the first write makes it, so browsing or
// exporting a run leaves its folder as it was); the nearest existing parent is probed instead.
bool writableFolder(const QString& folder)
{
    if (folder.startsWith(QLatin1Char(':')))
        return false; // Qt resources
    QString existing = QDir::cleanPath(QFileInfo(folder).absoluteFilePath());
    while (!QFileInfo(existing).isDir()) {
        const QString parent = QFileInfo(existing).path();
        if (parent == existing)
            return false;
        existing = parent;
    }
    // isWritable() ignores ACLs and read-only mounts; a real file tells the truth.
    QTemporaryFile probe(QDir(existing).filePath(QStringLiteral(".kernel-review-probe-XXXXXX")));
    return probe.open();
}

bool atomicWrite(const QString& path, const QByteArray& bytes, QString* error)
{
    QDir().mkpath(QFileInfo(path).path());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace

SidecarFolder sidecarFolder(const QString& runPath, const QString& runName, const std::function<QByteArray()>& fallbackKey)
{
    const QFileInfo info(runPath);
    const QString folder = info.isDir() ? info.absoluteFilePath() : info.absolutePath();
    const QString beside = QDir(folder).filePath(QStringLiteral(".kernel-review/") + ResultStore::safeName(runName));
    if (writableFolder(beside))
        return {beside, false};
    const QString data = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    const QString name = ResultStore::safeName(runName) + QLatin1Char('-') + QString::fromLatin1(fallbackKey().toHex().left(16));
    return {QDir(data).filePath(QStringLiteral("runs/") + name), true};
}

ResultStore ResultStore::forRun(const QString& runPath, const QString& runName)
{
    const SidecarFolder folder = sidecarFolder(runPath, runName, [&] {
        return QCryptographicHash::hash((runPath + QLatin1Char('\n') + runName).toUtf8(), QCryptographicHash::Sha256);
    });
    return ResultStore(folder.path, folder.fallback);
}

ResultStore::ResultStore(QString root, bool fallback)
    : m_root(std::move(root))
    , m_fallback(fallback)
{
}

QString ResultStore::safeName(const QString& name)
{
    QString safe = name;
    safe.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]")), QStringLiteral("_"));
    while (safe.startsWith(QLatin1Char('.')))
        safe.remove(0, 1);
    if (safe.isEmpty())
        safe = QStringLiteral("unnamed");
    return safe.left(120);
}

QString ResultStore::workRoot() const
{
    return QDir(m_root).filePath(QStringLiteral("work"));
}

QString ResultStore::caseFolder(const char* kind, const QString& caseName) const
{
    return QDir(m_root).filePath(QLatin1String(kind) + QLatin1Char('/') + safeName(caseName));
}

bool ResultStore::save(const RerunResult& result, QString* error, QString* savedPath) const
{
    const QString name = result.started.toUTC().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")) + QLatin1Char('_') + safeName(result.versionId) + QStringLiteral(".json");
    const QString path = QDir(caseFolder("reruns", result.caseName)).filePath(name);
    if (savedPath)
        *savedPath = path;
    return atomicWrite(path, rerunToJson(result), error);
}

QVector<RerunResult> ResultStore::history(const QString& caseName) const
{
    QVector<RerunResult> results;
    const QDir dir(caseFolder("reruns", caseName));
    const auto files = dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name); // names start with the time
    for (const QFileInfo& info : files) {
        QFile file(info.filePath());
        QString error;
        if (!file.open(QIODevice::ReadOnly))
            continue;
        if (auto result = rerunFromJson(file.readAll(), &error))
            results.append(*result);
    }
    return results;
}

QString ResultStore::saveLocalVersion(const QString& caseName, const QString& name, const QString& text, QString* error) const
{
    const QString path = QDir(caseFolder("versions", caseName)).filePath(safeName(name));
    return atomicWrite(path, text.toUtf8(), error) ? path : QString();
}

QMap<QString, QString> ResultStore::localVersions(const QString& caseName) const
{
    QMap<QString, QString> versions;
    const auto files = QDir(caseFolder("versions", caseName)).entryInfoList(QDir::Files, QDir::Name);
    for (const QFileInfo& info : files)
        versions.insert(info.fileName(), info.filePath());
    return versions;
}

} // namespace krw
