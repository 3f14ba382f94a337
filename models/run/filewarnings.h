// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): the warnings about one source file, each put on the
// line its byte offset is on. A reader that reads parts of a file on several threads gives each
// part one of its own, starting where the part starts, and merges them in file order.
#pragma once

#include "models/run/rundata.h"

#include <QString>
#include <QVector>

#include <string_view>

namespace krw {

class FileWarnings
{
public:
    // Warnings are appended to out, which must outlive this object; text is the file's content
    // (set later with setText when it is not read yet).
    FileWarnings(QString path, QVector<LoadWarning>* out, std::string_view text = {});

    void setText(std::string_view text) { m_text = text; }
    // Lines are counted on from offset, which is on line: for a part of the file read alone.
    void startAt(std::size_t offset, qint64 line);

    // 1-based line of a byte offset; offsets must be asked in ascending order for speed.
    qint64 lineOf(std::size_t offset);

    // A warning at offset, on the line that offset is on.
    void warn(std::size_t offset, const QString& field, const QString& message);
    // A warning at offset, on a line already known (a JSONL line).
    void warnAtLine(qint64 line, std::size_t offset, const QString& field, const QString& message);
    // A warning about the whole file (no line).
    void warnFile(const QString& message);
    // A warning made elsewhere (by the reader of a part of the file).
    void add(const LoadWarning& warning) { m_out->append(warning); }

    const QString& path() const { return m_path; }
    // How many warnings out holds (this file's and any before them).
    int count() const { return int(m_out->size()); }

private:
    QString m_path;
    QVector<LoadWarning>* m_out;
    std::string_view m_text;
    std::size_t m_lineCountedUpTo = 0;
    qint64 m_lineAtCounted = 1;
};

} // namespace krw
