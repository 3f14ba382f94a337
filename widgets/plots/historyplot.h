// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/plots/plotwidget.h"

namespace krw {

// A case's speedups over its history: the agent's own perf candidates and our reruns, marker
// shape by source, colour by the accuracy verdict, with a dashed line at 1.0× (baseline speed).
class HistoryPlot : public PlotWidget
{
    Q_OBJECT
public:
    explicit HistoryPlot(QWidget* parent = nullptr);

    void setHistory(const QVector<HistoryPoint>& history);
    void clear();
    const QVector<HistoryPoint>& history() const { return m_history; }

protected:
    void build(const PlotTheme& theme) override;

private:
    void addGroup(const HistoryGroup& group, const PlotTheme& theme);

    QVector<HistoryPoint> m_history;
};

} // namespace krw
