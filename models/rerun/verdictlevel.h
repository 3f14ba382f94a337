// SPDX-License-Identifier: MIT
//
// How much a rerun's verdict can be trusted: the one rule (docs/RUNNER.md, "Verdict levels") that
// the runner panel, the case tree's Rerun column, batch summaries and plots, compare, the CLI's
// `verdict_level` and every report format go by.
//
// A pass is `clean` (no flag), `notes` (only flags that give context without questioning the
// candidate: the baseline is launch-bound, the test is weak) or `suspect` (a flag that is evidence
// the measurement or the output cannot be trusted). Any other verdict is its own level
// ("wrong_output", "compile_failed", "compiled", ...). Only `clean` and `notes` speedups count.
#pragma once

#include <QString>
#include <QStringList>

namespace krw {

struct RerunResult;

class VerdictLevel
{
public:
    static QString clean() { return QStringLiteral("clean"); }
    static QString notes() { return QStringLiteral("notes"); }
    static QString suspect() { return QStringLiteral("suspect"); }

    // The level of a verdict with its flags. raised: note flags the profile raised to suspect
    // (ToolchainProfile::suspectFlags, kept in the result as RerunResult::raisedFlags).
    static QString of(const QString& verdict, const QStringList& flags, const QStringList& raised = {});
    static QString of(const RerunResult& result);

    // Whether a flag makes a result suspect, given the others it came with (implausible_speedup is
    // a note alone and suspect beside a suspect flag). A flag this table does not know is suspect.
    static bool isSuspect(const QString& flag, const QStringList& flags, const QStringList& raised = {});
    static QStringList suspectFlags(const QStringList& flags, const QStringList& raised = {});
    static QStringList noteFlags(const QStringList& flags, const QStringList& raised = {});
    // The flags that are notes unless a profile raises them (the profile dialog offers these).
    static QStringList raisableNotes();
    // Why a flag has its level, for the docs' table and tooltips; empty for an unknown flag.
    static QString why(const QString& flag);

    // Whether a result of this level has a speedup that counts (geomeans, plots, "faster", "fixed").
    static bool counts(const QString& level) { return level == clean() || level == notes(); }

    // The verdict line (RerunResult::verdictLine): "passed", "passed — notes: launch_bound",
    // "suspect — output_reused, no_own_kernel; notes: launch_bound", "wrong_output — flags:
    // seed_sensitive". inWords: the head in words (verdictTitle(): "Passed", "Suspect", "Wrong output").
    static QString line(const QString& verdict, const QStringList& flags, const QStringList& raised, bool inWords);
};

} // namespace krw
