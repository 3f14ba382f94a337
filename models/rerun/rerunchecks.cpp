// SPDX-License-Identifier: MIT
#include "models/rerun/rerunchecks.h"

#include "models/rerun/verdictlevel.h"

#include <QMap>

#include <algorithm>

namespace krw {

namespace {

// About the measurement, not the candidate: raised whatever the battery's settings (docs/RUNNER.md).
const char* const TimingFlags[] = {"launch_bound", "beyond_peak"};
const char* const SeedCheckName = "seed_sensitive";

bool isTimingFlag(const QString& flag)
{
    return std::any_of(std::begin(TimingFlags), std::end(TimingFlags), [&](const char* f) { return flag == QLatin1String(f); });
}

QString callName(const CallTiming& call)
{
    return QStringLiteral("%1#%2").arg(call.name).arg(call.index);
}

// The harness words its errors "call#0: could not run: …"; others (no_own_kernel's profiler
// note) get the words, so every error reads as what it is.
QStringList errorTexts(const QStringList& errors)
{
    QStringList out;
    for (const QString& e : errors)
        out << (e.contains(QLatin1String("could not run")) ? e : QStringLiteral("could not run: %1").arg(e));
    return out;
}

CheckRow::State stateOf(const CheckSummary& check)
{
    if (!check.enabled)
        return CheckRow::State::Off;
    if (check.flagged)
        return CheckRow::State::Flagged;
    return check.errors.isEmpty() ? CheckRow::State::Clean : CheckRow::State::CouldNotRun;
}

// Where a timing flag was raised and what each call's note says.
CheckRow timingRow(const RerunResult& result, const QString& flag)
{
    CheckRow row;
    row.name = flag;
    row.timingFlag = isTimingFlag(flag);
    row.state = result.flags.contains(flag) ? CheckRow::State::Flagged : CheckRow::State::Clean;
    if (result.timing) {
        for (const CallTiming& call : result.timing->calls) {
            if (call.flags.contains(flag))
                row.where << callName(call);
        }
    }
    row.seen = flagNotes(result, flag);
    if (row.seen == row.where)
        row.seen.clear(); // nothing more was said than where
    // Without a peak bandwidth the harness cannot compare against it: that is not "clean".
    if (flag == QLatin1String("beyond_peak") && row.state == CheckRow::State::Clean && result.timing && !result.timing->peakGbs) {
        row.state = CheckRow::State::CouldNotRun;
        row.errors << QStringLiteral("could not run: no peak bandwidth is known for this device (set one in the profile)");
    }
    return row;
}

} // namespace

QVector<CheckRow> checkRows(const RerunResult& result)
{
    QVector<CheckRow> rows;
    QStringList named;
    for (const CheckSummary& check : result.checks) {
        CheckRow row;
        row.name = check.name;
        row.state = stateOf(check);
        row.where = check.where;
        row.seen = check.notes;
        row.errors = errorTexts(check.errors);
        if (check.name == QLatin1String(SeedCheckName) && result.accuracy) {
            const QStringList seeds = seedLines(*result.accuracy);
            if (!seeds.isEmpty())
                row.seen = seeds; // which call and which seed, from the seeds themselves
        }
        rows << row;
        named << check.name;
    }
    // The timing flags are evaluated wherever device timing ran (results older than it have no source).
    const bool deviceTiming = result.timing && !result.timing->deviceTimeSource.isEmpty();
    for (const char* flag : TimingFlags) {
        const QString name = QLatin1String(flag);
        if (!named.contains(name) && (deviceTiming || result.flags.contains(name))) {
            rows << timingRow(result, name);
            named << name;
        }
    }
    for (const QString& flag : result.flags) {
        if (!named.contains(flag)) {
            rows << timingRow(result, flag);
            named << flag;
        }
    }
    for (CheckRow& row : rows) {
        if (row.state == CheckRow::State::Flagged && !VerdictLevel::isSuspect(row.name, result.flags, result.raisedFlags))
            row.state = CheckRow::State::Noted;
    }
    return rows;
}

QString checkStateName(CheckRow::State state)
{
    switch (state) {
    case CheckRow::State::Clean:
        return QStringLiteral("clean");
    case CheckRow::State::Flagged:
        return QStringLiteral("flagged");
    case CheckRow::State::Noted:
        return QStringLiteral("note");
    case CheckRow::State::Off:
        return QStringLiteral("off");
    case CheckRow::State::CouldNotRun:
        break;
    }
    return QStringLiteral("could not run");
}

ChecksAbsence checksAbsence(const RerunResult& result)
{
    if (!result.checks.isEmpty())
        return ChecksAbsence::Present;
    return result.accuracy ? ChecksAbsence::OlderResult : ChecksAbsence::NotReached;
}

QStringList seedLines(const AccuracyStage& accuracy)
{
    struct PerCall
    {
        QString call;
        int index = 0;
        QStringList failedSeeds;
        QStringList outputs;
        std::optional<double> maxAbsErr;
        QStringList skipped;
    };
    QVector<PerCall> calls; // in the order the seeds came
    auto entryFor = [&](const SeedCheck& s) -> PerCall& {
        for (PerCall& c : calls) {
            if (c.call == s.call && c.index == s.index)
                return c;
        }
        calls.append(PerCall{s.call, s.index, {}, {}, std::nullopt, {}});
        return calls.last();
    };
    for (const SeedCheck& s : accuracy.seeds) {
        if (s.ok == true)
            continue;
        PerCall& c = entryFor(s);
        if (!s.ok) {
            c.skipped << (s.note.isEmpty() ? QStringLiteral("seed %1 skipped").arg(s.seed)
                                           : QStringLiteral("seed %1 skipped: %2").arg(s.seed).arg(s.note));
            continue;
        }
        c.failedSeeds << QString::number(s.seed);
        for (const QString& output : s.failedOutputs) {
            if (!c.outputs.contains(output))
                c.outputs << output;
        }
        if (s.maxAbsErr && (!c.maxAbsErr || *s.maxAbsErr > *c.maxAbsErr))
            c.maxAbsErr = s.maxAbsErr;
    }
    QStringList lines;
    for (const PerCall& c : qAsConst(calls)) {
        const QString call = QStringLiteral("%1 #%2").arg(c.call).arg(c.index);
        if (!c.failedSeeds.isEmpty()) {
            QStringList details = c.outputs;
            if (c.maxAbsErr)
                details << QStringLiteral("max abs err %1").arg(QString::number(*c.maxAbsErr, 'g', 3));
            lines << QStringLiteral("%1: wrong with seed%2 %3%4")
                         .arg(call, c.failedSeeds.size() == 1 ? QString() : QStringLiteral("s"), c.failedSeeds.join(QStringLiteral(", ")),
                             details.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(details.join(QStringLiteral("; "))));
        }
        for (const QString& skip : c.skipped)
            lines << QStringLiteral("%1: %2").arg(call, skip);
    }
    return lines;
}

QStringList flagNotes(const RerunResult& result, const QString& flag)
{
    for (const CheckSummary& check : result.checks) {
        if (check.name == flag && !check.notes.isEmpty())
            return check.notes;
    }
    QStringList notes;
    if (result.timing) {
        for (const CallTiming& call : result.timing->calls) {
            if (!call.flags.contains(flag))
                continue;
            const QString note = call.flagNotes.value(flag);
            notes << (note.isEmpty() ? callName(call) : QStringLiteral("%1: %2").arg(callName(call), note));
        }
    }
    return notes;
}

} // namespace krw
