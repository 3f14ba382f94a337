// SPDX-License-Identifier: MIT
#pragma once

#include "models/review/annotations.h"
#include "widgets/settings/settings.h"

#include <QColor>
#include <QIcon>
#include <QPalette>

namespace krw {

// Applies the chosen theme to the application: the platform's palette, or Fusion with a light
// or dark palette. Views follow through QEvent::PaletteChange.
void applyTheme(Theme theme);
// Whether the platform's own look ("System") is dark.
bool systemThemeIsDark();
QPalette darkPalette();
QPalette lightPalette();
// Black on white whatever the desktop theme: what exported reports are drawn in.
QPalette paperPalette();

// A tint of the palette's base colour towards a hue, strong enough to see in light and dark
// palettes alike: used for outcome badges and diff backgrounds.
QColor tinted(const QPalette& palette, const QColor& hue, qreal amount);

// Hues of the semantic states, kept in one place (the palette decides lightness). Every view
// takes its outcome, verdict, stale and problem colours from here, diffs from DiffColors and
// plots from PlotTheme (both beside this file); exported reports use paperPalette().
QColor outcomeHue(int outcome); // krw::Outcome as int
QColor verdictHue(Verdict verdict); // invalid for Verdict::None
QColor staleHue(); // line comments whose version changed
// Text that reports a problem: red, bright enough on a dark window too.
QColor problemTextColor(const QPalette& palette);

// A one-colour icon (a style's standard pixmap, drawn black) redrawn in the palette's button text
// colour, enabled and disabled, so that it shows on a dark toolbar too.
QIcon iconInTextColor(const QIcon& icon, const QPalette& palette);

} // namespace krw
