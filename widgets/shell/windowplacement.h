// SPDX-License-Identifier: MIT
#pragma once

#include <QMargins>
#include <QRect>
#include <QSize>

class QWidget;

namespace krw {

// Where the main window goes, as plain rectangles (logical pixels): the first size comes from
// the screen's available area, at any scale factor, and a remembered geometry is brought back
// onto the screen it would open on (a smaller screen, another scale factor, a screen now gone).
class WindowPlacement
{
public:
    static constexpr int PreferredWidth = 1600;
    static constexpr int PreferredHeight = 1000;
    static constexpr double ScreenShare = 0.92; // of the available area, at most

    // The first size: PreferredWidth × PreferredHeight where the screen has room, else that
    // share of its available area.
    static QSize firstSize(const QSize& available);

    // frame (the window with its frame) moved and, where it must be, shrunk to lie within
    // available; minimum: the window's smallest size (never gone below, even if it cannot fit).
    static QRect fitted(const QRect& frame, const QRect& available, const QSize& minimum = {});
    // Both, applied to a window as it is first shown, on the screen it opens on: the first size
    // centred there unless a geometry was restored (restored) or the caller sized it (tests,
    // --screenshot), then moved or shrunk onto that screen where it does not fit.
    static void place(QWidget* window, bool restored);
};

} // namespace krw
