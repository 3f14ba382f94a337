// SPDX-License-Identifier: MIT
//
// runsummary (models/run/runsummary.h): a run in words. Counts of cases in proper English, the
// iterations named as they are (no "iterations 30–30" for a lone file), and unknown outcomes
// counted apart from failing ones.
#include "models/run/runsummary.h"

#include <QStandardPaths>
#include <QTest>

using namespace krw;

namespace {

Case caseWith(const QString& name, Outcome latest)
{
    Case c;
    c.filename = name;
    c.history.append(IterationRecord());
    c.latest = latest;
    return c;
}

} // namespace

class TestRunSummary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void caseCount_data()
    {
        QTest::addColumn<int>("cases");
        QTest::addColumn<QString>("expected");
        QTest::addRow("none") << 0 << QStringLiteral("0 cases");
        QTest::addRow("one") << 1 << QStringLiteral("1 case");
        QTest::addRow("two") << 2 << QStringLiteral("2 cases");
        QTest::addRow("many") << 10000 << QStringLiteral("10000 cases");
    }

    void caseCount()
    {
        QFETCH(int, cases);
        QFETCH(QString, expected);
        QCOMPARE(caseCountText(cases), expected);
    }

    void iterations_data()
    {
        QTest::addColumn<bool>("series");
        QTest::addColumn<QVector<int>>("iterations");
        QTest::addColumn<QString>("expected");
        QTest::addRow("series") << true << QVector<int>{0, 1, 2} << QStringLiteral("iterations 0–2");
        QTest::addRow("series-of-one") << true << QVector<int>{5} << QStringLiteral("iteration 5");
        QTest::addRow("series-with-gaps") << true << QVector<int>{0, 3, 15} << QStringLiteral("3 iterations, 0–15");
        QTest::addRow("lone-file") << false << QVector<int>{0} << QStringLiteral("1 iteration");
        QTest::addRow("nothing") << false << QVector<int>{} << QStringLiteral("no iteration");
    }

    void iterations()
    {
        QFETCH(bool, series);
        QFETCH(QVector<int>, iterations);
        QFETCH(QString, expected);
        Run run;
        run.isSeries = series;
        run.iterations = iterations;
        QCOMPARE(iterationsText(run), expected);
    }

    // Unknown is its own count: neither failing nor passed.
    void summaryCountsUnknownApart()
    {
        Run run;
        run.name = QStringLiteral("tritonbench_g");
        run.isSeries = true;
        run.iterations = {0, 1};
        const Outcome outcomes[] = {Outcome::CallFailed, Outcome::ExeFailed, Outcome::PerfFailed, Outcome::NoPrediction,
            Outcome::CallFailed, Outcome::ExeFailed, Outcome::Unknown, Outcome::Unknown, Outcome::Passed};
        int n = 0;
        for (Outcome outcome : outcomes)
            run.cases.append(caseWith(QStringLiteral("k%1.py").arg(n++), outcome));
        run.warnings.append(LoadWarning());
        const OutcomeCounts counts = countOutcomes(run);
        QCOMPARE(counts.cases, 9);
        QCOMPARE(counts.failing, 6);
        QCOMPARE(counts.unknown, 2);
        QCOMPARE(counts.passed, 1);
        QCOMPARE(runSummaryText(run), QStringLiteral("tritonbench_g · iterations 0–1 · 9 cases · 6 failing · 2 unknown · 1 warning"));
        run.cases.resize(1);
        run.warnings.clear();
        QCOMPARE(runSummaryText(run), QStringLiteral("tritonbench_g · iterations 0–1 · 1 case · 1 failing · 0 warnings"));
    }
};

QTEST_GUILESS_MAIN(TestRunSummary)
#include "tst_runsummary.moc"
