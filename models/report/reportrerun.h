// SPDX-License-Identifier: MIT
//
// What every report format says about a rerun, worded once as plain text that each writer escapes
// for its format: which of a case's reruns a report shows and what it was a rerun of (version,
// baseline, profile), the timing with what it rests on (device or call time, the 95 % interval,
// "within noise"; a wrong output's speedup omitted), the caveat that keeps a wrong or suspect
// result's speedup from reading as a win, and the checks with their state and notes.
#pragma once

#include "models/rerun/rerunchecks.h"

#include <QString>
#include <QVector>

#include <optional>

namespace krw {

// The one rule for which of a case's saved reruns a report shows: the newest rerun of the case's
// own prediction (predictId, ReportCase::predictId); without one, the newest rerun of any version,
// and the report says which (reportRerunRelation). Newest by start time; on a tie the later in
// reruns. std::nullopt when there are none.
std::optional<RerunResult> reportRerunOf(const QVector<RerunResult>& reruns, const QString& predictId);

// What the rerun ran, in short: "it1:predict against label with cpu"; a result saved without a
// baseline or profile says so.
QString reportRerunSubject(const RerunResult& rerun);
// The summary tables' cell: "passed — notes: launch_bound (it1:predict against label with cpu)".
QString reportRerunSummary(const RerunResult& rerun);
QString reportRerunProfile(const RerunResult& rerun); // "cpu", or "not recorded"
QString reportRerunBaseline(const RerunResult& rerun); // "label", or "not recorded"
// Whether the rerun is of the case's prediction: "the case's prediction", or "not the case's
// prediction (Iteration 1 · Prediction has no rerun)", or "the case has no prediction".
QString reportRerunRelation(const RerunResult& rerun, const QString& predictId, const QString& predictTitle);

// "Device time: baseline 0.0057 ms, candidate 0.0045 ms, speedup 1.25× [95 % CI 1.23–1.28]. Call time: …"
// Results older than device timing say that their figure is stream-event time without an interval.
// A wrong output's speedups are omitted, with the reason in their place: they never read as a win.
QString reportTimingText(const RerunResult& rerun);

// "output wrong, does not count" where the output is wrong and a speedup was measured (its figures
// are left out of every format); empty otherwise.
QString reportOmittedSpeedupNote(const RerunResult& rerun);

// Empty for a speedup that counts (a clean pass or one with notes); otherwise why it does not: the
// output is wrong, or the result is suspect (VerdictLevel).
QString reportSpeedupCaveat(const RerunResult& result);

struct ReportCheckLine
{
    QString name; // empty for the summary lines ("Clean: …", "Off: …")
    QString text; // "flagged: what was seen" / "could not run: why" / "Clean: a, b"
    bool problem = false; // flagged or could not run
};

// Flagged and could-not-run checks first, one line each with what was seen, then one line for the
// clean checks and one for those turned off. Empty when there are no checks (see reportChecksAbsentText).
QVector<ReportCheckLine> reportCheckLines(const RerunResult& result);

// "Checks: did not run — …" when the result has no checks; empty otherwise.
QString reportChecksAbsentText(const RerunResult& result);

} // namespace krw
