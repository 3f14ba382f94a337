// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/rerunresult.h"

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
    QStringList raisedFlags; // RerunResult::raisedFlags
    std::optional<double> speedup; // device time, passes only, shown for every level; counted only for clean and notes
    bool withinNoise = false;
    double seconds = 0;
    QString failure; // why it failed or was skipped
    QString where; // "local", "local, HIP_VISIBLE_DEVICES=1"
    QString resultFile; // where the full result was saved

    static BatchEntry of(const RerunResult& result, const QString& resultFile = {});
    QJsonObject toJson() const; // the CLI's JSON line, {"type": "case", ...}
    static BatchEntry fromJson(const QJsonObject& object);
    static BatchEntry skipped(const QString& caseName, const QString& versionId, const QString& why);
    QString level() const; // VerdictLevel::of(): "clean", "notes", "suspect", or the verdict
    bool counts() const; // a clean pass or one with notes: its speedup counts
    QString verdictLine(bool inWords = false) const; // VerdictLevel::line()
    // "1.52×", "1.01× (noise)", "11.6× (suspect: not counted)", "" without one: every list of entries shows it so.
    QString speedupText() const;
};

// What a batch came to (docs/RUNNER.md "Batch reruns"): counts by verdict level, the speedups that
// count (clean passes and passes with notes, never suspect ones), the slowest cases and the most
// suspicious ones (suspect first, then by number of suspect flags). Its JSON is
// the CLI's last line; its text ends the CLI's text output and heads the batch dialog.
class BatchSummary
{
public:
    void add(const BatchEntry& entry) { m_entries.append(entry); }
    void remove(const QString& caseName); // a requeued case: its new entry replaces this one
    const QVector<BatchEntry>& entries() const { return m_entries; }

    QMap<QString, int> countsByLevel() const; // VerdictLevel::of() of each entry
    QVector<double> countedSpeedups() const; // sorted
    std::optional<double> geomeanSpeedup() const; // of countedSpeedups()
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
