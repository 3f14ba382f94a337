// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/plots/plotwidget.h"

#include <optional>

class QCPBarsGroup;

namespace krw {

// Per recorded call, baseline and candidate p50 as grouped bars with p10–p90 whiskers; the
// title gives the overall speedup with its interval and says when it is within noise, wrong or
// flagged. A flagged call's speedup note is marked and drawn in the failure colour.
class TimingPlot : public PlotWidget
{
    Q_OBJECT
public:
    explicit TimingPlot(QWidget* parent = nullptr);

    // context: the result's verdict and warnings, so a wrong or flagged speedup is not titled "faster".
    void setTiming(const TimingStage& timing, const SpeedupContext& context = {});
    void clear();
    const std::optional<TimingStage>& timing() const { return m_timing; }

protected:
    void build(const PlotTheme& theme) override;

private:
    void addNote(const Annotation& note, const QColor& color);
    void addSide(const SeriesData& series, const QString& name, const QColor& color, const PlotTheme& theme);

    std::optional<TimingStage> m_timing;
    SpeedupContext m_context;
    QCPBarsGroup* m_group; // owned by the plot, reused across rebuilds
};

} // namespace krw
