// SPDX-License-Identifier: MIT
#include "report/reportcsv.h"

#include <algorithm>

namespace krw {

namespace {

QString number(const std::optional<double>& value)
{
    return value ? QString::number(*value, 'g', 6) : QString();
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

QStringList row(const ReportCase& rc)
{
    const CaseAnnotation& a = rc.annotation;
    QStringList fields{rc.filename, outcomeName(rc.latest), stageName(rc.best), QString::number(rc.iterations),
        a.isReviewed() ? verdictInfo(a.verdict).name : QString(), a.tags.join(QLatin1Char(';')), a.note,
        QString::number(a.comments.size())};
    if (rc.latestRerun) {
        const RerunResult& r = *rc.latestRerun;
        fields << r.verdict() << number(worstMaxAbsErr(r)) << number(r.timing ? r.timing->speedup : std::nullopt)
               << (r.started.isValid() ? r.started.toUTC().toString(Qt::ISODate) : QString());
    } else {
        fields << QString() << QString() << QString() << QString();
    }
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
        QStringLiteral("rerun_verdict"), QStringLiteral("rerun_max_abs_err"), QStringLiteral("rerun_speedup"),
        QStringLiteral("rerun_time")});
    for (const ReportCase& rc : cases)
        csv += line(row(rc));
    return csv;
}

} // namespace krw
