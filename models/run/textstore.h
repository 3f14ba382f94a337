// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"

class QFile;

namespace krw {

struct ResolvedText
{
    QString text;
    QString error; // set when the file could not be read or changed since loading
    bool truncated = false; // the text was longer than the display limit
    qint64 shownBytes = 0; // bytes of the field that text holds: all of them unless truncated
    qint64 fieldBytes = 0; // the field's size in its file

    explicit operator bool() const { return error.isEmpty(); }
};

// Reads the text a TextRef points to. Thread-safe (opens the file per call), so workers can
// resolve while the UI thread does too. Texts over maxChars are cut, and say so.
class TextStore
{
public:
    static constexpr qint64 DefaultMaxBytes = 16 * 1024 * 1024;

    static ResolvedText resolve(const SourceTable& sources, const TextRef& ref, qint64 maxBytes = DefaultMaxBytes);
    static QString resolveOrEmpty(const SourceTable& sources, const TextRef& ref);

    // Decodes one JSON value: a string literal becomes its text, any other value its JSON text.
    // Tolerates invalid UTF-8 (replaced by U+FFFD). Returns false on malformed JSON.
    static bool decodeJsonText(const QByteArray& json, QString* out);
    // Decodes one YAML value's source text (a plain, quoted or block scalar as written, indented
    // as in its file): a scalar becomes its text, null nothing, a list or map its YAML as written.
    // Returns false on malformed YAML.
    static bool decodeYamlText(const QByteArray& yaml, QString* out);

    // For readers of the same spans (TextReader): the bytes of a span as text (JSON decoded, raw
    // as UTF-8, a cut one marked), and a span read from a file already open (checked on that file
    // after the read: a file replaced, rewritten or cut short since the run was loaded gives
    // changedMessage; a failed read says it failed).
    static ResolvedText decodeSpan(const SourceFile& source, const QByteArray& bytes, const TextRef& ref, bool truncated, qint64 maxBytes);
    static ResolvedText readSpan(const SourceFile& source, QFile& opened, const TextRef& ref, qint64 maxBytes);

    // The one rule for "the file is as it was loaded": the same file (device + inode), size and
    // modification time. A chmod, chown or hard link is not a change. isUnchanged(source) asks
    // of what the path names now (stat), isUnchanged(source, opened) of an open file (fstat).
    // stamp records what the rule compares, from an open file or (not opened) from the path;
    // false when the file's status cannot be read.
    static bool isUnchanged(const SourceFile& source);
    // The rule itself, on two stamps of a file: as loaded, and now (or as loaded again).
    static bool sameStamp(const SourceFile& loaded, const SourceFile& now);
    static bool isUnchanged(const SourceFile& source, const QFile& opened);
    static bool stamp(SourceFile* source, const QFile& opened);
    static bool stamp(SourceFile* source, const QString& path);
    static QString changedMessage(const SourceFile& source);
};

} // namespace krw
