// SPDX-License-Identifier: MIT
#pragma once

#include "rundata.h"
#include "runlocator.h"

#include <QMainWindow>

class QLabel;
class QProgressBar;
class QSplitter;
class QTableView;
class QToolButton;
class QTreeView;

namespace krw {

class CaseFilterBar;
class CaseFilterProxy;
class CaseSearchJob;
class CaseTreeModel;
class CaseView;
class RunLoadJob;
class SyntaxSupport;
class WarningModel;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    static constexpr int LayoutVersion = 1;
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

    const RunPtr& run() const { return m_run; }
    // Indexes into run()->cases of the cases selected in the tree (the current one when none is).
    QVector<int> selectedCaseIndexes() const;
    bool selectCase(const QString& filename);
    QString currentCaseName() const;
    void selectNextFailure(int direction); // +1 next, -1 previous
    CaseView* caseView() const { return m_caseView; }
    QTreeView* caseTree() const { return m_caseTree; }
    CaseFilterBar* filterBar() const { return m_filterBar; }
    CaseFilterProxy* caseProxy() const { return m_proxy; }

Q_SIGNALS:
    void loadFinished(bool ok);
    void searchFinished();
    void screenshotSaved(bool ok, const QString& message);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildMenus();
    void buildStatusBar();
    QWidget* buildCasePanel();
    void buildWarningsDock();
    void chooseRun(const LocateResult& result);
    void applyRun(const RunPtr& run);
    void restoreSelection();
    void onCurrentCaseChanged();
    void startSearch();
    void jumpToCase();
    void openFolderDialog();
    void openFileDialog();
    void showSettings();
    void showExportDialog();
    void continueScreenshot();
    void saveLayout();
    QModelIndex firstCaseIndex(const QModelIndex& from, int direction, bool failingOnly) const;

    SyntaxSupport* m_syntax;
    RunPtr m_run;
    QString m_requestedPath;
    QString m_requestedRunName;
    bool m_interactive = true;
    CaseTreeModel* m_model;
    CaseFilterProxy* m_proxy;
    WarningModel* m_warnings;
    RunLoadJob* m_loadJob;
    CaseSearchJob* m_searchJob;
    CaseFilterBar* m_filterBar;
    QTreeView* m_caseTree;
    CaseView* m_caseView;
    QSplitter* m_splitter;
    QTableView* m_warningsView;
    QDockWidget* m_warningsDock;
    QLabel* m_runLabel;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
    QString m_screenshotPath;
    QString m_screenshotCase;
    int m_screenshotTab = -1;
};

} // namespace krw
