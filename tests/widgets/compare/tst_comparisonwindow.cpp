// SPDX-License-Identifier: MIT
//
// Comparing two runs in the window (issue 13): File ▸ Compare With… / --compare loads the second
// run off the UI thread, the tree shows the buckets, a matched case brings both runs' versions
// into the diff's choosers and both runs' messages onto the Errors tab, and leaving gives the
// normal tree back. On the sample against its second run (resources/sample/README.md).
#include "models/browse/casefilterproxy.h"
#include "models/browse/warningmodel.h"
#include "models/compare/comparisontreemodel.h"
#include "models/compare/rungridmodel.h"
#include "models/rerun/latestrerun.h"
#include "models/rerun/rerunresult.h"
#include "samplecopy.h"
#include "widgets/browse/casefilterbar.h"
#include "widgets/caseview/caseview.h"
#include "widgets/caseview/comparepage.h"
#include "widgets/caseview/errorview.h"
#include "widgets/code/codeview.h"
#include "widgets/code/diffview.h"
#include "widgets/code/syntaxsupport.h"
#include "widgets/compare/comparisonpanel.h"
#include "widgets/compare/rungriddialog.h"
#include "widgets/rerun/runnerpanel.h"
#include "widgets/shell/mainwindow.h"
#include "windowtesthelpers.h"

#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTreeView>

#include <numeric>

using namespace krw;

class TestComparisonWindow : public QObject
{
    Q_OBJECT

private:
    SyntaxSupport m_syntax;

    static bool open(MainWindow& window, const QString& path) { return krw::testing::openRun(window, path); }

    static bool compare(MainWindow& window, const QString& path)
    {
        QSignalSpy shown(&window, &MainWindow::comparisonShown);
        window.compareWith(path, {}, false);
        return shown.wait(20000) && shown.first().first().toBool();
    }

    // Makes a case of the comparison tree current and waits for its texts.
    static bool select(MainWindow& window, const QString& filename)
    {
        ComparisonPanel* panel = window.comparisonPanel();
        auto* sorted = qobject_cast<QSortFilterProxyModel*>(panel->tree()->model());
        const QModelIndex index = sorted->mapFromSource(panel->model()->indexOfCase(filename));
        if (!index.isValid())
            return false;
        QSignalSpy shown(window.caseView(), &CaseView::caseShown);
        panel->tree()->setCurrentIndex(index);
        return shown.wait(10000);
    }

