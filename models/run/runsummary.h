// SPDX-License-Identifier: MIT
//
// A run summed up in words, for the status bar and wherever a count of cases is shown. The one
// owner of "1 case" / "2 cases", of how iterations are named ("iteration 5", "iterations 0–15",
// "1 iteration" for a lone file) and of what counts as failing or unknown in a summary.
#pragma once

#include "models/run/rundata.h"

namespace krw {

struct OutcomeCounts
{
    int cases = 0;
    int failing = 0; // isFailingOutcome()
    int unknown = 0;
    int passed = 0;
};

OutcomeCounts countOutcomes(const Run& run);

// "1 case", "2 cases", "0 cases".
QString caseCountText(int cases);
// "iterations 0–15" or "iteration 5" for a series; "1 iteration" for a lone JSONL or debug folders,
// whose iteration has no number; "no iteration" when nothing loaded.
QString iterationsText(const Run& run);
// "mini · iterations 0–1 · 5 cases · 3 failing · 1 unknown · 2 warnings" (unknown only when some are).
QString runSummaryText(const Run& run);

} // namespace krw
