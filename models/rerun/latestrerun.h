// SPDX-License-Identifier: MIT
#pragma once

#include "models/failures/failuresignature.h"

#include <QDateTime>
#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>

namespace krw {

struct RerunResult;

// What the case tree shows of a case's newest rerun, whichever version, baseline and profile it was
// of (the tooltip names them): small enough to keep for every case of a 10,000-case run.
struct LatestRerun
{
    QString verdict; // RerunResult::verdict()
    QStringList flags;
    QStringList raisedFlags;
    std::optional<double> speedup; // device time; kept only for a pass (never "faster" for a wrong output)
    QString versionId;
    QString baselineId;
    QString profile;
    QDateTime started;
    // Why it failed, for the failure groups (FailureSignature::ofRerun); invalid for a pass.
    FailureSignature failure;

    static LatestRerun of(const RerunResult& result);
    QString level() const; // VerdictLevel::of()
    QString cellText() const; // "Passed", "Passed with notes", "Suspect", "Wrong output" (verdictTitle() of the level)
    QString toolTip() const; // verdict line, what ran against what with which profile, when, the speedup
    int sortRank() const; // clean passes first, then with notes, suspect, compiled, failures, cancelled
};

// The tree's filter on it, one rule for the filter bar and the proxy.
enum class RerunFilter { Any, NotRerun, Counted, Suspect, NotPassed };
QString rerunFilterTitle(RerunFilter filter);
bool rerunFilterAccepts(RerunFilter filter, const QString& level); // VerdictLevel::of(); "": never rerun

using LatestReruns = QHash<QString, LatestRerun>; // by case filename

// Reruns read from the run's results (saved) together with those that ended while they were read
// (noted): a noted rerun stays unless saved holds a later one of its case. Every view that reads
// the saved reruns while reruns may end goes by this rule.
LatestReruns withNotedReruns(LatestReruns saved, const LatestReruns& noted);

} // namespace krw
