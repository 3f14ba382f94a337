// SPDX-License-Identifier: MIT
#include "models/batch/batchqueue.h"
#include "models/browse/casefilterproxy.h"
#include "models/browse/casetreemodel.h"
#include "models/browse/warningmodel.h"
#include "models/lint/hintcache.h"
#include "models/rerun/resultstore.h"
#include "models/review/annotationstore.h"
#include "models/run/loadedfiles.h"
#include "models/run/runloader.h"
#include "models/run/textlimits.h"
#include "models/run/textstore.h"
#include "samplecopy.h"
#include "widgets/batch/batchrerundialog.h"
#include "widgets/browse/casefilterbar.h"
#include "widgets/caseview/caseview.h"
#include "widgets/caseview/comparepage.h"
#include "widgets/caseview/elidinglabel.h"
#include "widgets/caseview/errorview.h"
#include "widgets/caseview/historypage.h"
#include "widgets/code/bigtextbar.h"
#include "widgets/code/codeview.h"
#include "widgets/code/diffview.h"
#include "widgets/code/syntaxsupport.h"
#include "widgets/rerun/runnerpanel.h"
#include "widgets/settings/settings.h"
#include "widgets/shell/mainwindow.h"
#include "widgets/theme/diffcolors.h"
#include "widgets/theme/themes.h"
#include "windowtesthelpers.h"
#include "workertests.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDirIterator>
#include <QFile>
#include <QFontDatabase>
#include <QHeaderView>
#include <QImage>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScrollBar>
#include <QSemaphore>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QThread>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QTreeWidget>
#include <QtConcurrent>

using namespace krw;
using krw::testing::shownCases;

namespace {

QString seriesDir()
{
    return QStringLiteral(KRW_TEST_DATA_DIR "/series");
}

// The text of a label found by object name, or why there is none.
QString labelText(const QObject* parent, const QString& name)
{
    const auto* label = parent->findChild<QLabel*>(name);
    return label ? label->text() : QStringLiteral("<no label %1>").arg(name);
}

QString searchStatus(const MainWindow& window)
{
    return labelText(window.filterBar(), QStringLiteral("searchStatus"));
}

QString runSummary(const MainWindow& window)
{
    return labelText(&window, QStringLiteral("runSummary"));
}

// Puts a query in the search box and waits until the box's debounce has let it through (the
// window starts its search then).
bool enterQuery(MainWindow& window, const QString& text, bool regex = false)
{
    QSignalSpy debounced(window.filterBar(), &CaseFilterBar::queryChanged);
    window.filterBar()->findChild<QCheckBox*>(QStringLiteral("searchRegex"))->setChecked(regex);
    window.filterBar()->searchEdit()->setText(text);
    return debounced.wait(20000);
}

// Searches and waits for the result to be applied.
bool search(MainWindow& window, const QString& text, bool regex = false)
{
    QSignalSpy searched(&window, &MainWindow::searchFinished);
    return enterQuery(window, text, regex) && (searched.count() > 0 || searched.wait(10000));
}

// A lone JSONL run of these lines in dir; its path.
QString writeLoneJsonl(const QTemporaryDir& dir, const QByteArray& lines)
{
    const QString path = dir.filePath(QStringLiteral("lone.jsonl"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(lines) != lines.size())
        return {};
    return path;
}

// The sample run copied into runDir, with a passed rerun of sin_kernel.py with one flag saved in its sidecar.
bool copySampleWithFlaggedRerun(const QString& runDir, RerunResult* flagged)
{
    if (!krw::test::copySampleRun(runDir))
        return false;
    const Run run = loadRunAtPath(runDir);
    flagged->caseName = QStringLiteral("sin_kernel.py");
    flagged->versionId = QStringLiteral("it1:predict");
    flagged->baselineId = QStringLiteral("label");
    flagged->profile = QStringLiteral("cpu");
    flagged->started = QDateTime::currentDateTime();
    AccuracyStage ok;
    ok.ok = true;
    flagged->accuracy = ok;
    flagged->flags = QStringList{QStringLiteral("no_own_kernel"), QStringLiteral("launch_bound")}; // suspect, with a note
    QString error;
    if (!ResultStore::forRun(run.path, run.name).save(*flagged, &error)) {
        qWarning("saving a rerun failed: %s", qPrintable(error));
        return false;
    }
    return true;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    SyntaxSupport m_syntax;

    // Opens a run and waits for it; false when nothing loaded.
    static bool open(MainWindow& window, const QString& path) { return krw::testing::openRun(window, path); }

    // The sample run copied into runDir with a saved flagged rerun (copySampleWithFlaggedRerun),
    // opened in the window once it is shown and exposed; false when any step failed.
    static bool openWithFlaggedRerun(MainWindow& window, const QString& runDir, RerunResult* flagged)
    {
        if (!copySampleWithFlaggedRerun(runDir, flagged))
            return false;
        window.show();
        return QTest::qWaitForWindowExposed(&window) && open(window, runDir);
    }

    // Selects a case and waits until its texts are in the panes.
    static bool select(MainWindow& window, const QString& filename) { return krw::testing::selectCase(window, filename); }

    // Every folder and file below root (relative paths), to see what opening a run creates.
    static QStringList listing(const QString& root)
    {
        QStringList entries;
        QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext())
            entries << QDir(root).relativeFilePath(it.next());
        entries.sort();
        return entries;
    }

    // The folders only, below root.
    static QStringList folders(const QString& root)
    {
        QStringList entries;
        QDirIterator it(root, QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext())
            entries << QDir(root).relativeFilePath(it.next());
        entries.sort();
        return entries;
    }

    // The File menu's Open Recent submenu.
    static QMenu* recentMenu(const MainWindow& window)
    {
        for (QAction* top : window.menuBar()->actions()) {
            if (!top->menu() || top->text().remove(QLatin1Char('&')) != QLatin1String("File"))
                continue;
            for (QAction* action : top->menu()->actions()) {
                if (action->menu() && action->text().remove(QLatin1Char('&')) == QLatin1String("Open Recent"))
                    return action->menu();
            }
        }
        return nullptr;
    }

    // The actions the Open Recent menu shows now (it fills itself when it opens).
    static QList<QAction*> recentEntries(QMenu* menu)
    {
        Q_EMIT menu->aboutToShow();
        QList<QAction*> entries;
        for (QAction* action : menu->actions()) {
            if (!action->isSeparator() && action->isEnabled()
                && !action->text().remove(QLatin1Char('&')).startsWith(QLatin1String("Clear")))
                entries << action;
        }
        return entries;
    }

    // Shows the window, opens path in it and waits for the Hints column to be filled.
    static bool openShowingHints(MainWindow& window, const QString& path)
    {
        QSignalSpy hints(&window, &MainWindow::hintsLoaded);
        window.show();
        return QTest::qWaitForWindowExposed(&window) && open(window, path) && (hints.wait(20000) || !hints.isEmpty());
    }

    // A column's cell of a case in the window's tree ("<no row>" when the case is not shown).
    static QString cellOf(MainWindow& window, const QString& name, int column)
    {
        const QAbstractItemModel* tree = window.caseTree()->model();
        for (int g = 0; g < tree->rowCount(); ++g) {
            const QModelIndex group = tree->index(g, 0);
            for (int r = 0; r < tree->rowCount(group); ++r) {
                if (tree->index(r, 0, group).data(CaseTreeModel::FilenameRole).toString() == name)
                    return tree->index(r, column, group).data().toString();
            }
        }
        return QStringLiteral("<no row>");
    }
    static QString rerunCellOf(MainWindow& window, const QString& name) { return cellOf(window, name, CaseTreeModel::RerunColumn); }
    static QString hintCell(MainWindow& window, const QString& name) { return cellOf(window, name, CaseTreeModel::HintsColumn); }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void opensEmbeddedSampleAndSelectsFirstFailure()
    {
        MainWindow window(&m_syntax);
        window.show();
        QSignalSpy shown(window.caseView(), &CaseView::caseShown);
        QVERIFY(open(window, MainWindow::samplePath()));
        QVERIFY(window.run()->cases.size() >= 8);
        QVERIFY(window.run()->iterations.size() >= 2);
        QVERIFY(!shown.isEmpty()); // open() waits for the case it starts on
        const Case& current = window.run()->cases.at(window.run()->indexOf(window.currentCaseName()));
        QVERIFY(current.isFailing());
    }

    void everyCaseShowsItsTexts_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addRow("sample") << MainWindow::samplePath();
        QTest::addRow("series") << QStringLiteral(KRW_TEST_DATA_DIR "/series");
    }

