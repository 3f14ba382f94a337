// SPDX-License-Identifier: MIT
#include "widgets/plots/timingplot.h"

#include "widgets/plots/qcustomplotwrapper.h"
#include "widgets/theme/plottheme.h"

namespace krw {

namespace {

// Two bars per call with a gap between calls; whisker caps narrower than a bar.
constexpr double BarWidth = 0.36;
constexpr double WhiskerCapPixels = 10;

} // namespace

TimingPlot::TimingPlot(QWidget* parent)
    : PlotWidget(parent)
    , m_group(new QCPBarsGroup(plot()))
{
    setObjectName(QStringLiteral("timingPlot"));
    m_group->setSpacingType(QCPBarsGroup::stAbsolute);
    m_group->setSpacing(2);
    rebuild();
}

void TimingPlot::setTiming(const TimingStage& timing, const SpeedupContext& context)
{
    m_timing = timing;
    m_context = context;
    rebuild();
}

void TimingPlot::clear()
{
    m_timing.reset();
    m_context = {};
    rebuild();
}

void TimingPlot::build(const PlotTheme& theme)
{
    const TimingPlotData data = timingPlotData(m_timing, m_context);
    setCategories(data.axis);
    if (!data.emptyMessage.isEmpty()) {
        showEmptyState(data.emptyMessage, theme);
        return;
    }
    setTitle(data.title);
    // What bar and whisker mean goes in the legend: a long axis label is cut on short plots.
    addSide(data.baseline, tr("baseline p50, p10–p90"), theme.baseline, theme);
    addSide(data.candidate, tr("candidate p50, p10–p90"), theme.candidate, theme);
    plot()->yAxis->setRange(data.yRange.lower, data.yRange.upper);
    plot()->yAxis->setLabel(tr("time (ms)"));
    for (const Annotation& note : data.notes)
        addNote(note, note.flagged ? theme.failed : note.muted ? theme.placeholder : theme.text);
}

void TimingPlot::addNote(const Annotation& note, const QColor& color)
{
    auto* text = new QCPItemText(plot());
    text->position->setCoords(note.key, note.value);
    text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    text->setPadding(QMargins(0, 0, 0, 4)); // clear of the whisker cap
    text->setText(note.text);
    text->setColor(color);
    text->setFont(font());
}

void TimingPlot::addSide(const SeriesData& series, const QString& name, const QColor& color, const PlotTheme& theme)
{
    auto* bars = new QCPBars(plot()->xAxis, plot()->yAxis);
    bars->setName(name);
    bars->setWidth(BarWidth);
    bars->setPen(QPen(color, 1.5));
    bars->setBrush(theme.fill(color));
    bars->setData(series.keys, series.values, true);
    // Both sides stay in the group even when one has no data, so a call's bars never shift.
    bars->setBarsGroup(m_group);

    auto* whiskers = new QCPErrorBars(plot()->xAxis, plot()->yAxis);
    whiskers->removeFromLegend();
    whiskers->setDataPlottable(bars);
    whiskers->setData(series.minus, series.plus);
    // Text colour, not the series colour: the lower whisker runs over the bar's fill.
    whiskers->setPen(QPen(theme.text, 1.2));
    whiskers->setWhiskerWidth(WhiskerCapPixels);
    whiskers->setSymbolGap(0); // the gap is for scatter symbols; at a bar it cut the whisker at the bar top
}

} // namespace krw
