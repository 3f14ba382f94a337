// SPDX-License-Identifier: MIT
#include "widgets/plots/speeduphistogramplot.h"

#include "models/run/runsummary.h"
#include "widgets/plots/qcustomplotwrapper.h"
#include "widgets/theme/plottheme.h"

#include <algorithm>

namespace krw {

SpeedupHistogramPlot::SpeedupHistogramPlot(QWidget* parent)
    : PlotWidget(parent)
{
    setObjectName(QStringLiteral("speedupHistogram"));
    m_bins = speedupBins({});
    rebuild();
}

void SpeedupHistogramPlot::setSpeedups(const QVector<double>& speedups)
{
    m_bins = speedupBins(speedups);
    rebuild();
}

void SpeedupHistogramPlot::build(const PlotTheme& theme)
{
    setCategories(m_bins.axis);
    if (!m_bins.emptyMessage.isEmpty()) {
        showEmptyState(m_bins.emptyMessage, theme);
        return;
    }
    setTitle(tr("Device-time speedups of the clean passes (%1)").arg(caseCountText(m_bins.total)));
    QVector<double> keys;
    for (int i = 0; i < m_bins.counts.size(); ++i)
        keys << i;
    auto* bars = new QCPBars(plot()->xAxis, plot()->yAxis);
    bars->setName(tr("clean passes"));
    bars->setWidth(0.7);
    bars->setPen(QPen(theme.passed, 1.5));
    bars->setBrush(theme.fill(theme.passed));
    bars->setData(keys, m_bins.counts, true);
    const double most = *std::max_element(m_bins.counts.cbegin(), m_bins.counts.cend());
    plot()->yAxis->setRange(0, most + 1);
    // Counts of cases: whole numbers on the axis, never 0.5.
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    plot()->yAxis->setTicker(ticker);
    plot()->yAxis->setLabel(tr("cases"));
    plot()->xAxis->setRange(-0.6, m_bins.counts.size() - 0.4);
}

} // namespace krw
