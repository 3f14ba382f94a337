// SPDX-License-Identifier: MIT
#include "shell/mainwindow.h"

#include "browse/casefilterbar.h"
#include "browse/casefilterproxy.h"
#include "browse/casenavigator.h"
#include "browse/casesearchjob.h"
#include "browse/casetreemodel.h"
#include "browse/verdictdelegate.h"
#include "browse/warningmodel.h"
#include "caseview/caseview.h"
#include "caseview/comparepage.h"
#include "code/codeview.h"
#include "code/diffview.h"
#include "report/exportdialog.h"
#include "review/annotationpanel.h"
#include "review/reviewcontroller.h"
#include "settings/settings.h"
#include "settings/settingsdialog.h"
#include "shell/runopener.h"
#include "shell/screenshottaker.h"
#include "theme/themes.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

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

} // namespace

QString MainWindow::samplePath()
{
    return RunOpener::samplePath();
}

MainWindow::MainWindow(SyntaxSupport* syntax, QWidget* parent)
    : QMainWindow(parent)
    , m_model(new CaseTreeModel(this))
    , m_proxy(new CaseFilterProxy(this))
    , m_warnings(new WarningModel(this))
    , m_searchJob(new CaseSearchJob(this))
    , m_filterBar(new CaseFilterBar(this))
    , m_caseTree(new QTreeView(this))
    , m_caseView(new CaseView(syntax, this))
    , m_annotationPanel(new AnnotationPanel(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_reviewSplitter(new QSplitter(Qt::Vertical, this))
    , m_warningsView(new QTableView(this))
    , m_warningsDock(new QDockWidget(tr("Warnings"), this))
    , m_opener(new RunOpener(this))
    , m_review(new ReviewController(m_annotationPanel, m_caseView, m_model, m_filterBar, this))
    , m_navigator(new CaseNavigator(m_caseTree, m_proxy, m_model, this))
    , m_screenshot(new ScreenshotTaker(this, m_caseView, this))
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
    m_splitter->addWidget(buildCasePanel());
    m_splitter->addWidget(m_reviewSplitter);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setSizes({480, 1120});
    setCentralWidget(m_splitter);
    buildWarningsDock();
    buildMenus();
    buildStatusBar();

    connect(m_opener, &RunOpener::loaded, this, &MainWindow::showRun);
    connect(m_opener, &RunOpener::failed, this, [this] { Q_EMIT loadFinished(false); });
    connect(m_searchJob, &CaseSearchJob::finished, this, [this](const QSet<QString>& found, const SearchQuery&) {
        m_proxy->setSearchMatches(found);
        m_filterBar->setBusy(false, tr("%1 case(s) match").arg(found.size()));
        m_caseTree->expandAll();
        Q_EMIT searchFinished();
    });
    connect(m_filterBar, &CaseFilterBar::outcomesChanged, this, [this] {
        m_proxy->setOutcomes(m_filterBar->outcomes());
        m_proxy->setBestStages(m_filterBar->bestStages());
        m_caseTree->expandAll();
    });
    connect(m_filterBar, &CaseFilterBar::queryChanged, this, &MainWindow::startSearch);
    connect(m_filterBar, &CaseFilterBar::unreviewedOnlyChanged, this, [this](bool on) {
        m_proxy->setUnreviewedOnly(on);
        m_caseTree->expandAll();
    });
    connect(m_review, &ReviewController::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(m_navigator, &CaseNavigator::message, statusBar(), &QStatusBar::showMessage);
    connect(m_screenshot, &ScreenshotTaker::saved, this, &MainWindow::screenshotSaved);
    connect(m_caseTree->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::onCurrentCaseChanged);
    connect(Settings::instance(), &Settings::themeChanged, this, [](Theme theme) { applyTheme(theme); });

    restoreGeometry(Settings::instance()->windowGeometry());
    restoreState(Settings::instance()->windowState(LayoutVersion));
    m_splitter->restoreState(Settings::instance()->widgetState(m_splitter->objectName()));
    m_reviewSplitter->restoreState(Settings::instance()->widgetState(m_reviewSplitter->objectName()));
}

MainWindow::~MainWindow() = default;

QWidget* MainWindow::buildCasePanel()
{
    auto* panel = new QWidget(this);
    m_caseTree->setObjectName(QStringLiteral("caseTree"));
    m_caseTree->setModel(m_proxy);
    m_caseTree->setSortingEnabled(true);
    m_caseTree->sortByColumn(CaseTreeModel::NameColumn, Qt::AscendingOrder);
    m_caseTree->setUniformRowHeights(true);
    m_caseTree->setColumnHidden(CaseTreeModel::IterationsColumn, true); // in the tooltip and the case header
    m_caseTree->setAlternatingRowColors(true);
    // Several cases can be selected (a verdict for all of them, an export of the selection);
    // the current one still drives the case view.
    m_caseTree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_caseTree->setItemDelegate(new VerdictDelegate(CaseTreeModel::VerdictRole, CaseTreeModel::NameColumn, m_caseTree));
    m_caseTree->header()->setStretchLastSection(false);
    m_caseTree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_caseTree->header()->setSectionResizeMode(CaseTreeModel::NameColumn, QHeaderView::Stretch);
    // Group titles ("Exe failed (3 of 12)") span the row instead of being cut to the first column.
    auto spanGroups = [this] {
        for (int row = 0; row < m_proxy->rowCount(); ++row)
            m_caseTree->setFirstColumnSpanned(row, {}, true);
    };
    connect(m_proxy, &QAbstractItemModel::modelReset, this, spanGroups);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, spanGroups);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, spanGroups);
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(4, 4, 0, 4);
    layout->addWidget(m_filterBar);
    layout->addWidget(m_caseTree, 1);
    return panel;
}

