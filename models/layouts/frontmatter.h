// SPDX-License-Identifier: MIT
#pragma once

#include <QMap>
#include <QString>

namespace krw {

// The YAML front matter of a Markdown file (between a first line "---" and the next "---"), as a
// GEAK v3 task file carries it: its top-level scalars by key, read with yaml-cpp. A file without
// front matter has none; a broken one says why (error, with the file's line) and has none.
struct FrontMatter
{
    QMap<QString, QString> fields; // scalars only; lists and maps are left out
    QString error; // "<path>:<line>: <what yaml-cpp said>"
    int errorLine = 0; // 1-based line of the file, 0 when none
    qint64 bodyOffset = 0; // where the text after the front matter starts (0: the file has none)

    static FrontMatter read(const QString& path);
    QString value(const QString& key) const { return fields.value(key); }
};

} // namespace krw
