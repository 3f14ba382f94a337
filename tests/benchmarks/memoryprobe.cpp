// SPDX-License-Identifier: MIT
#include "memoryprobe.h"

#include "benchsupport.h"

#include <QFile>
#include <QList>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <malloc.h>
#include <map>
#include <unistd.h>
#include <utility>
#include <vector>

namespace krw::bench {

namespace {

QByteArray readProc(const char* path)
{
    // /proc files report a size of 0: read until the end.
    QFile file(QString::fromLatin1(path));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

qint64 residentBytes()
{
    static const qint64 pageSize = ::sysconf(_SC_PAGESIZE);
    const QList<QByteArray> fields = readProc("/proc/self/statm").split(' ');
    return fields.size() > 1 ? fields.at(1).toLongLong() * pageSize : 0;
}

struct Group
{
    qint64 rssKb = 0;
    qint64 anonKb = 0;
    int mappings = 0;
};

// smaps grouped by what a mapping is: its file's name, [heap], [stack], or "anonymous" split by
// size (a malloc arena's heap is a 64 MB reservation; a thread's stack 8 MB).
void printSmaps(const QByteArray& smaps, const QString& title)
{
    std::map<QString, Group> groups;
    Group* current = nullptr;
    qint64 totalKb = 0, anonKb = 0;
    for (const QByteArray& line : smaps.split('\n')) {
        if (line.isEmpty())
            continue;
        // A mapping's first line: "start-end perms offset dev inode [name]"; the fields that follow
        // it are "Key: value" lines.
        const QByteArray first = line.left(line.indexOf(' '));
        const bool header = first.contains('-') && !first.endsWith(':');
        if (header) {
            const QList<QByteArray> parts = line.simplified().split(' ');
            QString name = parts.size() >= 6 ? QString::fromUtf8(parts.mid(5).join(' ')) : QString();
            if (name.isEmpty()) {
                const QList<QByteArray> range = parts.first().split('-');
                const qint64 bytes = range.value(1).toLongLong(nullptr, 16) - range.value(0).toLongLong(nullptr, 16);
                name = bytes >= (32 << 20) ? QStringLiteral("anonymous, >= 32 MB (malloc arena heaps)")
                    : bytes >= (1 << 20)   ? QStringLiteral("anonymous, 1-32 MB (big malloc blocks, stacks)")
                                           : QStringLiteral("anonymous, < 1 MB");
            } else if (name.startsWith(QLatin1Char('/'))) {
                name = name.section(QLatin1Char('/'), -1);
            }
            current = &groups[name];
            ++current->mappings;
            continue;
        }
        if (!current)
            continue;
        if (line.startsWith("Rss:")) {
            const qint64 kb = line.mid(4).trimmed().split(' ').first().toLongLong();
            current->rssKb += kb;
            totalKb += kb;
        } else if (line.startsWith("Anonymous:")) {
            const qint64 kb = line.mid(10).trimmed().split(' ').first().toLongLong();
            current->anonKb += kb;
            anonKb += kb;
        }
    }
    std::vector<std::pair<QString, Group>> sorted(groups.begin(), groups.end());
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second.rssKb > b.second.rssKb; });
    out() << "memory " << title << ": " << QString::number(totalKb / 1000.0, 'f', 1) << " MB resident, "
          << QString::number(anonKb / 1000.0, 'f', 1) << " MB of it anonymous, " << QString::number((totalKb - anonKb) / 1000.0, 'f', 1)
          << " MB file-backed; the largest:" << Qt::endl;
    for (std::size_t i = 0; i < std::min<std::size_t>(sorted.size(), 18); ++i)
        out() << "  " << QString::number(sorted[i].second.rssKb / 1000.0, 'f', 1) << " MB ("
              << QString::number(sorted[i].second.anonKb / 1000.0, 'f', 1) << " anon) in " << sorted[i].second.mappings << " × "
              << sorted[i].first << Qt::endl;
}

} // namespace

MemoryProbe::~MemoryProbe()
{
    stop();
}

void MemoryProbe::start()
{
    m_clock.start();
    m_running = true;
    m_thread = std::thread([this] {
        while (m_running) {
            sample();
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    });
}

void MemoryProbe::stop()
{
    m_running = false;
    if (m_thread.joinable())
        m_thread.join();
}

void MemoryProbe::sample()
{
    const qint64 now = residentBytes();
    std::lock_guard<std::mutex> lock(m_mutex);
    if (now > m_peakBytes) {
        m_peakBytes = now;
        m_peakAtMs = m_clock.elapsed();
    }
    if (now >= m_keptAtBytes + (1 << 20)) {
        m_keptAtBytes = now;
        m_smapsAtPeak = readProc("/proc/self/smaps");
    }
}

void MemoryProbe::report(const QString& title)
{
    QByteArray atPeak;
    qint64 peak = 0, peakAt = 0;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        atPeak = m_smapsAtPeak;
        peak = m_peakBytes;
        peakAt = m_peakAtMs;
    }
    out() << "memory probe (" << title << "): sampled peak " << QString::number(peak / 1e6, 'f', 1) << " MB, " << peakAt
          << " ms after the probe started; ru_maxrss " << QString::number(peakRssMb(), 'f', 1) << " MB" << Qt::endl;
    printSmaps(atPeak, QStringLiteral("at the sampled peak"));
    printSmaps(readProc("/proc/self/smaps"), title);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    const struct mallinfo2 info = ::mallinfo2();
    out() << "malloc " << title << ": main arena " << QString::number(info.arena / 1e6, 'f', 1) << " MB, mmapped blocks "
          << QString::number(info.hblkhd / 1e6, 'f', 1) << " MB (" << info.hblks << "), in use "
          << QString::number(info.uordblks / 1e6, 'f', 1) << " MB, free but kept " << QString::number(info.fordblks / 1e6, 'f', 1)
          << " MB (releasable at the top " << QString::number(info.keepcost / 1e6, 'f', 1) << " MB)" << Qt::endl;
#endif
    char* buffer = nullptr;
    std::size_t size = 0;
    if (FILE* stream = ::open_memstream(&buffer, &size)) {
        ::malloc_info(0, stream);
        ::fclose(stream);
        // One line per arena: <heap nr="N"> ... <system type="current" size="S"/> and the free total.
        const QByteArray xml(buffer, int(size));
        ::free(buffer);
        int at = 0;
        while ((at = xml.indexOf("<heap nr=\"", at)) >= 0) {
            const int end = xml.indexOf("</heap>", at);
            const QByteArray heap = xml.mid(at, end - at);
            auto attribute = [&heap](const QByteArray& tag) {
                const int t = heap.lastIndexOf(tag);
                if (t < 0)
                    return qint64(0);
                const int s = heap.indexOf("size=\"", t) + 6;
                return heap.mid(s, heap.indexOf('"', s) - s).toLongLong();
            };
            const int n = heap.indexOf('"') + 1;
            out() << "  arena " << heap.mid(n, heap.indexOf('"', n) - n) << ": system "
                  << QString::number(attribute("<system type=\"current\"") / 1e6, 'f', 1) << " MB, free in it "
                  << QString::number(attribute("<total type=\"rest\"") / 1e6 + attribute("<total type=\"fast\"") / 1e6, 'f', 1) << " MB"
                  << Qt::endl;
            at = end;
        }
    }
}

} // namespace krw::bench
