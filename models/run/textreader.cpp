// SPDX-License-Identifier: MIT
#include "models/run/textreader.h"

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
    if (int(m_recent.size()) >= MaxOpenFiles) {
        m_files[std::size_t(m_recent.front())].reset();
        m_recent.erase(m_recent.begin());
    }
    auto file = std::make_unique<OpenFile>();
    file->file.setFileName(info.path);
    if (!file->file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        *error = TextStore::isUnchanged(info) ? QStringLiteral("cannot read %1: %2").arg(info.path, file->file.errorString())
                                              : TextStore::changedMessage(info);
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
    // Checked on the open file after each read (TextStore::readSpan): a file rewritten since it
    // was opened is noticed too.
    return TextStore::readSpan(m_sources->at(ref.source), *file, ref, maxBytes);
}

} // namespace krw
