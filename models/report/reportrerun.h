// SPDX-License-Identifier: MIT
//
// What every report format says about a rerun's evidence, worded once as plain text that each
// writer escapes for its format: the timing with what it rests on (device or call time, the 95 %
// interval, "within noise"), the caveat that keeps a wrong or flagged result's speedup from
// reading as a win, and the checks with their state and notes.
#pragma once

#include "rerun/rerunchecks.h"

#include <QString>
#include <QVector>

namespace krw {

// "Device time: baseline 0.0057 ms, candidate 0.0045 ms, speedup 1.25× [95 % CI 1.23–1.28]. Call time: …"
// Results older than device timing say that their figure is stream-event time without an interval.
QString reportTimingText(const TimingStage& timing);

// Empty for a clean pass; otherwise why its speedup is no win: the output is wrong, or the result
// has warnings.
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
