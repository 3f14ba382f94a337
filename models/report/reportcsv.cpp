// SPDX-License-Identifier: MIT
#include "models/report/reportcsv.h"

#include "models/report/reportrerun.h"
#include "models/rerun/rerunchecks.h"
#include "models/rerun/verdictlevel.h"

#include <algorithm>
#include <cmath>

namespace krw {

namespace {

QString number(const std::optional<double>& value)
{
    return value && std::isfinite(*value) ? QString::number(*value, 'g', 6) : QString();
}

std::optional<double> worstMaxAbsErr(const RerunResult& rerun)
{
    std::optional<double> worst;
    if (!rerun.accuracy)
        return worst;
    for (const OutputComparison& output : rerun.accuracy->outputs) {
        if (output.maxAbsErr && (!worst || *output.maxAbsErr > *worst))
            worst = output.maxAbsErr;
    }
    return worst;
}

// "flagged:output_reused;could not run:nondeterministic", "clean", or "not run" for a result without checks.
QString checksField(const RerunResult& rerun)
{
    if (checksAbsence(rerun) != ChecksAbsence::Present)
        return QStringLiteral("not run");
    QStringList problems;
    for (const CheckRow& row : checkRows(rerun)) {
        if (row.state == CheckRow::State::Flagged || row.state == CheckRow::State::Noted || row.state == CheckRow::State::CouldNotRun)
            problems << checkStateName(row.state) + QLatin1Char(':') + row.name;
    }
    return problems.isEmpty() ? QStringLiteral("clean") : problems.join(QLatin1Char(';'));
}

QStringList row(const ReportCase& rc)
{
    const CaseAnnotation& a = rc.annotation;
    QStringList fields{rc.filename, outcomeName(rc.latest), stageName(rc.best), QString::number(rc.iterations),
        a.isReviewed() ? verdictInfo(a.verdict).name : QString(), a.tags.join(QLatin1Char(';')), a.note,
        QString::number(a.comments.size())};
    // A wrong output's speedups are left out (reportOmittedSpeedupNote says why, last column): a
    // sorted column must not rank it as a win.
    const bool omitted = rc.rerun && !reportOmittedSpeedupNote(*rc.rerun).isEmpty();
    if (rc.rerun) {
        const RerunResult& r = *rc.rerun;
        fields << r.verdict() << number(worstMaxAbsErr(r)) << number(r.timing && !omitted ? r.timing->speedup : std::nullopt)
               << (r.started.isValid() ? r.started.toUTC().toString(Qt::ISODate) : QString());
    } else {
        fields << QString() << QString() << QString() << QString();
    }
    // Appended after the original columns, so readers of those keep working. rerun_verdict stays
    // the one word; rerun_verdict_line is what to show ("suspect — output_reused", never a plain
    // "passed" for a suspect result), as in the CLI's JSON.
    if (rc.rerun) {
        const RerunResult& r = *rc.rerun;
        const std::optional<TimingStage>& t = r.timing;
        const auto ci = t && !omitted ? t->ci95 : std::nullopt;
        const bool device = t && !t->deviceTimeSource.isEmpty();
        fields << r.verdictLine() << r.flags.join(QLatin1Char(';')) << number(ci ? std::optional<double>(ci->first) : std::nullopt)
               << number(ci ? std::optional<double>(ci->second) : std::nullopt)
               << (t && t->speedup && !omitted ? (t->withinNoise ? QStringLiteral("true") : QStringLiteral("false")) : QString())
               << number(t && !omitted ? t->callSpeedup : std::nullopt)
               << (!t              ? QString()
                          : device ? QStringLiteral("device")
                                   : QStringLiteral("events"))
               << checksField(r);
    } else {
        for (int i = 0; i < 8; ++i)
            fields << QString();
    }
    // Appended later still: what the rerun was of (reportRerunOf prefers the case's prediction),
    // and why its speedup columns are empty.
    if (rc.rerun) {
        const RerunResult& r = *rc.rerun;
        fields << r.versionId << r.baselineId << r.profile
               << (r.versionId == rc.predictId && !rc.predictId.isEmpty() ? QStringLiteral("true") : QStringLiteral("false"))
               << reportOmittedSpeedupNote(r);
    } else {
        for (int i = 0; i < 5; ++i)
            fields << QString();
    }
    // Appended last: the verdict's level, and whether its speedup counts (a suspect one is shown
    // in rerun_speedup but never counts: a sum or geomean over the column must filter on this).
    if (rc.rerun) {
        const QString level = VerdictLevel::of(*rc.rerun);
        const bool measured = rc.rerun->timing && rc.rerun->timing->speedup && !omitted;
        fields << level << (measured ? (VerdictLevel::counts(level) ? QStringLiteral("true") : QStringLiteral("false")) : QString());
    } else {
        fields << QString() << QString();
    }
    // The run's own speedups, appended last: a warned one keeps its number, with why beside it.
    fields << number(rc.speedupClaimed) << number(rc.speedupVerified) << rc.claimWarnings.join(QStringLiteral(" | "));
    return fields;
}

QByteArray line(const QStringList& fields)
{
    QStringList quoted;
    for (const QString& field : fields)
        quoted << csvField(field);
    return quoted.join(QLatin1Char(',')).toUtf8() + "\r\n";
}

} // namespace

QString csvField(const QString& value)
{
    QString field = value;
    if (!field.isEmpty() && QStringLiteral("=+-@\t\r").contains(field.at(0)))
        field.prepend(QLatin1Char('\''));
    const bool needsQuotes = std::any_of(field.cbegin(), field.cend(),
        [](QChar c) { return c == QLatin1Char(',') || c == QLatin1Char('"') || c == QLatin1Char('\r') || c == QLatin1Char('\n'); });
    if (!needsQuotes)
        return field;
    field.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + field + QLatin1Char('"');
}

QByteArray reportCsv(const QVector<ReportCase>& cases)
{
    QByteArray csv = line({QStringLiteral("filename"), QStringLiteral("latest_outcome"), QStringLiteral("best_stage"),
        QStringLiteral("iterations"), QStringLiteral("verdict"), QStringLiteral("tags"), QStringLiteral("note"), QStringLiteral("comments"),
        QStringLiteral("rerun_verdict"), QStringLiteral("rerun_max_abs_err"), QStringLiteral("rerun_speedup"), QStringLiteral("rerun_time"),
        QStringLiteral("rerun_verdict_line"), QStringLiteral("rerun_flags"), QStringLiteral("rerun_speedup_ci_low"),
        QStringLiteral("rerun_speedup_ci_high"), QStringLiteral("rerun_within_noise"), QStringLiteral("rerun_call_speedup"),
        QStringLiteral("rerun_speedup_timer"), QStringLiteral("rerun_checks"), QStringLiteral("rerun_version"),
        QStringLiteral("rerun_baseline"), QStringLiteral("rerun_profile"), QStringLiteral("rerun_of_prediction"),
        QStringLiteral("rerun_speedup_note"), QStringLiteral("rerun_verdict_level"), QStringLiteral("rerun_speedup_counts"),
        QStringLiteral("speedup_claimed"), QStringLiteral("speedup_verified"), QStringLiteral("claim_warnings")});
    for (const ReportCase& rc : cases)
        csv += line(row(rc));
    return csv;
}

} // namespace krw
