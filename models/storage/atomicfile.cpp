// SPDX-License-Identifier: MIT
#include "models/storage/atomicfile.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace krw {

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error, bool makeFolder)
{
    if (makeFolder)
        QDir().mkpath(QFileInfo(path).path());
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit())
        return true;
    if (error)
        *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    return false;
}

} // namespace krw
