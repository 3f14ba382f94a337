// SPDX-License-Identifier: MIT
#include "shell/mainwindow.h"

#include "batch/batchqueue.h"
#include "batch/batchrerundialog.h"
#include "browse/casefilterbar.h"
#include "browse/casefilterproxy.h"
#include "browse/casenavigator.h"
#include "browse/casesearchcontroller.h"
#include "browse/casetreeheaderview.h"
#include "browse/casetreemodel.h"
#include "browse/verdictdelegate.h"
#include "browse/warningsdock.h"
#include "caseview/caseview.h"
#include "caseview/comparepage.h"
#include "code/codeview.h"
#include "code/diffview.h"
#include "compare/comparisonpanel.h"
#include "compare/comparisontreemodel.h"
#include "compare/rungriddialog.h"
#include "failures/failurespanel.h"
#include "report/exportdialog.h"
#include "rerun/runnerpanel.h"
#include "review/annotationpanel.h"
#include "review/annotationstore.h"
#include "review/bulkeditdialog.h"
#include "review/reviewcontroller.h"
#include "session/runsession.h"
#include "settings/settings.h"
#include "settings/settingsdialog.h"
#include "shell/recentrunsmenu.h"
#include "shell/runopener.h"
#include "shell/screenshottaker.h"
#include "shell/windowplacement.h"
#include "theme/themes.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScreen>
#include <QShowEvent>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>
#include <QWindow>

#include <algorithm>
#include <functional>
#include <utility>

