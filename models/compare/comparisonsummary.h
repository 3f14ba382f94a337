// SPDX-License-Identifier: MIT
//
// A comparison of two runs in words and as JSON, for `kernel-review-cli compare A B [--json]`:
// each bucket with its count and its cases, each case with both runs' newest outcome and best
// stage (names as summary's: outcomeName, stageName; a run without the case is null / "-").
#pragma once

#include "models/compare/runcomparison.h"

#include <QByteArray>

namespace krw {

QByteArray comparisonText(const RunComparison& comparison, const Run& a, const Run& b);
QByteArray comparisonJson(const RunComparison& comparison, const Run& a, const Run& b);

} // namespace krw
