// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): one source file of a run, mapped into memory (read
// into a buffer where mapping fails, e.g. for resources, or where the caller asks), with byte
// offsets turned into line numbers for the LoadWarnings it records.
#pragma once

#include "run/rundata.h"

#include <QFile>
#include <QString>
#include <QVector>

#include <string_view>
#include <vector>

namespace krw {

class MappedFile
{
public:
    // Problems are appended to warnings, which must outlive this object.
    MappedFile(QString path, QVector<LoadWarning>* warnings);

    // E1: exists, readable, not empty, not over the limit. Returns false (with a warning) if not.
    // map = false reads the file into a heap buffer of exactly its size instead of mapping it, so
    // that AddressSanitizer sees a read past the end (a mapping's last page hides it: tests/fuzz).
    bool open(qint64 maxBytes, bool map = true);

    // The whole file; valid while this object lives.
    std::string_view text() const { return m_text; }
    // The file as the run's source table lists it (path, size, modification time).
    const SourceFile& source() const { return m_source; }
    const QString& path() const { return m_path; }

    // Lets go of the mapped pages before offset: they leave the process's resident memory and
    // come back from the page cache if read again. Bytes are never lost; memory use is.
    void release(std::size_t offset);

    // How many warnings the file's list holds (its own and those before it).
    int warningCount() const { return int(m_warnings->size()); }

    // 1-based line of a byte offset; offsets must be asked in ascending order for speed.
    qint64 lineOf(std::size_t offset);

    // A warning at offset, on the line that offset is on.
    void warn(std::size_t offset, const QString& field, const QString& message);
    // A warning at offset, on a line already known (a JSONL line).
    void warnAtLine(qint64 line, std::size_t offset, const QString& field, const QString& message);

private:
    bool warnFile(const QString& message);

    QString m_path;
    QVector<LoadWarning>* m_warnings;
    QFile m_file;
    std::vector<char> m_buffer; // exactly the file's size: no terminator to hide a read past the end
    std::string_view m_text;
    bool m_mapped = false;
    std::size_t m_releasedUpTo = 0;
    SourceFile m_source;
    std::size_t m_lineCountedUpTo = 0;
    qint64 m_lineAtCounted = 1;
};

} // namespace krw
