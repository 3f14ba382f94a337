// SPDX-License-Identifier: MIT
#include "models/storage/sidecarfolder.h"

#include "models/storage/safefilename.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryFile>

namespace krw {

bool isWritableFolder(const QString& folder)
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
    QTemporaryFile probe(QDir(existing).filePath(QStringLiteral(".kernel-review-probe-XXXXXX")));
    return probe.open();
}

SidecarFolder SidecarFolder::locate(const QString& runPath, const QString& runName, const std::function<QByteArray()>& fallbackKey)
{
    const QFileInfo info(runPath);
    const QString folder = info.isDir() ? info.absoluteFilePath() : info.absolutePath();
    const QString name = keyedFileName(runName);
    const QString beside = QDir(folder).filePath(QStringLiteral(".kernel-review/") + name);
    if (isWritableFolder(beside))
        return {beside, false};
    const QString data = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return {
        QDir(data).filePath(QStringLiteral("runs/") + name + QLatin1Char('-') + QString::fromLatin1(fallbackKey().toHex().left(16))), true};
}

} // namespace krw
