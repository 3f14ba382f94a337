// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/plots/plotwidget.h"

#include <optional>

class QCPScatterStyle;

namespace krw {

// Max abs error per output on a log axis, with a dashed line at atol. Exact zeros are drawn at
// LogFloor with their own marker and legend entry; failed outputs get a cross in the failure
// colour, wherever their error lies.
class ErrorPlot : public PlotWidget
{
    Q_OBJECT
public:
    explicit ErrorPlot(QWidget* parent = nullptr);

    void setAccuracy(const AccuracyStage& accuracy);
    void clear();
    const std::optional<AccuracyStage>& accuracy() const { return m_accuracy; }

protected:
    void build(const PlotTheme& theme) override;

private:
    void addPoints(const SeriesData& series, const QString& name, const QCPScatterStyle& style);
    void setupLogAxis(const AxisRange& range);

    std::optional<AccuracyStage> m_accuracy;
};

} // namespace krw
