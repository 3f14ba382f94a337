// SPDX-License-Identifier: MIT
//
// Colours of the plots, derived from the palette at hand (S3) like DiffColors: text, axes and
// grid are blends of QPalette::Base and QPalette::Text, and series colours are fixed hues at a
// lightness chosen from the base, so they read on light and dark palettes alike.
#pragma once

#include <QColor>

class QCustomPlot;
class QPalette;

namespace krw {

struct PlotTheme
{
    QColor background;
    QColor text;
    QColor axis; // axis lines and ticks
    QColor grid;
    QColor subGrid;
    QColor reference; // dashed reference lines: atol, speedup 1.0
    QColor placeholder; // the empty-state message

    QColor baseline; // timing: the reference implementation, kept neutral
    QColor candidate; // timing: the version under review
    QColor passed;
    QColor failed;
    QColor unknown; // no verdict

    static PlotTheme fromPalette(const QPalette& palette);

    // A hue at a lightness that stands out from this theme's background.
    QColor series(int hue) const;
    // A fill for bars of a series colour: mostly background, so whiskers and text on it still read.
    QColor fill(const QColor& series) const;
};

// Applies background, axis, grid, tick label and legend colours to every axis rect of the plot.
void applyPlotTheme(QCustomPlot* plot, const PlotTheme& theme);

} // namespace krw