void MainWindow::buildWarningsDock()
{
    auto* sorted = new QSortFilterProxyModel(this);
    sorted->setSourceModel(m_warnings);
    sorted->setSortRole(WarningModel::SortRole);
    m_warningsView->setObjectName(QStringLiteral("warningsView"));
    m_warningsView->setModel(sorted);
    m_warningsView->setSortingEnabled(true);
    m_warningsView->verticalHeader()->hide();
    m_warningsView->horizontalHeader()->setStretchLastSection(true);
    m_warningsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_warningsDock->setObjectName(QStringLiteral("warningsDock"));
    m_warningsDock->setWidget(m_warningsView);
    addDockWidget(Qt::BottomDockWidgetArea, m_warningsDock);
    m_warningsDock->hide();
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    addMenuAction(file, tr("Open Run &Folder…"), m_opener, &RunOpener::chooseFolder, QKeySequence::Open);
    addMenuAction(file, tr("Open Run F&ile…"), m_opener, &RunOpener::chooseFile, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    addMenuAction(file, tr("Open &Sample Run"), this, [this] { openPath(samplePath()); });
    addMenuAction(file, tr("&Reload"), m_opener, &RunOpener::reload, QKeySequence::Refresh);
    file->addSeparator();
    addMenuAction(file, tr("&Export Report…"), this, &MainWindow::showExportDialog, QKeySequence(Qt::CTRL | Qt::Key_E));
    addMenuAction(file, tr("&Settings…"), this, &MainWindow::showSettings, QKeySequence::Preferences);
    addMenuAction(file, tr("&Quit"), this, &QWidget::close, QKeySequence::Quit);

    // Undo and redo of annotation changes (ReviewController keeps the run's history).
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_review->undoAction());
    edit->addAction(m_review->redoAction());

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    addMenuAction(
        go, tr("&Next Failure"), this, [this] { selectNextFailure(+1); }, QKeySequence(Qt::Key_F8));
    addMenuAction(
        go, tr("&Previous Failure"), this, [this] { selectNextFailure(-1); }, QKeySequence(Qt::SHIFT | Qt::Key_F8));
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

    buildReviewMenu();

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_warningsDock->toggleViewAction());
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
        QMessageBox box(QMessageBox::NoIcon, tr("Keyboard shortcuts"), triageKeysHelp(), QMessageBox::Close, this);
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

