// SPDX-License-Identifier: MIT
#include "widgets/shell/mainwindow.h"

#include "models/batch/batchqueue.h"
#include "models/browse/casefilterproxy.h"
#include "models/browse/casetreemodel.h"
#include "models/compare/comparisontreemodel.h"
#include "models/review/annotationstore.h"
#include "models/session/runsession.h"
#include "widgets/batch/batchrerundialog.h"
#include "widgets/browse/casefilterbar.h"
#include "widgets/browse/casenavigator.h"
#include "widgets/browse/casesearchcontroller.h"
#include "widgets/browse/casetreeview.h"
#include "widgets/browse/warningsdock.h"
#include "widgets/caseview/caseview.h"
#include "widgets/compare/comparisonpanel.h"
#include "widgets/compare/rungriddialog.h"
#include "widgets/failures/failuresdock.h"
#include "widgets/failures/failurespanel.h"
#include "widgets/report/exportdialog.h"
#include "widgets/rerun/runnerpanel.h"
#include "widgets/review/annotationpanel.h"
#include "widgets/review/bulkeditdialog.h"
#include "widgets/review/reviewcontroller.h"
#include "widgets/settings/settings.h"
#include "widgets/shell/mainmenus.h"
#include "widgets/shell/runopener.h"
#include "widgets/shell/screenshottaker.h"
#include "widgets/shell/shortcuthelp.h"
#include "widgets/shell/windowplacement.h"
#include "widgets/theme/themes.h"

#include <QAction>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QShowEvent>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <utility>

