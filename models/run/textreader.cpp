// SPDX-License-Identifier: MIT
#include "run/textreader.h"

#include <QFile>

#include <algorithm>

namespace krw {

// Spans are read with seek + read (pread), never through a mapping: a run file rewritten or cut
// short while it is read (an agent ends an iteration while the search index is built) must give
// the "changed on disk" message, not SIGBUS. The page cache keeps repeated reads cheap, and the
// pages read do not count in the process's resident memory as mapped ones would.
struct TextReader::OpenFile
{
    QFile file;
};

TextReader::TextReader(std::shared_ptr<const SourceTable> sources)
    : m_sources(std::move(sources))
{
    m_files.resize(std::size_t(m_sources ? m_sources->size() : 0));
}

TextReader::~TextReader() = default;

QFile* TextReader::opened(int source, QString* error)
{
    auto& slot = m_files[std::size_t(source)];
    if (slot) {
        // Most reads come from the file read last (many texts of one JSONL file): nothing to move.
        if (m_recent.back() != source) {
            m_recent.erase(std::find(m_recent.begin(), m_recent.end(), source));
            m_recent.push_back(source);
        }
        return &slot->file;
    }
    const SourceFile& info = m_sources->at(source);
    if (!TextStore::isUnchanged(info)) {
        *error = TextStore::changedMessage(info);
        return nullptr;
    }
    if (int(m_recent.size()) >= MaxOpenFiles) {
        m_files[std::size_t(m_recent.front())].reset();
        m_recent.erase(m_recent.begin());
    }
    auto file = std::make_unique<OpenFile>();
    file->file.setFileName(info.path);
    if (!file->file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        *error = QStringLiteral("cannot read %1: %2").arg(info.path, file->file.errorString());
        return nullptr;
    }
    slot = std::move(file);
    m_recent.push_back(source);
    return &slot->file;
}

ResolvedText TextReader::read(const TextRef& ref, qint64 maxBytes)
{
    if (!ref.isPresent() || ref.isEmptyString || !m_sources)
        return {};
    ResolvedText result;
    if (ref.source >= m_sources->size()) {
        result.error = QStringLiteral("internal: text refers to unknown source %1").arg(ref.source);
        return result;
    }
    QFile* file = opened(ref.source, &result.error);
    if (!file)
        return result;
    const SourceFile& source = m_sources->at(ref.source);
    if (ref.offset + ref.length > source.size) {
        result.error = TextStore::changedMessage(source);
        return result;
    }
    const bool truncated = ref.length > maxBytes;
    const qint64 length = truncated ? maxBytes : ref.length;
    if (!file->seek(ref.offset)) {
        result.error = QStringLiteral("cannot read %1: %2").arg(source.path, file->errorString());
        return result;
    }
    const QByteArray bytes = file->read(length);
    if (bytes.size() != length) { // cut short since it was loaded
        result.error = TextStore::changedMessage(source);
        return result;
    }
    return TextStore::decodeSpan(source, bytes, ref, truncated, maxBytes);
}

} // namespace krw
