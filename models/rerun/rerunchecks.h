// SPDX-License-Identifier: MIT
//
// The evidence a verdict rests on, as rows every view and report lists under "Checks": each check
// of the cheat battery (docs/RUNNER.md, "Checks") and the timing flags, with their state and what
// was seen. A check that could not run somewhere is never "clean". A result without checks (saved
// before the battery existed, or stopped before it ran) has no battery rows; checksAbsence() says
// which, so no view shows an empty list as if all were well.
#pragma once

#include "models/rerun/rerunresult.h"

#include <QString>
#include <QStringList>
#include <QVector>

namespace krw {

struct CheckRow
{
    // Noted: raised, but a note (VerdictLevel): context that does not question the candidate.
    enum class State { Clean, Flagged, Noted, Off, CouldNotRun };
    QString name; // "input_mutated", "launch_bound", ...
    State state = State::Clean;
    bool timingFlag = false; // launch_bound, beyond_peak: about the measurement, raised whatever the settings
    QStringList where; // calls ("name#index") or outputs
    QStringList seen; // what was seen, one line each (seed_sensitive: each failing call with its seeds)
    QStringList errors; // where the check could not run, and why: each reads "… could not run: …"
};

// In the canonical order: the battery's checks as the result lists them, then the timing flags
// (when device timing ran or they were raised), then any other flag the result raised. A raised
// flag that VerdictLevel calls a note is Noted, not Flagged.
QVector<CheckRow> checkRows(const RerunResult& result);

// "clean", "flagged", "note", "off", "could not run"
QString checkStateName(CheckRow::State state);

enum class ChecksAbsence {
    Present, // the result has checks
    NotReached, // the rerun stopped before the checks (compile failed, a side failed, cancelled)
    OlderResult, // the outputs were compared, but the result was saved before the checks existed
};
ChecksAbsence checksAbsence(const RerunResult& result);

// The seed check's failures and skips, one line per recorded call:
// "leaky_relu #1: wrong with seeds 1, 2, 3 (output; max abs err 0.726)",
// "leaky_relu #2: seed 2 skipped: the baseline raised on these inputs".
QStringList seedLines(const AccuracyStage& accuracy);

// What was seen for one flag wherever it was raised: the check's notes, else each call's note
// ("name#index: note"), else the calls where it was raised.
QStringList flagNotes(const RerunResult& result, const QString& flag);

} // namespace krw
