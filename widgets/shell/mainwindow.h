// SPDX-License-Identifier: MIT
#pragma once

#include "models/review/annotations.h"
#include "models/run/rundata.h"
#include "widgets/browse/casetreeview.h"
#include "widgets/review/reviewcontroller.h"

#include <QMainWindow>
#include <QPointer>

class QDockWidget;
class QStackedWidget;
class QSplitter;
class QTimer;
class QTreeView;

namespace krw {

class AnnotationPanel;
class AnnotationStore;
class BatchRerunDialog;
class CaseFilterBar;
class CaseFilterProxy;
class CaseNavigator;
class CaseSearchController;
class CaseTreeModel;
class CaseView;
class ComparisonPanel;
class RunGridDialog;
class FailuresDock;
class FailuresPanel;
struct FailureGroup;
class RunOpener;
class RunSession;
struct RerunResult;
class ScreenshotTaker;
class SyntaxSupport;
class WarningsDock;

// The window: menus, the case tree beside the case view and its review panel, the warnings
// dock and the status bar. It wires the parts that do the work: RunSession (opening a run, and
// what its views need besides its cases) with RunOpener (its dialogs and status), CaseNavigator (moving through the tree, which case to
// show), CaseSearchController (the search box), ReviewController (annotations) and ScreenshotTaker (--screenshot), and shows each run the
// session opens.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    static constexpr int LayoutVersion = 1;
    // The smallest the case list and the case view get (logical px): together they fit a 1400×900
    // screen at scale 1.5.
    static constexpr int CasePanelMinimumWidth = 240;
    static constexpr int CaseViewMinimumWidth = 540;
    static constexpr int CaseViewMinimumHeight = 280;
    static QString samplePath(); // the run embedded in the application

