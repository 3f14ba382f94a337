// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>

namespace krw {

class MainWindow;

// The window's menus (File, Edit, Go, Review, View, Help) and its toolbar, made from the window's
// parts once, as it is built; the toolbar holds the menus' own actions (one shortcut, one state).
// The window keeps the actions whose state changes later (Leave Comparison, Rerun, Resume Batch).
class MainMenus
{
    Q_DECLARE_TR_FUNCTIONS(MainMenus)
public:
    static void build(MainWindow* window);

private:
    static void buildReviewMenu(MainWindow* window); // verdicts and notes, moving between cases
};

} // namespace krw
