// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/plotdata.h"

#include <QVector>

namespace krw {

// The batch summary's plot: how the clean passes' device-time speedups spread, in bins that are
// even on a log scale around 1.0× (a 2× slowdown is as far from 1.0× as a 2× speedup).
struct SpeedupBins
{
    CategoryAxis axis; // "< 0.5×", "0.5–0.8×", …; tooltips name the bounds and the cases' count
    QVector<double> counts; // one per label
    int total = 0;
    QString emptyMessage; // set when there is no clean pass to plot
};

SpeedupBins speedupBins(const QVector<double>& speedups);

} // namespace krw
