// SPDX-License-Identifier: MIT
#pragma once

#include "run/textstore.h"

#include <memory>
#include <vector>

namespace krw {

// Reads many TextRefs quickly: maps each source file once. Not thread-safe; one per thread.
class TextReader
{
public:
    explicit TextReader(std::shared_ptr<const SourceTable> sources);
    ~TextReader();
    TextReader(const TextReader&) = delete;
    TextReader& operator=(const TextReader&) = delete;

    ResolvedText read(const TextRef& ref, qint64 maxBytes);

private:
    struct Mapped;
    const Mapped* mapped(int source, QString* error);

    std::shared_ptr<const SourceTable> m_sources;
    std::vector<std::unique_ptr<Mapped>> m_files;
};

} // namespace krw
