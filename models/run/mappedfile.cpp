// SPDX-License-Identifier: MIT
#include "run/mappedfile.h"

#include <QFileInfo>

#ifdef Q_OS_LINUX
#include <sys/mman.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <cstring>
#include <utility>

namespace krw {

MappedFile::MappedFile(QString path, QVector<LoadWarning>* warnings)
    : m_path(std::move(path))
    , m_warnings(warnings)
{
}

bool MappedFile::open(qint64 maxBytes, bool map)
{
    m_file.setFileName(m_path);
    const QFileInfo info(m_path);
    if (!info.exists())
        return warnFile(QStringLiteral("file does not exist"));
    if (!m_file.open(QIODevice::ReadOnly))
        return warnFile(QStringLiteral("cannot open: %1").arg(m_file.errorString()));
    if (m_file.size() == 0)
        return warnFile(QStringLiteral("file is empty"));
    if (m_file.size() > maxBytes)
        return warnFile(QStringLiteral("file is %1 MB, over the %2 MB limit").arg(m_file.size() >> 20).arg(maxBytes >> 20));
    // Mapping keeps big runs out of the heap; resources and odd files fall back to reading.
    if (uchar* mapped = map ? m_file.map(0, m_file.size()) : nullptr) {
        m_text = std::string_view(reinterpret_cast<const char*>(mapped), std::size_t(m_file.size()));
        m_mapped = true;
#ifdef Q_OS_LINUX
        ::madvise(mapped, std::size_t(m_file.size()), MADV_SEQUENTIAL); // read ahead, drop behind
#endif
    } else {
        m_buffer.resize(std::size_t(m_file.size()));
        if (m_file.read(m_buffer.data(), m_file.size()) != m_file.size())
            return warnFile(QStringLiteral("cannot read: %1").arg(m_file.errorString()));
        m_text = std::string_view(m_buffer.data(), m_buffer.size());
    }
    m_source.path = m_path;
    m_source.size = m_file.size();
    m_source.modified = info.lastModified();
    return true;
}

void MappedFile::release(std::size_t offset)
{
#ifdef Q_OS_LINUX
    static const std::size_t pageSize = std::size_t(::sysconf(_SC_PAGESIZE));
    const std::size_t upTo = std::min(offset, m_text.size()) / pageSize * pageSize;
    if (!m_mapped || upTo <= m_releasedUpTo)
        return;
    // The mapping starts on a page boundary, so does every multiple of the page size after it.
    ::madvise(const_cast<char*>(m_text.data()) + m_releasedUpTo, upTo - m_releasedUpTo, MADV_DONTNEED);
    m_releasedUpTo = upTo;
#else
    Q_UNUSED(offset)
#endif
}

qint64 MappedFile::lineOf(std::size_t offset)
{
    if (offset < m_lineCountedUpTo) {
        m_lineCountedUpTo = 0;
        m_lineAtCounted = 1;
    }
    const char* from = m_text.data() + m_lineCountedUpTo;
    const char* const to = m_text.data() + std::min(offset, m_text.size());
    while (from < to) {
        const auto* newline = static_cast<const char*>(std::memchr(from, '\n', std::size_t(to - from)));
        if (!newline)
            break;
        ++m_lineAtCounted;
        from = newline + 1;
    }
    m_lineCountedUpTo = offset;
    return m_lineAtCounted;
}

void MappedFile::warn(std::size_t offset, const QString& field, const QString& message)
{
    m_warnings->append({m_path, lineOf(offset), qint64(offset), field, message});
}

void MappedFile::warnAtLine(qint64 line, std::size_t offset, const QString& field, const QString& message)
{
    m_warnings->append({m_path, line, qint64(offset), field, message});
}

bool MappedFile::warnFile(const QString& message)
{
    m_warnings->append({m_path, 0, -1, QString(), message});
    return false;
}

} // namespace krw
