// SPDX-License-Identifier: MIT
//
// ComparisonTreeModel (models/compare/comparisontreemodel.h): the tree's comparison mode, on the
// sample against its second run, checked by QAbstractItemModelTester as it changes.
#include "models/compare/comparisontreemodel.h"
#include "models/run/runloader.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace krw;

class TestComparisonTreeModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void groupsAndColumns()
    {
        const Run a = loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR));
        const Run b = loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_V2_DIR));
        ComparisonTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setComparison(RunComparison::compare(a, b));
        // Six buckets hold a case; "Outcome unknown" holds none and has no group.
        QCOMPARE(model.rowCount(), 6);
        QStringList groups;
        for (int g = 0; g < model.rowCount(); ++g)
            groups << model.index(g, 0).data().toString();
        QCOMPARE(groups,
            (QStringList{QStringLiteral("Fixed (3)"), QStringLiteral("Regressed (1)"), QStringLiteral("Still failing (3)"),
                QStringLiteral("Still passing (1)"), QStringLiteral("Only in A (1)"), QStringLiteral("Only in B (1)")}));
        QVERIFY(!model.groupIndex(CompareBucket::Unknown).isValid());
        QCOMPARE(model.rowCount(model.groupIndex(CompareBucket::Fixed)), 3);

        const QModelIndex sin = model.indexOfCase(QStringLiteral("sin_kernel.py"));
        QVERIFY(sin.isValid());
        QCOMPARE(sin.parent(), model.groupIndex(CompareBucket::Regressed));
        const auto cell = [&](const QModelIndex& row, int column, int role = Qt::DisplayRole) {
            return model.index(row.row(), column, row.parent()).data(role);
        };
        QCOMPARE(cell(sin, ComparisonTreeModel::LatestAColumn).toString(), QStringLiteral("Passed"));
        QCOMPARE(cell(sin, ComparisonTreeModel::LatestBColumn).toString(), QStringLiteral("Call failed"));
        QCOMPARE(cell(sin, ComparisonTreeModel::BestAColumn).toString(), QStringLiteral("perf"));
        QCOMPARE(sin.data(ComparisonTreeModel::CaseIndexARole).toInt(), a.indexOf(QStringLiteral("sin_kernel.py")));
        QCOMPARE(sin.data(ComparisonTreeModel::CaseIndexBRole).toInt(), b.indexOf(QStringLiteral("sin_kernel.py")));
        QCOMPARE(sin.data(ComparisonTreeModel::BucketRole).toInt(), int(CompareBucket::Regressed));

        const QModelIndex onlyB = model.indexOfCase(QStringLiteral("vector_add.py"));
        QCOMPARE(onlyB.data(ComparisonTreeModel::CaseIndexARole).toInt(), -1);
        QCOMPARE(cell(onlyB, ComparisonTreeModel::LatestAColumn).toString(), QStringLiteral("—"));
        QCOMPARE(cell(onlyB, ComparisonTreeModel::LatestBColumn).toString(), QStringLiteral("Passed"));
        QVERIFY(!model.indexOfCase(QStringLiteral("nope.py")).isValid());

        // Reruns arrive later and change rows in place.
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        LatestRerun wrong;
        wrong.verdict = QStringLiteral("wrong_output");
        model.setLatestReruns({}, {{QStringLiteral("sin_kernel.py"), wrong}});
        QVERIFY(!changed.isEmpty());
        QCOMPARE(cell(sin, ComparisonTreeModel::RerunBColumn).toString(), wrong.cellText());
        QCOMPARE(cell(sin, ComparisonTreeModel::RerunAColumn).toString(), QString());
        QCOMPARE(cell(onlyB, ComparisonTreeModel::RerunAColumn).toString(), QStringLiteral("—"));
        // A suspect rerun in A never reads as a pass beside B's, its speedup never as a win; it sorts after passes.
        LatestRerun cheat;
        cheat.verdict = QStringLiteral("passed");
        cheat.flags = QStringList{QStringLiteral("output_reused"), QStringLiteral("implausible_speedup")};
        cheat.speedup = 11.6;
        LatestRerun honest;
        honest.verdict = QStringLiteral("passed");
        honest.flags = QStringList{QStringLiteral("launch_bound")};
        honest.speedup = 1.3;
        model.setLatestReruns({{QStringLiteral("sin_kernel.py"), cheat}}, {{QStringLiteral("sin_kernel.py"), honest}});
        QCOMPARE(cell(sin, ComparisonTreeModel::RerunAColumn).toString(), QStringLiteral("Suspect"));
        QCOMPARE(cell(sin, ComparisonTreeModel::RerunBColumn).toString(), QStringLiteral("Passed with notes"));
        const QString tip = cell(sin, ComparisonTreeModel::RerunAColumn, Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("11.60×, not counted: the result is suspect")), qPrintable(tip));
        QVERIFY2(!tip.contains(QStringLiteral("Device-time speedup 11.60× (")), qPrintable(tip));
        QVERIFY(cell(sin, ComparisonTreeModel::RerunBColumn, ComparisonTreeModel::SortRole).toInt()
            < cell(sin, ComparisonTreeModel::RerunAColumn, ComparisonTreeModel::SortRole).toInt());

        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestComparisonTreeModel)
#include "tst_comparisontreemodel.moc"
