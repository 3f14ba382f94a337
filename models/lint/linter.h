// SPDX-License-Identifier: MIT
//
// Runs every lint check (issue 13, docs/LINT.md) on a case's texts, or on every case of a run in
// parallel. Each check is a pure function of a case's texts; this only gathers them.
#pragma once

#include "lint/linthint.h"
#include "run/rundata.h"

#include <QStringList>

#include <atomic>

namespace krw {

struct LintTexts;

class Linter
{
public:
    // Every check's name, in the order hints are listed.
    static QStringList checkNames();
    static QString checkTitle(const QString& check); // "Test calls a name the module does not bind", ...

    static LintHints lintCase(const LintTexts& texts);

    // Every case of a run, read and checked on the global thread pool in chunks of cases (a text
    // reader per chunk); blocks its caller, so call it from a worker or the CLI. Hints by case
    // index. With cancel set, stops early and returns what it has (the rest empty).
    static QVector<LintHints> lintRun(const RunPtr& run, const std::atomic_bool* cancel = nullptr);
    static LintHints lintRunCase(const RunPtr& run, int caseIndex);
};

} // namespace krw