    static QStringList choices(const QComboBox* chooser)
    {
        QStringList items;
        for (int i = 0; i < chooser->count(); ++i)
            items << chooser->itemText(i);
        return items;
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void compareTwoRuns()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(open(window, QStringLiteral(KRW_SAMPLE_RUN_DIR)));
        auto* panels = window.findChild<QStackedWidget*>(QStringLiteral("casePanels"));
        QVERIFY(panels);
        QCOMPARE(panels->currentIndex(), 0);
        const QString caseBefore = window.currentCaseName();
        QVERIFY(!caseBefore.isEmpty());

        QVERIFY(compare(window, QStringLiteral(KRW_SAMPLE_RUN_V2_DIR)));
        ComparisonPanel* panel = window.comparisonPanel();
        QCOMPARE(panels->currentWidget(), panel);
        QVERIFY(window.filterBar()->isVisible()); // it narrows the comparison too
        QVERIFY(panel->isActive());
        QCOMPARE(panel->runB()->name, QStringLiteral("sample_triton2hip_v2"));
        QAbstractItemModel* tree = panel->tree()->model();
        QCOMPARE(tree->rowCount(), 6);
        QCOMPARE(tree->index(0, 0).data().toString(), QStringLiteral("Fixed (3)"));
        QCOMPARE(tree->index(1, 0).data().toString(), QStringLiteral("Regressed (1)"));
        QCOMPARE(panel->header()->text(), QStringLiteral("<b>A</b> sample_triton2hip · <b>B</b> sample_triton2hip_v2"));
        QVERIFY(panel->header()->toolTip().contains(QStringLiteral("Regressed 1")));
        QCOMPARE(window.caseView()->comparedRun(), panel->runB());

        // The filter bar narrows the comparison too: a name filter lists its cases in their buckets,
        // a bucket listing fewer says so; cases only in B wait until nothing is filtered.
        window.caseProxy()->setNameFilter(QStringLiteral("_kernel"));
        QCOMPARE(tree->rowCount(), 1);
        QCOMPARE(tree->index(0, 0).data().toString(), QStringLiteral("Regressed (1)"));
        window.caseProxy()->setNameFilter({});
        window.caseProxy()->setNameFilter(QStringLiteral("norm"));
        QStringList buckets;
        for (int row = 0; row < tree->rowCount(); ++row)
            buckets << tree->index(row, 0).data().toString();
        QCOMPARE(buckets, (QStringList{QStringLiteral("Fixed (1 of 3)"), QStringLiteral("Still failing (1 of 3)")}));
        window.caseProxy()->setNameFilter({});
        QCOMPARE(tree->rowCount(), 6);
        QCOMPARE(tree->index(0, 0).data().toString(), QStringLiteral("Fixed (3)"));

        // A fixed case: A's newest prediction against B's, any of both runs' versions selectable.
        QVERIFY(select(window, QStringLiteral("leaky_relu.py")));
        CaseView* view = window.caseView();
        QCOMPARE(view->texts().run, window.run());
        QVERIFY(view->comparedCaseIndex() >= 0);
        ComparePage* page = view->comparePage();
        QCOMPARE(page->leftId(), QStringLiteral("it1:predict"));
        QCOMPARE(page->rightId(), QStringLiteral("b:it1:predict"));
        auto* left = page->findChild<QComboBox*>(QStringLiteral("compareLeft"));
        QVERIFY(choices(left).contains(QStringLiteral("B · Iteration 0 · Prediction")));
        QVERIFY(choices(left).contains(QStringLiteral("Iteration 0 · Prediction")));
        // B's fix passes negative_slope to the kernel; A's kernel multiplies by a constant.
        QVERIFY(view->texts().text(QStringLiteral("b:it1:predict")).contains(QStringLiteral("v * negative_slope")));
        QVERIFY(view->texts().text(QStringLiteral("it1:predict")).contains(QStringLiteral("v * kSlope")));
        QSignalSpy diffShown(page, &ComparePage::diffShown);
        page->compare(QStringLiteral("b:it0:predict"), QStringLiteral("b:it1:predict"));
        QVERIFY(diffShown.wait(10000));
        QCOMPARE(page->leftId(), QStringLiteral("b:it0:predict"));

        // A regressed case: both runs' messages, B's compile error after A's (none) on the Errors tab.
        QVERIFY(select(window, QStringLiteral("sin_kernel.py")));
        view->showTab(CaseView::ErrorsTab);
        const QString errors = view->errorView()->toPlainText();
        QVERIFY2(errors.contains(QStringLiteral("B (sample_triton2hip_v2) · newest iteration 1 · call")), qPrintable(errors));
        QVERIFY2(errors.contains(QStringLiteral("no matching function for call to 'fast_sin'")), qPrintable(errors));
        // B's message links into B's versions: its line 14 is B's newest prediction's, shown on the
        // Compare tab against A's prediction of that iteration.
        int bLink = -1;
        for (int i = 0; i < view->errorView()->linkCount(); ++i) {
            if (view->errorView()->link(i).versionId.startsWith(QStringLiteral("b:")) && view->errorView()->link(i).ref.line == 14)
                bLink = i;
        }
        QVERIFY2(bLink >= 0, "B's compile error has no link into B's versions");
        QCOMPARE(view->errorView()->link(bLink).versionId, QStringLiteral("b:it1:predict"));
        QSignalSpy bShown(page, &ComparePage::diffShown);
        view->errorView()->activateLink(bLink);
        QVERIFY(bShown.wait(10000));
        QCOMPARE(page->rightId(), QStringLiteral("b:it1:predict"));
        QCOMPARE(page->leftId(), QStringLiteral("it1:predict"));
        QVERIFY(page->diffView()->rightView()->textCursor().block().text().contains(QStringLiteral("fast_sin(x[idx])")));

        // Only in B: B's case on its own.
        QVERIFY(select(window, QStringLiteral("vector_add.py")));
        QCOMPARE(view->texts().run, panel->runB());
        QCOMPARE(view->comparedCaseIndex(), -1);

        // A bucket's row: no case on show (the case before does not stay, as if it were the bucket's).
        panel->tree()->setCurrentIndex(tree->index(0, 0));
        QCOMPARE(view->caseIndex(), -1);
        QVERIFY(!view->texts().run);
        QVERIFY(select(window, QStringLiteral("vector_add.py")));

        // Leaving gives the normal tree, and its current case, back (the filter above moved it).
        const QString treeCase = window.currentCaseName();
        QVERIFY(!treeCase.isEmpty());
        QSignalSpy left2(panel, &ComparisonPanel::left);
        QSignalSpy shownAgain(view, &CaseView::caseShown);
        panel->leave();
        QCOMPARE(left2.size(), 1);
        QCOMPARE(panels->currentIndex(), 0);
        QVERIFY(!view->comparedRun());
        QVERIFY(shownAgain.wait(10000));
        QCOMPARE(view->texts().run, window.run());
        QCOMPARE(window.currentCaseName(), treeCase);
        QCOMPARE(view->texts().run->cases.at(view->caseIndex()).filename, treeCase);
        QCOMPARE(view->comparePage()->rightId().startsWith(QStringLiteral("b:")), false);
    }

