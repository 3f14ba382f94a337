// SPDX-License-Identifier: MIT
#include "widgets/theme/plottheme.h"

#include "widgets/plots/qcustomplotwrapper.h"
#include "widgets/theme/diffcolors.h"

#include <QPalette>

namespace krw {

namespace {

// Only hues are fixed: blue for the version under review (the baseline stays grey, it is the
// yardstick), green and red for passed and failed, as in the rest of the app.
constexpr int CandidateHue = 212;
constexpr int PassedHue = 135;
constexpr int FailedHue = 2;

struct SeriesLevels
{
    int lightness;
    int saturation;
};

// Found by looking at rendered plots: dark enough to read as thin lines and small markers on
// white, light enough on a dark base without glowing next to the grey text.
constexpr SeriesLevels OnLight{100, 175};
constexpr SeriesLevels OnDark{168, 150};

} // namespace

PlotTheme PlotTheme::fromPalette(const QPalette& palette)
{
    PlotTheme t;
    t.background = palette.color(QPalette::Base);
    t.text = palette.color(QPalette::Text);
    t.axis = blendColors(t.background, t.text, 0.6);
    t.grid = blendColors(t.background, t.text, 0.15);
    t.subGrid = blendColors(t.background, t.text, 0.07);
    t.reference = blendColors(t.background, t.text, 0.6);
    t.placeholder = blendColors(t.background, t.text, 0.6);
    t.baseline = blendColors(t.background, t.text, 0.5);
    t.candidate = t.series(CandidateHue);
    t.passed = t.series(PassedHue);
    t.failed = t.series(FailedHue);
    t.unknown = blendColors(t.background, t.text, 0.45);
    return t;
}

QColor PlotTheme::series(int hue) const
{
    const SeriesLevels levels = background.lightness() < 128 ? OnDark : OnLight;
    return QColor::fromHsl(hue, levels.saturation, levels.lightness);
}

QColor PlotTheme::fill(const QColor& series) const
{
    return blendColors(background, series, 0.45);
}

void applyPlotTheme(QCustomPlot* plot, const PlotTheme& theme)
{
    plot->setBackground(QBrush(theme.background));
    const QList<QCPAxisRect*> rects = plot->axisRects();
    for (QCPAxisRect* rect : rects) {
        rect->setBackground(QBrush(theme.background));
        const QList<QCPAxis*> axes = rect->axes();
        for (QCPAxis* axis : axes) {
            axis->setBasePen(QPen(theme.axis, 1));
            axis->setTickPen(QPen(theme.axis, 1));
            axis->setSubTickPen(QPen(theme.axis, 1));
            axis->setTickLabelColor(theme.text);
            axis->setLabelColor(theme.text);
            axis->grid()->setPen(QPen(theme.grid, 1, Qt::SolidLine));
            axis->grid()->setSubGridPen(QPen(theme.subGrid, 1, Qt::DotLine));
            axis->grid()->setZeroLinePen(Qt::NoPen);
        }
    }
    // The legend sits in its own layout row outside the data, so it needs no box of its own.
    plot->legend->setBrush(Qt::NoBrush);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setTextColor(theme.text);
    const QList<QCPLayoutElement*> elements = plot->plotLayout()->elements(true);
    for (QCPLayoutElement* element : elements) {
        if (auto* text = qobject_cast<QCPTextElement*>(element))
            text->setTextColor(theme.text);
    }
}

} // namespace krw