    void everyCaseShowsItsTexts()
    {
        QFETCH(QString, path);
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, path));
        const RunPtr run = window.run();
        for (const Case& c : run->cases) {
            QVERIFY(select(window, c.filename));
            CaseView* view = window.caseView();
            QCOMPARE(view->iteration(), c.newest().iteration);
            // Panes are filled when their tab comes to the front: bring it there first.
            if (c.newest().predict.hasContent()) {
                view->showTab(CaseView::PredictTab);
                QVERIFY(!view->isTabStale(CaseView::PredictTab));
                QCOMPARE(view->codeView(CaseView::PredictTab)->toPlainText(), TextStore::resolveOrEmpty(*run->sources, c.newest().predict));
            } else
                QVERIFY(!view->tabs()->isTabEnabled(CaseView::PredictTab));
            QCOMPARE(view->tabs()->isTabEnabled(CaseView::PerfTab),
                !c.newest().memory || c.newest().memory->perfCandidates.isEmpty() ? false : true);
            // The compare page always shows some pair once the case is read.
            if (view->comparePage()->isComputing()) {
                QSignalSpy diffShown(view->comparePage(), &ComparePage::diffShown);
                QVERIFY(diffShown.wait(20000));
            }
            QVERIFY(!view->comparePage()->leftId().isEmpty() || codeVersions(c).isEmpty());
        }
    }

    // Only the tab in front is filled when a case opens; the others when they come to the front,
    // and never with the previous case's text after a switch.
    void hiddenTabsAreFilledWhenShown()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, MainWindow::samplePath()));
        const RunPtr run = window.run();
        QStringList names; // two cases with different predictions
        QString firstPredict;
        for (const Case& c : run->cases) {
            const QString predict = TextStore::resolveOrEmpty(*run->sources, c.newest().predict);
            if (predict.isEmpty() || predict == firstPredict)
                continue;
            names << c.filename;
            if (names.size() == 1)
                firstPredict = predict;
            else
                break;
        }
        QCOMPARE(names.size(), 2);
        CaseView* view = window.caseView();
        view->showTab(CaseView::CompareTab);
        for (const QString& name : qAsConst(names)) {
            QVERIFY(select(window, name));
            const Case& c = run->cases.at(view->caseIndex());
            QCOMPARE(c.filename, name);
            const QString predict = TextStore::resolveOrEmpty(*run->sources, c.newest().predict);
            QVERIFY(view->isTabStale(CaseView::PredictTab)); // hidden: not filled yet
            QVERIFY(view->isTabStale(CaseView::OverviewTab));
            QVERIFY(!view->isTabStale(CaseView::CompareTab));
            view->showTab(CaseView::PredictTab);
            QVERIFY(!view->isTabStale(CaseView::PredictTab));
            QCOMPARE(view->codeView(CaseView::PredictTab)->toPlainText(), predict); // this case's, not the last one's
            view->showTab(CaseView::CompareTab);
        }
        // The tab in front stays filled across a switch.
        view->showTab(CaseView::PredictTab);
        QVERIFY(select(window, names.first()));
        QVERIFY(!view->isTabStale(CaseView::PredictTab));
        QCOMPARE(view->codeView(CaseView::PredictTab)->toPlainText(), firstPredict);
    }

    // Group titles span the row, also those a search brings back (rows inserted at the top level).
    void groupTitlesSpanTheRow()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, MainWindow::samplePath()));
        const QAbstractItemModel* shown = window.caseTree()->model();
        auto allSpanned = [&] {
            for (int row = 0; row < shown->rowCount(); ++row) {
                if (!window.caseTree()->isFirstColumnSpanned(row, {}))
                    return false;
            }
            return true;
        };
        const int groups = shown->rowCount();
        QVERIFY(groups >= 2);
        QVERIFY(allSpanned());
        QVERIFY(search(window, QStringLiteral("zq_no_case_says_this_qz")));
        QCOMPARE(shown->rowCount(), 0);
        QVERIFY(search(window, QString()));
        QCOMPARE(shown->rowCount(), groups);
        QVERIFY(allSpanned());
    }

    // A search that hides and shows thousands of scattered cases is one layout change of the tree,
    // not a removal per range of rows: the current case stays current and scrolled to, the cases
    // of a several-case selection still shown stay selected, a group the user collapsed stays
    // collapsed (the others open), the group titles count what is shown, and the group titles
    // still span the row. Then the box cleared: every case back, the same again.
    void searchOverThousandsOfScatteredCasesKeepsTheTree()
    {
        // 3,000 cases in four outcomes (by i % 4); every other one of each outcome's cases (by
        // i / 4) says the word searched for, so the search hides every other row of every group.
        const int cases = 3000;
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QByteArray jsonl;
        QByteArray memory = "{\n";
        auto name = [](int i) { return QStringLiteral("case_%1.py").arg(i, 5, 10, QLatin1Char('0')); };
        auto matches = [](int i) { return (i / 4) % 2 == 0; };
        for (int i = 0; i < cases; ++i) {
            jsonl += QStringLiteral("{\"filename\": \"%1\", \"predict\": \"int %2_%3;\"}\n")
                         .arg(name(i), matches(i) ? QStringLiteral("zqmarker") : QStringLiteral("other"))
                         .arg(i)
                         .toUtf8();
            const auto flag = [](bool on) { return on ? QStringLiteral("true") : QStringLiteral("false"); };
            memory
                += QStringLiteral("\"%1\": {\"pass_call\": %2, \"pass_exe\": %3, \"pass_perf\": %4}%5\n")
                       .arg(name(i), flag(i % 4 >= 1), flag(i % 4 >= 2), flag(i % 4 >= 3), i + 1 < cases ? QStringLiteral(",") : QString())
                       .toUtf8();
        }
        memory += "}\n";
        for (const auto& [file, bytes] :
            {std::pair{QStringLiteral("scatter_0.jsonl"), jsonl}, {QStringLiteral("scatter_mem_0.json"), memory}}) {
            QFile out(dir.filePath(file));
            QVERIFY(out.open(QIODevice::WriteOnly));
            QCOMPARE(out.write(bytes), qint64(bytes.size()));
        }

        MainWindow window(&m_syntax);
        window.resize(1200, 800);
        window.show();
        QVERIFY(open(window, dir.filePath(QStringLiteral("scatter_0.jsonl"))));
        QTreeView* tree = window.caseTree();
        auto* proxy = qobject_cast<QSortFilterProxyModel*>(tree->model());
        QVERIFY(proxy);
        const QAbstractItemModel* source = proxy->sourceModel();
        QAbstractItemModelTester tester(proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(shownCases(window).size(), cases);
        QCOMPARE(proxy->rowCount(), 4);

        // The group of case 1 (i % 4 == 1) collapsed; case 400 current, 404 (hidden by the search)
        // and 408 selected with it.
        QVERIFY(select(window, name(400)));
        auto rowOf = [&](int i) { // the tree's row of case i, if shown
            for (int g = 0; g < proxy->rowCount(); ++g) {
                const QModelIndex group = proxy->index(g, 0);
                for (int r = 0; r < proxy->rowCount(group); ++r) {
                    const QModelIndex row = proxy->index(r, 0, group);
                    if (row.data(CaseTreeModel::FilenameRole).toString() == name(i))
                        return row;
                }
            }
            return QModelIndex();
        };
        const QModelIndex collapsed = rowOf(1).parent();
        QVERIFY(collapsed.isValid());
        const int collapsedOutcome = collapsed.data(CaseTreeModel::OutcomeRole).toInt();
        QVERIFY(collapsedOutcome != rowOf(400).parent().data(CaseTreeModel::OutcomeRole).toInt());
        tree->collapse(collapsed);
        auto selectCaseToo = [&](int i) {
            const QModelIndex row = rowOf(i);
            tree->selectionModel()->select(row, QItemSelectionModel::Select | QItemSelectionModel::Rows);
            return row.isValid();
        };
        QVERIFY(selectCaseToo(404));
        QVERIFY(selectCaseToo(408));
        QCOMPARE(window.selectedCaseIndexes(), (QVector<int>{400, 404, 408}));

        // What the tree must look like: every group open but the collapsed one, its title
        // counting the cases shown of its cases, the current case kept and in view.
        auto checkTree = [&](bool searched) {
            QCOMPARE(window.currentCaseName(), name(400));
            QVERIFY(tree->selectionModel()->isSelected(tree->currentIndex()));
            QVERIFY(tree->viewport()->rect().intersects(tree->visualRect(tree->currentIndex())));
            QCOMPARE(window.selectedCaseIndexes(), (QVector<int>{400, 408})); // 404, hidden by the search, left the selection
            QCOMPARE(proxy->rowCount(), 4);
            int shownTotal = 0;
            for (int g = 0; g < proxy->rowCount(); ++g) {
                const QModelIndex group = proxy->index(g, 0);
                const QModelIndex sourceGroup = proxy->mapToSource(group);
                int wanted = 0;
                for (int r = 0; r < source->rowCount(sourceGroup); ++r) {
                    const int i = source->index(r, 0, sourceGroup).data(CaseTreeModel::CaseIndexRole).toInt();
                    wanted += !searched || matches(i) ? 1 : 0;
                }
                QCOMPARE(proxy->rowCount(group), wanted);
                shownTotal += wanted;
                const QString title = outcomeTitle(Outcome(group.data(CaseTreeModel::OutcomeRole).toInt()));
                const int total = source->rowCount(sourceGroup);
                QCOMPARE(group.data().toString(),
                    searched ? QStringLiteral("%1 (%2 of %3)").arg(title).arg(wanted).arg(total)
                             : QStringLiteral("%1 (%2)").arg(title).arg(total));
                QCOMPARE(tree->isExpanded(group), group.data(CaseTreeModel::OutcomeRole).toInt() != collapsedOutcome);
                QVERIFY(tree->isFirstColumnSpanned(g, {}));
            }
            QCOMPARE(shownTotal, searched ? cases / 2 : cases);
            QCOMPARE(shownCases(window).size(), shownTotal);
        };

        QSignalSpy removed(proxy, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(proxy, &QAbstractItemModel::rowsInserted);
        QSignalSpy relaidOut(proxy, &QAbstractItemModel::layoutChanged);
        QSignalSpy shownCase(window.caseView(), &CaseView::caseShown);
        QVERIFY(search(window, QStringLiteral("zqmarker")));
        QCOMPARE(searchStatus(window), QStringLiteral("%1 cases match").arg(cases / 2));
        QCOMPARE(removed.count(), 0);
        QVERIFY(relaidOut.count() >= 1);
        checkTree(true);

        QVERIFY(search(window, QString()));
        QCOMPARE(removed.count(), 0);
        QCOMPARE(inserted.count(), 0);
        checkTree(false);
        QCOMPARE(shownCase.count(), 0); // the case view was never asked to show another case
    }

    // While the run's search index is being built the box says so; a search typed meanwhile is
    // searched all the same (in the texts), and once the index is ready the box says nothing of it.
    void searchBoxSaysWhileTheRunIsIndexed()
    {
        MainWindow window(&m_syntax);
        window.show();
        QLineEdit* box = window.filterBar()->searchEdit();
        const QString usual = box->placeholderText();
        QVERIFY(!usual.contains(QStringLiteral("indexing")));
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        window.openPath(seriesDir(), {}, false);
        QVERIFY(loaded.wait(60000));
        // loadFinished comes from the same call that started the index: its result is not in yet.
        QVERIFY2(box->placeholderText().contains(QStringLiteral("indexing the run")), qPrintable(box->placeholderText()));
        QVERIFY(search(window, QStringLiteral("does not match")));
        QCOMPARE(searchStatus(window), QStringLiteral("1 case matches"));
        QTRY_COMPARE_WITH_TIMEOUT(box->placeholderText(), usual, 10000);
        // The search's progress is not reported after its result (the job's timer runs on while
        // the index is built): the box still says what matched.
        QCOMPARE(searchStatus(window), QStringLiteral("1 case matches"));
        QVERIFY(search(window, QString()));
        QVERIFY(search(window, QStringLiteral("does not match"))); // in the index now
        QCOMPARE(searchStatus(window), QStringLiteral("1 case matches"));
    }

    void switchingDiffPairs()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QVERIFY(select(window, QStringLiteral("c.py")));
        ComparePage* compare = window.caseView()->comparePage();
        QSignalSpy diffShown(compare, &ComparePage::diffShown);
        compare->compare(QStringLiteral("it0:perf:1"), QStringLiteral("it1:perf:1"));
        QVERIFY(diffShown.wait(20000));
        QCOMPARE(compare->diffView()->leftView()->toPlainText(), QStringLiteral("int c2;"));
        QCOMPARE(compare->diffView()->rightView()->toPlainText(), QStringLiteral("int c4;"));
        QCOMPARE(compare->diffView()->hunkCount(), 1);
        compare->compare(QStringLiteral("label"), QStringLiteral("label"));
        QVERIFY(diffShown.wait(20000));
        QCOMPARE(compare->diffView()->hunkCount(), 0);
        QVERIFY(!compare->diffView()->message().isEmpty());
    }

    void historyDiffsAgainstPreviousIteration()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QVERIFY(select(window, QStringLiteral("a.py")));
        HistoryPage* history = window.caseView()->findChild<HistoryPage*>();
        QVERIFY(history);
        QTreeWidgetItem* newest = history->tree()->topLevelItem(0);
        QCOMPARE(newest->text(0), QStringLiteral("Iteration 1"));
        history->tree()->setCurrentItem(newest->child(0)); // Iteration 1 · Prediction
        QSignalSpy diffShown(window.caseView()->comparePage(), &ComparePage::diffShown);
        history->compareSelectedWithPrevious();
        QVERIFY(diffShown.wait(20000));
        QCOMPARE(window.caseView()->comparePage()->leftId(), QStringLiteral("it0:predict"));
        QCOMPARE(window.caseView()->comparePage()->rightId(), QStringLiteral("it1:predict"));
        QCOMPARE(window.caseView()->tabs()->currentIndex(), int(CaseView::CompareTab));
    }

    void errorLinkShowsLineInTheRightIteration()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QVERIFY(select(window, QStringLiteral("a.py")));
        CaseView* view = window.caseView();
        view->setIteration(0);
        view->showTab(CaseView::ErrorsTab); // filled when in front
        QCOMPARE(view->errorView()->linkCount(), 1); // "/tmp/a.hip:2:5: error: boom"
        view->errorView()->activateLink(0);
        QCOMPARE(view->tabs()->currentIndex(), int(CaseView::PredictTab));
        QCOMPARE(view->iteration(), 0);
        QCOMPARE(view->codeView(CaseView::PredictTab)->textCursor().blockNumber(), 1);
        QCOMPARE(view->codeView(CaseView::PredictTab)->textCursor().block().text(), QStringLiteral("int a;"));
    }

    // The sample's messages as the agent's harness wrote them: only what points into a version of
    // the case is a link, and a quoted source line decides where it lands.
    void errorLinksOpenOnlyWhatTheCaseHolds()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, MainWindow::samplePath()));
        CaseView* view = window.caseView();
        ErrorView* errors = view->errorView();

        // The hip error quotes "constexpr int kThreads = kRowsPerBlock * WARP_SIZE;", a line of a
        // discarded attempt; the torch and subprocess frames are library code; run_call.py line 3
        // is the harness's preamble, not the test. Nothing here can be opened.
        QVERIFY(select(window, QStringLiteral("layer_norm_fwd.py")));
        view->setIteration(1);
        view->showTab(CaseView::ErrorsTab); // filled when in front, and kept in front below
        QCOMPARE(errors->linkCount(), 0);
        const QVector<ErrorLink> refs = errors->references();
        QCOMPARE(refs.size(), 8);
        QCOMPARE(refs.first().kind, ErrorLink::Kind::NotInVersion);
        QVERIFY(refs.first().toolTip.contains(QStringLiteral("quoted line not in this version (Iteration 1 · Prediction)")));
        QCOMPARE(refs.at(1).kind, ErrorLink::Kind::Library); // cpp_extension.py, line 2209
        QVERIFY(refs.at(1).toolTip.isEmpty());
        // What hovering shows is the tooltip the document carries on the reference's text.
        QTextCursor hip = errors->document()->find(QStringLiteral("/tmp/kr_build/layer_norm_fwd.hip:7:42"));
        QVERIFY(!hip.isNull());
        hip.setPosition(hip.selectionStart() + 1);
        QCOMPARE(hip.charFormat().toolTip(), refs.first().toolTip);
        QVERIFY(!hip.charFormat().isAnchor());

        // sin_kernel iteration 0: the error (line 14) and its note (line 7) quote lines of the prediction.
        QVERIFY(select(window, QStringLiteral("sin_kernel.py")));
        view->setIteration(0);
        QCOMPARE(errors->linkCount(), 2);
        errors->activateLink(1);
        QCOMPARE(view->tabs()->currentIndex(), int(CaseView::PredictTab));
        QCOMPARE(view->codeView(CaseView::PredictTab)->textCursor().blockNumber(), 6);
        errors->activateLink(0);
        QCOMPARE(view->codeView(CaseView::PredictTab)->textCursor().blockNumber(), 13);
        QCOMPARE(errors->link(0).toolTip, QStringLiteral("Opens Iteration 0 · Prediction at line 14"));
        QTextCursor anchor = errors->document()->find(QStringLiteral("/tmp/kr_build/sin_kernel.hip:14:20"));
        anchor.setPosition(anchor.selectionStart() + 1);
        QVERIFY(anchor.charFormat().isAnchor());
        QCOMPARE(anchor.charFormat().toolTip(), errors->link(0).toolTip);

        // rms_norm iteration 0: the traceback's run_call.py lines 24 and 14 quote lines 19 and 9
        // of the test code (the harness put five lines before it).
        QVERIFY(select(window, QStringLiteral("rms_norm.py")));
        view->setIteration(0);
        view->showTab(CaseView::ErrorsTab); // the link above brought the prediction to the front
        QCOMPARE(errors->linkCount(), 2);
        errors->activateLink(0);
        QCOMPARE(view->tabs()->currentIndex(), int(CaseView::TestTab));
        QCOMPARE(view->codeView(CaseView::TestTab)->textCursor().block().text(), QStringLiteral("result_gold = test_rms_norm()"));
        errors->activateLink(1);
        QCOMPARE(view->codeView(CaseView::TestTab)->textCursor().blockNumber(), 8);
        QCOMPARE(
            errors->link(0).toolTip, QStringLiteral("Opens Test code at line 19, where the quoted line is (the message says line 24)"));
    }

    // The code font of Settings, in every view that shows code, now and in a window opened later.
    void codeFontReachesEveryCodeView()
    {
        const QFont before = Settings::instance()->codeFont();
        QFont wanted = before;
#if QT_VERSION >= QT_VERSION_CHECK(6, 0, 0)
        const auto isFixedPitch = [](const QString& family) { return QFontDatabase::isFixedPitch(family); };
        const QStringList families = QFontDatabase::families();
#else
        const QFontDatabase database;
        const auto isFixedPitch = [&database](const QString& family) { return database.isFixedPitch(family); };
        const QStringList families = database.families();
#endif
        for (const QString& family : families) {
            if (family != QFontInfo(before).family() && isFixedPitch(family)) {
                wanted.setFamily(family);
                break;
            }
        }
        wanted.setPointSize(before.pointSize() + 5);
        QVERIFY(wanted.family() != before.family());

        // Which font each code-showing view of a window uses: the name of the view → its font.
        const auto fontsOf = [](MainWindow& window) {
            QMap<QString, QFont> fonts;
            CaseView* view = window.caseView();
            view->showTab(CaseView::ErrorsTab); // the messages are formatted when their tab is in front
            fonts.insert(QStringLiteral("prediction"), view->codeView(CaseView::PredictTab)->font());
            fonts.insert(QStringLiteral("compare left"), view->comparePage()->diffView()->leftView()->font());
            fonts.insert(QStringLiteral("compare right"), view->comparePage()->diffView()->rightView()->font());
            QTextCursor message = view->errorView()->document()->find(QStringLiteral("error: boom"));
            fonts.insert(QStringLiteral("errors"), message.charFormat().font());
            fonts.insert(QStringLiteral("rerun log"), view->runnerPanel()->findChild<QPlainTextEdit*>(QStringLiteral("rerunLog"))->font());
            for (CodeView* source : view->runnerPanel()->findChildren<CodeView*>())
                fonts.insert(QStringLiteral("rerun source"), source->font());
            return fonts;
        };
        // The views whose font is not the wanted one, with what they show instead.
        const auto wrongFonts = [&wanted](const QMap<QString, QFont>& fonts) {
            QStringList wrong;
            for (auto it = fonts.cbegin(); it != fonts.cend(); ++it) {
                if (it.value().family() != wanted.family() || it.value().pointSize() != wanted.pointSize())
                    wrong << QStringLiteral("%1: %2 %3 pt").arg(it.key(), it.value().family()).arg(it.value().pointSize());
            }
            return wrong.join(QStringLiteral("; "));
        };

        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QVERIFY(select(window, QStringLiteral("a.py")));
        window.caseView()->setIteration(0); // "/tmp/a.hip:2:5: error: boom"
        Settings::instance()->setCodeFont(wanted);
        QCOMPARE(fontsOf(window).size(), 6);
        QCOMPARE(wrongFonts(fontsOf(window)), QString());

        // "Edit copy…": the editor it opens shows code too.
        QFont editorFont;
        QTimer modals;
        connect(&modals, &QTimer::timeout, this, [&editorFont] {
            QWidget* modal = QApplication::activeModalWidget();
            if (auto* ask = qobject_cast<QInputDialog*>(modal)) {
                ask->accept();
            } else if (modal) {
                if (auto* editor = modal->findChild<QPlainTextEdit*>())
                    editorFont = editor->font();
                modal->close();
            }
        });
        modals.start(20);
        for (QPushButton* button : window.caseView()->runnerPanel()->findChildren<QPushButton*>()) {
            if (button->text() == QStringLiteral("Edit copy…"))
                button->click();
        }
        modals.stop();
        QCOMPARE(editorFont.family(), wanted.family());
        QCOMPARE(editorFont.pointSize(), wanted.pointSize());

        // A window opened after the change (as after a restart) starts with it.
        MainWindow later(&m_syntax);
        later.show();
        QVERIFY(open(later, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QVERIFY(select(later, QStringLiteral("a.py")));
        later.caseView()->setIteration(0);
        QCOMPARE(wrongFonts(fontsOf(later)), QString());
        Settings::instance()->setCodeFont(before);
    }

    // A changed line too long for the character diff is marked whole, and the compare page says
    // so (DiffResult::roughRows); a case whose lines all got their own marks says nothing.
    void coarseCharacterMarksAreNamed()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("long_0.jsonl")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray a(3000, 'a');
        const QByteArray b = QByteArray(1500, 'a') + 'b' + QByteArray(1499, 'a');
        file.write("{\"filename\": \"long.py\", \"label\": \"x = 1\\ny = '" + a + "'\", \"predict\": \"x = 1\\ny = '" + b
            + "'\"}\n{\"filename\": \"short.py\", \"label\": \"x = 1\\ny = 2\", \"predict\": \"x = 1\\ny = 3\"}\n");
        file.close();

        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, dir.path()));
        ComparePage* compare = window.caseView()->comparePage();
        QSignalSpy diffShown(compare, &ComparePage::diffShown);
        window.caseView()->showTab(CaseView::CompareTab);
        for (const QString& name : {QStringLiteral("long.py"), QStringLiteral("short.py")}) {
            if (window.currentCaseName() != name) {
                diffShown.clear();
                QVERIFY(select(window, name));
                QVERIFY(diffShown.count() > 0 || diffShown.wait(10000));
            } else { // the case open() waited for came with its diff: shown at once, or still computed
                QTRY_VERIFY_WITH_TIMEOUT(!compare->isComputing(), 10000);
            }
            QCOMPARE(compare->diffView()->hunkCount(), 1);
            if (name == QStringLiteral("long.py"))
                QVERIFY2(compare->roughNote().contains(QStringLiteral("coarse on 1 changed line")), qPrintable(compare->roughNote()));
            else
                QVERIFY2(compare->roughNote().isEmpty(), qPrintable(compare->roughNote()));
        }
    }

    // A hostile run's 60 MiB field on one line (as tst_runloader builds it) opens at once: its
    // start, prepared on a worker, under a bar that says how much is shown; Compare refuses it.
    void hugeFieldOpensCutUnderABar()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("big_0.jsonl")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"filename\": \"big.py\", \"predict\": \"");
        file.write(QByteArray(60 * 1024 * 1024, 'x'));
        file.write("\"}\n{\"filename\": \"ok.py\", \"predict\": \"int a;\"}\n");
        file.close();

        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, dir.path()));
        QVERIFY(select(window, QStringLiteral("big.py")));
        window.caseView()->showTab(CaseView::PredictTab);
        CodeView* predict = window.caseView()->codeView(CaseView::PredictTab);
        QVERIFY2(predict->document()->characterCount() < TextLimits::ShownBytes + 1024,
            qPrintable(QStringLiteral("shows %1 characters").arg(predict->document()->characterCount())));
        const BigTextBar* bar = predict->bigTextBar();
        QVERIFY(!bar->isHidden());
        QCOMPARE(bar->sizeText(), QStringLiteral("Shown 2.0 MiB of 60.0 MiB"));
        QCOMPARE(bar->statusText(), QStringLiteral("plain text: highlighting and Compare stop at 1.0 MiB"));
        QVERIFY(bar->shown().preparedBy != QThread::currentThreadId()); // by the case's worker
        QCOMPARE(predict->language(), CodeLanguage::Plain);
        // The one line is shown in rows; only the first carries its number.
        QCOMPARE(predict->document()->firstBlock().length() - 1, TextLimits::RowChars);
        QCOMPARE(predict->lineNumberOfBlock(0), 1);
        QCOMPARE(predict->lineNumberOfBlock(1), 0);

        ComparePage* compare = window.caseView()->comparePage();
        if (compare->isComputing()) {
            QSignalSpy diffShown(compare, &ComparePage::diffShown);
            QVERIFY(diffShown.wait(20000));
        }
        QVERIFY2(compare->diffView()->message().contains(QStringLiteral("too large to compare (60.0 MiB); limit 1.0 MiB")),
            qPrintable(compare->diffView()->message()));
    }

    void filtersAndSearch()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QCOMPARE(shownCases(window).size(), 5);
        QSignalSpy searched(&window, &MainWindow::searchFinished);
        window.filterBar()->searchEdit()->setText(QStringLiteral("does not match"));
        QVERIFY(searched.wait(20000)); // debounced, then searched on a worker
        QCOMPARE(shownCases(window), QStringList{QStringLiteral("a.py")});
        window.filterBar()->searchEdit()->clear();
        QVERIFY(searched.wait(20000));
        QCOMPARE(shownCases(window).size(), 5);
    }

    // F8 visits the failing cases only: not the one that passed, not the one whose outcome is
    // unknown (no memory entry).
    void nextFailureWrapsAndSkipsPassedAndUnknown()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QStringList visited;
        for (int i = 0; i < 4; ++i) {
            window.selectNextFailure(+1);
            visited << window.currentCaseName();
        }
        QVERIFY(!visited.contains(QStringLiteral("c.py"))); // passed
        QVERIFY2(!visited.contains(QStringLiteral("d.py")), qPrintable(visited.join(QLatin1Char(' ')))); // unknown
        QCOMPARE(visited.at(3), visited.at(0)); // three failing cases, then around again
    }

    // A search whose query is no longer in the box is never applied, even when its result comes
    // in before the box's new query has been searched (the debounce is still waiting). Typing
    // then clearing shows every case.
    void searchForAQueryNoLongerInTheBoxIsNotApplied()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, seriesDir()));
        QVERIFY(test::settle());
        {
            test::PoolBlocker blocker; // the search is queued, not yet run
            QVERIFY(blocker.holding());
            QVERIFY(enterQuery(window, QStringLiteral("does not match")));
            QVERIFY(searchStatus(window).startsWith(QStringLiteral("Searching…")));
            window.filterBar()->searchEdit()->clear(); // debounced: the empty box is not handled yet
        }
        QVERIFY(test::waitForWorkers());
        QCoreApplication::sendPostedEvents(); // the old query's result; no timer runs here
        QCOMPARE(window.filterBar()->searchEdit()->text(), QString());
        QCOMPARE(shownCases(window).size(), 5);
        QVERIFY2(!searchStatus(window).contains(QStringLiteral("match")), qPrintable(searchStatus(window)));
        QVERIFY(search(window, QString()));
        QCOMPARE(shownCases(window).size(), 5);
        QCOMPARE(searchStatus(window), QString());
    }

    // An invalid regular expression drops the search still running for the text before it: its
    // result is not applied, and the box says why nothing is searched.
    void invalidRegexDropsTheRunningSearch()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, seriesDir()));
        QVERIFY(test::settle());
        {
            test::PoolBlocker blocker;
            QVERIFY(blocker.holding());
            QVERIFY(enterQuery(window, QStringLiteral("does not match")));
            QVERIFY(enterQuery(window, QStringLiteral("does not (match"), true));
        }
        QVERIFY(test::settle());
        QVERIFY2(searchStatus(window).startsWith(QStringLiteral("Invalid regular expression")), qPrintable(searchStatus(window)));
        QCOMPARE(shownCases(window).size(), 5);
    }

    // When the search is done the box says how many cases match, in proper English.
    void searchSaysHowManyCasesMatch()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, seriesDir()));
        QVERIFY(search(window, QStringLiteral("does not match")));
        QCOMPARE(shownCases(window), QStringList{QStringLiteral("a.py")});
        QCOMPARE(searchStatus(window), QStringLiteral("1 case matches"));
        QVERIFY(search(window, QStringLiteral("xyzzy-nowhere")));
        QCOMPARE(shownCases(window), QStringList());
        QCOMPARE(searchStatus(window), QStringLiteral("No case matches"));
        QVERIFY(search(window, QStringLiteral("Write")));
        const int shown = int(shownCases(window).size());
        QVERIFY(shown > 1);
        QCOMPARE(searchStatus(window), QStringLiteral("%1 cases match").arg(shown));
    }

    // When the case shown leaves the tree, the nearest case still shown (after it in the tree's
    // order, else before it; the first shown when none shown before is) is selected and shown;
    // with none left the views are cleared. The views never show a case the tree does not.
    void filteredOutCaseGivesWayToTheNearest()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, seriesDir()));
        const QStringList order = shownCases(window);
        QCOMPARE(order,
            (QStringList{
                QStringLiteral("a.py"), QStringLiteral("b.py"), QStringLiteral("e.py"), QStringLiteral("d.py"), QStringLiteral("c.py")}));
        QVERIFY(select(window, QStringLiteral("a.py")));

        QSignalSpy shown(window.caseView(), &CaseView::caseShown);
        QVERIFY(search(window, QStringLiteral("Write [cd]"), true));
        QCOMPARE(shownCases(window), (QStringList{QStringLiteral("d.py"), QStringLiteral("c.py")}));
        QCOMPARE(window.currentCaseName(), QStringLiteral("d.py")); // the first after a.py still shown
        QVERIFY(shown.count() > 0 || shown.wait(10000));
        QCOMPARE(window.caseView()->caseIndex(), window.run()->indexOf(QStringLiteral("d.py")));

        // A search that shows none of the cases shown before: the first case it shows, not nothing.
        QVERIFY(search(window, QStringLiteral("e.py")));
        QCOMPARE(shownCases(window), QStringList{QStringLiteral("e.py")});
        QCOMPARE(window.currentCaseName(), QStringLiteral("e.py"));
        QVERIFY(window.caseView()->caseIndex() == window.run()->indexOf(QStringLiteral("e.py")) || shown.wait(10000));
        QCOMPARE(window.caseView()->caseIndex(), window.run()->indexOf(QStringLiteral("e.py")));

        QVERIFY(search(window, QStringLiteral("xyzzy-nowhere")));
        QCOMPARE(shownCases(window), QStringList());
        QCOMPARE(window.currentCaseName(), QString());
        QCOMPARE(window.caseView()->caseIndex(), -1); // cleared, not showing d.py

        // The same rule for the outcome filter: c.py (passed, last) gives way to the one before it.
        QVERIFY(search(window, QString()));
        QVERIFY(select(window, QStringLiteral("c.py")));
        auto* outcome = window.filterBar()->findChild<QComboBox*>(QStringLiteral("outcomeFilter"));
        outcome->setCurrentIndex(outcome->findData(int(Outcome::NoPrediction)));
        Q_EMIT outcome->activated(outcome->currentIndex());
        QCOMPARE(shownCases(window), (QStringList{QStringLiteral("b.py"), QStringLiteral("e.py")}));
        QCOMPARE(window.currentCaseName(), QStringLiteral("e.py"));
    }

    // The case that stands in is selected, not only current: the tree highlights the case the
    // views show, also when the selection model had already moved the current row to it.
    void caseStandingInIsSelected()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, seriesDir()));
        QVERIFY(select(window, QStringLiteral("b.py"))); // first of its group: b.py, e.py
        QVERIFY(search(window, QStringLiteral("e.py")));
        QCOMPARE(shownCases(window), QStringList{QStringLiteral("e.py")});
        QCOMPARE(window.currentCaseName(), QStringLiteral("e.py"));
        QVERIFY(window.caseTree()->selectionModel()->isSelected(window.caseTree()->currentIndex()));
        QCOMPARE(window.selectedCaseIndexes(), QVector<int>{window.run()->indexOf(QStringLiteral("e.py"))});
    }

    // A lone JSONL whose name ends in _N is one iteration, not "iterations N–N"; a case without a
    // memory entry is unknown, counted apart from the failing ones.
    void loneNumberedJsonlIsOneIteration()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tritonbench_g_30.jsonl"));
        QVERIFY(QFile::copy(seriesDir() + QStringLiteral("/mini_1.jsonl"), path));
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, path));
        QCOMPARE(window.run()->iterations.size(), 1);
        const QString summary = runSummary(window);
        QVERIFY2(summary.contains(QStringLiteral("1 iteration")), qPrintable(summary));
        QVERIFY2(!summary.contains(QStringLiteral("30–30")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("4 cases · 1 failing · 3 unknown")), qPrintable(summary));
    }

    // File > Reload reads only the files of the run that changed on disk; what changed shows.
    void reloadReadsOnlyChangedFiles()
    {
        QTemporaryDir dir;
        for (const QString& name : QDir(seriesDir()).entryList(QDir::Files))
            QVERIFY(QFile::copy(seriesDir() + QLatin1Char('/') + name, dir.filePath(name)));
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, dir.path()));
        QCOMPARE(window.run()->loadedFiles->read, 4);
        const RunPtr before = window.run();
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        QTest::keySequence(&window, QKeySequence::Refresh);
        QVERIFY(loaded.wait(20000));
        QVERIFY(window.run() != before);
        QCOMPARE(window.run()->loadedFiles->read, 0);

        // An unknown field added to iteration 0's first line: that file alone is read again.
        const QString jsonl = dir.filePath(QStringLiteral("mini_0.jsonl"));
        QFile file(jsonl);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray content = file.readAll();
        file.close();
        content.insert(1, "\"_reloaded\": 1, ");
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(file.write(content), content.size());
        file.close();
        QTest::keySequence(&window, QKeySequence::Refresh);
        QVERIFY(loaded.wait(20000));
        QCOMPARE(window.run()->loadedFiles->read, 1);
        bool seen = false;
        for (const Case& c : window.run()->cases) {
            for (const ExtraField& extra : c.history.first().extra)
                seen = seen || extra.key == QStringLiteral("_reloaded");
        }
        QVERIFY(seen);
    }

    // The case header counts in words: "1 iteration · 1 version", never "1 iteration(s)".
    void caseHeaderCountsInWords()
    {
        QTemporaryDir dir;
        const QString path = writeLoneJsonl(dir, "{\"filename\": \"y.py\", \"predict\": \"int y;\"}\n");
        QVERIFY(!path.isEmpty());
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, path));
        QVERIFY(select(window, QStringLiteral("y.py")));
        const auto* note = window.caseView()->findChild<ElidingLabel*>(QStringLiteral("caseNote"));
        QVERIFY(note);
        QCOMPARE(note->fullText(), QStringLiteral("1 iteration · 1 version"));
        QVERIFY(open(window, seriesDir()));
        QVERIFY(select(window, QStringLiteral("b.py")));
        const int iterations = int(window.run()->cases.at(window.run()->indexOf(QStringLiteral("b.py"))).history.size());
        QVERIFY(iterations > 1);
        QVERIFY2(QRegularExpression(QStringLiteral("^%1 iterations · \\d+ versions$").arg(iterations)).match(note->fullText()).hasMatch(),
            qPrintable(note->fullText()));
    }

    // Opening a run shows its first failing case, or, with none failing (a lone JSONL holds
    // unknown outcomes only), its first case: never an empty view beside a full tree.
    void openingWithoutFailuresShowsTheFirstCase()
    {
        QTemporaryDir dir;
        const QString path
            = writeLoneJsonl(dir, "{\"filename\": \"y.py\", \"predict\": \"int y;\"}\n{\"filename\": \"x.py\", \"predict\": \"int x;\"}\n");
        QVERIFY(!path.isEmpty());
        MainWindow window(&m_syntax);
        window.show();
        QSignalSpy shown(window.caseView(), &CaseView::caseShown);
        QVERIFY(open(window, path));
        const QStringList order = shownCases(window);
        QCOMPARE(order.size(), 2);
        QCOMPARE(window.currentCaseName(), order.first());
        QVERIFY(shown.count() > 0 || shown.wait(10000));
        QCOMPARE(window.caseView()->caseIndex(), window.run()->indexOf(order.first()));
    }

    // Opening a run is two halves with a turn of the event loop between (the tree shows, then the
    // first case is chosen): a case the user picks in between is the one shown, not the start case.
    void caseChosenWhileTheRunOpensStaysChosen()
    {
        MainWindow window(&m_syntax);
        window.show();
        QSignalSpy finished(&window, &MainWindow::loadFinished);
        QString picked;
        QString startCase; // what the window would choose: the first failing case
        int finishedWhenPicked = -1;
        QAbstractItemModel* tree = window.caseTree()->model();
        connect(tree, &QAbstractItemModel::modelReset, this, [&] {
            const QStringList order = shownCases(window);
            if (order.isEmpty())
                return;
            picked = order.last();
            for (const QString& name : order) {
                if (startCase.isEmpty() && window.run()->cases.at(window.run()->indexOf(name)).isFailing())
                    startCase = name;
            }
            finishedWhenPicked = finished.count();
            QVERIFY(window.selectCase(picked));
        });
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        disconnect(tree, nullptr, this, nullptr);
        QVERIFY(!picked.isEmpty());
        QCOMPARE(finishedWhenPicked, 0);
        QVERIFY(!startCase.isEmpty());
        QVERIFY(startCase != picked);
        QCOMPARE(window.currentCaseName(), picked);
    }

    void runSummaryCountsUnknownApart()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, seriesDir()));
        const QString summary = runSummary(window);
        QVERIFY2(summary.contains(QStringLiteral("iterations 0–1")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("5 cases · 3 failing · 1 unknown")), qPrintable(summary));
    }

    // Opening a run creates no folder (neither beside the run nor in the data folder); another
    // process's first write of the annotations still reaches this window.
    void openingCreatesNoFoldersAndSeesFirstWrite()
    {
        QTemporaryDir dir;
        QVERIFY(krw::test::copySampleRun(dir.path()));
        const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
        const QString config = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation);
        const QStringList runBefore = listing(dir.path());
        const QStringList dataBefore = folders(data);
        const QStringList configBefore = folders(config);
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, dir.path()));
        QVERIFY(open(window, MainWindow::samplePath())); // read-only: its notes would go to the data folder
        QVERIFY(open(window, dir.path()));
        QCOMPARE(listing(dir.path()), runBefore);
        QCOMPARE(folders(data), dataBefore);
        QCOMPARE(folders(config), configBefore);

        const QString name = QStringLiteral("block_sum.py");
        QProcess writer;
        writer.start(QStringLiteral(KRW_ANNOTATION_WRITER), {QStringLiteral("--annotate-run"), dir.path(), name});
        QVERIFY(writer.waitForFinished(30000));
        QVERIFY2(writer.exitCode() == 0, writer.readAllStandardError().constData());
        QVERIFY(writer.readAllStandardOutput().contains(window.annotationStore()->location().path.toUtf8()));
        QTRY_COMPARE(window.annotationStore()->annotation(name).verdict, Verdict::ModelError);
    }

    // A rerun that ends before the saved reruns have been read (their read held back here) is not
    // lost when they arrive: the tree keeps it, and so do the failure groups, which read the same
    // map. (Seen once in CI: a loaded
    // machine read the saved reruns after the rerun, and the groups never moved.)
    void rerunEndingBeforeTheSavedOnesArriveStays()
    {
        QTemporaryDir dir;
        QVERIFY(krw::test::copySampleRun(dir.path()));
        QSemaphore release;
        QFuture<void> blocker = QtConcurrent::run(BatchQueue::filePool(), [&release] { release.acquire(); });
        const auto unblock = qScopeGuard([&] {
            release.release();
            blocker.waitForFinished();
        });
        MainWindow window(&m_syntax);
        QSignalSpy reruns(&window, &MainWindow::latestRerunsLoaded);
        QVERIFY(open(window, dir.path()));
        QVERIFY(reruns.isEmpty()); // held behind the blocker
        RerunResult result;
        result.status = RerunResult::Status::Failed;
        result.failure = QStringLiteral("hipcc: fatal error: no input files");
        result.caseName = QStringLiteral("leaky_relu.py");
        result.started = QDateTime::currentDateTimeUtc();
        QVERIFY(window.selectCase(result.caseName));
        Q_EMIT window.caseView()->runnerPanel()->rerunFinished(result);
        const QString noted = rerunCellOf(window, result.caseName);
        QVERIFY(!noted.isEmpty() && noted != QStringLiteral("<no row>"));
        release.release();
        QVERIFY(reruns.wait(20000));
        QCOMPARE(rerunCellOf(window, result.caseName), noted);
    }

    // Saved reruns show in the tree's Rerun column when a run opens, read off the UI thread; the
    // filter bar's rerun box (driven by keys) narrows the tree to them, and a rerun that ends
    // updates its row.
    void rerunColumnShowsTheNewestRerun()
    {
        QTemporaryDir dir;
        MainWindow window(&m_syntax);
        QSignalSpy reruns(&window, &MainWindow::latestRerunsLoaded);
        RerunResult flagged;
        QVERIFY(openWithFlaggedRerun(window, dir.path(), &flagged));
        QVERIFY(reruns.wait(20000) || !reruns.isEmpty());
        const QAbstractItemModel* tree = window.caseTree()->model();
        auto rerunCell = [&window](const QString& name) { return rerunCellOf(window, name); };
        QCOMPARE(tree->headerData(CaseTreeModel::RerunColumn, Qt::Horizontal).toString(), QStringLiteral("Rerun"));
        QVERIFY(!window.caseTree()->isColumnHidden(CaseTreeModel::RerunColumn));
        QCOMPARE(rerunCell(QStringLiteral("sin_kernel.py")), QStringLiteral("Suspect"));
        QCOMPARE(rerunCell(QStringLiteral("leaky_relu.py")), QString());

        auto* box = window.filterBar()->findChild<QComboBox*>(QStringLiteral("rerunFilter"));
        QVERIFY(box);
        box->setFocus();
        for (int i = 0; i < 3; ++i) // Any → Not rerun → Passed (clean or with notes) → Suspect
            QTest::keyClick(box, Qt::Key_Down);
        QCOMPARE(box->currentText(), QStringLiteral("Rerun suspect"));
        QCOMPARE(shownCases(window), QStringList{QStringLiteral("sin_kernel.py")});

        RerunResult another = flagged; // a rerun that ends: the row follows, and the filter with it
        another.caseName = QStringLiteral("leaky_relu.py");
        Q_EMIT window.caseView()->runnerPanel()->rerunFinished(another);
        QCOMPARE(rerunCell(QStringLiteral("leaky_relu.py")), QStringLiteral("Suspect"));
        QCOMPARE(shownCases(window).size(), 2);
        another.flags = QStringList{QStringLiteral("launch_bound")}; // a note alone: a pass, it leaves the filter
        another.started = another.started.addSecs(1);
        Q_EMIT window.caseView()->runnerPanel()->rerunFinished(another);
        QCOMPARE(shownCases(window), QStringList{QStringLiteral("sin_kernel.py")});
        QTest::keyClick(box, Qt::Key_Home); // any rerun state: the case is back, a pass with a note
        QCOMPARE(rerunCell(QStringLiteral("leaky_relu.py")), QStringLiteral("Passed with notes"));
    }

    // The Hints column fills once the lint, off the UI thread, is done (it is empty before); the
    // filter bar's hint filter shows only the cases with hints, or those of one check.
    void hintsColumnAndFilter()
    {
        MainWindow window(&m_syntax);
        QVERIFY(openShowingHints(window, QStringLiteral(KRW_SAMPLE_RUN_DIR)));
        const QAbstractItemModel* tree = window.caseTree()->model();
        QCOMPARE(tree->headerData(CaseTreeModel::HintsColumn, Qt::Horizontal).toString(), QStringLiteral("Hints"));
        QVERIFY(!window.caseTree()->isColumnHidden(CaseTreeModel::HintsColumn));
        QCOMPARE(hintCell(window, QStringLiteral("leaky_relu.py")), QStringLiteral("1"));
        QCOMPARE(hintCell(window, QStringLiteral("block_sum.py")), QStringLiteral("3"));
        QCOMPARE(hintCell(window, QStringLiteral("sin_kernel.py")), QString());

        auto* box = window.filterBar()->findChild<QComboBox*>(QStringLiteral("hintFilter"));
        QVERIFY(box);
        box->setFocus();
        QTest::keyClick(box, Qt::Key_Down); // Any hints → Has hints
        QCOMPARE(box->currentText(), QStringLiteral("Has hints"));
        QStringList shown = shownCases(window);
        shown.sort();
        QCOMPARE(shown,
            (QStringList{QStringLiteral("block_sum.py"), QStringLiteral("flash_decode_stage2.py"), QStringLiteral("leaky_relu.py"),
                QStringLiteral("rms_norm.py"), QStringLiteral("rotary_emb.py")}));
        QTest::keyClick(box, Qt::Key_Down); // the first check: binding
        QCOMPARE(box->currentText(), QStringLiteral("Hint: Test calls a name the module does not bind"));
        shown = shownCases(window);
        shown.sort();
        QCOMPARE(shown, (QStringList{QStringLiteral("leaky_relu.py"), QStringLiteral("rms_norm.py")}));
    }

    // A run whose hints are in the cache (lint/hintcache.h) shows the cached ones: planted ones here,
    // two for a case the checks find nothing in and none for one they do.
    void cachedHintsAreShown()
    {
        const RunPtr run = std::make_shared<const Run>(loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR)));
        QVector<LintHints> planted(run->cases.size());
        planted[run->indexOf(QStringLiteral("sin_kernel.py"))]
            = {{QStringLiteral("binding"), QStringLiteral("label"), 1, QStringLiteral("a")},
                {QStringLiteral("constant"), QStringLiteral("label"), 2, QStringLiteral("b")}};
        QVERIFY(HintCache::save(*run, planted));
        const auto removeCache = qScopeGuard([&run] { QFile::remove(HintCache::pathFor(*run)); }); // the other tests compute theirs
        MainWindow window(&m_syntax);
        QVERIFY(openShowingHints(window, QStringLiteral(KRW_SAMPLE_RUN_DIR)));
        QCOMPARE(hintCell(window, QStringLiteral("sin_kernel.py")), QStringLiteral("2"));
        QCOMPARE(hintCell(window, QStringLiteral("leaky_relu.py")), QString());
    }

    // The tree's columns are sized from the model's texts, not by Qt measuring rows on each change
    // (CaseTreeHeaderView): after the run opens and after its saved reruns arrive, each column is at
    // least as wide as Qt's own measure of every row in it (QTreeView::sizeHintForColumn, the
    // delegate's icon and margins and the indentation included). A column the user dragged keeps
    // its width when a rerun ends; the Rerun column grows for a longer text.
    void caseTreeColumnsFitTheirTexts()
    {
        QTemporaryDir dir;
        MainWindow window(&m_syntax);
        QSignalSpy reruns(&window, &MainWindow::latestRerunsLoaded);
        RerunResult flagged;
        QVERIFY(openWithFlaggedRerun(window, dir.path(), &flagged));
        QTreeView* tree = window.caseTree();
        QHeaderView* header = tree->header();
        QCOMPARE(header->sectionResizeMode(CaseTreeModel::NameColumn), QHeaderView::Interactive);
        auto checkFits = [&](int column) {
            // (QTreeView makes it protected; QAbstractItemView has it public: the same measure)
            const int needed = static_cast<const QAbstractItemView*>(tree)->sizeHintForColumn(column);
            QVERIFY2(needed > 0, qPrintable(QString::number(column)));
            QVERIFY2(header->sectionSize(column) >= needed,
                qPrintable(QStringLiteral("column %1 is %2 px wide, its rows need %3 px")
                               .arg(column)
                               .arg(header->sectionSize(column))
                               .arg(needed)));
        };
        for (int column : {int(CaseTreeModel::NameColumn), int(CaseTreeModel::LatestColumn), int(CaseTreeModel::BestColumn)})
            checkFits(column);
        QVERIFY(reruns.wait(20000) || !reruns.isEmpty());
        QCoreApplication::processEvents();
        for (int column : {int(CaseTreeModel::NameColumn), int(CaseTreeModel::LatestColumn), int(CaseTreeModel::BestColumn),
                 int(CaseTreeModel::RerunColumn)})
            checkFits(column);

        // The user drags the name column's right edge 40 px to the right.
        const int before = header->sectionSize(CaseTreeModel::NameColumn);
        const int edge = header->sectionViewportPosition(CaseTreeModel::NameColumn) + before - 1;
        const int y = header->height() / 2;
        QWidget* grip = header->viewport();
        QTest::mousePress(grip, Qt::LeftButton, Qt::NoModifier, QPoint(edge, y));
        for (int dx = 10; dx <= 40; dx += 10) {
            QMouseEvent move(QEvent::MouseMove, QPointF(edge + dx, y), QPointF(grip->mapToGlobal(QPoint(edge + dx, y))), Qt::NoButton,
                Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(grip, &move);
        }
        QTest::mouseRelease(grip, Qt::LeftButton, Qt::NoModifier, QPoint(edge + 40, y));
        QCOMPARE(header->sectionSize(CaseTreeModel::NameColumn), before + 40);

        // A rerun ends with a longer text than any before: the Rerun column makes room for it, the
        // dragged column stays as the user left it.
        RerunResult wrong = flagged;
        wrong.caseName = QStringLiteral("leaky_relu.py");
        wrong.accuracy->ok = false;
        wrong.flags = QStringList{QStringLiteral("launch_bound"), QStringLiteral("slow_compile"), QStringLiteral("no_speedup")};
        Q_EMIT window.caseView()->runnerPanel()->rerunFinished(wrong);
        QCoreApplication::processEvents();
        QCOMPARE(header->sectionSize(CaseTreeModel::NameColumn), before + 40);
        checkFits(CaseTreeModel::RerunColumn);
    }

    // Go ▸ Rerun Cases… (its shortcut, as a user presses it) opens the batch dialog on the
    // selection; the case's Rerun cell follows as the batch ends. A batch left unfinished on disk
    // enables Go ▸ Resume Batch… when the run opens, and resuming it clears that.
    void batchFromTheWindow()
    {
        QTemporaryDir dir;
        QVERIFY(krw::test::copySampleRun(dir.path()));
        ToolchainProfile fake = defaultProfile(ToolchainProfile::Kind::Cpu);
        fake.name = QStringLiteral("fake-cpu");
        fake.python = QStringLiteral(KRW_FAKE_PROCESS); // its harness writes no result
        fake.compiler = QStringLiteral(KRW_FAKE_PROCESS);
        fake.sandbox = false;
        fake.passEnvironment = QStringList{QStringLiteral("KRW_FAKE_*")}; // the fake tools take their mode from KRW_FAKE_*
        Settings::instance()->setToolchainProfiles(defaultProfiles() + QVector<ToolchainProfile>{fake});
        Settings::instance()->setLastProfile(fake.name);
        qputenv("KRW_FAKE_MODE", "noresult");
        qputenv("KRW_FAKE_COMPILE_MS", "100");

        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy reruns(&window, &MainWindow::latestRerunsLoaded);
        QVERIFY(open(window, dir.path()));
        QVERIFY(reruns.wait(20000) || !reruns.isEmpty());
        QAction* resume = nullptr;
        for (QAction* action : window.findChildren<QAction*>()) {
            if (action->text() == QStringLiteral("Res&ume Batch…"))
                resume = action;
        }
        QVERIFY(resume);
        QVERIFY(!resume->isEnabled());
        QVERIFY(select(window, QStringLiteral("leaky_relu.py")));
        QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
        BatchRerunDialog* dialog = window.batchDialog();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QCOMPARE(dialog->casesOf(BatchRerunDialog::Scope::Selected), QVector<int>{window.run()->indexOf(QStringLiteral("leaky_relu.py"))});
        QCOMPARE(dialog->casesOf(BatchRerunDialog::Scope::Shown).size(), window.run()->cases.size());
        dialog->setScope(BatchRerunDialog::Scope::Selected);
        QSignalSpy finished(dialog, &BatchRerunDialog::batchFinished);
        dialog->start();
        QVERIFY(finished.wait(60000));
        const QAbstractItemModel* tree = window.caseTree()->model();
        const QModelIndex current = window.caseTree()->currentIndex();
        QCOMPARE(
            tree->index(current.row(), CaseTreeModel::RerunColumn, current.parent()).data().toString(), QStringLiteral("Could not run"));

        // As if the app had been closed during a batch: its queue is on disk with cases left.
        BatchQueue left = BatchQueue::create({QStringLiteral("rms_norm.py"), QStringLiteral("leaky_relu.py")});
        left.profile = fake.name;
        left.markDone(QStringLiteral("leaky_relu.py"));
        QString error;
        QVERIFY2(left.save(ResultStore::forRun(window.run()->path, window.run()->name), &error), qPrintable(error));
        reruns.clear();
        QVERIFY(open(window, dir.path()));
        QVERIFY(reruns.wait(20000) || !reruns.isEmpty());
        QVERIFY(resume->isEnabled());
        reruns.clear();
        resume->trigger();
        dialog = window.batchDialog();
        QVERIFY(dialog && dialog->isRunning());
        QSignalSpy resumed(dialog, &BatchRerunDialog::batchFinished);
        QVERIFY(resumed.wait(60000));
        QCOMPARE(dialog->summary().entries().size(), 1);
        QCOMPARE(dialog->summary().entries().first().caseName, QStringLiteral("rms_norm.py"));
        QVERIFY(reruns.wait(20000) || !reruns.isEmpty());
        QVERIFY(!resume->isEnabled());
        Settings::instance()->setToolchainProfiles(defaultProfiles());
    }

    // Each run reopens at the case last shown in it.
    void lastCaseIsRememberedPerRun()
    {
        QTemporaryDir a, b;
        QVERIFY(krw::test::copySampleRun(a.path()));
        QVERIFY(krw::test::copySampleRun(b.path()));
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, a.path()));
        QVERIFY(select(window, QStringLiteral("leaky_relu.py")));
        QVERIFY(open(window, b.path()));
        QVERIFY(select(window, QStringLiteral("rms_norm.py")));
        QVERIFY(open(window, a.path()));
        QCOMPARE(window.currentCaseName(), QStringLiteral("leaky_relu.py"));
        QVERIFY(open(window, b.path()));
        QCOMPARE(window.currentCaseName(), QStringLiteral("rms_norm.py"));
    }

    // The help lists every action that has a shortcut, as the window has it now.
    void shortcutHelpListsEveryShortcut()
    {
        MainWindow window(&m_syntax);
        auto* extra = new QAction(QStringLiteral("Frobnicate the widget"), &window);
        extra->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::SHIFT | Qt::Key_F));
        window.addAction(extra);
        const QString help = window.shortcutHelp();
        int checked = 0;
        for (QAction* action : window.findChildren<QAction*>()) {
            for (const QKeySequence& keys : action->shortcuts()) {
                const QString shown = keys.toString(QKeySequence::NativeText).toHtmlEscaped();
                QVERIFY2(help.contains(shown), qPrintable(QStringLiteral("%1 (%2) is not in the help").arg(shown, action->text())));
                ++checked;
            }
            if (!action->shortcuts().isEmpty()) {
                const QString title = action->text().remove(QLatin1Char('&')).toHtmlEscaped();
                QVERIFY2(help.contains(title), qPrintable(title));
            }
        }
        QVERIFY(checked > 20);
    }

    // File > Open Recent: newest first, a vanished run is removed with a message, Clear empties it.
    void openRecent()
    {
        Settings::instance()->clearRecentRuns();
        QTemporaryDir a, b;
        QVERIFY(krw::test::copySampleRun(a.path()));
        QVERIFY(krw::test::copySampleRun(b.path()));
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, a.path()));
        QVERIFY(open(window, b.path()));
        QMenu* menu = recentMenu(window);
        QVERIFY(menu);
        QList<QAction*> entries = recentEntries(menu);
        QCOMPARE(entries.size(), 2);
        QVERIFY2(entries.at(0)->text().contains(b.path()), qPrintable(entries.at(0)->text()));
        QVERIFY2(entries.at(1)->text().contains(a.path()), qPrintable(entries.at(1)->text()));

        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        entries.at(1)->trigger();
        QVERIFY(loaded.wait(20000));
        QCOMPARE(window.run()->path, a.path());

        const QString gone = b.path();
        QVERIFY(b.remove());
        entries = recentEntries(menu);
        QCOMPARE(entries.size(), 2);
        entries.at(1)->trigger(); // a was opened last: b is second now
        QMessageBox* message = nullptr;
        QTRY_VERIFY((message = window.findChild<QMessageBox*>()) != nullptr);
        QVERIFY2(message->text().contains(gone), qPrintable(message->text()));
        message->close();
        entries = recentEntries(menu);
        QCOMPARE(entries.size(), 1);
        QVERIFY(entries.at(0)->text().contains(a.path()));

        for (QAction* action : menu->actions()) {
            if (action->text().remove(QLatin1Char('&')).startsWith(QLatin1String("Clear")))
                action->trigger();
        }
        QVERIFY(recentEntries(menu).isEmpty());
    }

    // The toolbar carries the common actions (the menus' own, with their shortcuts), each with an icon.
    void toolbarHasTheCommonActions()
    {
        MainWindow window(&m_syntax);
        window.show();
        const QList<QToolBar*> bars = window.findChildren<QToolBar*>();
        QCOMPARE(bars.size(), 1);
        QStringList titles;
        for (QAction* action : bars.first()->actions()) {
            if (action->isSeparator())
                continue;
            titles << action->text().remove(QLatin1Char('&'));
            QVERIFY2(!action->icon().isNull(), qPrintable(action->text()));
            QVERIFY2(!action->toolTip().isEmpty(), qPrintable(action->text()));
        }
        for (const QString& wanted : {QStringLiteral("Open Run Folder…"), QStringLiteral("Export Report…"),
                 QStringLiteral("Previous Failure"), QStringLiteral("Next Failure"), QStringLiteral("Rerun…")})
            QVERIFY2(titles.contains(wanted), qPrintable(titles.join(QStringLiteral(", "))));
    }

    // The Rerun icon (the style's black play triangle where no icon theme has one) stands out from
    // the toolbar in a dark palette as in a light one, and follows a change of palette.
    void rerunIconStandsOutInEveryPalette()
    {
        MainWindow window(&m_syntax);
        window.show();
        QToolBar* bar = window.findChild<QToolBar*>(QStringLiteral("mainToolBar"));
        QVERIFY(bar);
        QAction* rerun = nullptr;
        for (QAction* action : bar->actions()) {
            if (action->text().remove(QLatin1Char('&')) == QStringLiteral("Rerun…"))
                rerun = action;
        }
        QVERIFY(rerun);
        // Lightness of the icon's opaque pixels against the toolbar's background.
        const auto contrast = [&] {
            const QImage image = rerun->icon().pixmap(QSize(24, 24)).toImage().convertToFormat(QImage::Format_ARGB32);
            qint64 sum = 0;
            int count = 0;
            for (int y = 0; y < image.height(); ++y) {
                for (int x = 0; x < image.width(); ++x) {
                    const QColor pixel = image.pixelColor(x, y);
                    if (pixel.alpha() > 128) {
                        sum += pixel.lightness();
                        ++count;
                    }
                }
            }
            return count == 0 ? 0 : std::abs(int(sum / count) - bar->palette().color(QPalette::Button).lightness());
        };
        for (const QPalette& palette : {darkPalette(), lightPalette(), darkPalette()}) {
            window.setPalette(palette);
            QVERIFY2(contrast() > 100, qPrintable(QString::number(contrast())));
        }
    }

    // Double-clicking a load warning shows its file at its line.
    void warningOpensItsLine()
    {
        MainWindow window(&m_syntax);
        window.resize(1400, 900);
        window.show();
        const QString file = QStringLiteral(KRW_TEST_DATA_DIR "/bad/mixed.jsonl");
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        window.openPath(file, {}, false);
        QVERIFY(loaded.wait(20000));
        auto* view = window.findChild<QTableView*>(QStringLiteral("warningsView"));
        QVERIFY(view && view->isVisible());
        QVERIFY(view->model()->rowCount() > 0);
        int row = 0;
        while (row < view->model()->rowCount() && view->model()->index(row, WarningModel::LineColumn).data().toLongLong() < 2)
            ++row; // a warning on a later line
        QVERIFY(row < view->model()->rowCount());
        const int line = view->model()->index(row, WarningModel::LineColumn).data().toInt();
        QFile source(file);
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QString expected = QString::fromUtf8(source.readAll().split('\n').at(line - 1)).trimmed();
        const QRect cell = view->visualRect(view->model()->index(row, WarningModel::FileColumn));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center()); // a double-click's first press
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, cell.center());
        QDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = window.findChild<QDialog*>(QStringLiteral("warningSourceDialog"))) != nullptr);
        QTRY_VERIFY(dialog->isVisible());
        auto* code = dialog->findChild<CodeView*>();
        QVERIFY(code);
        QTRY_VERIFY(!code->toPlainText().isEmpty());
        QCOMPARE(code->lineNumberOfBlock(code->textCursor().blockNumber()), line);
        QVERIFY2(expected.startsWith(code->textCursor().block().text().left(40).trimmed()), qPrintable(code->textCursor().block().text()));
        QVERIFY(dialog->windowTitle().contains(QStringLiteral("mixed.jsonl:%1").arg(line)));
    }

    // The dock that comes up with a run's warnings is as tall as its rows need (up to six), not a
    // quarter of the window: seen in a real window with one warning.
    void warningsDockFitsItsRows()
    {
        MainWindow window(&m_syntax);
        window.resize(1400, 900);
        window.show();
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        window.openPath(QStringLiteral(KRW_TEST_DATA_DIR "/hostile"), {}, false);
        QVERIFY(loaded.wait(20000));
        auto* view = window.findChild<QTableView*>(QStringLiteral("warningsView"));
        QVERIFY(view && view->isVisible());
        QCOMPARE(view->model()->rowCount(), 1);
        const int row = view->verticalHeader()->defaultSectionSize();
        const int spare = row + view->horizontalScrollBar()->sizeHint().height();
        QTRY_VERIFY2(view->viewport()->height() <= row + spare, qPrintable(QString::number(view->viewport()->height())));
        QVERIFY(view->viewport()->height() >= row); // the warning itself is not cut
        QVERIFY(view->visualRect(view->model()->index(0, 0)).bottom() < view->viewport()->height());
    }

    void darkAndLightPalettes()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QVERIFY(select(window, QStringLiteral("a.py")));
        applyTheme(Theme::Dark);
        QCoreApplication::processEvents();
        QVERIFY(isDarkPalette(window.caseView()->codeView(CaseView::PredictTab)->palette()));
        applyTheme(Theme::Light);
        QCoreApplication::processEvents();
        QVERIFY(!isDarkPalette(window.caseView()->codeView(CaseView::PredictTab)->palette()));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
