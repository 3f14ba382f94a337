// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"

#include <QDockWidget>

class QMainWindow;
class QTableView;

namespace krw {

class WarningModel;

// View ▸ Warnings: what could not be loaded of the run on show, one row per warning; while
// comparing, B's below A's, each row saying its run. Double-click (or Enter) opens the warning's
// line in its file (WarningSourceDialog). It comes up when a run just loaded has any, sized to a
// few rows, and stays closed once the user closed it.
class WarningsDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit WarningsDock(QMainWindow* window); // added to the window's bottom area, hidden

    // a: the run on show; b: the run compared with, or null. reveal: a run opened or B compared
    // (not a comparison left).
    void showRuns(const RunPtr& a, const RunPtr& b, bool reveal);

private:
    void fitRows(); // the room of a few rows, not a quarter of the window

    QMainWindow* m_window;
    WarningModel* m_model;
    QTableView* m_view;
};

} // namespace krw
