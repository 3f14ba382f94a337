// SPDX-License-Identifier: MIT
#include "batch/batchsummary.h"

#include "rerun/rerunformat.h"
#include "rerun/rerunresult.h"
#include "run/runsummary.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace krw {

QJsonObject BatchEntry::toJson() const
{
    const BatchEntry& e = *this;
    QJsonObject o{{QStringLiteral("type"), QStringLiteral("case")}, {QStringLiteral("case"), e.caseName},
        {QStringLiteral("version"), e.versionId}, {QStringLiteral("status"), e.status}, {QStringLiteral("verdict"), e.verdict},
        {QStringLiteral("flags"), QJsonArray::fromStringList(e.flags)},
        {QStringLiteral("speedup"), e.speedup ? QJsonValue(*e.speedup) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("within_noise"), e.withinNoise}, {QStringLiteral("seconds"), e.seconds}, {QStringLiteral("where"), e.where}};
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
    QString line = QStringLiteral("%1 (%2): %3").arg(e.caseName, e.versionId, verdictTitle(e.verdict));
    if (!e.flags.isEmpty())
        line += QStringLiteral(" [%1]").arg(e.flags.join(QStringLiteral(", ")));
    if (e.speedup)
        line += QStringLiteral(", %1").arg(formatSpeedup(*e.speedup));
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

void BatchSummary::remove(const QString& caseName)
{
    m_entries.erase(
        std::remove_if(m_entries.begin(), m_entries.end(), [&](const BatchEntry& e) { return e.caseName == caseName; }), m_entries.end());
}

QMap<QString, int> BatchSummary::countsByVerdict() const
{
    QMap<QString, int> counts;
    for (const BatchEntry& e : m_entries) {
        const bool flaggedPass = e.verdict == QLatin1String("passed") && !e.flags.isEmpty();
        ++counts[flaggedPass ? QStringLiteral("passed_flagged") : e.verdict];
    }
    return counts;
}

QVector<double> BatchSummary::cleanSpeedups() const
{
    QVector<double> speedups;
    for (const BatchEntry& e : m_entries) {
        if (e.cleanPass() && e.speedup)
            speedups.append(*e.speedup);
    }
    std::sort(speedups.begin(), speedups.end());
    return speedups;
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
    std::copy_if(m_entries.cbegin(), m_entries.cend(), std::back_inserter(flagged), [](const BatchEntry& e) { return !e.flags.isEmpty(); });
    // A flagged pass is the one a reader would otherwise trust: those first, then by flag count.
    std::stable_sort(flagged.begin(), flagged.end(), [](const BatchEntry& a, const BatchEntry& b) {
        const bool ap = a.verdict == QLatin1String("passed");
        const bool bp = b.verdict == QLatin1String("passed");
        return ap != bp ? ap : a.flags.size() > b.flags.size();
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
    const auto byVerdict = countsByVerdict();
    for (auto it = byVerdict.cbegin(); it != byVerdict.cend(); ++it)
        counts.insert(it.key(), it.value());
    QJsonArray speedups;
    for (const double s : cleanSpeedups())
        speedups.append(s);
    auto names = [](const QVector<BatchEntry>& entries) {
        QJsonArray list;
        for (const BatchEntry& e : entries)
            list.append(e.toJson());
        return list;
    };
    const QJsonObject o{{QStringLiteral("type"), QStringLiteral("summary")}, {QStringLiteral("cases"), int(m_entries.size())},
        {QStringLiteral("cancelled"), cancelled}, {QStringLiteral("counts"), counts}, {QStringLiteral("clean_speedups"), speedups},
        {QStringLiteral("slowest"), names(slowest(5))}, {QStringLiteral("most_suspicious"), names(mostSuspicious(5))},
        {QStringLiteral("case_seconds"), totalSeconds()}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

QString BatchSummary::summaryText(bool cancelled) const
{
    QStringList lines;
    QStringList counts;
    const auto byVerdict = countsByVerdict();
    for (auto it = byVerdict.cbegin(); it != byVerdict.cend(); ++it)
        counts << QStringLiteral("%1 %2").arg(it.value()).arg(verdictTitle(it.key()).toLower());
    lines << QCoreApplication::translate("krw::BatchSummary", "%1%2: %3")
                 .arg(caseCountText(int(m_entries.size())),
                     cancelled ? QCoreApplication::translate("krw::BatchSummary", ", cancelled") : QString(),
                     counts.isEmpty() ? QStringLiteral("-") : counts.join(QStringLiteral(", ")));
    const QVector<double> speedups = cleanSpeedups();
    if (!speedups.isEmpty())
        lines << QCoreApplication::translate("krw::BatchSummary", "Device-time speedups of clean passes (%1): median %2, range %3 to %4")
                     .arg(QString::number(speedups.size()),
                         formatSpeedup((speedups.at((speedups.size() - 1) / 2) + speedups.at(speedups.size() / 2)) / 2),
                         formatSpeedup(speedups.first()), formatSpeedup(speedups.last()));
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
