// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): one source file of a run, mapped into memory (read
// into a buffer where mapping fails, e.g. for resources, or where the caller asks), and the
// warnings about it (FileWarnings). A mapped file cut short while it is read does not kill the
// process (MappingGuard): the rest reads as zeros, isCutShort() says so, and the reader stops.
#pragma once

#include "models/run/filewarnings.h"
#include "models/run/mappingguard.h"
#include "models/run/rundata.h"

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

    // Lets go of the mapped pages between from and to: they leave the process's resident memory
    // and come back from the page cache if read again. Bytes are never lost; memory use is.
    void release(std::size_t from, std::size_t to);

    // Whether the file was found cut short while it was read: its bytes from there on read as
    // zeros. Readers stop when it is; cheap enough to ask once per line or entry.
    bool isCutShort() const { return m_guard.faulted(); }
    // Once read: whether the file changed on disk since it was opened (cut short, or no longer
    // what TextStore::isUnchanged calls the same file), so that what was read of it is not what
    // it holds. changedMessage() says what happened, for a warning about the file.
    bool changedWhileRead() const;
    QString changedMessage() const;

    // The warnings about this file (opening it included), with their lines.
    FileWarnings& warnings() { return m_warnings; }

private:
    bool warnFile(const QString& message);

    QString m_path;
    FileWarnings m_warnings;
    QFile m_file;
    std::vector<char> m_buffer; // exactly the file's size: no terminator to hide a read past the end
    std::string_view m_text;
    bool m_mapped = false;
    MappingGuard m_guard; // declared after m_file: it stops watching before the mapping goes
    SourceFile m_source;
};

} // namespace krw
