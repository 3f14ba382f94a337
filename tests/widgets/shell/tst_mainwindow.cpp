// SPDX-License-Identifier: MIT
#include "browse/casefilterbar.h"
#include "browse/casefilterproxy.h"
#include "browse/casetreemodel.h"
#include "caseview/caseview.h"
#include "caseview/comparepage.h"
#include "caseview/errorview.h"
#include "caseview/historypage.h"
#include "code/codeview.h"
#include "code/diffview.h"
#include "code/syntaxsupport.h"
#include "run/textstore.h"
#include "shell/mainwindow.h"
#include "theme/diffcolors.h"
#include "theme/themes.h"
#include "windowtesthelpers.h"
#include "workertests.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTreeView>
#include <QTreeWidget>

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
    return debounced.wait(5000);
}

// Searches and waits for the result to be applied.
bool search(MainWindow& window, const QString& text, bool regex = false)
{
    QSignalSpy searched(&window, &MainWindow::searchFinished);
    return enterQuery(window, text, regex) && (searched.count() > 0 || searched.wait(10000));
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    SyntaxSupport m_syntax;

    // Opens a run and waits for it; false when nothing loaded.
    static bool open(MainWindow& window, const QString& path)
    {
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        window.openPath(path, {}, false);
        return loaded.wait(20000) && loaded.first().first().toBool();
    }

    // Selects a case and waits until its texts are in the panes.
    static bool select(MainWindow& window, const QString& filename)
    {
        QSignalSpy shown(window.caseView(), &CaseView::caseShown);
        return window.selectCase(filename) && shown.wait(10000) && window.currentCaseName() == filename;
    }

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
        QVERIFY(shown.wait(10000));
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
            const QString predict = view->codeView(CaseView::PredictTab)->toPlainText();
            if (c.newest().predict.hasContent())
                QCOMPARE(predict, TextStore::resolveOrEmpty(*run->sources, c.newest().predict));
            else
                QVERIFY(!view->tabs()->isTabEnabled(CaseView::PredictTab));
            QCOMPARE(view->tabs()->isTabEnabled(CaseView::PerfTab),
                !c.newest().memory || c.newest().memory->perfCandidates.isEmpty() ? false : true);
            // The compare page always shows some pair once the case is read.
            if (view->comparePage()->isComputing()) {
                QSignalSpy diffShown(view->comparePage(), &ComparePage::diffShown);
                QVERIFY(diffShown.wait(5000));
            }
            QVERIFY(!view->comparePage()->leftId().isEmpty() || codeVersions(c).isEmpty());
        }
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
        QVERIFY(diffShown.wait(5000));
        QCOMPARE(compare->diffView()->leftView()->toPlainText(), QStringLiteral("int c2;"));
        QCOMPARE(compare->diffView()->rightView()->toPlainText(), QStringLiteral("int c4;"));
        QCOMPARE(compare->diffView()->hunkCount(), 1);
        compare->compare(QStringLiteral("label"), QStringLiteral("label"));
        QVERIFY(diffShown.wait(5000));
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
        QVERIFY(diffShown.wait(5000));
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
        QCOMPARE(view->errorView()->linkCount(), 1); // "/tmp/a.hip:2:5: error: boom"
        view->errorView()->activateLink(0);
        QCOMPARE(view->tabs()->currentIndex(), int(CaseView::PredictTab));
        QCOMPARE(view->iteration(), 0);
        QCOMPARE(view->codeView(CaseView::PredictTab)->textCursor().blockNumber(), 1);
        QCOMPARE(view->codeView(CaseView::PredictTab)->textCursor().block().text(), QStringLiteral("int a;"));
    }

    void filtersAndSearch()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QCOMPARE(shownCases(window).size(), 5);
        QSignalSpy searched(&window, &MainWindow::searchFinished);
        window.filterBar()->searchEdit()->setText(QStringLiteral("does not match"));
        QVERIFY(searched.wait(5000)); // debounced, then searched on a worker
        QCOMPARE(shownCases(window), QStringList{QStringLiteral("a.py")});
        window.filterBar()->searchEdit()->clear();
        QVERIFY(searched.wait(5000));
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
    // order, else before it) is selected and shown; with none left the views are cleared. The
    // views never show a case the tree does not.
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

    // Opening a run shows its first failing case, or, with none failing (a lone JSONL holds
    // unknown outcomes only), its first case: never an empty view beside a full tree.
    void openingWithoutFailuresShowsTheFirstCase()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lone.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"filename\": \"y.py\", \"predict\": \"int y;\"}\n{\"filename\": \"x.py\", \"predict\": \"int x;\"}\n");
        file.close();
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

    void runSummaryCountsUnknownApart()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, seriesDir()));
        const QString summary = runSummary(window);
        QVERIFY2(summary.contains(QStringLiteral("iterations 0–1")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("5 cases · 3 failing · 1 unknown")), qPrintable(summary));
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
