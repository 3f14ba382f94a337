// SPDX-License-Identifier: MIT
//
// Runs every lint check (issue 13, docs/LINT.md) on a case's texts, or on every case of a run in
// parallel. Each check is a pure function of a case's texts; this only gathers them.
#pragma once

#include "models/lint/linthint.h"
#include "models/run/rundata.h"

#include <QStringList>

class QThreadPool;

#include <atomic>

namespace krw {

struct LintTexts;

class Linter
{
public:
    // Every check's name, in the order hints are listed.
    static QStringList checkNames();
    static QString checkTitle(const QString& check); // "Test calls a name the module does not bind", ...
    // The cheat battery's flags (docs/RUNNER.md, "Checks") that confirm a check's hint when a rerun
    // raises them: "fallback" and "torch-work" → no_own_kernel, "concurrency" → timer_disagrees,
    // "lazy-tensor" → output_reused or timer_disagrees (either confirms it). Empty where no flag
    // does (the checks of the texts themselves, "monkey-patch", "harness-read"). Machine-readable:
    // the flags' names as a RerunResult's `flags` holds them.
    static QStringList confirmingFlags(const QString& check);

    static LintHints lintCase(const LintTexts& texts);

    // Every case of a run, read and checked in chunks of cases (a text reader per chunk) by the
    // calling thread and by workers of pool (WorkPools::parts() when null); blocks its caller, so call
    // it from a worker or the CLI. Hints by case index. With cancel set, stops early and returns
    // what it has (the rest empty).
    static QVector<LintHints> lintRun(const RunPtr& run, const std::atomic_bool* cancel = nullptr, QThreadPool* pool = nullptr);
    static LintHints lintRunCase(const RunPtr& run, int caseIndex);
};

} // namespace krw
