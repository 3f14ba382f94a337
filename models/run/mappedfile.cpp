// SPDX-License-Identifier: MIT
#include "models/run/mappedfile.h"

#include "models/run/textstore.h"

#include <QFileInfo>

#ifdef Q_OS_LINUX
#include <sys/mman.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <utility>

namespace krw {

MappedFile::MappedFile(QString path, QVector<LoadWarning>* warnings)
    : m_path(path)
    , m_warnings(std::move(path), warnings)
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
    // Mapping keeps big runs out of the heap; resources and odd files fall back to reading, as
    // does a mapping that cannot be guarded against the file being cut short.
    uchar* mapped = map ? m_file.map(0, m_file.size()) : nullptr;
    if (mapped && !m_guard.watch(mapped, std::size_t(m_file.size()))) {
        m_file.unmap(mapped);
        mapped = nullptr;
    }
    if (mapped) {
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
    m_warnings.setText(m_text);
    m_source.path = m_path;
    m_source.size = m_file.size();
    // The file opened (fstat), not whatever the path names by now.
    TextStore::stamp(&m_source, m_file);
    return true;
}

bool MappedFile::changedWhileRead() const
{
    return isCutShort() || !TextStore::isUnchanged(m_source);
}

QString MappedFile::changedMessage() const
{
    const QFileInfo info(m_path);
    if (!info.exists())
        return QStringLiteral("file was removed while it was read: nothing of it is loaded; reload the run");
    const qint64 now = info.size();
    if (isCutShort() || now < m_source.size)
        return QStringLiteral("file was cut short while it was read (%1 bytes, now %2): nothing of it is loaded; reload the run")
            .arg(m_source.size)
            .arg(now);
    return QStringLiteral("file changed on disk while it was read: nothing of it is loaded; reload the run");
}

void MappedFile::release(std::size_t from, std::size_t to)
{
#ifdef Q_OS_LINUX
    static const std::size_t pageSize = std::size_t(::sysconf(_SC_PAGESIZE));
    // Whole pages inside [from, to) only: the mapping starts on a page boundary, so the pages
    // are the multiples of the page size, and a page shared with bytes outside stays.
    const std::size_t first = (from + pageSize - 1) / pageSize * pageSize;
    const std::size_t end = std::min(to, m_text.size()) / pageSize * pageSize;
    if (m_mapped && first < end)
        ::madvise(const_cast<char*>(m_text.data()) + first, end - first, MADV_DONTNEED);
#else
    Q_UNUSED(from)
    Q_UNUSED(to)
#endif
}

bool MappedFile::warnFile(const QString& message)
{
    m_warnings.warnFile(message);
    return false;
}

} // namespace krw
