// SPDX-License-Identifier: MIT
//
// An exclusive lock between processes (and between objects of one process) on one lock file,
// held through flock(2) on an open descriptor. The kernel drops it the moment its holder's
// descriptor closes, however the holder ends (kill -9 included), so no lock is ever stale and
// nothing has to guess whether a holder is still alive.
//
// Why not QLockFile: it marks the lock by creating the file and decides staleness from the pid
// written into it. A holder killed between creating and filling the file — or while it removes
// another's stale lock, leaving an empty "<lock>.rmlock" that QLockFile trusts for its fixed
// 30 s — keeps every other writer out for that long (seen in the kill -9 test).
//
// The lock file is created on first use and never removed: removing it while another process
// waits on it would let two processes lock two different files of the same name. What it holds
// (pid, host and program of the last holder) is only for the message when waiting times out.
#pragma once

#include <QString>

namespace krw {

class FileLock
{
public:
    explicit FileLock(QString path);
    ~FileLock(); // unlocks
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;

    // Waits up to timeoutMs for the lock (polling with short random pauses, so several waiting
    // writers take turns). False with error naming the file, and the last holder where known,
    // when the file cannot be created or the lock stays taken.
    bool lock(int timeoutMs, QString* error);
    // One attempt that never waits: Locked, Busy (another holder has it) or Failed (error set:
    // the file cannot be created or locked). For the UI thread, which retries from a timer.
    enum class Attempt { Locked, Busy, Failed };
    Attempt tryLock(QString* error);
    // "<path> is locked by <last holder>": for a message after giving up on Busy.
    QString busyMessage() const;
    void unlock();
    bool isLocked() const { return m_fd >= 0; }

private:
    bool tryOnce(QString* error);
    QString lastHolder() const;

    QString m_path;
    int m_fd = -1;
};

} // namespace krw
