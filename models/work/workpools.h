// SPDX-License-Identifier: MIT
#pragma once

#include <functional>

class QThreadPool;

namespace krw {

// Where the workbench's background work runs: the one owner of that rule. Never Qt's global pool.
// Qt 6.4 splits a repaint's image work over the global pool and the UI thread waits for the
// pieces, so a task of ours holding its threads stalls the window; and a task there that waits for
// more work queued there can wait forever. Seen on 2 cores: two failure-group reads held both
// global threads, each waiting for parts no thread was left to run, and the next repaint waited
// behind them. tests/check_pools.cmake keeps QtConcurrent off the global pool.
class WorkPools
{
public:
    // One task per request of the window or a command: a run loaded, a case read, a search, an
    // export, a file written, a history read. As many threads as tasks up to MaxJobs, so a case
    // opened does not queue behind a search or an export. A job may wait for parts (runParts).
    static QThreadPool* jobs();
    static constexpr int MaxJobs = 16;

    // Where the parts of one job run side by side: as many threads as cores.
    static QThreadPool* parts();

    // Seconds of work the window does not wait for: the search index build and lint, whose tasks
    // lower their own threads' priority (SearchIndex::runOnBuildPool). As many threads as cores.
    static QThreadPool* background();

    // work(0) … work(count - 1): all but the last started on pool (parts() when null), the last run
    // on this thread. Waiting for the others runs here any part no thread has taken yet, so this
    // returns even when every thread of pool is busy (with other jobs' parts, or with the job that
    // called it). A part must wait for nothing but parts of its own started this way. Returns once
    // every part has ended, even when one throws; then the first exception (by part) is rethrown,
    // so the parts never outlive what they write into.
    static void runParts(int count, const std::function<void(int part)>& work, QThreadPool* pool = nullptr);
};

} // namespace krw
