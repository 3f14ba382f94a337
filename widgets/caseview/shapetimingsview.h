// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace krw {

class ShapeTimingModel;
class ShapeTimingPlot;

// The per-shape timings of one iteration (AgentKernelArena test cases, GEAK per_case): a sortable
// table — a row not timed as asked in the problem colour — above a chart of both times per shape.
class ShapeTimingsView : public QWidget
{
    Q_OBJECT
public:
    explicit ShapeTimingsView(QWidget* parent = nullptr);

    // warned: the iteration's claims carry warnings (the chart's title says so).
    void setTimings(const QVector<ShapeTiming>& timings, bool warned);

    QTableView* table() const { return m_table; }
    ShapeTimingPlot* chart() const { return m_plot; }

private:
    ShapeTimingModel* m_model;
    QTableView* m_table;
    ShapeTimingPlot* m_plot;
};

} // namespace krw
