// SPDX-License-Identifier: MIT
#include "models/batch/batchsummary.h"

#include "models/rerun/rerunformat.h"
#include "models/rerun/rerunresult.h"
#include "models/rerun/verdictlevel.h"
#include "models/run/runsummary.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace krw {

QJsonObject BatchEntry::toJson() const
{
    const BatchEntry& e = *this;
    QJsonObject o{{QStringLiteral("type"), QStringLiteral("case")}, {QStringLiteral("case"), e.caseName},
        {QStringLiteral("version"), e.versionId}, {QStringLiteral("status"), e.status}, {QStringLiteral("verdict"), e.verdict},
        {QStringLiteral("flags"), QJsonArray::fromStringList(e.flags)}, {QStringLiteral("verdict_level"), e.level()},
        {QStringLiteral("verdict_line"), e.verdictLine()},
        {QStringLiteral("speedup"), e.speedup ? QJsonValue(*e.speedup) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("within_noise"), e.withinNoise}, {QStringLiteral("seconds"), e.seconds}, {QStringLiteral("where"), e.where}};
    if (!e.raisedFlags.isEmpty())
        o.insert(QStringLiteral("raised_to_suspect"), QJsonArray::fromStringList(e.raisedFlags));
    if (!e.failure.isEmpty())
        o.insert(QStringLiteral("failure"), e.failure);
    if (!e.resultFile.isEmpty())
        o.insert(QStringLiteral("result_file"), e.resultFile);
    return o;
}

BatchEntry BatchEntry::fromJson(const QJsonObject& o)
{
    BatchEntry e;
    e.caseName = o.value(QStringLiteral("case")).toString();
    e.versionId = o.value(QStringLiteral("version")).toString();
    e.status = o.value(QStringLiteral("status")).toString();
    e.verdict = o.value(QStringLiteral("verdict")).toString();
    for (const QJsonValue& flag : o.value(QStringLiteral("flags")).toArray())
        e.flags << flag.toString();
    for (const QJsonValue& flag : o.value(QStringLiteral("raised_to_suspect")).toArray())
        e.raisedFlags << flag.toString();
    if (o.value(QStringLiteral("speedup")).isDouble())
        e.speedup = o.value(QStringLiteral("speedup")).toDouble();
    e.withinNoise = o.value(QStringLiteral("within_noise")).toBool();
    e.seconds = o.value(QStringLiteral("seconds")).toDouble();
    e.where = o.value(QStringLiteral("where")).toString();
    e.failure = o.value(QStringLiteral("failure")).toString();
    e.resultFile = o.value(QStringLiteral("result_file")).toString();
    return e;
}

namespace {

QString entryText(const BatchEntry& e)
{
    QString line = QStringLiteral("%1 (%2): %3").arg(e.caseName, e.versionId, e.verdictLine(true));
    if (e.speedup)
        line += QStringLiteral(", %1").arg(e.speedupText());
    return line + QStringLiteral(", %1 s").arg(e.seconds, 0, 'f', 1);
}

} // namespace

BatchEntry BatchEntry::of(const RerunResult& result, const QString& resultFile)
{
    BatchEntry e;
    e.caseName = result.caseName;
    e.versionId = result.versionId;
    e.status = statusName(result.status);
    e.verdict = result.verdict();
    e.flags = result.flags;
    e.raisedFlags = result.raisedFlags;
    if (e.verdict == QLatin1String("passed") && result.timing && result.timing->speedup) {
        e.speedup = result.timing->speedup;
        e.withinNoise = result.timing->withinNoise;
    }
    e.seconds = result.seconds;
    e.failure = result.failure;
    e.where = result.where();
    e.resultFile = resultFile;
    return e;
}

BatchEntry BatchEntry::skipped(const QString& caseName, const QString& versionId, const QString& why)
{
    BatchEntry e;
    e.caseName = caseName;
    e.versionId = versionId;
    e.status = QStringLiteral("skipped");
    e.verdict = QStringLiteral("not_rerun");
    e.failure = why;
    return e;
}

QString BatchEntry::level() const
{
    return VerdictLevel::of(verdict, flags, raisedFlags);
}

bool BatchEntry::counts() const
{
    return VerdictLevel::counts(level());
}

QString BatchEntry::verdictLine(bool inWords) const
{
    return VerdictLevel::line(verdict, flags, raisedFlags, inWords);
}

QString BatchEntry::speedupText() const
{
    if (!speedup)
        return {};
    if (!counts())
        return QCoreApplication::translate("krw::BatchEntry", "%1 (%2: not counted)").arg(formatSpeedup(*speedup), level());
    return withinNoise ? QCoreApplication::translate("krw::BatchEntry", "%1 (noise)").arg(formatSpeedup(*speedup))
                       : formatSpeedup(*speedup);
}

void BatchSummary::remove(const QString& caseName)
{
    m_entries.erase(
        std::remove_if(m_entries.begin(), m_entries.end(), [&](const BatchEntry& e) { return e.caseName == caseName; }), m_entries.end());
}

QMap<QString, int> BatchSummary::countsByLevel() const
{
    QMap<QString, int> counts;
    for (const BatchEntry& e : m_entries)
        ++counts[e.level()];
    return counts;
}

QVector<double> BatchSummary::countedSpeedups() const
{
    QVector<double> speedups;
    for (const BatchEntry& e : m_entries) {
        if (e.counts() && e.speedup && *e.speedup > 0)
            speedups.append(*e.speedup);
    }
    std::sort(speedups.begin(), speedups.end());
    return speedups;
}

