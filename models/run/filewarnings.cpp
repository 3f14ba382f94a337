// SPDX-License-Identifier: MIT
#include "models/run/filewarnings.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace krw {

FileWarnings::FileWarnings(QString path, QVector<LoadWarning>* out, std::string_view text)
    : m_path(std::move(path))
    , m_out(out)
    , m_text(text)
{
}

void FileWarnings::startAt(std::size_t offset, qint64 line)
{
    m_lineCountedUpTo = offset;
    m_lineAtCounted = line;
}

qint64 FileWarnings::lineOf(std::size_t offset)
{
    if (offset < m_lineCountedUpTo) {
        m_lineCountedUpTo = 0;
        m_lineAtCounted = 1;
    }
    const char* from = m_text.data() + std::min(m_lineCountedUpTo, m_text.size());
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

void FileWarnings::warn(std::size_t offset, const QString& field, const QString& message)
{
    m_out->append({m_path, lineOf(offset), qint64(offset), field, message});
}

void FileWarnings::warnAtLine(qint64 line, std::size_t offset, const QString& field, const QString& message)
{
    m_out->append({m_path, line, qint64(offset), field, message});
}

void FileWarnings::warnFile(const QString& message)
{
    m_out->append({m_path, 0, -1, QString(), message});
}

} // namespace krw
