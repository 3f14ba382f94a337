// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"

namespace krw {

// The rules of issue #2 "Outcomes", in one place.
Outcome latestOutcome(const IterationRecord& newest);
Stage bestStage(const QVector<IterationRecord>& history);
void computeOutcomes(Case* c);

} // namespace krw
