// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): keeps a run file that is cut short while it is mapped
// (an agent rewrites it at the end of an iteration: open(p, 'w') truncates first) from killing
// the process. Reading a page of a mapping past the file's end raises SIGBUS; while a range is
// watched, a SIGBUS handler puts zero-filled pages in place of the rest of the mapping, from the
// page read on, and notes the fault. The read then goes on with zeros; the reader sees faulted(),
// stops, and drops what it read of the file with a warning (MappedFile::changedWhileRead).
// A fault outside every watched range goes to the handler there was before (or kills the
// process, as it would have).
#pragma once

#include <cstddef>

namespace krw {

class MappingGuard
{
public:
    MappingGuard() = default;
    ~MappingGuard() { stop(); }
    MappingGuard(const MappingGuard&) = delete;
    MappingGuard& operator=(const MappingGuard&) = delete;

    // Watches [data, data + size), a mapping starting on a page boundary. False when it cannot
    // (every slot in use, or no handler on this system): then the range must not be read mapped.
    bool watch(const void* data, std::size_t size);
    // Stops watching (before the mapping goes); faulted() keeps its answer.
    void stop();
    // Whether a read of the range faulted: the file was cut short (or could not be read).
    bool faulted() const;

    // How many ranges can be watched at once.
    static constexpr int Slots = 4096;

private:
    int m_slot = -1;
    bool m_faulted = false; // the answer once stopped
};

} // namespace krw