std::optional<double> BatchSummary::geomeanSpeedup() const
{
    const QVector<double> speedups = countedSpeedups();
    if (speedups.isEmpty())
        return std::nullopt;
    double logs = 0;
    for (const double s : speedups)
        logs += std::log(s);
    return std::exp(logs / speedups.size());
}

QVector<BatchEntry> BatchSummary::slowest(int n) const
{
    QVector<BatchEntry> ran;
    std::copy_if(m_entries.cbegin(), m_entries.cend(), std::back_inserter(ran),
        [](const BatchEntry& e) { return e.status != QLatin1String("skipped"); });
    std::stable_sort(ran.begin(), ran.end(), [](const BatchEntry& a, const BatchEntry& b) { return a.seconds > b.seconds; });
    return ran.mid(0, n);
}

QVector<BatchEntry> BatchSummary::mostSuspicious(int n) const
{
    QVector<BatchEntry> flagged;
    std::copy_if(m_entries.cbegin(), m_entries.cend(), std::back_inserter(flagged),
        [](const BatchEntry& e) { return !VerdictLevel::suspectFlags(e.flags, e.raisedFlags).isEmpty(); });
    // A suspect pass is the one whose speedup a reader would otherwise take: those first, then by
    // the number of suspect flags.
    std::stable_sort(flagged.begin(), flagged.end(), [](const BatchEntry& a, const BatchEntry& b) {
        const bool as = a.level() == VerdictLevel::suspect();
        const bool bs = b.level() == VerdictLevel::suspect();
        return as != bs
            ? as
            : VerdictLevel::suspectFlags(a.flags, a.raisedFlags).size() > VerdictLevel::suspectFlags(b.flags, b.raisedFlags).size();
    });
    return flagged.mid(0, n);
}

double BatchSummary::totalSeconds() const
{
    double total = 0;
    for (const BatchEntry& e : m_entries)
        total += e.seconds;
    return total;
}

QByteArray BatchSummary::caseLine(const BatchEntry& entry)
{
    return QJsonDocument(entry.toJson()).toJson(QJsonDocument::Compact) + '\n';
}

QByteArray BatchSummary::summaryLine(bool cancelled) const
{
    QJsonObject counts;
    const auto byLevel = countsByLevel();
    for (auto it = byLevel.cbegin(); it != byLevel.cend(); ++it)
        counts.insert(it.key(), it.value());
    QJsonArray speedups;
    for (const double s : countedSpeedups())
        speedups.append(s);
    const auto geomean = geomeanSpeedup();
    auto names = [](const QVector<BatchEntry>& entries) {
        QJsonArray list;
        for (const BatchEntry& e : entries)
            list.append(e.toJson());
        return list;
    };
    const QJsonObject o{{QStringLiteral("type"), QStringLiteral("summary")}, {QStringLiteral("cases"), int(m_entries.size())},
        {QStringLiteral("cancelled"), cancelled}, {QStringLiteral("counts"), counts}, {QStringLiteral("counted_speedups"), speedups},
        {QStringLiteral("geomean_speedup"), geomean ? QJsonValue(*geomean) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("slowest"), names(slowest(5))}, {QStringLiteral("most_suspicious"), names(mostSuspicious(5))},
        {QStringLiteral("case_seconds"), totalSeconds()}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

QString BatchSummary::summaryText(bool cancelled) const
{
    QStringList lines;
    QStringList counts;
    const auto byLevel = countsByLevel();
    for (auto it = byLevel.cbegin(); it != byLevel.cend(); ++it)
        counts << QStringLiteral("%1 %2").arg(it.value()).arg(verdictTitle(it.key()).toLower());
    lines << QCoreApplication::translate("krw::BatchSummary", "%1%2: %3")
                 .arg(caseCountText(int(m_entries.size())),
                     cancelled ? QCoreApplication::translate("krw::BatchSummary", ", cancelled") : QString(),
                     counts.isEmpty() ? QStringLiteral("-") : counts.join(QStringLiteral(", ")));
    const QVector<double> speedups = countedSpeedups();
    if (!speedups.isEmpty())
        lines << QCoreApplication::translate(
            "krw::BatchSummary", "Device-time speedups that count (%1, clean or with notes): geomean %2, median %3, range %4 to %5")
                     .arg(QString::number(speedups.size()), formatSpeedup(geomeanSpeedup().value_or(0)),
                         formatSpeedup((speedups.at((speedups.size() - 1) / 2) + speedups.at(speedups.size() / 2)) / 2),
                         formatSpeedup(speedups.first()), formatSpeedup(speedups.last()));
    const auto byLevelNow = countsByLevel();
    if (const int suspects = byLevelNow.value(VerdictLevel::suspect()))
        lines << (suspects == 1
                ? QCoreApplication::translate("krw::BatchSummary", "1 suspect pass: its speedup is shown, never counted")
                : QCoreApplication::translate("krw::BatchSummary", "%1 suspect passes: their speedups are shown, never counted")
                      .arg(suspects));
    const auto suspicious = mostSuspicious(5);
    if (!suspicious.isEmpty())
        lines << QCoreApplication::translate("krw::BatchSummary", "Most suspicious:");
    for (const BatchEntry& e : suspicious)
        lines << QStringLiteral("  ") + entryText(e);
    const auto slow = slowest(3);
    if (!slow.isEmpty())
        lines << QCoreApplication::translate("krw::BatchSummary", "Slowest:");
    for (const BatchEntry& e : slow)
        lines << QStringLiteral("  ") + entryText(e);
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace krw
