// SPDX-License-Identifier: MIT
#include "widgets/shell/mainmenus.h"

#include "widgets/browse/casefilterbar.h"
#include "widgets/browse/casenavigator.h"
#include "widgets/browse/verdictdelegate.h"
#include "widgets/browse/warningsdock.h"
#include "widgets/caseview/caseview.h"
#include "widgets/caseview/comparepage.h"
#include "widgets/code/codeview.h"
#include "widgets/code/diffview.h"
#include "widgets/compare/comparisonpanel.h"
#include "widgets/failures/failuresdock.h"
#include "widgets/rerun/runnerpanel.h"
#include "widgets/review/reviewcontroller.h"
#include "widgets/settings/settings.h"
#include "widgets/settings/settingsdialog.h"
#include "widgets/shell/mainwindow.h"
#include "widgets/shell/recentrunsmenu.h"
#include "widgets/shell/runopener.h"
#include "widgets/theme/themes.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>

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

void MainMenus::build(MainWindow* w)
{
    QMenu* file = w->menuBar()->addMenu(tr("&File"));
    QAction* openFolder = addMenuAction(file, tr("Open Run &Folder…"), w->m_opener, &RunOpener::chooseFolder, QKeySequence::Open);
    openFolder->setIcon(themeIcon(w, "document-open", QStyle::SP_DirOpenIcon));
    openFolder->setIconText(tr("Open"));
    addMenuAction(file, tr("Open Run F&ile…"), w->m_opener, &RunOpener::chooseFile, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    addMenuAction(file, tr("&KernelBench Checkout…"), w->m_opener, &RunOpener::chooseKernelBenchCheckout);
    auto* recent = new RecentRunsMenu(w);
    QObject::connect(recent, &RecentRunsMenu::openRequested, w, [w](const QString& path, const QString& name) { w->openPath(path, name); });
    file->addMenu(recent);
    addMenuAction(file, tr("Open &Sample Run"), w, [w] { w->openPath(MainWindow::samplePath()); });
    QAction* reload = addMenuAction(file, tr("&Reload"), w->m_opener, &RunOpener::reload, QKeySequence::Refresh);
    reload->setIcon(themeIcon(w, "view-refresh", QStyle::SP_BrowserReload));
    file->addSeparator();
    addMenuAction(file, tr("&Compare With…"), w, &MainWindow::chooseComparison);
    w->m_leaveComparisonAction = addMenuAction(file, tr("&Leave Comparison"), w->m_comparison, &ComparisonPanel::leave);
    w->m_leaveComparisonAction->setEnabled(false);
    addMenuAction(file, tr("Compare Se&veral Runs…"), w, &MainWindow::openRunGrid);
    file->addSeparator();
    QAction* exportReport
        = addMenuAction(file, tr("&Export Report…"), w, &MainWindow::showExportDialog, QKeySequence(Qt::CTRL | Qt::Key_E));
    exportReport->setIcon(themeIcon(w, "document-export", QStyle::SP_DialogSaveButton));
    exportReport->setIconText(tr("Export"));
    addMenuAction(
        file, tr("&Settings…"), w, [w] { SettingsDialog(w).exec(); }, QKeySequence::Preferences);
    // Also the runner panel's "Profiles…": where reruns run (this machine, a host, Slurm) and how.
    addMenuAction(file, tr("&Toolchain Profiles…"), w->m_caseView->runnerPanel(), &RunnerPanel::editProfiles);
    addMenuAction(file, tr("&Quit"), w, &QWidget::close, QKeySequence::Quit);

    // Undo and redo of annotation changes (ReviewController keeps the run's history).
    QMenu* edit = w->menuBar()->addMenu(tr("&Edit"));
    QAction* undo = w->m_review->undoAction();
    QAction* redo = w->m_review->redoAction();
    undo->setIcon(themeIcon(w, "edit-undo", QStyle::SP_ArrowBack));
    undo->setIconText(tr("Undo"));
    redo->setIcon(themeIcon(w, "edit-redo", QStyle::SP_ArrowForward));
    redo->setIconText(tr("Redo"));
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu* go = w->menuBar()->addMenu(tr("&Go"));
    QAction* nextFailure = addMenuAction(
        go, tr("&Next Failure"), w, [w] { w->selectNextFailure(+1); }, QKeySequence(Qt::Key_F8));
    nextFailure->setIcon(themeIcon(w, "go-down", QStyle::SP_ArrowDown));
    nextFailure->setIconText(tr("Next"));
    nextFailure->setToolTip(withShortcut(tr("Next failing case"), nextFailure));
    QAction* previousFailure = addMenuAction(
        go, tr("&Previous Failure"), w, [w] { w->selectNextFailure(-1); }, QKeySequence(Qt::SHIFT | Qt::Key_F8));
    previousFailure->setIcon(themeIcon(w, "go-up", QStyle::SP_ArrowUp));
    previousFailure->setIconText(tr("Previous"));
    previousFailure->setToolTip(withShortcut(tr("Previous failing case"), previousFailure));
    addMenuAction(go, tr("&Jump to Case…"), w->m_navigator, &CaseNavigator::jumpToCase, QKeySequence(Qt::CTRL | Qt::Key_P));
    addMenuAction(
        go, tr("&Search Cases"), w, [w] { w->m_filterBar->focusSearch(); }, QKeySequence::Find);
    go->addSeparator();
    addMenuAction(
        go, tr("&Compare Versions"), w, [w] { w->m_caseView->showTab(CaseView::CompareTab); }, QKeySequence(Qt::CTRL | Qt::Key_D));
    addMenuAction(
        go, tr("Case &History"), w, [w] { w->m_caseView->showTab(CaseView::HistoryTab); }, QKeySequence(Qt::CTRL | Qt::Key_H));
    addMenuAction(
        go, tr("Next C&hange"), w, [w] { w->m_caseView->comparePage()->diffView()->nextChange(); }, QKeySequence(Qt::Key_F7));
    addMenuAction(
        go, tr("Previous Ch&ange"), w, [w] { w->m_caseView->comparePage()->diffView()->previousChange(); },
        QKeySequence(Qt::SHIFT | Qt::Key_F7));
    go->addSeparator();
    QAction* rerun = addMenuAction(
        go, tr("&Rerun…"), w,
        [w] {
            w->m_caseView->showTab(CaseView::RerunTab);
            w->m_caseView->setFocus(Qt::ShortcutFocusReason);
        },
        QKeySequence(Qt::CTRL | Qt::Key_R));
    w->m_rerunAction = rerun;
    w->colourRerunIcon();
    rerun->setIconText(tr("Rerun"));
    rerun->setToolTip(withShortcut(tr("Rerun a version of this case (the Rerun page)"), rerun));
    addMenuAction(go, tr("Rerun &Cases…"), w, &MainWindow::openBatchDialog, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    w->m_resumeBatchAction = addMenuAction(go, tr("Res&ume Batch…"), w, &MainWindow::resumeBatch);
    w->m_resumeBatchAction->setEnabled(false); // until a batch with cases left is found for the open run
    for (QAction* action : {openFolder, reload, exportReport, undo, redo})
        action->setToolTip(withShortcut(action->text().remove(QLatin1Char('&')), action));

    buildReviewMenu(w);

    // The common actions, the menus' own (one shortcut, one state).
    auto* toolBar = w->addToolBar(tr("Main Toolbar"));
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

    QMenu* view = w->menuBar()->addMenu(tr("&View"));
    view->addAction(toolBar->toggleViewAction());
    view->addAction(w->m_warningsDock->toggleViewAction());
    QAction* failures = w->m_failuresDock->toggleViewAction();
    failures->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    failures->setToolTip(tr("The failing cases grouped by the cause their error names"));
    view->addAction(failures);
    QMenu* theme = view->addMenu(tr("&Theme"));
    auto* themes = new QActionGroup(w);
    const std::pair<Theme, QString> choices[] = {{Theme::System, tr("&System")}, {Theme::Light, tr("&Light")}, {Theme::Dark, tr("&Dark")}};
    for (const auto& [value, title] : choices) {
        QAction* action = addMenuAction(theme, title, w, [value = value] { Settings::instance()->setTheme(value); });
        action->setCheckable(true);
        action->setChecked(Settings::instance()->theme() == value);
        themes->addAction(action);
    }

    QMenu* help = w->menuBar()->addMenu(tr("&Help"));
    addMenuAction(help, tr("&Keyboard Shortcuts"), w, [w] {
        QMessageBox box(QMessageBox::NoIcon, tr("Keyboard shortcuts"), w->shortcutHelp(), QMessageBox::Close, w);
        box.setTextFormat(Qt::RichText);
        box.exec();
    });
    addMenuAction(help, tr("&About"), w, [w] {
        QMessageBox::about(w, tr("Kernel Review Workbench"),
            tr("Review LLM GPU-kernel translation runs: outcomes, every version side by side, "
               "errors linked to their lines, and the model's reflections."));
    });
}

// Verdicts and notes go to the review controller; moving between cases to the navigator.
void MainMenus::buildReviewMenu(MainWindow* w)
{
    QMenu* review = w->menuBar()->addMenu(tr("&Review"));
    for (const VerdictInfo& info : verdictVocabulary()) {
        const Verdict verdict = info.verdict;
        QAction* action = addMenuAction(
            review, info.title, w, [w, verdict] { w->applyVerdict(verdict); }, QKeySequence(info.key));
        action->setToolTip(info.description);
        action->setIcon(verdictIcon(verdict, w->palette()));
    }
    QAction* clear = addMenuAction(review, tr("Clear Verdict"), w, [w] { w->applyVerdict(Verdict::None); });
    clear->setShortcuts({QKeySequence(Qt::Key_0), QKeySequence(Qt::Key_Backspace)});
    addMenuAction(
        review, tr("Verdict / &Tags for Many Cases…"), w, &MainWindow::bulkEditSelection, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B))
        ->setToolTip(tr("A verdict or tags for every selected case at once, as one undoable step"));
    review->addSeparator();
    QAction* next = addMenuAction(review, tr("&Next Unreviewed Case"), w, [w] { w->selectNextUnreviewed(+1); });
    next->setShortcuts({QKeySequence(Qt::Key_N), QKeySequence(Qt::Key_BracketRight)});
    QAction* previous = addMenuAction(review, tr("&Previous Unreviewed Case"), w, [w] { w->selectNextUnreviewed(-1); });
    previous->setShortcuts({QKeySequence(Qt::SHIFT | Qt::Key_N), QKeySequence(Qt::Key_BracketLeft)});
    review->addSeparator();
    addMenuAction(review, tr("Edit &Note"), w->m_review, &ReviewController::focusNote, QKeySequence(Qt::Key_C));
    addMenuAction(
        review, tr("&Comment on Current Line…"), w->m_review, &ReviewController::commentOnFocusedLine, CodeView::commentShortcut());
    addMenuAction(
        review, tr("Back to the &Cases"), w, [w] { w->m_caseTree->setFocus(Qt::ShortcutFocusReason); }, QKeySequence(Qt::Key_Escape));
}

} // namespace krw
