// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>

class QMainWindow;

namespace krw {

// Help ▸ Keyboard Shortcuts: every action of a window with its shortcuts, as HTML.
class ShortcutHelp
{
    Q_DECLARE_TR_FUNCTIONS(ShortcutHelp)
public:
    static QString html(const QMainWindow* window);
};

} // namespace krw
