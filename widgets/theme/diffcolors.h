// SPDX-License-Identifier: MIT
//
// Colours for code and diff views, derived from the palette at hand (S3): for each kind of
// change a hue at a lightness a little away from QPalette::Base, so they read in light and dark
// palettes alike and follow the palette when it changes. Plain functions, testable without a view.
#pragma once

#include <QColor>

class QPalette;

namespace krw {

// Linear mix: amount 0 gives base, 1 gives over.
QColor blendColors(const QColor& base, const QColor& over, qreal amount);

bool isDarkPalette(const QPalette& palette);

struct DiffColors
{
    QColor removedLine;
    QColor removedSpan;
    QColor addedLine;
    QColor addedSpan;
    QColor changedLine;
    QColor changedSpan;
    QColor filler; // rows that exist only on the other side
    QColor fillerHatch;

    static DiffColors fromPalette(const QPalette& palette);
};

} // namespace krw
