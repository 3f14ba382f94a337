// SPDX-License-Identifier: MIT
#include "diffcolors.h"

#include <QPalette>

namespace krw {

namespace {

// Hues people already read as deleted / inserted / modified in diff tools. Only the hue is
// fixed: lightness comes from the palette through blendColors.
constexpr int RemovedHue = 0;
constexpr int AddedHue = 120;
constexpr int ChangedHue = 210;

QColor hueColor(int hue)
{
    return QColor::fromHsv(hue, 190, 220);
}

} // namespace

QColor blendColors(const QColor& base, const QColor& over, qreal amount)
{
    const qreal keep = 1.0 - amount;
    return QColor::fromRgbF(base.redF() * keep + over.redF() * amount,
                            base.greenF() * keep + over.greenF() * amount,
                            base.blueF() * keep + over.blueF() * amount);
}

bool isDarkPalette(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

DiffColors DiffColors::fromPalette(const QPalette& palette)
{
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    // A tint that is enough on white vanishes on a dark background: dark palettes get more.
    const bool dark = isDarkPalette(palette);
    const qreal line = dark ? 0.24 : 0.15;
    const qreal span = dark ? 0.50 : 0.38;
    DiffColors c;
    c.removedLine = blendColors(base, hueColor(RemovedHue), line);
    c.removedSpan = blendColors(base, hueColor(RemovedHue), span);
    c.addedLine = blendColors(base, hueColor(AddedHue), line);
    c.addedSpan = blendColors(base, hueColor(AddedHue), span);
    c.changedLine = blendColors(base, hueColor(ChangedHue), line);
    c.changedSpan = blendColors(base, hueColor(ChangedHue), span);
    c.filler = blendColors(base, text, 0.05);
    c.fillerHatch = blendColors(base, text, 0.18);
    return c;
}

} // namespace krw