namespace krw {

QString MainWindow::samplePath()
{
    return RunOpener::samplePath();
}

MainWindow::MainWindow(SyntaxSupport* syntax, QWidget* parent)
    : QMainWindow(parent)
    , m_session(new RunSession(this))
    , m_model(new CaseTreeModel(this))
    , m_proxy(new CaseFilterProxy(this))
    , m_filterBar(new CaseFilterBar(this))
    , m_caseTree(new CaseTreeView(m_model, this))
    , m_caseView(new CaseView(syntax, this))
    , m_annotationPanel(new AnnotationPanel(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_reviewSplitter(new QSplitter(Qt::Vertical, this))
    , m_warningsDock(new WarningsDock(this))
    , m_failuresDock(new FailuresDock(m_session, this))
    , m_opener(new RunOpener(m_session, this))
    , m_review(new ReviewController(m_annotationPanel, m_caseView, m_model, m_filterBar, this))
    , m_navigator(new CaseNavigator(m_caseTree, m_proxy, m_model, this))
    , m_search(new CaseSearchController(m_filterBar, m_proxy, this))
    , m_screenshot(new ScreenshotTaker(this, m_caseView, this))
    , m_finishShowing(new QTimer(this))
    , m_casePanels(new QStackedWidget(this))
    , m_comparison(new ComparisonPanel(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Kernel Review Workbench"));
    m_proxy->setSourceModel(m_model);
    m_filterBar->setProxy(m_proxy);
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    // The review panel sits under the case view: seen while reading, never over the diff.
    m_reviewSplitter->setObjectName(QStringLiteral("reviewSplitter"));
    m_reviewSplitter->setChildrenCollapsible(false);
    m_reviewSplitter->addWidget(m_caseView);
    m_reviewSplitter->addWidget(m_annotationPanel);
    m_reviewSplitter->setStretchFactor(0, 4);
    m_reviewSplitter->setStretchFactor(1, 1);
    m_reviewSplitter->setSizes({760, 190});
    // The filter bar over the case tree, or in its place the comparison of two runs while there is
    // one (issue 13), which the filter bar narrows too.
    m_casePanels->setObjectName(QStringLiteral("casePanels"));
    auto* treePanel = new QWidget(this);
    auto* treeLayout = new QVBoxLayout(treePanel);
    treeLayout->setContentsMargins(0, 0, 0, 4);
    treeLayout->addWidget(m_caseTree, 1);
    m_casePanels->addWidget(treePanel);
    m_casePanels->addWidget(m_comparison);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(4, 4, 0, 0);
    leftLayout->addWidget(m_filterBar);
    leftLayout->addWidget(m_casePanels, 1);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_reviewSplitter);
    // Small enough to open on a 1400×900 screen at scale 1.5 (933×600 logical px): a page that asks
    // for more (the rerun controls) gives way there rather than pushing the window off the screen.
    m_splitter->widget(0)->setMinimumWidth(CasePanelMinimumWidth);
    m_caseView->setMinimumSize(CaseViewMinimumWidth, CaseViewMinimumHeight);
    m_splitter->setStretchFactor(1, 3);
    setCentralWidget(m_splitter);
    addDockWidget(Qt::BottomDockWidgetArea, m_failuresDock);
    m_failuresDock->hide();
    connect(m_failuresDock->panel(), &FailuresPanel::groupActivated, this, &MainWindow::filterToGroup);
    connect(m_failuresDock->panel(), &FailuresPanel::bulkEditRequested, this,
        [this](const FailureGroup& group) { bulkEdit(group.cases, tr("the group “%1”").arg(group.signature.text)); });
    MainMenus::build(this);
    buildStatusBar();

    connect(m_session, &RunSession::runOpened, this, &MainWindow::showRun);
    connect(m_session, &RunSession::annotationsOpened, m_review, &ReviewController::setStore);
    connect(m_session, &RunSession::rerunsRead, this, [this] {
        m_model->setLatestReruns(m_session->latestReruns());
        m_failuresDock->readAgain();
        m_resumeBatchAction->setEnabled(!m_session->unfinishedBatches().isEmpty());
        Q_EMIT latestRerunsLoaded();
    });
    connect(m_session, &RunSession::hintsRead, this, [this](const QVector<LintHints>& hints) {
        m_model->setHints(hints);
        Q_EMIT hintsLoaded();
    });
    // A real zero timer, not a queued call: those run in the same pass as the tree's repaint.
    m_finishShowing->setSingleShot(true);
    m_finishShowing->setInterval(0);
    connect(m_finishShowing, &QTimer::timeout, this, &MainWindow::finishShowingRun);
    connect(m_opener, &RunOpener::failed, this, [this] { Q_EMIT loadFinished(false); });
    // A filter change keeps the groups open or closed as the user left them (CaseNavigator): no
    // expandAll here, which walks every row of the tree and would reopen a closed group.
    connect(m_search, &CaseSearchController::finished, this, &MainWindow::searchFinished);
    connect(m_caseView->runnerPanel(), &RunnerPanel::rerunFinished, this,
        [this](const RerunResult& result) { noteRerun(m_session->run(), result.caseName, result); });
    connect(m_review, &ReviewController::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(m_navigator, &CaseNavigator::message, statusBar(), &QStatusBar::showMessage);
    connect(m_screenshot, &ScreenshotTaker::saved, this, &MainWindow::screenshotSaved);
    // While comparing, the comparison tree chooses the case on show; the case tree's current case
    // (moved by a filter) is shown again when the comparison is left.
    connect(m_navigator, &CaseNavigator::currentCaseChanged, this, [this](int caseIndex) {
        if (!m_comparison->isActive())
            showCase(caseIndex);
    });
    connect(m_comparison, &ComparisonPanel::comparisonReady, this, [this](const RunPtr& b) {
        m_caseView->setComparedRun(b);
        m_casePanels->setCurrentWidget(m_comparison);
        m_leaveComparisonAction->setEnabled(true);
        showWarnings(true);
        statusBar()->showMessage(tr("Comparing with %1").arg(b->name), 5000);
        // The case asked for (a cell of the run grid), else the case on show, if it is in the
        // comparison; else the first case there.
        filterComparison();
        const QString wanted = std::exchange(m_comparisonStartCase, {});
        if (!m_comparison->selectCase(wanted.isEmpty() ? currentCaseName() : wanted))
            m_comparison->selectFirstCase();
        Q_EMIT comparisonShown(true);
    });
    // The filter bar and the search narrow the comparison tree too (ComparisonFilterProxy).
    connect(m_proxy, &CaseFilterProxy::casesRefiltered, this, &MainWindow::filterComparison);
    connect(m_comparison, &ComparisonPanel::failed, this, [this](const QString& message) {
        statusBar()->showMessage(message, 8000);
        Q_EMIT comparisonShown(false);
    });
    connect(m_comparison, &ComparisonPanel::left, this, [this] {
        m_caseView->setComparedRun({});
        m_casePanels->setCurrentIndex(0);
        m_leaveComparisonAction->setEnabled(false);
        showWarnings(false);
        const QModelIndex current = m_caseTree->currentIndex();
        showCase(current.isValid() && !current.data(CaseTreeModel::IsGroupRole).toBool()
                ? current.data(CaseTreeModel::CaseIndexRole).toInt()
                : -1);
    });
    connect(m_comparison, &ComparisonPanel::caseChosen, this, [this](int indexA, int indexB) {
        if (indexA >= 0 && indexA < m_session->run()->cases.size()) {
            showCase(indexA);
        } else if (indexB >= 0 && m_comparison->runB()) { // only in B: B's case, on its own
            m_review->showCase({});
            m_caseView->setCase(m_comparison->runB(), indexB);
        } else {
            showCase(-1); // a bucket's row: no case on show
        }
    });
    connect(Settings::instance(), &Settings::themeChanged, this, [](Theme theme) { applyTheme(theme); });

    // The size is settled when the window is first shown, on the screen it opens on (showEvent).
    m_restoredGeometry = restoreGeometry(Settings::instance()->windowGeometry());
    restoreState(Settings::instance()->windowState(LayoutVersion));
    m_splitterRestored = m_splitter->restoreState(Settings::instance()->widgetState(m_splitter->objectName()));
    m_reviewSplitter->restoreState(Settings::instance()->widgetState(m_reviewSplitter->objectName()));
}

MainWindow::~MainWindow() = default;

// The run's load warnings, and B's while comparing (WarningsDock).
void MainWindow::showWarnings(bool reveal)
{
    m_warningsDock->showRuns(m_session->run(), m_comparison->isActive() ? m_comparison->runB() : RunPtr(), reveal);
}

FailuresPanel* MainWindow::failuresPanel() const
{
    return m_failuresDock->panel();
}

QDockWidget* MainWindow::failuresDock() const
{
    return m_failuresDock;
}

// A rerun of a case of run finished: its row shows it, and the failure groups, where a failed
// rerun newer than the run's files names the case's cause (FailureReader), are read again.
void MainWindow::noteRerun(const RunPtr& run, const QString& caseName, const RerunResult& result)
{
    if (!m_session->run() || run != m_session->run() || m_session->run()->indexOf(caseName) < 0)
        return; // another run is shown now, or the case is B's in a comparison
    if (!m_session->noteRerun(caseName, result))
        return;
    const LatestRerun latest = m_session->latestReruns().value(caseName);
    m_model->setLatestRerun(caseName, latest);
    m_comparison->noteRerunA(caseName, latest); // the run is A of any comparison
    m_failuresDock->readAgainSoon();
}

void MainWindow::filterToGroup(const FailureGroup& group)
{
    m_filterBar->filterToGroup(group.signature.text, group.cases);
}

void MainWindow::clearGroupFilter()
{
    m_filterBar->clearGroup();
}

void MainWindow::bulkEditSelection()
{
    if (!m_session->run())
        return;
    QVector<int> indexes = selectedCaseIndexes();
    const QString current = currentCaseName();
    if (indexes.isEmpty() && !current.isEmpty())
        indexes.append(m_session->run()->indexOf(current));
    QStringList names;
    for (int index : std::as_const(indexes))
        names << m_session->run()->cases.at(index).filename;
    if (names.isEmpty()) {
        statusBar()->showMessage(tr("Select the cases to change first."), 4000);
        return;
    }
    bulkEdit(names, tr("%n selected cases", nullptr, int(names.size())));
}

void MainWindow::bulkEdit(QStringList cases, const QString& what)
{
    AnnotationStore* store = annotationStore();
    if (!m_session->run() || !store || cases.isEmpty())
        return;
    BulkEditDialog dialog(cases, store->annotations(), what, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_review->applyBulk(dialog.change(), cases, what);
}

QString MainWindow::shortcutHelp() const
{
    return ShortcutHelp::html(this);
}

void MainWindow::buildStatusBar()
{
    statusBar()->addWidget(m_opener->runLabel(), 1);
    statusBar()->addWidget(m_review->locationLabel(), 1);
    statusBar()->addPermanentWidget(m_opener->progressBar());
    statusBar()->addPermanentWidget(m_opener->cancelButton());
}

void MainWindow::openPath(const QString& path, const QString& runName, bool interactive)
{
    m_opener->open(path, runName, interactive);
}

// The session opened run (RunOpener has put its summary in the status bar): show it. The views
// still show before.
void MainWindow::showRun(const RunPtr& run, const RunPtr& before)
{
    const bool sameRun = before && before->path == run->path && before->name == run->name;
    if (!sameRun)
        rememberCase(before); // of the run we leave
    const QString keep = sameRun ? currentCaseName() : Settings::instance()->lastCase(run->path, run->name);
    // The failure groups are the new run's, read once its saved reruns are known.
    m_failuresDock->clear();
    clearGroupFilter();
    m_resumeBatchAction->setEnabled(false);
    m_caseView->clear();
    m_comparison->setRunA(run); // a comparison of the run left ends
    m_model->setRun(run);
    m_review->setRun(run);
    showWarnings(true);
    m_caseTree->expandAll();
    setWindowTitle(tr("%1 — Kernel Review Workbench").arg(run->name));
    // The rest on the event loop's next turn: the tree paints and input is handled in between, so
    // opening a 10,000-case run is two short stalls of the UI thread, not one long one.
    m_startCase = m_screenshot->isArmed() ? m_screenshot->caseName() : keep;
    m_finishShowing->start();
}

// showRun's second half: the first case, the search index, the saved reruns and the hints.
void MainWindow::finishShowingRun()
{
    const RunPtr run = m_session->run();
    // A case the user picked in between stays picked.
    if (!m_caseTree->currentIndex().isValid() && (m_startCase.isEmpty() || !selectCase(m_startCase)))
        m_navigator->selectStartCase();
    m_search->setRun(run);
    m_session->read(); // its annotations, saved reruns, batches left to resume and lint hints
    Q_EMIT loadFinished(!run->cases.isEmpty());
    if (m_screenshot->isArmed())
        m_screenshot->takeWhenShown(m_session->run());
}

bool MainWindow::selectCase(const QString& filename)
{
    return m_navigator->selectCase(filename);
}

QString MainWindow::currentCaseName() const
{
    return m_navigator->currentCaseName();
}

void MainWindow::selectNextFailure(int direction)
{
    m_navigator->selectNextFailure(direction);
}

void MainWindow::selectNextUnreviewed(int direction)
{
    m_navigator->selectNextUnreviewed(direction);
}

void MainWindow::filterComparison()
{
    if (!m_session->run() || !m_comparison->isActive())
        return;
    const QVector<int> shown = shownCaseIndexes();
    std::optional<QSet<QString>> names;
    if (shown.size() != m_session->run()->cases.size()) {
        names.emplace();
        names->reserve(int(shown.size()));
        for (const int i : shown)
            names->insert(m_session->run()->cases.at(i).filename);
    }
    m_comparison->setShownCases(names);
}

QVector<int> MainWindow::shownCaseIndexes() const
{
    return m_caseTree->shownCaseIndexes();
}

const RunPtr& MainWindow::run() const
{
    return m_session->run();
}

BatchRerunDialog* MainWindow::batchDialog() const
{
    return m_batchDialog;
}

BatchRerunDialog* MainWindow::openBatchDialog()
{
    if (!m_session->run()) {
        statusBar()->showMessage(tr("Open a run to rerun its cases."), 3000);
        return nullptr;
    }
    // A running batch is shown again; otherwise a new dialog for the open run and its selection.
    const bool keep = m_batchDialog && m_batchDialog->isRunning();
    if (!keep && !annotationStore()) { // its choices include the verdicts ("unreviewed cases")
        statusBar()->showMessage(tr("The run's annotations are still being read; try again in a moment."), 3000);
        return nullptr;
    }
    if (!keep) {
        delete m_batchDialog;
        m_batchDialog
            = new BatchRerunDialog(m_session->run(), annotationStore()->annotations(), selectedCaseIndexes(), shownCaseIndexes(), this);
        const RunPtr run = m_session->run();
        connect(m_batchDialog, &BatchRerunDialog::caseFinished, this,
            [this, run](const QString& caseName, const RerunResult& result) { noteRerun(run, caseName, result); });
        connect(m_batchDialog, &BatchRerunDialog::batchFinished, this, [this, run] {
            if (m_session->run() == run)
                m_session->readReruns(); // and whether a batch is left to resume
        });
        connect(m_batchDialog, &BatchRerunDialog::caseActivated, this, [this, run](const QString& caseName) {
            if (m_session->run() == run)
                selectCase(caseName);
        });
    }
    m_batchDialog->show();
    m_batchDialog->raise();
    m_batchDialog->activateWindow();
    return m_batchDialog;
}

BatchRerunDialog* MainWindow::resumeBatch()
{
    // The queues were read off the UI thread when the run opened or the last batch ended
    // (RunSession); the action is enabled only when there is one.
    if (!m_session->run())
        return nullptr;
    const QVector<BatchQueue> queues = m_session->unfinishedBatches();
    if (queues.isEmpty()) {
        m_resumeBatchAction->setEnabled(false);
        statusBar()->showMessage(tr("No batch of this run has cases left."), 3000);
        return nullptr;
    }
    BatchRerunDialog* dialog = openBatchDialog();
    if (dialog && !dialog->isRunning())
        dialog->resume(queues.first());
    return dialog;
}

QVector<int> MainWindow::selectedCaseIndexes() const
{
    return m_navigator->selectedCaseIndexes();
}

AnnotationStore* MainWindow::annotationStore() const
{
    return m_review->store();
}

void MainWindow::setCommentPrompt(CommentPrompt prompt)
{
    m_review->setCommentPrompt(std::move(prompt));
}

void MainWindow::applyVerdict(Verdict verdict)
{
    if (!m_session->run())
        return;
    QVector<int> cases = selectedCaseIndexes();
    const QString current = currentCaseName();
    if (cases.isEmpty() && !current.isEmpty())
        cases.append(m_session->run()->indexOf(current));
    m_review->applyVerdict(verdict, cases);
}

// The navigator says which case to show; -1 when the tree shows none to stand in for the last.
void MainWindow::compareWith(const QString& path, const QString& runName, bool interactive)
{
    m_comparison->compareWith(path, runName, interactive);
}

void MainWindow::chooseComparison()
{
    if (!m_session->run()) {
        statusBar()->showMessage(tr("Open a run first, then compare it with another."), 5000);
        return;
    }
    const QString path = QFileDialog::getExistingDirectory(this, tr("Compare With Run Folder"), QFileInfo(m_session->run()->path).path());
    if (!path.isEmpty())
        compareWith(path);
}

RunGridDialog* MainWindow::openRunGrid()
{
    QStringList paths;
    if (m_session->run())
        paths << m_session->run()->path;
    if (m_comparison->runB())
        paths << m_comparison->runB()->path;
    auto* dialog = new RunGridDialog(paths, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &RunGridDialog::caseActivated, this, &MainWindow::openCaseOfRun);
    dialog->show();
    return dialog;
}

void MainWindow::openCaseOfRun(const QString& filename, const QString& runPath)
{
    const auto isRun = [&runPath](const RunPtr& run) {
        return run && QFileInfo(run->path).canonicalFilePath() == QFileInfo(runPath).canonicalFilePath();
    };
    if (isRun(m_session->run()) || isRun(m_comparison->runB())) {
        const bool found = m_comparison->isActive() ? m_comparison->selectCase(filename) : selectCase(filename);
        if (!found)
            statusBar()->showMessage(tr("%1 is not in the tree (a filter or search hides it).").arg(filename), 5000);
        return;
    }
    // Another run: compared with the window's, that case on show.
    m_comparisonStartCase = filename;
    compareWith(runPath);
}

void MainWindow::showCase(int caseIndex)
{
    if (caseIndex < 0 || !m_session->run()) {
        m_caseView->clear();
        m_review->showCase({});
        return;
    }
    m_review->showCase(m_session->run()->cases.at(caseIndex).filename);
    m_caseView->setCase(m_session->run(), caseIndex);
}

// Remembered when the window leaves a run (another run, closing), not on every move.
void MainWindow::rememberCase(const RunPtr& run)
{
    const QString current = currentCaseName();
    if (run && !current.isEmpty())
        Settings::instance()->setLastCase(run->path, run->name, current);
}

void MainWindow::showExportDialog()
{
    if (!m_session->run()) {
        statusBar()->showMessage(tr("Open a run to export a report."), 3000);
        return;
    }
    auto* dialog = new ExportDialog(m_session->run(), selectedCaseIndexes(), this);
    dialog->setComparedRun(m_comparison->runB()); // while comparing, the summary page lists the buckets
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::takeScreenshotWhenReady(const QString& pngPath, const QString& caseName, int tab)
{
    m_screenshot->arm(pngPath, caseName, tab);
}

void MainWindow::saveLayout()
{
    Settings::instance()->saveWindow(saveGeometry(), saveState(LayoutVersion), LayoutVersion);
    Settings::instance()->setWidgetState(m_splitter->objectName(), m_splitter->saveState());
    Settings::instance()->setWidgetState(m_reviewSplitter->objectName(), m_reviewSplitter->saveState());
}

// The first time the window is shown: its size from the screen it opens on, or the remembered
// one brought onto that screen (it may be smaller, or scaled, or another one).
void MainWindow::showEvent(QShowEvent* event)
{
    if (!m_placed && !event->spontaneous()) {
        m_placed = true;
        WindowPlacement::place(this, m_restoredGeometry);
        // The case list (names, outcomes and the newest rerun) takes up to 38 %, the case and its
        // review the rest.
        if (!m_splitterRestored) {
            const int list = std::max(CasePanelMinimumWidth, std::min(width() * 38 / 100, 560));
            m_splitter->setSizes({list, std::max(0, width() - list)});
        }
    }
    QMainWindow::showEvent(event);
}

// The icon theme's play icon, or the style's, which is drawn black: redrawn in the palette's text
// colour so that it shows on a dark toolbar, and again whenever the palette changes.
void MainWindow::colourRerunIcon()
{
    if (!m_rerunAction)
        return;
    const QString name = QStringLiteral("media-playback-start");
    m_rerunAction->setIcon(
        QIcon::hasThemeIcon(name) ? QIcon::fromTheme(name) : iconInTextColor(style()->standardIcon(QStyle::SP_MediaPlay), palette()));
}

void MainWindow::changeEvent(QEvent* event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        colourRerunIcon();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_review->commitPendingEdits();
    rememberCase(m_session->run());
    saveLayout();
    m_session->cancelOpening();
    m_search->cancel();
    QMainWindow::closeEvent(event);
}

} // namespace krw
