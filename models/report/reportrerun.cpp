// SPDX-License-Identifier: MIT
#include "models/report/reportrerun.h"

#include "models/rerun/plotdata.h"
#include "models/rerun/rerunformat.h"
#include "models/rerun/verdictlevel.h"

namespace krw {

namespace {

QString number(double value)
{
    return QString::number(value, 'g', 4);
}

QString speedupText(const std::optional<double>& speedup)
{
    return speedup ? formatSpeedup(*speedup) : QStringLiteral("not measured");
}

} // namespace

std::optional<RerunResult> reportRerunOf(const QVector<RerunResult>& reruns, const QString& predictId)
{
    const RerunResult* newestOfPrediction = nullptr;
    const RerunResult* newest = nullptr;
    for (const RerunResult& r : reruns) {
        if (!newest || r.started >= newest->started)
            newest = &r;
        if (!predictId.isEmpty() && r.versionId == predictId && (!newestOfPrediction || r.started >= newestOfPrediction->started))
            newestOfPrediction = &r;
    }
    if (newestOfPrediction)
        return *newestOfPrediction;
    if (newest)
        return *newest;
    return std::nullopt;
}

QString reportRerunProfile(const RerunResult& rerun)
{
    return rerun.profile.isEmpty() ? QStringLiteral("not recorded") : rerun.profile;
}

QString reportRerunBaseline(const RerunResult& rerun)
{
    return rerun.baselineId.isEmpty() ? QStringLiteral("not recorded") : rerun.baselineId;
}

QString reportRerunSubject(const RerunResult& rerun)
{
    if (rerun.baselineId.isEmpty() && rerun.profile.isEmpty())
        return QStringLiteral("%1, baseline and profile not recorded").arg(rerun.versionId);
    if (rerun.baselineId.isEmpty())
        return QStringLiteral("%1 with %2, baseline not recorded").arg(rerun.versionId, rerun.profile);
    if (rerun.profile.isEmpty())
        return QStringLiteral("%1 against %2, profile not recorded").arg(rerun.versionId, rerun.baselineId);
    return QStringLiteral("%1 against %2 with %3").arg(rerun.versionId, rerun.baselineId, rerun.profile);
}

QString reportRerunSummary(const RerunResult& rerun)
{
    return QStringLiteral("%1 (%2)").arg(rerun.verdictLine(), reportRerunSubject(rerun));
}

QString reportRerunRelation(const RerunResult& rerun, const QString& predictId, const QString& predictTitle)
{
    if (predictId.isEmpty())
        return QStringLiteral("the case has no prediction");
    if (rerun.versionId == predictId)
        return QStringLiteral("the case's prediction");
    return QStringLiteral("not the case's prediction (%1 has no rerun)").arg(predictTitle.isEmpty() ? predictId : predictTitle);
}

QString reportOmittedSpeedupNote(const RerunResult& rerun)
{
    const SpeedupContext context = SpeedupContext::of(rerun);
    if (!context.wrong || !rerun.timing || !(rerun.timing->speedup || rerun.timing->callSpeedup))
        return {};
    return speedupVerdict(rerun.timing->speedup.value_or(1.0), rerun.timing->withinNoise, context);
}

QString reportTimingText(const RerunResult& r)
{
    if (!r.timing)
        return {};
    const TimingStage& t = *r.timing;
    const QString omitted = reportOmittedSpeedupNote(r);
    const QString speedupOmitted = QStringLiteral("speedup omitted (%1)").arg(omitted);
    if (t.deviceTimeSource.isEmpty()) {
        return QStringLiteral(
            "Timing (an older result: stream-event time, no device time and no interval): baseline %1 ms, candidate %2 ms, "
            "%3%4.")
            .arg(number(t.baselineMs), number(t.candidateMs),
                omitted.isEmpty() ? QStringLiteral("speedup ") + speedupText(t.speedup) : speedupOmitted,
                t.withinNoise && omitted.isEmpty() ? QStringLiteral(", within noise") : QString());
    }
    QString text = QStringLiteral("Device time: baseline %1 ms, candidate %2 ms, ").arg(number(t.baselineMs), number(t.candidateMs));
    if (!omitted.isEmpty()) {
        text += speedupOmitted;
    } else {
        text += QStringLiteral("speedup ") + speedupText(t.speedup);
        if (t.ci95)
            text += QStringLiteral(" [95 % CI %1–%2]").arg(QString::number(t.ci95->first, 'f', 2), QString::number(t.ci95->second, 'f', 2));
        if (t.withinNoise)
            text += QStringLiteral(", within noise");
    }
    text += QLatin1Char('.');
    if (t.callSpeedup || t.baselineCallMs || t.candidateCallMs) {
        text += QStringLiteral(" Call time: baseline %1 ms, candidate %2 ms")
                    .arg(t.baselineCallMs ? number(*t.baselineCallMs) : QStringLiteral("–"),
                        t.candidateCallMs ? number(*t.candidateCallMs) : QStringLiteral("–"));
        text += omitted.isEmpty() ? QStringLiteral(", speedup %1.").arg(speedupText(t.callSpeedup)) : QStringLiteral(".");
    }
    text += QStringLiteral(" Device time from %1").arg(t.deviceTimeSource);
    if (t.flushBytes > 0)
        text += QStringLiteral("; caches flushed between repetitions: %1").arg(flushText(t));
    text += QLatin1Char('.');
    if (!t.error.isEmpty())
        text += QStringLiteral(" Timing error: %1").arg(t.error);
    return text;
}

QString reportSpeedupCaveat(const RerunResult& r)
{
    if (!r.timing || !r.timing->speedup)
        return {};
    if (r.accuracy && !r.accuracy->ok)
        return QStringLiteral("The output is wrong: this speedup does not count.");
    const QStringList suspects = VerdictLevel::suspectFlags(r.flags, r.raisedFlags);
    if (!suspects.isEmpty())
        return QStringLiteral("Suspect (%1): this speedup is shown but does not count.").arg(suspects.join(QStringLiteral(", ")));
    return {};
}

QVector<ReportCheckLine> reportCheckLines(const RerunResult& result)
{
    QVector<ReportCheckLine> lines;
    QStringList clean, off;
    for (const CheckRow& row : checkRows(result)) {
        switch (row.state) {
        case CheckRow::State::Clean:
            clean << row.name;
            break;
        case CheckRow::State::Off:
            off << row.name;
            break;
        case CheckRow::State::Flagged:
        case CheckRow::State::Noted:
        case CheckRow::State::CouldNotRun: {
            const bool raised = row.state != CheckRow::State::CouldNotRun;
            QStringList seen = row.seen.isEmpty() && raised ? row.where : row.seen;
            seen += row.errors; // each says "could not run"
            QString text = raised ? checkStateName(row.state) : QString();
            if (!seen.isEmpty())
                text += (text.isEmpty() ? QString() : QStringLiteral(": ")) + seen.join(QStringLiteral("; "));
            else if (text.isEmpty())
                text = checkStateName(row.state);
            lines << ReportCheckLine{row.name, text, row.state != CheckRow::State::Noted}; // a note is no problem
            break;
        }
        }
    }
    if (!clean.isEmpty())
        lines << ReportCheckLine{QString(), QStringLiteral("Clean: %1").arg(clean.join(QStringLiteral(", "))), false};
    if (!off.isEmpty())
        lines << ReportCheckLine{QString(), QStringLiteral("Off: %1").arg(off.join(QStringLiteral(", "))), false};
    return lines;
}

QString reportChecksAbsentText(const RerunResult& result)
{
    switch (checksAbsence(result)) {
    case ChecksAbsence::Present:
        return {};
    case ChecksAbsence::OlderResult:
        return QStringLiteral("Checks: did not run — this result was saved before the checks existed.");
    case ChecksAbsence::NotReached:
        break;
    }
    return QStringLiteral("Checks: did not run — the rerun stopped before them.");
}

} // namespace krw
