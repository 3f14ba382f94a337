// SPDX-License-Identifier: MIT
#pragma once

#include "rerun/rerunresult.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace krw {

// One case of a batch as its table row, its JSON line and the summary see it.
struct BatchEntry
{
    QString caseName;
    QString versionId;
    QString status; // statusName(), or "skipped" for a case that had nothing to run
    QString verdict; // RerunResult::verdict(), or "not_rerun"
    QStringList flags;
    std::optional<double> speedup; // device time, passes only (never "faster" for a wrong output)
    bool withinNoise = false;
    double seconds = 0;
    QString failure; // why it failed or was skipped
    QString where; // "local", "local, HIP_VISIBLE_DEVICES=1"
    QString resultFile; // where the full result was saved

    static BatchEntry of(const RerunResult& result, const QString& resultFile = {});
    QJsonObject toJson() const; // the CLI's JSON line, {"type": "case", ...}
    static BatchEntry fromJson(const QJsonObject& object);
    static BatchEntry skipped(const QString& caseName, const QString& versionId, const QString& why);
    bool cleanPass() const { return verdict == QLatin1String("passed") && flags.isEmpty(); }
};

// What a batch came to (docs/RUNNER.md "Batch reruns"): counts by verdict, the speedups of clean
// passes, the slowest cases and the most suspicious ones (flagged, most flags first). Its JSON is
// the CLI's last line; its text ends the CLI's text output and heads the batch dialog.
class BatchSummary
{
public:
    void add(const BatchEntry& entry) { m_entries.append(entry); }
    void remove(const QString& caseName); // a requeued case: its new entry replaces this one
    const QVector<BatchEntry>& entries() const { return m_entries; }

    QMap<QString, int> countsByVerdict() const;
    QVector<double> cleanSpeedups() const;
    QVector<BatchEntry> slowest(int n) const;
    QVector<BatchEntry> mostSuspicious(int n) const;
    double totalSeconds() const;

    static QByteArray caseLine(const BatchEntry& entry); // one JSON object and '\n'
    QByteArray summaryLine(bool cancelled) const; // {"type": "summary", ...} and '\n'
    QString summaryText(bool cancelled) const;

private:
    QVector<BatchEntry> m_entries;
};

} // namespace krw
