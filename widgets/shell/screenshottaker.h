// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"

#include <QObject>
#include <QString>

class QWidget;

namespace krw {

class CaseView;

// Screenshot mode (kernel-review --screenshot): once armed, every run the window loads is
// shown on the chosen case (or the first failing one) and tab (default: Compare), and as soon
// as the newest diff is shown the window is saved as a PNG.
class ScreenshotTaker : public QObject
{
    Q_OBJECT
public:
    // window: what is grabbed; caseView: whose tab is shown and whose diff is waited for.
    ScreenshotTaker(QWidget* window, CaseView* caseView, QObject* parent = nullptr);

    // tab: a CaseView::Tab, or -1 for the Compare tab.
    void arm(const QString& pngPath, const QString& caseName, int tab);
    bool isArmed() const { return !m_path.isEmpty(); }
    QString caseName() const { return m_caseName; } // the case to select; empty = the window decides

    // Called once a run is in the window and its case is selected: waits for the diff, then grabs.
    void takeWhenShown(const RunPtr& run);

Q_SIGNALS:
    void saved(bool ok, const QString& message); // message: the PNG's path, or why it failed

private:
    QWidget* m_window;
    CaseView* m_caseView;
    QString m_path;
    QString m_caseName;
    int m_tab = -1;
};

} // namespace krw
