// SPDX-License-Identifier: MIT
#include "widgets/shell/windowplacement.h"

#include <QScreen>
#include <QWidget>
#include <QWindow>
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

void WindowPlacement::place(QWidget* window, bool restored)
{
    QScreen* where = window->screen();
    if (!where)
        return;
    const QRect available = where->availableGeometry();
    // The frame is known once the window is mapped; until then, room for a title bar.
    const QWindow* handle = window->windowHandle();
    const QMargins frame = handle && !handle->frameMargins().isNull() ? handle->frameMargins() : QMargins(4, 30, 4, 4);
    const bool sizedByCaller = !restored && window->testAttribute(Qt::WA_Resized);
    if (!restored && !sizedByCaller) {
        const QSize size = firstSize(available.size()).shrunkBy(frame);
        window->resize(size);
        window->move(available.center() - QRect(QPoint(), size.grownBy(frame)).center());
    }
    const QRect withFrame = window->geometry().marginsAdded(frame);
    const QRect onScreen = fitted(withFrame, available, window->minimumSizeHint().grownBy(frame));
    if (!sizedByCaller && onScreen != withFrame)
        window->setGeometry(onScreen.marginsRemoved(frame));
}

} // namespace krw