namespace krw {

namespace {

// QMenu::addAction(text, receiver, functor, shortcut) is deprecated in Qt 6 and absent as
// QWidget::addAction in Qt 5, so actions are made the long way.
template<typename Receiver, typename Functor>
QAction* addMenuAction(QMenu* menu, const QString& text, Receiver* receiver, Functor functor, const QKeySequence& shortcut = {})
{
    QAction* action = menu->addAction(text);
    action->setShortcut(shortcut);
    QObject::connect(action, &QAction::triggered, receiver, functor);
    return action;
}

// The desktop theme's icon where it has one, else the style's own.
QIcon themeIcon(const QWidget* widget, const char* name, QStyle::StandardPixmap fallback)
{
    return QIcon::fromTheme(QLatin1String(name), widget->style()->standardIcon(fallback));
}

// For a tooltip: "Next failing case (F8)".
QString withShortcut(const QString& text, const QAction* action)
{
    const QKeySequence keys = action->shortcut();
    return keys.isEmpty() ? text : QStringLiteral("%1 (%2)").arg(text, keys.toString(QKeySequence::NativeText));
}

} // namespace

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
    , m_caseTree(new QTreeView(this))
    , m_caseView(new CaseView(syntax, this))
    , m_annotationPanel(new AnnotationPanel(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_reviewSplitter(new QSplitter(Qt::Vertical, this))
    , m_warningsDock(new WarningsDock(this))
    , m_failures(new FailuresPanel(this))
    , m_failuresDock(new QDockWidget(tr("Failures"), this))
    , m_failuresRefresh(new QTimer(this))
    , m_opener(new RunOpener(this))
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
    m_casePanels->addWidget(buildCasePanel());
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
    buildFailuresDock();
    buildMenus();
    buildStatusBar();

    connect(m_opener, &RunOpener::loaded, this, &MainWindow::showRun);
    connect(m_session, &RunSession::rerunsRead, this, [this] {
        m_model->setLatestReruns(m_session->latestReruns());
        m_failuresStale = true;
        readFailuresIfShown();
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
    connect(m_filterBar, &CaseFilterBar::outcomesChanged, this, [this] {
        m_proxy->setOutcomes(m_filterBar->outcomes());
        m_proxy->setBestStages(m_filterBar->bestStages());
    });
    connect(m_filterBar, &CaseFilterBar::rerunFilterChanged, this, [this] { m_proxy->setRerunFilter(m_filterBar->rerunFilter()); });
    connect(m_filterBar, &CaseFilterBar::hintFilterChanged, this, [this] { m_proxy->setHintFilter(m_filterBar->hintFilter()); });
    connect(m_caseView->runnerPanel(), &RunnerPanel::rerunFinished, this,
        [this](const RerunResult& result) { noteRerun(m_session->run(), result.caseName, result); });
    connect(m_filterBar, &CaseFilterBar::unreviewedOnlyChanged, this, [this](bool on) { m_proxy->setUnreviewedOnly(on); });
    connect(m_filterBar, &CaseFilterBar::groupFilterCleared, this, [this] { m_proxy->setCaseSet(std::nullopt); });
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

QWidget* MainWindow::buildCasePanel()
{
    auto* panel = new QWidget(this);
    m_caseTree->setObjectName(QStringLiteral("caseTree"));
    // Every column as wide as what it holds, the case names first and never cut to nothing: where the
    // panel is narrow (scale 1.5) the tree scrolls sideways to the outcome and rerun columns instead.
    // Sized from the model's texts when a run opens and when reruns arrive, not by laying out rows on
    // each change (CaseTreeHeaderView says why). Set first: the tree's sorting and hidden column are
    // the header's.
    m_caseTree->setHeader(new CaseTreeHeaderView(m_model, m_caseTree));
    // The tree shows m_proxy: CaseNavigator set it up so, and watches its current row.
    m_caseTree->setSortingEnabled(true);
    m_caseTree->sortByColumn(CaseTreeModel::NameColumn, Qt::AscendingOrder);
    m_caseTree->setUniformRowHeights(true);
    m_caseTree->setColumnHidden(CaseTreeModel::IterationsColumn, true); // in the tooltip and the case header
    m_caseTree->setAlternatingRowColors(true);
    // Several cases can be selected (a verdict for all of them, an export of the selection);
    // the current one still drives the case view.
    m_caseTree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_caseTree->setItemDelegate(new VerdictDelegate(CaseTreeModel::VerdictRole, CaseTreeModel::NameColumn, m_caseTree));
    // Group titles ("Exe failed (3 of 12)") span the row instead of being cut to the first column.
    // Only rows not spanned yet are set: setFirstColumnSpanned lays the whole tree out at once
    // (and sizes its columns), and a search that brings back thousands of scattered cases inserts
    // them in thousands of ranges — spanning on each stalled the window for tens of seconds.
    auto spanGroups = [this] {
        for (int row = 0; row < m_proxy->rowCount(); ++row) {
            if (!m_caseTree->isFirstColumnSpanned(row, {}))
                m_caseTree->setFirstColumnSpanned(row, {}, true);
        }
    };
    connect(m_proxy, &QAbstractItemModel::modelReset, this, spanGroups);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, [spanGroups](const QModelIndex& parent) {
        if (!parent.isValid()) // a group; cases inserted below one change no span
            spanGroups();
    });
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, spanGroups);
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 4);
    layout->addWidget(m_caseTree, 1);
    return panel;
}

// The run's load warnings, and B's while comparing (WarningsDock).
void MainWindow::showWarnings(bool reveal)
{
    m_warningsDock->showRuns(m_session->run(), m_comparison->isActive() ? m_comparison->runB() : RunPtr(), reveal);
}

void MainWindow::buildFailuresDock()
{
    m_failuresDock->setObjectName(QStringLiteral("failuresDock"));
    m_failuresDock->setWidget(m_failures);
    addDockWidget(Qt::BottomDockWidgetArea, m_failuresDock);
    m_failuresDock->hide();
    // Read only when someone looks: the errors of every failing case are read from the run's files.
    connect(m_failuresDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            readFailuresIfShown();
    });
    m_failuresRefresh->setSingleShot(true);
    m_failuresRefresh->setInterval(300);
    connect(m_failuresRefresh, &QTimer::timeout, this, &MainWindow::readFailuresIfShown);
    connect(m_failures, &FailuresPanel::groupActivated, this, &MainWindow::filterToGroup);
    connect(m_failures, &FailuresPanel::bulkEditRequested, this,
        [this](const FailureGroup& group) { bulkEdit(group.cases, tr("the group “%1”").arg(group.signature.text)); });
}

void MainWindow::readFailuresIfShown()
{
    if (!m_session->run() || !m_failuresStale || !m_failuresDock->isVisible())
        return;
    m_failuresStale = false;
    m_failures->setRun(m_session->run(), m_session->latestReruns());
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
    m_failuresStale = true;
    m_failuresRefresh->start();
}

void MainWindow::filterToGroup(const FailureGroup& group)
{
    QSet<QString> names;
    for (const QString& name : group.cases)
        names.insert(name);
    m_filterBar->showGroupFilter(group.signature.text, group.count());
    m_proxy->setCaseSet(names);
}

void MainWindow::clearGroupFilter()
{
    m_filterBar->hideGroupFilter();
    m_proxy->setCaseSet(std::nullopt);
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

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* openFolder = addMenuAction(file, tr("Open Run &Folder…"), m_opener, &RunOpener::chooseFolder, QKeySequence::Open);
    openFolder->setIcon(themeIcon(this, "document-open", QStyle::SP_DirOpenIcon));
    openFolder->setIconText(tr("Open"));
    addMenuAction(file, tr("Open Run F&ile…"), m_opener, &RunOpener::chooseFile, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    auto* recent = new RecentRunsMenu(this);
    connect(recent, &RecentRunsMenu::openRequested, this, [this](const QString& path, const QString& name) { openPath(path, name); });
    file->addMenu(recent);
    addMenuAction(file, tr("Open &Sample Run"), this, [this] { openPath(samplePath()); });
    QAction* reload = addMenuAction(file, tr("&Reload"), m_opener, &RunOpener::reload, QKeySequence::Refresh);
    reload->setIcon(themeIcon(this, "view-refresh", QStyle::SP_BrowserReload));
    file->addSeparator();
    addMenuAction(file, tr("&Compare With…"), this, &MainWindow::chooseComparison);
    m_leaveComparisonAction = addMenuAction(file, tr("&Leave Comparison"), m_comparison, &ComparisonPanel::leave);
    m_leaveComparisonAction->setEnabled(false);
    addMenuAction(file, tr("Compare Se&veral Runs…"), this, &MainWindow::openRunGrid);
    file->addSeparator();
    QAction* exportReport
        = addMenuAction(file, tr("&Export Report…"), this, &MainWindow::showExportDialog, QKeySequence(Qt::CTRL | Qt::Key_E));
    exportReport->setIcon(themeIcon(this, "document-export", QStyle::SP_DialogSaveButton));
    exportReport->setIconText(tr("Export"));
    addMenuAction(file, tr("&Settings…"), this, &MainWindow::showSettings, QKeySequence::Preferences);
    // Also the runner panel's "Profiles…": where reruns run (this machine, a host, Slurm) and how.
    addMenuAction(file, tr("&Toolchain Profiles…"), m_caseView->runnerPanel(), &RunnerPanel::editProfiles);
    addMenuAction(file, tr("&Quit"), this, &QWidget::close, QKeySequence::Quit);

    // Undo and redo of annotation changes (ReviewController keeps the run's history).
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_review->undoAction();
    QAction* redo = m_review->redoAction();
    undo->setIcon(themeIcon(this, "edit-undo", QStyle::SP_ArrowBack));
    undo->setIconText(tr("Undo"));
    redo->setIcon(themeIcon(this, "edit-redo", QStyle::SP_ArrowForward));
    redo->setIconText(tr("Redo"));
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    QAction* nextFailure = addMenuAction(
        go, tr("&Next Failure"), this, [this] { selectNextFailure(+1); }, QKeySequence(Qt::Key_F8));
    nextFailure->setIcon(themeIcon(this, "go-down", QStyle::SP_ArrowDown));
    nextFailure->setIconText(tr("Next"));
    nextFailure->setToolTip(withShortcut(tr("Next failing case"), nextFailure));
    QAction* previousFailure = addMenuAction(
        go, tr("&Previous Failure"), this, [this] { selectNextFailure(-1); }, QKeySequence(Qt::SHIFT | Qt::Key_F8));
    previousFailure->setIcon(themeIcon(this, "go-up", QStyle::SP_ArrowUp));
    previousFailure->setIconText(tr("Previous"));
    previousFailure->setToolTip(withShortcut(tr("Previous failing case"), previousFailure));
    addMenuAction(go, tr("&Jump to Case…"), m_navigator, &CaseNavigator::jumpToCase, QKeySequence(Qt::CTRL | Qt::Key_P));
    addMenuAction(
        go, tr("&Search Cases"), this, [this] { m_filterBar->focusSearch(); }, QKeySequence::Find);
    go->addSeparator();
    addMenuAction(
        go, tr("&Compare Versions"), this, [this] { m_caseView->showTab(CaseView::CompareTab); }, QKeySequence(Qt::CTRL | Qt::Key_D));
    addMenuAction(
        go, tr("Case &History"), this, [this] { m_caseView->showTab(CaseView::HistoryTab); }, QKeySequence(Qt::CTRL | Qt::Key_H));
    addMenuAction(
        go, tr("Next C&hange"), this, [this] { m_caseView->comparePage()->diffView()->nextChange(); }, QKeySequence(Qt::Key_F7));
    addMenuAction(
        go, tr("Previous Ch&ange"), this, [this] { m_caseView->comparePage()->diffView()->previousChange(); },
        QKeySequence(Qt::SHIFT | Qt::Key_F7));
    go->addSeparator();
    QAction* rerun = addMenuAction(
        go, tr("&Rerun…"), this,
        [this] {
            m_caseView->showTab(CaseView::RerunTab);
            m_caseView->setFocus(Qt::ShortcutFocusReason);
        },
        QKeySequence(Qt::CTRL | Qt::Key_R));
    m_rerunAction = rerun;
    colourRerunIcon();
    rerun->setIconText(tr("Rerun"));
    rerun->setToolTip(withShortcut(tr("Rerun a version of this case (the Rerun page)"), rerun));
    addMenuAction(go, tr("Rerun &Cases…"), this, &MainWindow::openBatchDialog, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_resumeBatchAction = addMenuAction(go, tr("Res&ume Batch…"), this, &MainWindow::resumeBatch);
    m_resumeBatchAction->setEnabled(false); // until a batch with cases left is found for the open run
    for (QAction* action : {openFolder, reload, exportReport, undo, redo})
        action->setToolTip(withShortcut(action->text().remove(QLatin1Char('&')), action));

    buildReviewMenu();

    // The common actions, the menus' own (one shortcut, one state).
    auto* toolBar = addToolBar(tr("Main Toolbar"));
    toolBar->setObjectName(QStringLiteral("mainToolBar"));
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolBar->setMovable(false);
    toolBar->addAction(openFolder);
    toolBar->addAction(reload);
    toolBar->addAction(exportReport);
    toolBar->addSeparator();
    toolBar->addAction(previousFailure);
    toolBar->addAction(nextFailure);
    toolBar->addSeparator();
    toolBar->addAction(undo);
    toolBar->addAction(redo);
    toolBar->addSeparator();
    toolBar->addAction(rerun);
    // An undo step's name is long ("Undo Set verdict on 4 cases"): the buttons say only Undo/Redo.
    for (QAction* action : {undo, redo}) {
        if (auto* button = qobject_cast<QToolButton*>(toolBar->widgetForAction(action)))
            button->setToolButtonStyle(Qt::ToolButtonIconOnly);
    }

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(toolBar->toggleViewAction());
    view->addAction(m_warningsDock->toggleViewAction());
    QAction* failures = m_failuresDock->toggleViewAction();
    failures->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    failures->setToolTip(tr("The failing cases grouped by the cause their error names"));
    view->addAction(failures);
    QMenu* theme = view->addMenu(tr("&Theme"));
    auto* themes = new QActionGroup(this);
    const std::pair<Theme, QString> choices[] = {{Theme::System, tr("&System")}, {Theme::Light, tr("&Light")}, {Theme::Dark, tr("&Dark")}};
    for (const auto& [value, title] : choices) {
        QAction* action = addMenuAction(theme, title, this, [value = value] { Settings::instance()->setTheme(value); });
        action->setCheckable(true);
        action->setChecked(Settings::instance()->theme() == value);
        themes->addAction(action);
    }

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    addMenuAction(help, tr("&Keyboard Shortcuts"), this, [this] {
        QMessageBox box(QMessageBox::NoIcon, tr("Keyboard shortcuts"), shortcutHelp(), QMessageBox::Close, this);
        box.setTextFormat(Qt::RichText);
        box.exec();
    });
    addMenuAction(help, tr("&About"), this, [this] {
        QMessageBox::about(this, tr("Kernel Review Workbench"),
            tr("Review LLM GPU-kernel translation runs: outcomes, every version side by side, "
               "errors linked to their lines, and the model's reflections."));
    });
}

// Verdicts and notes go to the review controller; moving between cases to the navigator.
void MainWindow::buildReviewMenu()
{
    QMenu* review = menuBar()->addMenu(tr("&Review"));
    for (const VerdictInfo& info : verdictVocabulary()) {
        const Verdict verdict = info.verdict;
        QAction* action = addMenuAction(
            review, info.title, this, [this, verdict] { applyVerdict(verdict); }, QKeySequence(info.key));
        action->setToolTip(info.description);
        action->setIcon(verdictIcon(verdict, palette()));
    }
    QAction* clear = addMenuAction(review, tr("Clear Verdict"), this, [this] { applyVerdict(Verdict::None); });
    clear->setShortcuts({QKeySequence(Qt::Key_0), QKeySequence(Qt::Key_Backspace)});
    addMenuAction(
        review, tr("Verdict / &Tags for Many Cases…"), this, &MainWindow::bulkEditSelection, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B))
        ->setToolTip(tr("A verdict or tags for every selected case at once, as one undoable step"));
    review->addSeparator();
    QAction* next = addMenuAction(review, tr("&Next Unreviewed Case"), this, [this] { selectNextUnreviewed(+1); });
    next->setShortcuts({QKeySequence(Qt::Key_N), QKeySequence(Qt::Key_BracketRight)});
    QAction* previous = addMenuAction(review, tr("&Previous Unreviewed Case"), this, [this] { selectNextUnreviewed(-1); });
    previous->setShortcuts({QKeySequence(Qt::SHIFT | Qt::Key_N), QKeySequence(Qt::Key_BracketLeft)});
    review->addSeparator();
    addMenuAction(review, tr("Edit &Note"), m_review, &ReviewController::focusNote, QKeySequence(Qt::Key_C));
    addMenuAction(review, tr("&Comment on Current Line…"), m_review, &ReviewController::commentOnFocusedLine, CodeView::commentShortcut());
    addMenuAction(
        review, tr("Back to the &Cases"), this, [this] { m_caseTree->setFocus(Qt::ShortcutFocusReason); }, QKeySequence(Qt::Key_Escape));
}

// Made from the window's actions as they are now, so it cannot drift from them: the menus in
// their order, then every other action with a shortcut (a page's own), then the few keys that
// are no action.
QString MainWindow::shortcutHelp() const
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
    for (const QAction* top : menuBar()->actions()) {
        if (!top->menu())
            continue;
        heading(top->text().remove(QLatin1Char('&')));
        walk(top->menu());
    }
    bool elsewhere = false;
    for (const QAction* action : findChildren<QAction*>()) {
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

// A run loaded (RunOpener has put its summary in the status bar): show it.
void MainWindow::showRun(const RunPtr& run)
{
    const bool sameRun = m_session->run() && m_session->run()->path == run->path && m_session->run()->name == run->name;
    if (!sameRun)
        rememberCase(); // of the run we leave
    const QString keep = sameRun ? currentCaseName() : Settings::instance()->lastCase(run->path, run->name);
    // The failure groups are the new run's, read once its saved reruns are known.
    m_session->setRun(run);
    m_failuresStale = true;
    m_failures->clear();
    clearGroupFilter();
    m_resumeBatchAction->setEnabled(false);
    m_caseView->clear();
    m_comparison->setRunA(run); // a comparison of the run left ends
    m_model->setRun(run);
    m_review->openRun(run);
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
    m_session->read(); // its saved reruns, batches left to resume and lint hints
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
    QVector<int> indexes;
    std::function<void(const QModelIndex&)> walk = [&](const QModelIndex& parent) {
        for (int row = 0; row < m_proxy->rowCount(parent); ++row) {
            const QModelIndex index = m_proxy->index(row, CaseTreeModel::NameColumn, parent);
            if (index.data(CaseTreeModel::IsGroupRole).toBool())
                walk(index);
            else
                indexes.append(index.data(CaseTreeModel::CaseIndexRole).toInt());
        }
    };
    walk({});
    std::sort(indexes.begin(), indexes.end());
    return indexes;
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
void MainWindow::rememberCase()
{
    const QString current = currentCaseName();
    if (m_session->run() && !current.isEmpty())
        Settings::instance()->setLastCase(m_session->run()->path, m_session->run()->name, current);
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

void MainWindow::showSettings()
{
    SettingsDialog dialog(this);
    dialog.exec();
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
        if (QScreen* where = screen()) {
            const QRect available = where->availableGeometry();
            // The frame is known once the window is mapped; until then, room for a title bar.
            const QMargins frame
                = windowHandle() && !windowHandle()->frameMargins().isNull() ? windowHandle()->frameMargins() : QMargins(4, 30, 4, 4);
            const bool sizedByCaller = !m_restoredGeometry && testAttribute(Qt::WA_Resized); // tests, --screenshot
            if (!m_restoredGeometry && !sizedByCaller) {
                const QSize size = WindowPlacement::firstSize(available.size()).shrunkBy(frame);
                resize(size);
                move(available.center() - QRect(QPoint(), size.grownBy(frame)).center());
            }
            const QRect withFrame = geometry().marginsAdded(frame);
            const QRect fitted = WindowPlacement::fitted(withFrame, available, minimumSizeHint().grownBy(frame));
            if (!sizedByCaller && fitted != withFrame)
                setGeometry(fitted.marginsRemoved(frame));
        }
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
    rememberCase();
    saveLayout();
    m_opener->cancel();
    m_search->cancel();
    QMainWindow::closeEvent(event);
}

} // namespace krw