QString MainWindow::triageKeysHelp()
{
    QString rows;
    auto row = [&rows](const QString& keys, const QString& what) {
        rows += QStringLiteral("<tr><td><b>%1</b></td><td>&nbsp;&nbsp;%2</td></tr>").arg(keys.toHtmlEscaped(), what.toHtmlEscaped());
    };
    for (const VerdictInfo& info : verdictVocabulary())
        row(QString(QChar(info.key)), tr("verdict: %1").arg(info.title));
    row(tr("0 or Backspace"), tr("clear the verdict"));
    row(tr("N or ]"), tr("next unreviewed case (tree order, filter respected)"));
    row(tr("Shift+N or ["), tr("previous unreviewed case"));
    row(tr("C"), tr("write the note (cursor into the note field)"));
    row(tr("Esc"), tr("back to the case tree"));
    row(CodeView::commentShortcut().toString(QKeySequence::NativeText), tr("comment on the cursor's line of code"));
    row(tr("F8 / Shift+F8"), tr("next / previous failing case"));
    row(tr("F7 / Shift+F7"), tr("next / previous change in the diff"));
    row(tr("Ctrl+P"), tr("jump to a case by name"));
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
    const bool sameRun = m_run && m_run->path == run->path && m_run->name == run->name;
    const QString keep = sameRun ? currentCaseName() : Settings::instance()->lastCase();
    m_run = run;
    m_caseView->clear();
    m_model->setRun(run);
    m_review->openRun(run);
    m_warnings->setWarnings(run->warnings);
    m_warningsView->resizeColumnsToContents();
    m_warningsDock->setWindowTitle(tr("Warnings (%1)").arg(run->warnings.size()));
    if (!run->warnings.isEmpty())
        m_warningsDock->show();
    m_caseTree->expandAll();
    m_caseTree->resizeColumnToContents(CaseTreeModel::LatestColumn);
    setWindowTitle(tr("%1 — Kernel Review Workbench").arg(run->name));
    const QString wanted = m_screenshot->isArmed() ? m_screenshot->caseName() : keep;
    if ((wanted.isEmpty() || !selectCase(wanted)) && !run->cases.isEmpty()) {
        m_caseTree->setCurrentIndex({});
        selectNextFailure(+1);
    }
    if (!m_filterBar->query().text.isEmpty())
        startSearch();
    Q_EMIT loadFinished(!run->cases.isEmpty());
    if (m_screenshot->isArmed())
        m_screenshot->takeWhenShown(m_run);
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
    if (!m_run)
        return;
    QVector<int> cases = selectedCaseIndexes();
    const QString current = currentCaseName();
    if (cases.isEmpty() && !current.isEmpty())
        cases.append(m_run->indexOf(current));
    m_review->applyVerdict(verdict, cases);
}

void MainWindow::onCurrentCaseChanged()
{
    const QModelIndex current = m_caseTree->currentIndex();
    if (!current.isValid() || current.data(CaseTreeModel::IsGroupRole).toBool())
        return;
    const int caseIndex = current.data(CaseTreeModel::CaseIndexRole).toInt();
    m_review->showCase(m_run->cases.at(caseIndex).filename);
    m_caseView->setCase(m_run, caseIndex);
    Settings::instance()->setLastCase(m_run->cases.at(caseIndex).filename);
}

void MainWindow::startSearch()
{
    const SearchQuery query = m_filterBar->query();
    if (query.text.isEmpty() || !m_run) {
        m_searchJob->cancel();
        m_proxy->setSearchMatches(std::nullopt);
        m_filterBar->setBusy(false);
        m_caseTree->expandAll();
        Q_EMIT searchFinished();
        return;
    }
    const CaseMatcher matcher(query);
    if (!matcher.isValid()) {
        m_filterBar->setBusy(false, tr("Invalid regular expression: %1").arg(matcher.errorString()));
        return;
    }
    m_filterBar->setBusy(true);
    m_searchJob->start(m_run, query);
}

void MainWindow::showExportDialog()
{
    if (!m_run) {
        statusBar()->showMessage(tr("Open a run to export a report."), 3000);
        return;
    }
    auto* dialog = new ExportDialog(m_run, selectedCaseIndexes(), this);
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

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_review->commitPendingEdits();
    saveLayout();
    m_opener->cancel();
    m_searchJob->cancel();
    QMainWindow::closeEvent(event);
}

} // namespace krw
