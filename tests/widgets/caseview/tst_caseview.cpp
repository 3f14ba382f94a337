// SPDX-License-Identifier: MIT
//
// CaseView reads a case on a worker; the header and the History pane always show the case asked
// for last, whatever order the reads end in (issue 12: History once showed the previous case after
// a search moved the selection). The worker is WorkPools::jobs()'s, never Qt's global pool.
#include "models/run/outcomes.h"
#include "models/run/runloader.h"
#include "models/work/workpools.h"
#include "widgets/caseview/caseview.h"
#include "widgets/caseview/errorview.h"
#include "widgets/caseview/hintlist.h"
#include "widgets/caseview/historypage.h"
#include "widgets/code/codeview.h"
#include "widgets/code/syntaxsupport.h"
#include "workertests.h"

#include <QLabel>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTextBlock>
#include <QThreadPool>
#include <QTreeWidget>
#include <QtConcurrent>

using namespace krw;

class TestCaseView : public QObject
{
    Q_OBJECT

private:
    SyntaxSupport m_syntax;
    RunPtr m_run;

    // The History pane's iteration rows: "Iteration N" and its outcome, newest first.
    static QStringList historyRows(const CaseView& view)
    {
        QStringList rows;
        const QTreeWidget* tree = view.historyPage()->tree();
        for (int i = 0; i < tree->topLevelItemCount(); ++i)
            rows << tree->topLevelItem(i)->text(0) + QLatin1Char(' ') + tree->topLevelItem(i)->text(1);
        return rows;
    }
    QStringList expectedRows(const QString& name) const
    {
        QStringList rows;
        const Case& c = m_run->cases.at(m_run->indexOf(name));
        for (auto it = c.history.crbegin(); it != c.history.crend(); ++it)
            rows << QStringLiteral("Iteration %1 %2").arg(it->iteration).arg(outcomeTitle(latestOutcome(*it)));
        return rows;
    }
    static bool titleShows(const CaseView& view, const QString& name)
    {
        for (const QLabel* label : view.findChildren<QLabel*>()) {
            if (label->text() == name || label->toolTip() == name)
                return true;
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_run = std::make_shared<const Run>(loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR)));
        QCOMPARE(m_run->cases.size(), 9);
        // Two cases whose histories differ (the walk-through's pair).
        QVERIFY(expectedRows(QStringLiteral("leaky_relu.py")) != expectedRows(QStringLiteral("block_sum.py")));
    }

    // The older read ends after the newer one was asked for: it is dropped.
    void staleReadEndingLateIsDropped()
    {
        CaseView view(&m_syntax);
        view.show();
        const QString a = QStringLiteral("leaky_relu.py");
        const QString b = QStringLiteral("block_sum.py");
        QSignalSpy shown(&view, &CaseView::caseShown);
        view.setCase(m_run, m_run->indexOf(a));
        // A's read ends (its result waits in the event queue) before B is asked for.
        WorkPools::jobs()->waitForDone();
        view.setCase(m_run, m_run->indexOf(b));
        QVERIFY(shown.wait(10000));
        QVERIFY(test::waitForWorkers());
        QVERIFY(test::deliverPostedEvents()); // every queued result delivered
        QCOMPARE(shown.size(), 1);
        QVERIFY(titleShows(view, b));
        QCOMPARE(historyRows(view), expectedRows(b));
    }

    // Asked for A, B, A, B in a row (a search typed key by key moves the selection like this).
    void lastOfManyRequestsWins()
    {
        CaseView view(&m_syntax);
        view.show();
        const QString a = QStringLiteral("leaky_relu.py");
        const QString b = QStringLiteral("block_sum.py");
        for (const QString& name : {a, b, a, b})
            view.setCase(m_run, m_run->indexOf(name));
        QTRY_VERIFY_WITH_TIMEOUT(!view.isLoading(), 10000);
        QVERIFY(test::waitForWorkers());
        QVERIFY(test::deliverPostedEvents());
        QVERIFY(titleShows(view, b));
        QCOMPARE(historyRows(view), expectedRows(b));
    }

    // Every thread of Qt's global pool busy (Qt 6.4 paints with it: the UI thread waits for those
    // pieces, so a case read queued there would hold up repaints): the case is read and shown anyway.
    void caseIsReadOffTheGlobalPool()
    {
        QThreadPool* global = QThreadPool::globalInstance();
        QSemaphore release;
        QVector<QFuture<void>> blockers;
        for (int i = 0; i < global->maxThreadCount(); ++i)
            blockers.append(QtConcurrent::run(global, [&release] { release.acquire(); }));
        QTRY_COMPARE(global->activeThreadCount(), global->maxThreadCount());
        CaseView view(&m_syntax);
        view.show();
        QSignalSpy shown(&view, &CaseView::caseShown);
        view.setCase(m_run, m_run->indexOf(QStringLiteral("leaky_relu.py")));
        const bool wasShown = shown.wait(10000);
        release.release(int(blockers.size()));
        for (QFuture<void>& blocker : blockers)
            blocker.waitForFinished();
        QVERIFY(wasShown);
        QVERIFY(titleShows(view, QStringLiteral("leaky_relu.py")));
    }

    // While a case's texts are read, the view names that case: at once when none was shown, after
    // ReadingPageDelayMs when another case's texts are on screen (a quick read does not flash).
    void slowReadNamesTheCaseBeingRead()
    {
        CaseView view(&m_syntax);
        view.resize(900, 700);
        view.show();
        auto* page = view.findChild<QLabel*>(QStringLiteral("noCasePage"));
        QVERIFY(page && page->isVisible());
        const QString a = QStringLiteral("leaky_relu.py");
        const QString b = QStringLiteral("block_sum.py");
        QSignalSpy shown(&view, &CaseView::caseShown);
        QThreadPool* jobs = WorkPools::jobs();
        QSemaphore release;
        QVector<QFuture<void>> blockers;
        auto blockReads = [&] {
            for (int i = 0; i < jobs->maxThreadCount(); ++i)
                blockers.append(QtConcurrent::run(jobs, [&release] { release.acquire(); }));
            QTRY_COMPARE(jobs->activeThreadCount(), jobs->maxThreadCount());
        };
        auto allowReads = [&] {
            release.release(int(blockers.size()));
            for (QFuture<void>& blocker : blockers)
                blocker.waitForFinished();
            blockers.clear();
        };

        blockReads();
        view.setCase(m_run, m_run->indexOf(a));
        const bool namedAtOnce
            = page->isVisible() && page->text().contains(a) && titleShows(view, a) && !titleShows(view, QStringLiteral("No case selected"));
        allowReads();
        QVERIFY(namedAtOnce);
        QVERIFY(shown.wait(10000));
        QVERIFY(!page->isVisible());

        blockReads();
        view.setCase(m_run, m_run->indexOf(b));
        const bool keptAtFirst = !page->isVisible() && view.tabs()->isVisible();
        // The page comes once ReadingPageDelayMs has run out: waited for, never for a fixed time.
        const bool namedLater = QTest::qWaitFor(
            [&] { return page->isVisible() && page->text().contains(b) && titleShows(view, b) && !view.tabs()->isVisible(); },
            test::WorkerWaitMs);
        allowReads();
        QVERIFY(keptAtFirst);
        QVERIFY(namedLater);
        QVERIFY(shown.wait(10000));
        QVERIFY(!page->isVisible());
        QCOMPARE(historyRows(view), expectedRows(b));
    }

    // A case's lint hints show above its tabs, each naming its version and line; a click shows that
    // line in that version (here an older iteration's prediction). A case without hints hides the list.
    void hintsShowAndLeadToTheirLine()
    {
        CaseView view(&m_syntax);
        view.resize(1200, 800);
        view.show();
        QSignalSpy shown(&view, &CaseView::caseShown);
        view.setCase(m_run, m_run->indexOf(QStringLiteral("leaky_relu.py")));
        QVERIFY(shown.wait(10000));
        HintList* list = view.hintList();
        QVERIFY(list->isVisible());
        QCOMPARE(list->count(), 1);
        const QString row = list->item(0)->text();
        QVERIFY2(row.contains(QLatin1String("Iteration 0")) && row.contains(QLatin1String("line 34"))
                && row.contains(QLatin1String("`leaky_relu_forward`")),
            qPrintable(row));
        QCOMPARE(view.iteration(), 1); // the newest is shown first
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(0)).center());
        QCOMPARE(view.iteration(), 0);
        QCOMPARE(view.tabs()->currentIndex(), int(CaseView::PredictTab));
        CodeView* code = view.codeView(CaseView::PredictTab);
        QCOMPARE(code->textCursor().blockNumber() + 1, 34);
        QVERIFY(code->textCursor().block().text().contains(QLatin1String("PYBIND11_MODULE")));

        view.setCase(m_run, m_run->indexOf(QStringLiteral("sin_kernel.py")));
        QVERIFY(shown.wait(10000));
        QCOMPARE(list->count(), 0);
        QVERIFY(!list->isVisible());
    }

    // A filter that hides every case clears the view: History keeps no rows of the case before.
    void clearedViewKeepsNoHistory()
    {
        CaseView view(&m_syntax);
        view.show();
        QSignalSpy shown(&view, &CaseView::caseShown);
        view.setCase(m_run, m_run->indexOf(QStringLiteral("leaky_relu.py")));
        QVERIFY(shown.wait(10000));
        QVERIFY(!historyRows(view).isEmpty());
        view.clear();
        QVERIFY(titleShows(view, QStringLiteral("No case selected")));
        QCOMPARE(historyRows(view), QStringList());
    }

    // Nothing of the case shown before stays in sight under "No case selected" (a bucket row, a
    // failure group, a filter that hides the case): not its instruction, fields, code or errors,
    // dimmed or not; the empty page covers the tabs until a case is shown again.
    void clearedViewShowsNothingOfTheCaseBefore()
    {
        CaseView view(&m_syntax);
        view.resize(900, 700);
        view.show();
        QSignalSpy shown(&view, &CaseView::caseShown);
        view.setCase(m_run, m_run->indexOf(QStringLiteral("leaky_relu.py")));
        QVERIFY(shown.wait(10000));
        auto* details = view.findChild<QTreeWidget*>();
        QVERIFY(details && details->topLevelItemCount() > 0);
        view.tabs()->setCurrentIndex(CaseView::PredictTab);
        const QString predict = view.codeView(CaseView::PredictTab)->toPlainText();
        QVERIFY(!predict.isEmpty());
        view.tabs()->setCurrentIndex(CaseView::ErrorsTab);
        const QString errors = view.errorView()->toPlainText();
        QVERIFY(!errors.trimmed().isEmpty());
        QLabel* empty = view.findChild<QLabel*>(QStringLiteral("noCasePage"));
        QVERIFY(empty && !empty->isVisible());
        QVERIFY(view.tabs()->isVisible());

        view.clear();
        QVERIFY(empty->isVisible());
        QVERIFY(!view.tabs()->isVisible());
        QCOMPARE(details->topLevelItemCount(), 0);
        for (const auto tab : {CaseView::LabelTab, CaseView::PredictTab, CaseView::TestTab})
            QCOMPARE(view.codeView(tab)->toPlainText(), QString());
        QVERIFY(view.errorView()->references().isEmpty());
        QCOMPARE(view.errorView()->toPlainText(), QStringLiteral("No case selected."));
        QVERIFY(errors != view.errorView()->toPlainText());

        view.setCase(m_run, m_run->indexOf(QStringLiteral("leaky_relu.py")));
        QVERIFY(shown.wait(10000));
        QVERIFY(!empty->isVisible());
        QVERIFY(view.tabs()->isVisible());
        view.tabs()->setCurrentIndex(CaseView::PredictTab);
        QCOMPARE(view.codeView(CaseView::PredictTab)->toPlainText(), predict);
    }
};

QTEST_MAIN(TestCaseView)
#include "tst_caseview.moc"
