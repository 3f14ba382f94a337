// SPDX-License-Identifier: MIT
#pragma once

#include "run/rundata.h"

#include <memory>
#include <vector>

namespace krw {

struct ResolvedText
{
    QString text;
    QString error; // set when the file could not be read or changed since loading
    bool truncated = false; // the text was longer than the display limit

    explicit operator bool() const { return error.isEmpty(); }
};

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

// Reads the text a TextRef points to. Thread-safe (opens the file per call), so workers can
// resolve while the UI thread does too. Texts over maxChars are cut, and say so.
class TextStore
{
public:
    static constexpr qint64 DefaultMaxBytes = 16 * 1024 * 1024;

    static ResolvedText resolve(const SourceTable& sources, const TextRef& ref,
                                qint64 maxBytes = DefaultMaxBytes);
    static QString resolveOrEmpty(const SourceTable& sources, const TextRef& ref);

    // Decodes one JSON value: a string literal becomes its text, any other value its JSON text.
    // Tolerates invalid UTF-8 (replaced by U+FFFD). Returns false on malformed JSON.
    static bool decodeJsonText(const QByteArray& json, QString* out);
};

} // namespace krw
