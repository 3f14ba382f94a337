// SPDX-License-Identifier: MIT
#pragma once

#include "run/textstore.h"

#include <memory>
#include <vector>

class QFile;

namespace krw {

// Reads many TextRefs quickly: opens each source file once and reads each span with seek + read
// (a file cut short since the run was loaded gives TextStore::changedMessage, never a crash).
// Not thread-safe; one per thread.
class TextReader
{
public:
    explicit TextReader(std::shared_ptr<const SourceTable> sources);
    ~TextReader();
    TextReader(const TextReader&) = delete;
    TextReader& operator=(const TextReader&) = delete;

    ResolvedText read(const TextRef& ref, qint64 maxBytes);

private:
    struct OpenFile;
    QFile* opened(int source, QString* error);

    std::shared_ptr<const SourceTable> m_sources;
    std::vector<std::unique_ptr<OpenFile>> m_files;
};

} // namespace krw
