// SPDX-License-Identifier: MIT
#include "widgets/shell/runopener.h"

#include "models/layouts/kernelbenchcheckout.h"
#include "models/run/runsummary.h"
#include "models/session/runsession.h"
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

RunOpener::RunOpener(RunSession* session, QWidget* window)
    : QObject(window)
    , m_window(window)
    , m_session(session)
    , m_runLabel(new QLabel(window))
    , m_progress(new QProgressBar(window))
    , m_cancel(new QToolButton(window))
{
    // The checkout the user pointed to in an earlier session, for the KernelBench runs opened now.
    KernelBenchCheckout::setChosen(Settings::instance()->kernelBenchCheckout());
    m_runLabel->setObjectName(QStringLiteral("runSummary"));
    m_progress->setMaximumWidth(220);
    m_progress->hide();
    m_cancel->setText(tr("Cancel"));
    m_cancel->hide();
    connect(m_cancel, &QToolButton::clicked, m_session, &RunSession::cancelOpening);
    connect(m_session, &RunSession::choiceNeeded, this, &RunOpener::ask);
    connect(m_session, &RunSession::loadingStarted, this, [this](const QString& runName) {
        m_runLabel->setText(tr("Loading %1…").arg(runName));
        m_progress->setValue(0);
        m_progress->show();
        m_cancel->show();
    });
    connect(m_session, &RunSession::loadProgress, this, [this](qint64 done, qint64 total) {
        m_progress->setMaximum(total > 0 ? 1000 : 0);
        m_progress->setValue(total > 0 ? int(done * 1000 / total) : 0);
    });
    connect(m_session, &RunSession::runOpened, this, [this](const RunPtr& run, const RunPtr&, const QString& note) { opened(run, note); });
    connect(m_session, &RunSession::openFailed, this, [this](const QString& message) {
        endProgress();
        m_runLabel->setText(message);
        if (m_interactive)
            QMessageBox::warning(m_window, tr("Cannot open run"), message);
        Q_EMIT failed();
    });
    connect(m_session, &RunSession::openCancelled, this, [this] {
        endProgress();
        const RunPtr& shown = m_session->run();
        m_runLabel->setText(shown ? tr("Opening cancelled; still showing %1.").arg(shown->name) : tr("Opening cancelled."));
        Q_EMIT failed();
    });
}

void RunOpener::chooseFolder()
{
    const QString path
        = QFileDialog::getExistingDirectory(m_window, tr("Open Run Folder"), QFileInfo(Settings::instance()->lastRunPath()).path());
    if (!path.isEmpty())
        open(path);
}

void RunOpener::chooseKernelBenchCheckout()
{
    const QString root
        = QFileDialog::getExistingDirectory(m_window, tr("KernelBench Checkout"), Settings::instance()->kernelBenchCheckout());
    if (root.isEmpty())
        return;
    if (!KernelBenchCheckout::isCheckout(root)) {
        QMessageBox::warning(m_window, tr("KernelBench Checkout"),
            tr("%1 is not a KernelBench checkout: it has no KernelBench/level<N>/ folder.").arg(root));
        return;
    }
    Settings::instance()->setKernelBenchCheckout(root);
    KernelBenchCheckout::setChosen(root);
    reload();
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
    m_interactive = interactive;
    endProgress();
    m_runLabel->setText(tr("Opening %1…").arg(path));
    m_session->open(path, runName, interactive);
}

void RunOpener::reload()
{
    if (m_session->run() && !m_session->openedPath().isEmpty())
        open(m_session->openedPath(), m_session->run()->name);
}

void RunOpener::ask(const RunChoice& choice, const QString& path)
{
    const std::optional<int> index = RunChooser::pick(m_window, tr("Choose a run"), path, choice);
    if (index)
        m_session->choose(*index);
    else
        m_session->cancelOpening();
}

void RunOpener::opened(const RunPtr& run, const QString& note)
{
    endProgress();
    // A note of the choice ("… no longer holds the run x", "… holds 3 runs; showing the newest") stays in view.
    m_runLabel->setText(note.isEmpty() ? runSummaryText(*run) : note + QLatin1Char(' ') + runSummaryText(*run));
    const QString path = m_session->openedPath();
    if (path != samplePath()) {
        Settings::instance()->setLastRun(path, run->name);
        Settings::instance()->addRecentRun(path, run->name);
    }
}

void RunOpener::endProgress()
{
    m_progress->hide();
    m_cancel->hide();
}

} // namespace krw
