// SPDX-License-Identifier: MIT
#pragma once

#include "models/failures/failuresignature.h"
#include "models/lint/linthint.h"
#include "models/run/rundata.h"

#include <QByteArray>

namespace krw {

// What `kernel-review-cli summary` prints: a table for people, or one JSON object for scripts.
QByteArray summaryText(const Run& run);
// signatures: one per case (FailureReader::read) for each case's "signature" and the top-level
// "failure_groups"; without them (empty) those keys are left out. hints: Linter::lintRun's, by case
// index; each case of cases_list gets its `hints` array (an empty one when there are none) when they
// are given, none otherwise.
QByteArray summaryJson(const Run& run, const QVector<FailureSignature>& signatures = {}, const QVector<LintHints>& hints = {});

// One load warning on one line: "<file>:<line> [<field>] <message>" (line and field when known; the
// file named from the run at runPath, warningFileName).
QString loadWarningLine(const LoadWarning& warning, const QString& runPath);

// Counts of cases by latest outcome, in the order of the Outcome enum.
QVector<int> outcomeCounts(const Run& run);

} // namespace krw
