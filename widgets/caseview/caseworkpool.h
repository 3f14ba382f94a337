// SPDX-License-Identifier: MIT
#pragma once

class QThreadPool;

namespace krw {

// Where a case's texts are read and its diffs computed (CaseView, ComparePage): a pool of its own,
// never Qt's global pool. Qt 6.4 splits a repaint's image work (the backing store's conversion)
// over the global pool and the UI thread waits for the pieces; with a case read or a diff of two
// long versions holding a thread of it, a repaint of 5 ms of CPU waited up to 100 ms
// (docs/PERFORMANCE.md, "The longest UI-thread stall").
class CaseWorkPool
{
public:
    static QThreadPool* instance();
};

} // namespace krw
