// SPDX-License-Identifier: MIT
#include "widgets/shell/shortcuthelp.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>

#include <functional>

namespace krw {

// Made from the window's actions as they are now, so it cannot drift from them: the menus in
// their order, then every other action with a shortcut (a page's own), then the few keys that
// are no action.
QString ShortcutHelp::html(const QMainWindow* window)
{
    QString rows;
    QSet<const QAction*> listed;
    auto row = [&rows](const QString& keys, const QString& what) {
        rows += QStringLiteral("<tr><td><b>%1</b></td><td>&nbsp;&nbsp;%2</td></tr>").arg(keys.toHtmlEscaped(), what.toHtmlEscaped());
    };
    auto heading = [&rows](const QString& title) {
        rows += QStringLiteral("<tr><td colspan=\"2\"><br><i>%1</i></td></tr>").arg(title.toHtmlEscaped());
    };
    auto keysOf = [](const QAction* action) {
        QStringList keys;
        for (const QKeySequence& sequence : action->shortcuts())
            keys << sequence.toString(QKeySequence::NativeText);
        return keys.join(tr(" or "));
    };
    auto titleOf = [](const QAction* action) {
        const QString text = action->text().remove(QLatin1Char('&'));
        const QString tip = action->toolTip();
        return tip.isEmpty() || tip == text ? text : tr("%1 — %2").arg(text, tip);
    };
    std::function<void(const QMenu*)> walk = [&](const QMenu* menu) {
        for (const QAction* action : menu->actions()) {
            if (action->menu())
                walk(action->menu());
            else if (!action->shortcuts().isEmpty() && !listed.contains(action)) {
                listed.insert(action);
                row(keysOf(action), titleOf(action));
            }
        }
    };
    for (const QAction* top : window->menuBar()->actions()) {
        if (!top->menu())
            continue;
        heading(top->text().remove(QLatin1Char('&')));
        walk(top->menu());
    }
    bool elsewhere = false;
    for (const QAction* action : window->findChildren<QAction*>()) {
        if (action->shortcuts().isEmpty() || listed.contains(action))
            continue;
        if (!elsewhere)
            heading(tr("In the views"));
        elsewhere = true;
        listed.insert(action);
        row(keysOf(action), titleOf(action));
    }
    heading(tr("Keys that are no menu item"));
    row(tr("Shift+Up / Shift+Down, Ctrl+click"), tr("select several cases (a verdict key then sets all of them)"));
    row(tr("Delete"), tr("delete the selected line comment (in the review panel's comment list)"));
    row(tr("Ctrl+Z / Ctrl+Shift+Z in a text field"), tr("undo / redo typing in that field"));
    return tr("<p>Single keys work whenever the cursor is not in a text field.</p><table>%1</table>").arg(rows);
}

} // namespace krw