    explicit MainWindow(SyntaxSupport* syntax, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a run; with several runs in one place, asks which (or takes the newest when
    // interactive is false). Returns at once; loadFinished says when it is done.
    void openPath(const QString& path, const QString& runName = {}, bool interactive = true);
    // After the next load: select the first failing case, show a side-by-side diff, save the
    // window as a PNG, then emit screenshotSaved.
    // tab: which case tab to show (default: Compare).
    void takeScreenshotWhenReady(const QString& pngPath, const QString& caseName = {}, int tab = -1);

    const RunPtr& run() const;
    // Indexes into run()->cases of the cases selected in the tree, in run order (the current one
    // when none is).
    QVector<int> selectedCaseIndexes() const;
    QVector<int> shownCaseIndexes() const; // what the tree shows now (its filter), in run order
    bool selectCase(const QString& filename);
    QString currentCaseName() const;
    void selectNextFailure(int direction); // +1 next, -1 previous
    CaseView* caseView() const { return m_caseView; }
    QTreeView* caseTree() const { return m_caseTree; }
    CaseFilterBar* filterBar() const { return m_filterBar; }
    CaseFilterProxy* caseProxy() const { return m_proxy; }

    // Review.
    AnnotationPanel* annotationPanel() const { return m_annotationPanel; }
    AnnotationStore* annotationStore() const;
    ReviewController* reviewController() const { return m_review; }
    // Sets the verdict of the selected cases (the current one when none is selected).
    void applyVerdict(Verdict verdict);
    void selectNextUnreviewed(int direction); // +1 next, -1 previous, in tree order, wrapping
    // Asks for a line comment's text; nullopt = cancelled. Tests replace the dialog.
    using CommentPrompt = ReviewController::CommentPrompt;
    void setCommentPrompt(CommentPrompt prompt);
    // Go ▸ Rerun Cases…: the batch dialog, made for the open run (shown again while its batch runs).
    BatchRerunDialog* openBatchDialog();
    // Go ▸ Resume Batch…: the newest batch of this run that has cases left, resumed.
    BatchRerunDialog* resumeBatch();
    BatchRerunDialog* batchDialog() const;

    // File ▸ Compare With… and --compare: the run on show (A) against the run at path (B), loaded
    // off the UI thread; the tree shows the comparison until it is left (File ▸ Leave Comparison)
    // or another run opens. comparisonShown says how it ended.
    void compareWith(const QString& path, const QString& runName = {}, bool interactive = true);
    ComparisonPanel* comparisonPanel() const { return m_comparison; }
    // File ▸ Compare Several Runs…: the grid of outcomes, with this run (and the one compared with) listed.
    RunGridDialog* openRunGrid();
    // Failures: the run's failure groups (View ▸ Failures), read when the dock is shown.
    FailuresPanel* failuresPanel() const;
    QDockWidget* failuresDock() const;
    // Only this group's cases in the tree, until the filter bar's Clear (or another run).
    void filterToGroup(const FailureGroup& group);
    void clearGroupFilter();
    // Review ▸ Verdict / Tags for Many Cases…: the dialog for these cases (filenames), then one
    // undo step (ReviewController::applyBulk). what names them: "3 selected cases", "group …".
    // cases by value: the dialog's event loop may replace what a reference would point into (the
    // failure groups read again while it is open).
    void bulkEdit(QStringList cases, const QString& what);
    void bulkEditSelection(); // the selected cases (the current one when none is)

    // Help ▸ Keyboard Shortcuts: every action of the window with its shortcuts (HTML).
    QString shortcutHelp() const;

Q_SIGNALS:
    void loadFinished(bool ok);
    void searchFinished();
    void latestRerunsLoaded(); // the shown run's Rerun column is filled, resumable batches looked for (tests wait for it)
    void hintsLoaded(); // the shown run's lint hints are in the tree (tests wait for it)
    void screenshotSaved(bool ok, const QString& message);
    void comparisonShown(bool ok);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    friend class MainMenus; // the menus are the window's, in a file of their own
    void colourRerunIcon();
    void buildStatusBar();
    void showWarnings(bool reveal);
    void noteRerun(const RunPtr& run, const QString& caseName, const RerunResult& result);
    void showRun(const RunPtr& run, const RunPtr& before);
    void finishShowingRun();
    void showCase(int caseIndex);
    void openCaseOfRun(const QString& filename, const QString& runPath);
    void filterComparison();
    void chooseComparison();
    void showExportDialog();
    void saveLayout();
    void rememberCase(const RunPtr& run); // the case on show, as the one to open run at next time

    RunSession* m_session; // the run on show and what its views need besides its cases
    CaseTreeModel* m_model;
    CaseFilterProxy* m_proxy;
    CaseFilterBar* m_filterBar;
    CaseTreeView* m_caseTree;
    CaseView* m_caseView;
    AnnotationPanel* m_annotationPanel;
    QSplitter* m_splitter;
    QSplitter* m_reviewSplitter;
    WarningsDock* m_warningsDock;
    FailuresDock* m_failuresDock; // View ▸ Failures
    // The parts, made after the widgets they work on.
    RunOpener* m_opener;
    ReviewController* m_review;
    CaseNavigator* m_navigator;
    CaseSearchController* m_search;
    ScreenshotTaker* m_screenshot;
    bool m_restoredGeometry = false;
    bool m_placed = false;
    bool m_splitterRestored = false;
    QAction* m_rerunAction = nullptr;
    QAction* m_resumeBatchAction = nullptr;
    QPointer<BatchRerunDialog> m_batchDialog;
    // showRun's second half (finishShowingRun) runs from this zero timer, on the event loop's next
    // turn, with the case it should select.
    QTimer* m_finishShowing;
    QString m_startCase;
    QStackedWidget* m_casePanels; // the case tree, or the comparison
    ComparisonPanel* m_comparison;
    QAction* m_leaveComparisonAction = nullptr;
    QString m_comparisonStartCase; // the case to show when the comparison being loaded is ready
};

} // namespace krw
