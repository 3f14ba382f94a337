// SPDX-License-Identifier: MIT
#include "runner/process/processtreeusage.h"

#include <QHash>
#include <QVector>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace krw {

namespace {

// A /proc file in one read: they are small, and QFile's buffering would only cost here.
int readSmallFile(const char* path, char* buffer, size_t size)
{
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    const ssize_t n = ::read(fd, buffer, size - 1);
    ::close(fd);
    if (n < 0)
        return -1;
    buffer[n] = '\0';
    return int(n);
}

struct ProcStat
{
    qint64 ppid = 0;
    int threads = 1;
};

// /proc/PID/stat: "pid (comm) state ppid ... num_threads(20th) ...". comm may hold spaces and
// parentheses, so fields are counted from the last ')'.
bool readStat(qint64 pid, ProcStat* stat)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%lld/stat", static_cast<long long>(pid));
    char buffer[1024];
    if (readSmallFile(path, buffer, sizeof buffer) <= 0)
        return false;
    const char* p = std::strrchr(buffer, ')');
    if (!p)
        return false;
    ++p;
    // After ')': state is field 3, ppid field 4, num_threads field 20.
    long long fields[18] = {};
    int field = 3;
    while (*p && field <= 20) {
        while (*p == ' ')
            ++p;
        if (field == 3) {
            while (*p && *p != ' ')
                ++p;
        } else {
            char* end = nullptr;
            fields[field - 3] = std::strtoll(p, &end, 10);
            if (end == p)
                return false;
            p = end;
        }
        ++field;
    }
    if (field <= 20)
        return false;
    stat->ppid = fields[4 - 3];
    stat->threads = std::max(1, int(fields[20 - 3]));
    return true;
}

// Resident pages that are no file's: statm's resident minus shared (file-backed and shmem).
qint64 anonymousBytesOf(qint64 pid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%lld/statm", static_cast<long long>(pid));
    char buffer[256];
    if (readSmallFile(path, buffer, sizeof buffer) <= 0)
        return 0;
    long long size = 0, resident = 0, shared = 0;
    if (std::sscanf(buffer, "%lld %lld %lld", &size, &resident, &shared) != 3)
        return 0;
    static const long pageSize = ::sysconf(_SC_PAGESIZE);
    return std::max(0LL, resident - shared) * pageSize;
}

qint64 usedBytes(qint64 pid, const QString& path)
{
    const QByteArray where = QByteArray("/proc/") + QByteArray::number(pid) + QByteArray("/root") + path.toLocal8Bit();
    struct statvfs fs = {};
    if (::statvfs(where.constData(), &fs) != 0)
        return 0;
    return qint64(fs.f_blocks - fs.f_bfree) * qint64(fs.f_frsize);
}

} // namespace

ProcessTreeUsage ProcessTreeUsage::sample(qint64 rootPid, const QStringList& fileSystems)
{
    ProcessTreeUsage usage;
    if (rootPid <= 0)
        return usage;
    // Every process's parent, then the tree under the root. A process that ends meanwhile is
    // simply not counted; one that starts meanwhile is counted next time.
    QHash<qint64, QVector<qint64>> children;
    QHash<qint64, int> threads;
    if (DIR* proc = ::opendir("/proc")) {
        while (const dirent* entry = ::readdir(proc)) {
            char* end = nullptr;
            const long long pid = std::strtoll(entry->d_name, &end, 10);
            if (end == entry->d_name || *end != '\0' || pid <= 0)
                continue;
            ProcStat stat;
            if (!readStat(pid, &stat))
                continue;
            children[stat.ppid].append(pid);
            threads.insert(pid, stat.threads);
        }
        ::closedir(proc);
    }
    if (!threads.contains(rootPid))
        return usage;
    QVector<qint64> pending = {rootPid};
    while (!pending.isEmpty()) {
        const qint64 pid = pending.takeLast();
        ++usage.processes;
        usage.tasks += threads.value(pid, 1);
        usage.anonymousBytes += anonymousBytesOf(pid);
        pending += children.value(pid);
    }
    if (!fileSystems.isEmpty()) {
        const QVector<qint64> first = children.value(rootPid);
        const qint64 inside = first.isEmpty() ? rootPid : first.first();
        for (const QString& path : fileSystems)
            usage.fileSystemBytes += usedBytes(inside, path);
    }
    return usage;
}

} // namespace krw
