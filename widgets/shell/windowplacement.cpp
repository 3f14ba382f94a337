// SPDX-License-Identifier: MIT
#include "shell/windowplacement.h"

#include <QtGlobal>

#include <algorithm>

namespace krw {

QSize WindowPlacement::firstSize(const QSize& available)
{
    return {
        std::min(PreferredWidth, int(available.width() * ScreenShare)), std::min(PreferredHeight, int(available.height() * ScreenShare))};
}

QRect WindowPlacement::fitted(const QRect& frame, const QRect& available, const QSize& minimum)
{
    QRect result = frame;
    result.setWidth(std::max(minimum.width(), std::min(frame.width(), available.width())));
    result.setHeight(std::max(minimum.height(), std::min(frame.height(), available.height())));
    // Onto the screen: the top left corner last, so that the title bar stays reachable.
    result.moveRight(std::min(result.right(), available.right()));
    result.moveBottom(std::min(result.bottom(), available.bottom()));
    result.moveLeft(std::max(result.left(), available.left()));
    result.moveTop(std::max(result.top(), available.top()));
    return result;
}

} // namespace krw
