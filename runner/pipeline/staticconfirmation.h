// SPDX-License-Identifier: MIT
//
// Where a static check of the candidate's source (models/lint: fallback to torch, torch doing the
// work, threads and streams, lazy tensors, ...) agrees with a battery flag the rerun raised, the
// flag's check says so in its notes: "static check fallback agrees: line 12: ...". The reader
// then sees the cheat in the code, not only in its effect. A hint whose flag was not raised adds
// nothing (the case view lists it as a lint hint anyway).
#pragma once

#include "models/lint/linthint.h"

#include <QString>

namespace krw {

struct RerunResult;

class StaticConfirmation
{
public:
    // The lint hints on the candidate's text (run with the baseline and test beside it, as the case
    // view's lint runs); pure, so it can run on a worker while the rerun compiles and runs.
    static LintHints candidateHints(
        const QString& candidateId, const QString& candidateText, const QString& baselineText, const QString& testCode);
    // Appends the agreeing hints to the notes of the flagged checks they confirm (Linter::confirmingFlags).
    static void apply(RerunResult* result, const LintHints& hints);
};

} // namespace krw
