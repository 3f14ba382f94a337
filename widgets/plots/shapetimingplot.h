// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"
#include "widgets/plots/plotwidget.h"

class QCPBarsGroup;

namespace krw {

// A case's per-shape timings as its run recorded them: baseline and candidate time per shape as
// grouped bars, each shape's speedup above its pair. A shape timed by another method or with a
// fallback note has its speedup in the failure colour and marked, never as a plain one.
class ShapeTimingPlot : public PlotWidget
{
    Q_OBJECT
public:
    explicit ShapeTimingPlot(QWidget* parent = nullptr);

    // warned: the case's claims carry warnings, said in the title.
    void setTimings(const QVector<ShapeTiming>& timings, bool warned);

protected:
    void build(const PlotTheme& theme) override;

private:
    void addSide(
        const QVector<double>& keys, const QVector<double>& values, const QString& name, const QColor& color, const PlotTheme& theme);

    QVector<ShapeTiming> m_timings;
    bool m_warned = false;
    QCPBarsGroup* m_group; // owned by the plot, reused across rebuilds
};

} // namespace krw
