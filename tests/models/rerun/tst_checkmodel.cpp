// SPDX-License-Identifier: MIT
#include "examplereruns.h"
#include "models/rerun/checkmodel.h"
#include "models/rerun/rerunchecks.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace krw;

namespace {

const CheckRow* rowNamed(const QVector<CheckRow>& rows, const QString& name)
{
    for (const CheckRow& row : rows) {
        if (row.name == name)
            return &row;
    }
    return nullptr;
}

} // namespace

class TestCheckModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The battery in the harness's order, then the timing flags; each state as the result says.
    void rowsOfAFlaggedPass()
    {
        const QVector<CheckRow> rows = checkRows(test::flaggedPassRerun(QStringLiteral("k.py")));
        QStringList names;
        for (const CheckRow& row : rows)
            names << row.name;
        QCOMPARE(names,
            (QStringList{QStringLiteral("input_mutated"), QStringLiteral("output_reused"), QStringLiteral("no_own_kernel"),
                QStringLiteral("zeros_would_pass"), QStringLiteral("input_would_pass"), QStringLiteral("nondeterministic"),
                QStringLiteral("seed_sensitive"), QStringLiteral("timer_disagrees"), QStringLiteral("implausible_speedup"),
                QStringLiteral("launch_bound"), QStringLiteral("beyond_peak")}));
        QCOMPARE(rowNamed(rows, QStringLiteral("output_reused"))->state, CheckRow::State::Flagged);
        QCOMPARE(rowNamed(rows, QStringLiteral("output_reused"))->where, QStringList{QStringLiteral("call_kernel#0")});
        QCOMPARE(rowNamed(rows, QStringLiteral("nondeterministic"))->state, CheckRow::State::CouldNotRun);
        QCOMPARE(rowNamed(rows, QStringLiteral("implausible_speedup"))->state, CheckRow::State::Off);
        const CheckRow* launch = rowNamed(rows, QStringLiteral("launch_bound"));
        QCOMPARE(launch->state, CheckRow::State::Noted); // raised, but a note (VerdictLevel)
        QCOMPARE(checkStateName(launch->state), QStringLiteral("note"));
        QVERIFY(launch->timingFlag);
        QCOMPARE(launch->where, QStringList{QStringLiteral("call_kernel#0")});
        QCOMPARE(launch->seen.size(), 1);
        QVERIFY(launch->seen.first().startsWith(QStringLiteral("call_kernel#0: baseline: kernels 0.0057 ms")));
        QCOMPARE(rowNamed(rows, QStringLiteral("beyond_peak"))->state, CheckRow::State::Clean);
    }

    // Without a peak bandwidth beyond_peak could not be judged: never "clean".
    void beyondPeakWithoutAPeakCouldNotRun()
    {
        RerunResult r = test::cleanPassRerun(QStringLiteral("k.py"));
        r.timing->peakGbs.reset();
        const QVector<CheckRow> rows = checkRows(r);
        const CheckRow* peak = rowNamed(rows, QStringLiteral("beyond_peak"));
        QVERIFY(peak);
        QCOMPARE(peak->state, CheckRow::State::CouldNotRun);
        QVERIFY(peak->errors.value(0).startsWith(QStringLiteral("could not run: no peak bandwidth")));
    }

    // A result older than the battery has no rows at all, and says why.
    void olderAndUnreachedResultsHaveNoChecks()
    {
        const RerunResult older = test::olderRerun(QStringLiteral("k.py"));
        QVERIFY(checkRows(older).isEmpty());
        QCOMPARE(checksAbsence(older), ChecksAbsence::OlderResult);
        RerunResult failed = older;
        failed.accuracy.reset();
        failed.timing.reset();
        QCOMPARE(checksAbsence(failed), ChecksAbsence::NotReached);
        QCOMPARE(checksAbsence(test::cleanPassRerun(QStringLiteral("k.py"))), ChecksAbsence::Present);
        // A flag without a check of its own (older harness, unknown name) still gets a row.
        RerunResult odd = older;
        odd.flags = QStringList{QStringLiteral("something_new")};
        const QVector<CheckRow> rows = checkRows(odd);
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.first().state, CheckRow::State::Flagged);
    }

    void seedLinesNameCallAndSeed()
    {
        const RerunResult r = test::seedSensitiveRerun(QStringLiteral("k.py"));
        QCOMPARE(seedLines(*r.accuracy),
            (QStringList{QStringLiteral("call_kernel #1: wrong with seeds 1, 3 (y; max abs err 0.73)"),
                QStringLiteral("call_kernel #1: seed 2 skipped: the baseline raised on these inputs")}));
        QVERIFY(seedLines(*test::cleanPassRerun(QStringLiteral("k.py")).accuracy).isEmpty());
    }

    void modelCellsAndRoles()
    {
        CheckModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setResult(test::flaggedPassRerun(QStringLiteral("k.py")));
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 11);
        QCOMPARE(model.columnCount(), int(CheckModel::NUM_COLUMNS));
        QCOMPARE(model.flaggedCount(), 1); // output_reused; launch_bound is a note
        QCOMPARE(model.headerData(CheckModel::SeenColumn, Qt::Horizontal).toString(), QStringLiteral("What was seen"));
        const int reused = 1, nondeterministic = 5, off = 8, clean = 0;
        QCOMPARE(model.index(reused, CheckModel::StateColumn).data().toString(), QStringLiteral("flagged"));
        QCOMPARE(model.index(reused, CheckModel::SeenColumn).data().toString(),
            QStringLiteral("call_kernel#0: the second call returned the first call's storage"));
        QVERIFY(model.index(reused, CheckModel::CheckColumn).data(CheckModel::FlaggedRole).toBool());
        QVERIFY(!model.index(reused, CheckModel::SeenColumn).data(CheckModel::FlaggedRole).toBool());
        QCOMPARE(model.index(nondeterministic, CheckModel::StateColumn).data().toString(), QStringLiteral("could not run"));
        QVERIFY(model.index(nondeterministic, CheckModel::StateColumn).data(CheckModel::FlaggedRole).toBool());
        QCOMPARE(model.index(off, CheckModel::SeenColumn).data().toString(), QStringLiteral("turned off in the profile"));
        QVERIFY(!model.index(off, CheckModel::StateColumn).data(CheckModel::FlaggedRole).toBool());
        QCOMPARE(model.index(clean, CheckModel::SeenColumn).data().toString(), QStringLiteral("nothing seen"));
        QVERIFY(!model.index(clean, CheckModel::StateColumn).data(CheckModel::FlaggedRole).toBool());
        const QString tip = model.index(reused, CheckModel::CheckColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith(QStringLiteral("output_reused: results come from a cache, or ignore the inputs\nwhere: call_kernel#0\n")),
            qPrintable(tip));
        model.setResult(RerunResult{});
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestCheckModel)
#include "tst_checkmodel.moc"
