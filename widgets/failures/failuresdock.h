// SPDX-License-Identifier: MIT
#pragma once

#include <QDockWidget>

class QTimer;

namespace krw {

class FailuresPanel;
class RunSession;

// View ▸ Failures: the open run's failure groups, read only while someone looks (the errors of
// every failing case come from the run's files) and again once reruns change them.
class FailuresDock : public QDockWidget
{
    Q_OBJECT
public:
    FailuresDock(const RunSession* session, QWidget* parent = nullptr);

    FailuresPanel* panel() const { return m_panel; }
    void clear(); // another run opens: its groups are read once its saved reruns are known
    void readAgain(); // the saved reruns are read: the groups now, if shown
    void readAgainSoon(); // a rerun finished: the groups once a burst of them ends, if shown

private:
    void readIfShown();

    const RunSession* m_session;
    FailuresPanel* m_panel;
    QTimer* m_refresh;
    bool m_stale = true; // the groups are not yet read for the run on show
};

} // namespace krw
