// SPDX-License-Identifier: MIT
#include "widgets/shell/runopener.h"

#include "models/run/runchoice.h"
#include "models/run/runloadjob.h"
#include "models/run/runsummary.h"
#include "widgets/settings/settings.h"
#include "widgets/shell/runchooser.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QToolButton>

namespace krw {

QString RunOpener::samplePath()
{
    return QStringLiteral(":/sample/run");
}

RunOpener::RunOpener(QWidget* window)
    : QObject(window)
    , m_window(window)
    , m_loadJob(new RunLoadJob(this))
    , m_runLabel(new QLabel(window))
    , m_progress(new QProgressBar(window))
    , m_cancel(new QToolButton(window))
{
    m_runLabel->setObjectName(QStringLiteral("runSummary"));
    m_progress->setMaximumWidth(220);
    m_progress->hide();
    m_cancel->setText(tr("Cancel"));
    m_cancel->hide();
    connect(m_cancel, &QToolButton::clicked, m_loadJob, &RunLoadJob::cancel);
    connect(m_loadJob, &RunLoadJob::located, this, &RunOpener::chooseRun);
    connect(m_loadJob, &RunLoadJob::progress, this, [this](qint64 done, qint64 total) {
        m_progress->setMaximum(total > 0 ? 1000 : 0);
        m_progress->setValue(total > 0 ? int(done * 1000 / total) : 0);
    });
    connect(m_loadJob, &RunLoadJob::loaded, this, &RunOpener::finishLoad);
}

void RunOpener::chooseFolder()
{
    const QString path
        = QFileDialog::getExistingDirectory(m_window, tr("Open Run Folder"), QFileInfo(Settings::instance()->lastRunPath()).path());
    if (!path.isEmpty())
        open(path);
}

void RunOpener::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Run File"), QFileInfo(Settings::instance()->lastRunPath()).path(),
        tr("Run files (*.jsonl *.json);;All files (*)"));
    if (!path.isEmpty())
        open(path);
}

void RunOpener::open(const QString& path, const QString& runName, bool interactive)
{
    m_requestedPath = path;
    m_requestedRunName = runName;
    m_interactive = interactive;
    m_runLabel->setText(tr("Opening %1…").arg(path));
    m_loadJob->locate(path);
}

void RunOpener::reload()
{
    if (m_opened)
        open(m_requestedPath, m_opened->name);
}

void RunOpener::cancel()
{
    m_loadJob->cancel();
}

void RunOpener::chooseRun(const LocateResult& result)
{
    // The window's name is a remembered one (the last run, a recent run): gone, it is dropped with a note.
    const RunChoice choice = RunChoice::of(m_requestedPath, result, m_requestedRunName, RunChoice::Request::Remembered, m_interactive);
    if (choice.outcome == RunChoice::Outcome::NothingFound || choice.outcome == RunChoice::Outcome::NoSuchRun) {
        m_runLabel->setText(choice.message);
        if (m_interactive)
            QMessageBox::warning(m_window, tr("Cannot open run"), choice.message);
        Q_EMIT failed();
        return;
    }
    const std::optional<int> index = RunChooser::pick(m_window, tr("Choose a run"), m_requestedPath, choice);
    if (!index) {
        m_runLabel->setText(tr("Opening cancelled."));
        Q_EMIT failed();
        return;
    }
    const RunSource* chosen = &result.runs.at(*index);
    m_choiceNote = choice.message;
    m_runLabel->setText(tr("Loading %1…").arg(chosen->name));
    m_progress->setValue(0);
    m_progress->show();
    m_cancel->show();
    m_loadJob->load(*chosen, m_opened); // files of the run on show that did not change are not read again
}

void RunOpener::finishLoad(const RunPtr& run)
{
    m_progress->hide();
    m_cancel->hide();
    if (run->cancelled) {
        m_runLabel->setText(m_opened ? tr("Loading cancelled; still showing %1.").arg(m_opened->name) : tr("Loading cancelled."));
        Q_EMIT failed();
        return;
    }
    m_opened = run;
    // A note of the choice ("… no longer holds the run x", "… holds 3 runs; showing the newest") stays in view.
    m_runLabel->setText(m_choiceNote.isEmpty() ? runSummaryText(*run) : m_choiceNote + QLatin1Char(' ') + runSummaryText(*run));
    if (m_requestedPath != samplePath()) {
        Settings::instance()->setLastRun(m_requestedPath, run->name);
        Settings::instance()->addRecentRun(m_requestedPath, run->name);
    }
    Q_EMIT loaded(run);
}

} // namespace krw
