// SPDX-License-Identifier: MIT
#include "run/textreader.h"

#include <QFile>

namespace krw {

struct TextReader::Mapped
{
    QFile file;
    const char* data = nullptr;
    QByteArray buffer; // when the file cannot be mapped (e.g. a Qt resource)
};

TextReader::TextReader(std::shared_ptr<const SourceTable> sources)
    : m_sources(std::move(sources))
{
    m_files.resize(std::size_t(m_sources ? m_sources->size() : 0));
}

TextReader::~TextReader() = default;

const TextReader::Mapped* TextReader::mapped(int source, QString* error)
{
    auto& slot = m_files[std::size_t(source)];
    if (slot)
        return slot.get();
    const SourceFile& info = m_sources->at(source);
    if (!TextStore::isUnchanged(info)) {
        *error = TextStore::changedMessage(info);
        return nullptr;
    }
    auto file = std::make_unique<Mapped>();
    file->file.setFileName(info.path);
    if (!file->file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(info.path, file->file.errorString());
        return nullptr;
    }
    file->data = reinterpret_cast<const char*>(file->file.map(0, file->file.size()));
    if (!file->data) {
        file->buffer = file->file.readAll();
        file->data = file->buffer.constData();
    }
    slot = std::move(file);
    return slot.get();
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
    const Mapped* file = mapped(ref.source, &result.error);
    if (!file)
        return result;
    const SourceFile& source = m_sources->at(ref.source);
    if (ref.offset + ref.length > source.size) {
        result.error = TextStore::changedMessage(source);
        return result;
    }
    const bool truncated = ref.length > maxBytes;
    const QByteArray bytes = QByteArray::fromRawData(file->data + ref.offset, int(truncated ? maxBytes : ref.length));
    return TextStore::decodeSpan(source, bytes, ref, truncated, maxBytes);
}

} // namespace krw
