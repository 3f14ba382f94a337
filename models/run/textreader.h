// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/textstore.h"

#include <memory>
#include <vector>

class QFile;

namespace krw {

// Reads many TextRefs quickly: keeps the source files it reads from open (at most MaxOpenFiles
// of them, the least recently read closed first: a debug-folder run has a file per text, more than
// the process may have open) and reads each span with seek + read (a file cut short since the run
// was loaded gives TextStore::changedMessage, never a crash). Not thread-safe; one per thread.
class TextReader
{
public:
    // Enough for the files of a case of any run (a JSONL and a memory file an iteration; a
    // debug folder's case is read file by file), few enough that a reader per thread stays far
    // below the usual limit of 1,024 open files.
    static constexpr int MaxOpenFiles = 16;

    explicit TextReader(std::shared_ptr<const SourceTable> sources);
    ~TextReader();
    TextReader(const TextReader&) = delete;
    TextReader& operator=(const TextReader&) = delete;

    ResolvedText read(const TextRef& ref, qint64 maxBytes);

    // How many files it has open now (tests).
    int openFiles() const { return int(m_recent.size()); }

private:
    struct OpenFile;
    QFile* opened(int source, QString* error);

    std::shared_ptr<const SourceTable> m_sources;
    std::vector<std::unique_ptr<OpenFile>> m_files; // by source; null while closed
    std::vector<int> m_recent; // the sources open now, the most recently read last
};

} // namespace krw
