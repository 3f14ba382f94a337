// SPDX-License-Identifier: MIT
//
// The lint hints of a whole run, kept between sessions. Computing them reads and checks every text
// of every case (about 2 CPU-seconds for 10,000 cases, docs/PERFORMANCE.md), while a finished run
// is opened and summarised many times. One file per run in <cache folder>/kernel-review/hints/
// (XDG_CACHE_HOME), named by a hash of the run's file paths. It is used only when everything the
// hints rest on is as it was when they were computed:
//   - the lint fingerprint of this build (KRW_LINT_FINGERPRINT: a hash of the checks' sources and
//     of how their texts are read, made at build time) and Qt's version (the checks' regular
//     expressions);
//   - every file of the run, by TextStore::sameStamp (the one rule for "unchanged": the same file,
//     size and modification time), and no file more or less (a run with a file that has no
//     modification time, such as one in Qt's resources, is never cached);
//   - the cases, by filename, in order.
// Anything else (another build, a file rewritten, a cache file cut short or edited by hand) is a
// miss: the hints are computed again and saved over it. At most MaxFiles runs are kept, the ones
// used least recently dropped first.
#pragma once

#include "models/lint/linthint.h"
#include "models/run/rundata.h"

#include <QString>

#include <atomic>
#include <optional>

class QThreadPool;

namespace krw {

class HintCache
{
public:
    static constexpr int MaxFiles = 64;

    // The hints of every case of run, by case index: from the cache when it holds them for the run
    // as loaded, else computed (Linter::lintRun with cancel and pool) and saved, unless cancelled
    // (then what was computed, the rest empty, as lintRun gives). *fromCache says which.
    // KRW_HINT_CACHE=off in the environment turns the cache off: nothing is read or written (the
    // benchmarks measure the computation that way).
    static QVector<LintHints> hintsOf(
        const RunPtr& run, const std::atomic_bool* cancel = nullptr, QThreadPool* pool = nullptr, bool* fromCache = nullptr);

    static bool enabled();
    // The cache file of a run (it need not exist).
    static QString pathFor(const Run& run);
    // The cached hints when the file holds them for run as loaded (the file then counts as used
    // now, the last to be dropped); nullopt otherwise.
    static std::optional<QVector<LintHints>> load(const Run& run);
    // Writes the file atomically (a reader sees the old one or the new one), then drops the least
    // recently used files beyond MaxFiles. False with *error on failure; the caller goes on without.
    static bool save(const Run& run, const QVector<LintHints>& hints, QString* error = nullptr);
};

} // namespace krw
