// SPDX-License-Identifier: MIT
#include "widgets/theme/diffcolors.h"

#include <QPalette>

#include <algorithm>

namespace krw {

namespace {

// Hues people already read as deleted / inserted / changed in diff tools. Only hues are fixed:
// lightness follows the palette. Changed is amber, not the usual blue, because the highlight
// themes' selection colour is blue and a selection must not look like a changed span.
constexpr int RemovedHue = 0;
constexpr int AddedHue = 120;
constexpr int ChangedHue = 45;

struct TintLevels
{
    int lineShift; // lightness distance from Base, away from the text colour
    int spanShift;
    int saturation;
};

// Found by looking at rendered diffs: on dark palettes a bright span made grey comments
// unreadable and green outshone the other hues, so dark tints stay close to Base and muted.
constexpr TintLevels LightLevels{18, 50, 190};
constexpr TintLevels DarkLevels{7, 22, 130};

// hue at a lightness shifted from base: darker on light palettes, lighter on dark ones, so
// text drawn for that palette keeps its contrast.
QColor tint(const QColor& base, int hue, int shift, int saturation)
{
    const bool dark = base.lightness() < 128;
    const int lightness = std::clamp(base.lightness() + (dark ? shift : -shift), 0, 255);
    return QColor::fromHsl(hue, saturation, lightness);
}

} // namespace

QColor blendColors(const QColor& base, const QColor& over, qreal amount)
{
    const qreal keep = 1.0 - amount;
    return QColor::fromRgbF(base.redF() * keep + over.redF() * amount, base.greenF() * keep + over.greenF() * amount,
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
    const TintLevels levels = isDarkPalette(palette) ? DarkLevels : LightLevels;
    const auto line = [&](int hue) { return tint(base, hue, levels.lineShift, levels.saturation); };
    const auto span = [&](int hue) { return tint(base, hue, levels.spanShift, levels.saturation); };
    DiffColors c;
    c.removedLine = line(RemovedHue);
    c.removedSpan = span(RemovedHue);
    c.addedLine = line(AddedHue);
    c.addedSpan = span(AddedHue);
    c.changedLine = line(ChangedHue);
    c.changedSpan = span(ChangedHue);
    c.filler = blendColors(base, text, 0.05);
    c.fillerHatch = blendColors(base, text, 0.18);
    return c;
}

} // namespace krw
