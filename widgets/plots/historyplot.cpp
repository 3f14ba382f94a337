// SPDX-License-Identifier: MIT
#include "widgets/plots/historyplot.h"

#include "widgets/plots/qcustomplotwrapper.h"
#include "widgets/theme/plottheme.h"

namespace krw {

namespace {

constexpr double MarkerSize = 11;
// A diamond of the same size as a disc covers half its area and looked like a lesser point.
constexpr double DiamondSize = MarkerSize * 1.35;

QColor stateColor(HistoryGroup::State state, const PlotTheme& theme)
{
    switch (state) {
    case HistoryGroup::State::Passed:
        return theme.passed;
    case HistoryGroup::State::Suspect: // drawn hollow: a pass whose speedup does not count
    case HistoryGroup::State::Failed:
        return theme.failed;
    case HistoryGroup::State::NotReached:
        break;
    }
    return theme.unknown;
}

} // namespace

HistoryPlot::HistoryPlot(QWidget* parent)
    : PlotWidget(parent)
{
    setObjectName(QStringLiteral("historyPlot"));
    rebuild();
}

void HistoryPlot::setHistory(const QVector<HistoryPoint>& history)
{
    m_history = history;
    rebuild();
}

void HistoryPlot::clear()
{
    m_history.clear();
    rebuild();
}

void HistoryPlot::build(const PlotTheme& theme)
{
    const HistoryPlotData data = historyPlotData(m_history);
    setCategories(data.axis);
    if (!data.emptyMessage.isEmpty()) {
        showEmptyState(data.emptyMessage, theme);
        return;
    }
    setTitle(data.title);
    addReferenceLine(1.0, tr("1.0× = baseline speed"), theme);
    for (const HistoryGroup& group : data.groups)
        addGroup(group, theme);
    plot()->yAxis->setRange(data.yRange.lower, data.yRange.upper);
    plot()->yAxis->setLabel(tr("speedup (×)"));
}

void HistoryPlot::addGroup(const HistoryGroup& group, const PlotTheme& theme)
{
    // Shape tells the source (the agent's numbers were measured elsewhere, ours here); colour
    // tells the accuracy verdict, the same green/red as the error plot; a suspect pass is a red ring.
    const bool agent = group.source == HistoryPoint::Source::AgentPerfCandidate;
    const QColor color = stateColor(group.state, theme);
    const bool hollow = group.state == HistoryGroup::State::Suspect;
    const QCPScatterStyle style(agent ? QCPScatterStyle::ssDiamond : QCPScatterStyle::ssDisc, QPen(color, 1.5),
        hollow ? QBrush(Qt::NoBrush) : QBrush(color), agent ? DiamondSize : MarkerSize);
    QCPGraph* graph = plot()->addGraph();
    graph->setName(group.name);
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setScatterStyle(style);
    graph->setPen(QPen(color, 1.5));
    graph->setData(group.points.keys, group.points.values, true);
}

} // namespace krw
