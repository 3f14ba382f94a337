// SPDX-License-Identifier: MIT
#include "widgets/plots/shapetimingplot.h"

#include "models/browse/shapetimingmodel.h"
#include "widgets/plots/qcustomplotwrapper.h"
#include "widgets/theme/plottheme.h"

#include <algorithm>

namespace krw {

namespace {

constexpr double BarWidth = 0.36;
constexpr int LabelChars = 18; // a shape's tick label; the whole name is its tooltip

} // namespace

ShapeTimingPlot::ShapeTimingPlot(QWidget* parent)
    : PlotWidget(parent)
    , m_group(new QCPBarsGroup(plot()))
{
    setObjectName(QStringLiteral("shapeTimingPlot"));
    m_group->setSpacingType(QCPBarsGroup::stAbsolute);
    m_group->setSpacing(2);
    rebuild();
}

void ShapeTimingPlot::setTimings(const QVector<ShapeTiming>& timings, bool warned)
{
    m_timings = timings;
    m_warned = warned;
    rebuild();
}

void ShapeTimingPlot::build(const PlotTheme& theme)
{
    CategoryAxis axis;
    QVector<double> baseKeys;
    QVector<double> baseValues;
    QVector<double> candidateKeys;
    QVector<double> candidateValues;
    double most = 0;
    for (int i = 0; i < m_timings.size(); ++i) {
        const ShapeTiming& t = m_timings.at(i);
        axis.labels << (t.name.size() > LabelChars ? t.name.left(LabelChars - 1) + QStringLiteral("…") : t.name);
        axis.toolTips << QStringLiteral("%1\n%2").arg(t.name, t.note.isEmpty() ? t.method : t.method + QStringLiteral("\n") + t.note);
        if (t.baselineMs) {
            baseKeys << i;
            baseValues << *t.baselineMs;
            most = std::max(most, *t.baselineMs);
        }
        if (t.candidateMs) {
            candidateKeys << i;
            candidateValues << *t.candidateMs;
            most = std::max(most, *t.candidateMs);
        }
    }
    setCategories(axis);
    if (baseKeys.isEmpty() && candidateKeys.isEmpty()) {
        showEmptyState(tr("No shape of this case was timed."), theme);
        return;
    }
    int rows = 0;
    const std::optional<double> geomean = ShapeTimingModel::geomeanSpeedup(m_timings, &rows);
    QString title = tr("Per shape, as the run recorded it (not re-timed here)");
    if (geomean)
        title += tr(": geometric mean %1× over %2 of %3 shapes").arg(*geomean, 0, 'f', 2).arg(rows).arg(m_timings.size());
    if (m_warned)
        title += tr(" — not to be trusted: see the claim warnings");
    setTitle(title);
    addSide(baseKeys, baseValues, tr("baseline"), theme.baseline, theme);
    addSide(candidateKeys, candidateValues, tr("candidate"), theme.candidate, theme);
    plot()->yAxis->setRange(0, most * 1.25);
    plot()->yAxis->setLabel(tr("time (ms)"));
    for (int i = 0; i < m_timings.size(); ++i) {
        const ShapeTiming& t = m_timings.at(i);
        const std::optional<double> speedup = ShapeTimingModel::speedupOf(t);
        if (!speedup)
            continue;
        const bool problem = !t.note.isEmpty() || t.method.contains(QStringLiteral("→"));
        auto* text = new QCPItemText(plot());
        text->position->setCoords(i, std::max(*t.baselineMs, *t.candidateMs));
        text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        text->setPadding(QMargins(0, 0, 0, 4));
        text->setText(problem ? tr("%1× ⚠").arg(*speedup, 0, 'f', 2) : tr("%1×").arg(*speedup, 0, 'f', 2));
        text->setColor(problem ? theme.failed : theme.text);
        text->setFont(font());
    }
    plot()->xAxis->setRange(-0.6, m_timings.size() - 0.4);
}

void ShapeTimingPlot::addSide(
    const QVector<double>& keys, const QVector<double>& values, const QString& name, const QColor& color, const PlotTheme& theme)
{
    auto* bars = new QCPBars(plot()->xAxis, plot()->yAxis);
    bars->setName(name);
    bars->setWidth(BarWidth);
    bars->setPen(QPen(color, 1.5));
    bars->setBrush(theme.fill(color));
    bars->setData(keys, values, true);
    bars->setBarsGroup(m_group);
}

} // namespace krw
