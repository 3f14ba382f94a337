// SPDX-License-Identifier: MIT
#include "widgets/plots/errorplot.h"

#include "widgets/plots/qcustomplotwrapper.h"
#include "widgets/theme/plottheme.h"

namespace krw {

namespace {

constexpr double MarkerSize = 10;

} // namespace

ErrorPlot::ErrorPlot(QWidget* parent)
    : PlotWidget(parent)
{
    setObjectName(QStringLiteral("errorPlot"));
    rebuild();
}

void ErrorPlot::setAccuracy(const AccuracyStage& accuracy)
{
    m_accuracy = accuracy;
    rebuild();
}

void ErrorPlot::clear()
{
    m_accuracy.reset();
    rebuild();
}

void ErrorPlot::build(const PlotTheme& theme)
{
    const ErrorPlotData data = errorPlotData(m_accuracy);
    setCategories(data.axis);
    if (!data.emptyMessage.isEmpty()) {
        showEmptyState(data.emptyMessage, theme);
        return;
    }
    setTitle(data.title);
    setupLogAxis(data.yRange);
    const QPen thick(theme.failed, 2.2);
    addPoints(data.passed, tr("passed"), QCPScatterStyle(QCPScatterStyle::ssDisc, theme.passed, theme.passed, MarkerSize));
    addPoints(data.clamped, tr("exactly 0 (drawn at %1)").arg(QString::number(LogFloor, 'g', 1)),
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(theme.passed, 2), Qt::NoBrush, MarkerSize));
    addPoints(data.failed, tr("failed"), QCPScatterStyle(QCPScatterStyle::ssCross, thick, Qt::NoBrush, MarkerSize));
    if (data.atol > 0)
        addReferenceLine(data.atol, tr("atol %1").arg(QString::number(data.atol, 'g', 3)), theme);
}

void ErrorPlot::addPoints(const SeriesData& series, const QString& name, const QCPScatterStyle& style)
{
    // Only groups that occur get a graph, so the legend names only what is on the plot.
    if (series.size() == 0)
        return;
    QCPGraph* graph = plot()->addGraph();
    graph->setName(name);
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setScatterStyle(style);
    graph->setPen(style.pen()); // the legend draws the pen next to the marker
    graph->setData(series.keys, series.values, true);
}

void ErrorPlot::setupLogAxis(const AxisRange& range)
{
    QCPAxis* y = plot()->yAxis;
    y->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setSubTickCount(0); // decades only: subticks of 13 decades are a grey smear
    y->setTicker(ticker);
    y->setNumberFormat(QStringLiteral("eb")); // 10⁻⁶ rather than 1e-06
    y->setNumberPrecision(0);
    y->setRange(range.lower, range.upper);
    y->setLabel(tr("max abs error"));
}

} // namespace krw