    void errorsAreNamed()
    {
        MainWindow window(&m_syntax);
        QVERIFY(open(window, QStringLiteral(KRW_SAMPLE_RUN_DIR)));
        QSignalSpy shown(&window, &MainWindow::comparisonShown);
        const QString missing = QStringLiteral(KRW_TEST_DATA_DIR "/does-not-exist");
        window.compareWith(missing, {}, false);
        QVERIFY(shown.wait(10000));
        QCOMPARE(shown.first().first().toBool(), false);
        QVERIFY2(window.statusBar()->currentMessage().contains(missing), qPrintable(window.statusBar()->currentMessage()));
        QVERIFY(!window.comparisonPanel()->isActive());

        shown.clear();
        window.compareWith(QStringLiteral(KRW_TEST_DATA_DIR "/bad/all-bad.jsonl"), {}, false);
        QVERIFY(shown.wait(10000));
        QCOMPARE(shown.first().first().toBool(), false);
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("no case could be loaded")),
            qPrintable(window.statusBar()->currentMessage()));
    }

    // B's load warnings are the window's too while comparing: listed below A's in the Warnings
    // dock, each row naming its run; leaving the comparison lists A's alone again.
    void comparedRunsWarningsAreListed()
    {
        MainWindow window(&m_syntax);
        window.resize(1400, 900);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/hostile"))); // one warning of its own
        auto* view = window.findChild<QTableView*>(QStringLiteral("warningsView"));
        QVERIFY(view);
        const int ownWarnings = view->model()->rowCount();
        QVERIFY(ownWarnings > 0);
        QVERIFY(view->isColumnHidden(WarningModel::RunColumn));

        const QString bad = QStringLiteral(KRW_TEST_DATA_DIR "/bad/mixed.jsonl");
        QVERIFY(compare(window, bad));
        const RunPtr b = window.comparisonPanel()->runB();
        QVERIFY(b && !b->warnings.isEmpty());
        QCOMPARE(view->model()->rowCount(), ownWarnings + b->warnings.size());
        QVERIFY(view->isVisible());
        QVERIFY(!view->isColumnHidden(WarningModel::RunColumn));
        int fromB = 0;
        for (int row = 0; row < view->model()->rowCount(); ++row) {
            const QString run = view->model()->index(row, WarningModel::RunColumn).data().toString();
            if (run == QStringLiteral("B · %1").arg(b->name)) {
                ++fromB;
                QCOMPARE(view->model()->index(row, WarningModel::FileColumn).data().toString(), QStringLiteral("mixed.jsonl"));
            }
        }
        QCOMPARE(fromB, b->warnings.size());
        // A's rows first, then B's, each run's in the order the loader met them.
        for (int row = 0; row < view->model()->rowCount(); ++row) {
            const QString run = view->model()->index(row, WarningModel::RunColumn).data().toString();
            QVERIFY2(run.startsWith(row < ownWarnings ? QStringLiteral("A · ") : QStringLiteral("B · ")), qPrintable(run));
            if (row > ownWarnings)
                QVERIFY(view->model()->index(row, WarningModel::LineColumn).data().toInt()
                    >= view->model()->index(row - 1, WarningModel::LineColumn).data().toInt());
        }
        auto* dock = qobject_cast<QDockWidget*>(view->parentWidget());
        QVERIFY(dock);
        QVERIFY2(dock->windowTitle().contains(QStringLiteral("B %1").arg(b->warnings.size())), qPrintable(dock->windowTitle()));

        dock->close(); // closed by the user: leaving the comparison does not bring it back
        window.comparisonPanel()->leave();
        QCOMPARE(view->model()->rowCount(), ownWarnings);
        QVERIFY(view->isColumnHidden(WarningModel::RunColumn));
        QVERIFY(!dock->isVisible());
    }

    // A 300-character case name (the hostile run) does not push A's and B's columns out of sight:
    // the name column gets what they leave and elides the middle; a wider window gives it more.
    void longNamesLeaveTheRunsColumnsInSight()
    {
        QTemporaryDir copy;
        QVERIFY(copy.isValid());
        for (const char* name : {"hostile_0.jsonl", "hostile_mem_0.json"})
            QVERIFY(QFile::copy(QStringLiteral(KRW_TEST_DATA_DIR "/hostile/") + QLatin1String(name), copy.filePath(QLatin1String(name))));
        MainWindow window(&m_syntax);
        window.resize(2000, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/hostile")));
        QVERIFY(compare(window, copy.path()));
        QTreeView* tree = window.comparisonPanel()->tree();
        const auto allInSight = [tree] {
            const QHeaderView* header = tree->header();
            for (int column = 0; column < header->count(); ++column) {
                if (!header->isSectionHidden(column)
                    && header->sectionViewportPosition(column) + header->sectionSize(column) > tree->viewport()->width())
                    return false;
            }
            return true;
        };
        // The pane given room for the other columns and 300 px more (its splitter's handle dragged;
        // the default width depends on the Qt version's style): every column in sight, the names
        // elided to what is left, far less than a 300-character name needs.
        QSplitter* splitter = nullptr;
        for (QWidget* w = tree->parentWidget(); w && !splitter; w = w->parentWidget())
            splitter = qobject_cast<QSplitter*>(w);
        QVERIFY(splitter);
        int paneIndex = 0;
        while (paneIndex < splitter->count() && !splitter->widget(paneIndex)->isAncestorOf(tree))
            ++paneIndex;
        QVERIFY(paneIndex < splitter->count());
        const auto setPaneExtra = [&](int extra) {
            int others = 0;
            for (int column = 0; column < tree->header()->count(); ++column) {
                if (column != ComparisonTreeModel::NameColumn)
                    others += tree->header()->sectionSize(column);
            }
            QList<int> sizes = splitter->sizes();
            const int total = std::accumulate(sizes.cbegin(), sizes.cend(), 0);
            const int frame = splitter->widget(paneIndex)->width() - tree->viewport()->width();
            sizes[paneIndex] = std::max(0, others + extra + frame);
            sizes[(paneIndex + 1) % sizes.size()] = total - sizes[paneIndex];
            splitter->setSizes(sizes);
        };
        setPaneExtra(300);
        QTRY_VERIFY(allInSight());
        const int narrow = tree->header()->sectionSize(ComparisonTreeModel::NameColumn);
        QVERIFY(narrow < tree->fontMetrics().horizontalAdvance(QString(300, QLatin1Char('n'))));
        // Wider: the names get the room, the other columns stay in sight.
        setPaneExtra(600);
        QTRY_VERIFY(tree->header()->sectionSize(ComparisonTreeModel::NameColumn) > narrow);
        QVERIFY(allInSight());
        // Narrower than the other columns need: the names keep 16 characters, the tree scrolls.
        setPaneExtra(-200);
        QTRY_COMPARE(tree->header()->sectionSize(ComparisonTreeModel::NameColumn),
            tree->indentation() * 2 + tree->fontMetrics().averageCharWidth() * 16);
    }

    // The rerun columns take room only when something is in them: hidden while neither run has a
    // rerun (at 1600 px they left the names "leaky…50.py", walk30a), shown and filled when one of
    // A's cases is rerun during the comparison.
    void rerunColumnsShowOnlyWithReruns()
    {
        QTemporaryDir a;
        QTemporaryDir b;
        QVERIFY(krw::test::copySampleRun(a.path())); // fresh paths: no saved reruns
        const QDir v2(QStringLiteral(KRW_SAMPLE_RUN_V2_DIR));
        for (const QString& name : v2.entryList(QDir::Files))
            QVERIFY(QFile::copy(v2.filePath(name), QDir(b.path()).filePath(name)));
        MainWindow window(&m_syntax);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(open(window, a.path()));
        ComparisonPanel* panel = window.comparisonPanel();
        QSignalSpy loaded(panel, &ComparisonPanel::rerunsLoaded);
        QVERIFY(compare(window, b.path()));
        QVERIFY(loaded.wait(20000) || !loaded.isEmpty());
        QTreeView* tree = panel->tree();
        QVERIFY(tree->isColumnHidden(ComparisonTreeModel::RerunAColumn));
        QVERIFY(tree->isColumnHidden(ComparisonTreeModel::RerunBColumn));
        QVERIFY(!tree->isColumnHidden(ComparisonTreeModel::BestBColumn));

        const QString name = QStringLiteral("leaky_relu.py");
        QVERIFY(select(window, name));
        RerunResult result;
        result.status = RerunResult::Status::Failed;
        result.failure = QStringLiteral("hipcc: fatal error: no input files");
        result.caseName = name;
        result.started = QDateTime::currentDateTimeUtc();
        Q_EMIT window.caseView()->runnerPanel()->rerunFinished(result);
        QVERIFY(!tree->isColumnHidden(ComparisonTreeModel::RerunAColumn));
        QVERIFY(!tree->isColumnHidden(ComparisonTreeModel::RerunBColumn));
        const QModelIndex row = panel->model()->indexOfCase(name);
        QCOMPARE(row.siblingAtColumn(ComparisonTreeModel::RerunAColumn).data().toString(), LatestRerun::of(result).cellText());
        QVERIFY(!row.siblingAtColumn(ComparisonTreeModel::RerunAColumn).data().toString().isEmpty());
        QVERIFY(tree->header()->sectionSize(ComparisonTreeModel::RerunAColumn) > 0);
    }

    // File ▸ Compare Several Runs…: the runs on show listed, loaded off the UI thread, the grid sorted
    // with the summary on top; a run that cannot be loaded is named.
    void severalRuns()
    {
        MainWindow window(&m_syntax);
        QVERIFY(open(window, QStringLiteral(KRW_SAMPLE_RUN_DIR)));
        QVERIFY(compare(window, QStringLiteral(KRW_SAMPLE_RUN_V2_DIR)));
        RunGridDialog* dialog = window.openRunGrid();
        QCOMPARE(dialog->paths(), (QStringList{window.run()->path, window.comparisonPanel()->runB()->path}));
        dialog->addPath(QStringLiteral(KRW_SAMPLE_RUN_DIR));
        QSignalSpy shown(dialog, &RunGridDialog::gridShown);
        dialog->showGrid();
        QVERIFY(shown.wait(20000));
        QCOMPARE(shown.first().first().toBool(), true);
        QAbstractItemModel* table = dialog->table()->model();
        QCOMPARE(table->rowCount(), 11);
        QCOMPARE(table->columnCount(), 5);
        QCOMPARE(table->index(0, 0).data().toString(), QStringLiteral("Summary"));
        QCOMPARE(table->index(0, RunGridModel::FirstRunColumn + 1).data().toString(), QStringLiteral("5 of 9 passed · 4 failing"));
        dialog->table()->sortByColumn(RunGridModel::NameColumn, Qt::DescendingOrder);
        QCOMPARE(table->index(0, 0).data().toString(), QStringLiteral("Summary"));
        QCOMPARE(table->index(1, 0).data().toString(), QStringLiteral("vector_add.py"));
        QCOMPARE(table->index(1, RunGridModel::FirstRunColumn).data().toString(), QStringLiteral("—"));
        QCOMPARE(table->index(1, RunGridModel::FirstRunColumn + 1).data().toString(), QStringLiteral("Passed"));

        // A cell opens its case: the summary row names none; a case of the window's run is selected
        // in the comparison; a case of another run compares with that run, the case on show.
        QCOMPARE(dialog->caseAndRunAt(table->index(0, RunGridModel::FirstRunColumn)).first, QString());
        const QModelIndex sinInV2 = table->match(table->index(1, 0), Qt::DisplayRole, QStringLiteral("sin_kernel.py")).value(0);
        QVERIFY(sinInV2.isValid());
        const QModelIndex cellA = sinInV2.siblingAtColumn(RunGridModel::FirstRunColumn);
        QCOMPARE(dialog->caseAndRunAt(cellA), qMakePair(QStringLiteral("sin_kernel.py"), window.run()->path));
        QSignalSpy caseShown(window.caseView(), &CaseView::caseShown);
        Q_EMIT dialog->table()->activated(cellA);
        QVERIFY(caseShown.wait(10000));
        QCOMPARE(window.caseView()->texts().run, window.run());
        QCOMPARE(window.caseView()->texts().run->cases.at(window.caseView()->caseIndex()).filename, QStringLiteral("sin_kernel.py"));
        window.comparisonPanel()->leave();
        QSignalSpy comparing(&window, &MainWindow::comparisonShown);
        Q_EMIT dialog->table()->activated(sinInV2.siblingAtColumn(RunGridModel::FirstRunColumn + 1));
        QVERIFY(comparing.wait(20000));
        QVERIFY(window.comparisonPanel()->isActive());
        QTRY_COMPARE_WITH_TIMEOUT(
            window.caseView()->texts().run ? window.caseView()->texts().run->cases.at(window.caseView()->caseIndex()).filename : QString(),
            QStringLiteral("sin_kernel.py"), 10000);

        const QString missing = QStringLiteral(KRW_TEST_DATA_DIR "/does-not-exist");
        dialog->addPath(missing);
        shown.clear();
        dialog->showGrid();
        QVERIFY(shown.wait(20000));
        QCOMPARE(shown.first().first().toBool(), false);
        QVERIFY2(dialog->status()->text().contains(missing), qPrintable(dialog->status()->text()));
        dialog->close();
    }

    // The run on show read again keeps the comparison, compared anew; another run opened ends it.
    void openingAnotherRunLeaves()
    {
        MainWindow window(&m_syntax);
        QVERIFY(open(window, QStringLiteral(KRW_SAMPLE_RUN_DIR)));
        QVERIFY(compare(window, QStringLiteral(KRW_SAMPLE_RUN_V2_DIR)));
        QSignalSpy left(window.comparisonPanel(), &ComparisonPanel::left);
        QSignalSpy comparedAgain(&window, &MainWindow::comparisonShown);
        const RunPtr before = window.run();
        QVERIFY(open(window, QStringLiteral(KRW_SAMPLE_RUN_DIR)));
        QVERIFY(window.run() != before);
        QVERIFY(!comparedAgain.isEmpty() || comparedAgain.wait(10000)); // it may come before the load's end
        QCOMPARE(comparedAgain.first().first().toBool(), true);
        QCOMPARE(left.size(), 0);
        QVERIFY(window.comparisonPanel()->isActive());
        QCOMPARE(window.comparisonPanel()->model()->rowCount(), 6);
        QVERIFY(open(window, QStringLiteral(KRW_SAMPLE_RUN_V2_DIR)));
        QCOMPARE(left.size(), 1);
        QVERIFY(!window.comparisonPanel()->isActive());
        QVERIFY(!window.caseView()->comparedRun());
    }
};

QTEST_MAIN(TestComparisonWindow)
#include "tst_comparisonwindow.moc"
