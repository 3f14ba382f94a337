// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

namespace krw {

// Some lines of a file around one line: what the load-warnings list shows when a warning is
// opened. Lines of a run's files can be megabytes long (a JSONL record is one line), so each
// line is cut to a limit — the warning's line around the byte it points at.
struct SourceExcerpt
{
    QString path;
    qint64 firstLine = 0; // 1-based number of lines.first()
    qint64 line = 0; // 1-based: the line asked for
    QStringList lines;
    bool cut = false; // some line was longer than the limit and was cut (marked with …)
    // Where the byte asked for is in lines[line - firstLine] (a character index; -1: no byte was
    // asked for), and how long the JSON token that starts there is (a string with its quotes, a
    // number, a word; at least 1), so a view can scroll to it and mark it.
    int column = -1;
    int spanLength = 0;
    QString error; // the file cannot be read, or has no such line; names the file

    explicit operator bool() const { return error.isEmpty(); }
};

// Reads the lines around a line of path: the line that holds byteOffset when it is known (>= 0),
// else line number `line` (1-based). context lines before and after; each line at most maxChars
// characters. Reads the file through a memory map (Qt resources too); for a worker thread.
SourceExcerpt readSourceExcerpt(const QString& path, qint64 line, qint64 byteOffset, int context = 20, int maxChars = 2000);

} // namespace krw
