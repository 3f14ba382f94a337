// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"
#include "models/run/runlocator.h"

#include <functional>

namespace krw {

// Lets a caller on another thread watch and stop a load. Both callbacks may be empty.
struct LoadControl
{
    std::function<void(qint64 done, qint64 total)> progress; // bytes
    std::function<bool()> isCancelled;
};

struct LoadLimits
{
    qint64 maxFileBytes = qint64(2) * 1024 * 1024 * 1024;
    qint64 maxFieldBytes = 16 * 1024 * 1024; // larger fields load but are shown cut, with a warning
    int maxDepth = 200; // deeper JSON is rejected with a warning
    bool mapFiles = true; // false: read JSONL and memory files into the heap (fuzz targets, for ASan)
    // false: check every field on its own even where the whole line or entry is valid JSON (the
    // tests compare both ways: the result must be the same, only slower)
    bool checkWhole = true;
    // Memory files at least this big are read in parts, one per core (the tests set it to 0 to
    // compare parts with one whole)
    qint64 minBytesToShare = 8 * 1024 * 1024;
    int parts = 0; // how many parts; 0: one per core
};

// Reads a run: every valid case loads; each problem becomes one LoadWarning. Pure and
// thread-safe; never throws. With previous (an earlier load of the same run), files that have
// not changed since are not read again: what they gave then is used (run.loadedFiles->read
// counts the files read).
Run loadRun(const RunSource& source, const LoadControl& control = {}, const LoadLimits& limits = {}, const Run* previous = nullptr);

// Convenience for tests and the CLI: locate, choose as RunChoice does for an explicit name (or the newest), load.
Run loadRunAtPath(const QString& path, const QString& runName = {}, QString* error = nullptr);

} // namespace krw
