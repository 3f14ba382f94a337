// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

namespace krw {

// Writes bytes to path through QSaveFile: afterwards the file is either what it was or the
// complete new content, never a part. With makeFolder, the folder is created first. On failure
// error says "cannot write <path>: <reason>".
bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error, bool makeFolder = false);

} // namespace krw
