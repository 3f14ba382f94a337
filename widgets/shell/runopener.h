// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/runchoice.h"
#include "models/run/rundata.h"

#include <QObject>
#include <QString>

class QLabel;
class QProgressBar;
class QToolButton;
class QWidget;

namespace krw {

class RunSession;

// The face of RunSession's opening: the file dialogs, the question which run when a place holds
// several (RunChooser), the message when nothing can be opened, the status bar's run label,
// progress bar and Cancel button, and the last and recent runs remembered in the settings. The
// window adds those three widgets to its status bar and shows what RunSession::runOpened hands over.
class RunOpener : public QObject
{
    Q_OBJECT
public:
    static QString samplePath(); // the run embedded in the application

    // window: the parent of the widgets and dialogs; session: opens the runs.
    RunOpener(RunSession* session, QWidget* window);

    // RunSession::open, asking which run when a place holds several (interactive false: the newest).
    // Returns at once; the session's runOpened or failed() says how it ended.
    void open(const QString& path, const QString& runName = {}, bool interactive = true);
    void reload(); // the path last opened, with the run on show; nothing before a run is open
    void chooseFolder(); // a folder dialog, then open()
    void chooseFile(); // a file dialog, then open()
    // A folder dialog for the KernelBench checkout whose problems and baseline timings KernelBench
    // runs use; remembered, and the run on show read again with it.
    void chooseKernelBenchCheckout();

    QLabel* runLabel() const { return m_runLabel; }
    QProgressBar* progressBar() const { return m_progress; }
    QToolButton* cancelButton() const { return m_cancel; }

Q_SIGNALS:
    void failed(); // nothing new to show: not found, no run chosen, or loading cancelled

private:
    void ask(const RunChoice& choice, const QString& path);
    void opened(const RunPtr& run, const QString& note);
    void endProgress();

    QWidget* m_window;
    RunSession* m_session;
    bool m_interactive = true;
    QLabel* m_runLabel;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
};

} // namespace krw
