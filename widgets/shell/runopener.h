// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"
#include "models/run/runlocator.h"

#include <QObject>
#include <QString>

class QLabel;
class QProgressBar;
class QToolButton;
class QWidget;

namespace krw {

class RunLoadJob;

// Everything between "open this path" and a loaded run: the file dialogs, finding the runs and
// loading one on a worker (RunLoadJob), asking which run when a place holds several, and the
// status bar's run label, progress bar and Cancel button. The window adds those three widgets
// to its status bar and shows what loaded() hands over.
class RunOpener : public QObject
{
    Q_OBJECT
public:
    static QString samplePath(); // the run embedded in the application

    // window: the parent of the widgets and dialogs.
    explicit RunOpener(QWidget* window);

    // Chooses as RunChoice does for a remembered name: with several runs in one place, asks which
    // (or takes the newest when interactive is false). Returns at once; loaded() or failed() says
    // how it ended.
    void open(const QString& path, const QString& runName = {}, bool interactive = true);
    void reload(); // the last path again, with the run last opened; nothing before a run is open
    void chooseFolder(); // a folder dialog, then open()
    void chooseFile(); // a file dialog, then open()
    void cancel();

    QString requestedPath() const { return m_requestedPath; }
    QLabel* runLabel() const { return m_runLabel; }
    QProgressBar* progressBar() const { return m_progress; }
    QToolButton* cancelButton() const { return m_cancel; }

Q_SIGNALS:
    void loaded(const krw::RunPtr& run); // a run to show (not cancelled)
    void failed(); // nothing new to show: not found, no run chosen, or loading cancelled

private:
    void chooseRun(const LocateResult& result);
    void finishLoad(const RunPtr& run);

    QWidget* m_window;
    RunLoadJob* m_loadJob;
    QString m_requestedPath;
    QString m_requestedRunName;
    QString m_choiceNote; // RunChoice's note on the run being loaded, shown with its summary
    RunPtr m_opened; // the run last handed over by loaded()
    bool m_interactive = true;
    QLabel* m_runLabel;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
};

} // namespace krw
