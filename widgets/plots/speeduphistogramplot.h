// SPDX-License-Identifier: MIT
#pragma once

#include "models/batch/speedupbins.h"
#include "widgets/plots/plotwidget.h"

namespace krw {

// The batch summary's plot: how many clean passes (no flag) fall in each speedup bin (speedupBins).
// Flagged and wrong results are never plotted as speedups; the summary lists them.
class SpeedupHistogramPlot : public PlotWidget
{
    Q_OBJECT
public:
    explicit SpeedupHistogramPlot(QWidget* parent = nullptr);

    void setSpeedups(const QVector<double>& speedups);
    const SpeedupBins& bins() const { return m_bins; }

protected:
    void build(const PlotTheme& theme) override;

private:
    SpeedupBins m_bins;
};

} // namespace krw
