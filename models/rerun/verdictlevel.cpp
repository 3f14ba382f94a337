// SPDX-License-Identifier: MIT
#include "models/rerun/verdictlevel.h"

#include "models/rerun/rerunresult.h"

#include <QCoreApplication>

#include <algorithm>

namespace krw {

namespace {

enum class Level { Note, Suspect, SuspectBeside }; // SuspectBeside: a note alone, suspect beside a suspect flag

struct FlagRule
{
    const char* flag;
    Level level;
    const char* why;
};

// flag → level → why (docs/RUNNER.md, "Verdict levels", says the same in a table).
const FlagRule rules[] = {
    {"input_mutated", Level::Suspect, "the candidate changed an argument the baseline leaves alone: its output may rest on that"},
    {"output_reused", Level::Suspect, "results came from a cache or ignore the inputs: the timed calls did not do the work"},
    {"no_own_kernel", Level::Suspect, "no kernel of the candidate's own did the work: the speedup is not the candidate's"},
    {"nondeterministic", Level::Suspect, "two runs on the same inputs disagree: the checked output is not the one that was timed"},
    {"seed_sensitive", Level::Suspect, "wrong on other inputs of the same shape"},
    {"timed_output_mismatch", Level::Suspect, "a timed call's output differs from the baseline's: the candidate did other work when timed"},
    {"timer_disagrees", Level::Suspect, "work ran where the caller's stream does not see it: the time is too low"},
    {"beyond_peak", Level::Suspect, "faster than the memory can move the data: the measurement or the kernel is lying"},
    {"implausible_speedup", Level::SuspectBeside,
        "a large win is a note alone (real 10× wins exist) and suspect beside any flag above: then it is the cheat's payoff"},
    {"launch_bound", Level::Note,
        "whole calls speed up unlike the kernels (often the baseline's launcher), not that the candidate is wrong"},
    {"zeros_would_pass", Level::Note, "the test cannot tell this output from zeros: the test is weak, the candidate is not wrong"},
    {"input_would_pass", Level::Note, "returning an input would pass the test: the test is weak, the candidate is not wrong"},
};

const FlagRule* ruleOf(const QString& flag)
{
    for (const FlagRule& rule : rules) {
        if (flag == QLatin1String(rule.flag))
            return &rule;
    }
    return nullptr;
}

// Suspect on its own: a flag the table calls suspect, one it does not know, or a raised note.
bool suspectAlone(const QString& flag, const QStringList& raised)
{
    const FlagRule* rule = ruleOf(flag);
    return !rule || rule->level == Level::Suspect || raised.contains(flag);
}

} // namespace

bool VerdictLevel::isSuspect(const QString& flag, const QStringList& flags, const QStringList& raised)
{
    if (suspectAlone(flag, raised))
        return true;
    if (ruleOf(flag)->level != Level::SuspectBeside)
        return false;
    return std::any_of(flags.cbegin(), flags.cend(), [&](const QString& other) { return other != flag && suspectAlone(other, raised); });
}

QStringList VerdictLevel::suspectFlags(const QStringList& flags, const QStringList& raised)
{
    QStringList out;
    for (const QString& flag : flags) {
        if (isSuspect(flag, flags, raised))
            out << flag;
    }
    return out;
}

QStringList VerdictLevel::noteFlags(const QStringList& flags, const QStringList& raised)
{
    QStringList out;
    for (const QString& flag : flags) {
        if (!isSuspect(flag, flags, raised))
            out << flag;
    }
    return out;
}

QStringList VerdictLevel::raisableNotes()
{
    QStringList out;
    for (const FlagRule& rule : rules) {
        if (rule.level != Level::Suspect)
            out << QLatin1String(rule.flag);
    }
    return out;
}

QString VerdictLevel::why(const QString& flag)
{
    const FlagRule* rule = ruleOf(flag);
    return rule ? QCoreApplication::translate("krw::VerdictLevel", rule->why) : QString();
}

QString VerdictLevel::of(const QString& verdict, const QStringList& flags, const QStringList& raised)
{
    if (verdict != QLatin1String("passed"))
        return verdict;
    if (flags.isEmpty())
        return clean();
    return suspectFlags(flags, raised).isEmpty() ? notes() : suspect();
}

QString VerdictLevel::of(const RerunResult& result)
{
    return of(result.verdict(), result.flags, result.raisedFlags);
}

QString VerdictLevel::line(const QString& verdict, const QStringList& flags, const QStringList& raised, bool inWords)
{
    const QString level = of(verdict, flags, raised);
    QStringList parts;
    if (level == suspect() || level == notes() || level == clean()) {
        const QStringList suspects = suspectFlags(flags, raised);
        const QStringList noted = noteFlags(flags, raised);
        if (!suspects.isEmpty())
            parts << suspects.join(QStringLiteral(", "));
        if (!noted.isEmpty())
            parts << QStringLiteral("notes: ") + noted.join(QStringLiteral(", "));
    } else if (!flags.isEmpty()) { // a failure: what it failed with is its verdict, the flags are context
        parts << QStringLiteral("flags: ") + flags.join(QStringLiteral(", "));
    }
    const QString head = level == suspect() ? level : verdict;
    const QString word = inWords ? verdictTitle(head) : head;
    return parts.isEmpty() ? word : QStringLiteral("%1 \u2014 %2").arg(word, parts.join(QStringLiteral("; ")));
}

} // namespace krw
