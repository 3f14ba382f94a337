// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

namespace krw {

// What a process and everything below it use right now, read from /proc. A worker's job: it
// reads one small file per process of the machine (docs/RUNNER.md "Limits").
struct ProcessTreeUsage
{
    int processes = 0; // the root and its descendants that still exist
    int tasks = 0; // their threads (a process is at least one): what RLIMIT_NPROC counts
    qint64 anonymousBytes = 0; // resident memory that is no file's: heap, stacks, anonymous maps
    qint64 fileSystemBytes = 0; // used in the file systems asked for (a sandbox's /tmp and /dev/shm)
    qint64 memoryBytes() const { return anonymousBytes + fileSystemBytes; }

    // The tree under rootPid (itself included). fileSystems are paths inside the tree's own root
    // (seen through /proc/PID/root of the root's first child), e.g. the tmpfs mounts of a sandbox,
    // whose files live in memory without being any process's resident memory.
    static ProcessTreeUsage sample(qint64 rootPid, const QStringList& fileSystems = {});
};

} // namespace krw
