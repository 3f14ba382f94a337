// SPDX-License-Identifier: MIT
//
// RunGridModel and RunGridSortProxy (models/compare/): the grid of several runs as a table, sorted
// either way by any column with the summary row kept on top.
#include "models/compare/rungridmodel.h"
#include "models/compare/rungridsortproxy.h"
#include "models/run/runloader.h"

#include <QAbstractItemModelTester>
#include <QStandardPaths>
#include <QTest>

using namespace krw;

namespace {

RunPtr load(const char* path)
{
    return std::make_shared<const Run>(loadRunAtPath(QString::fromUtf8(path)));
}

QStringList column(const QAbstractItemModel& model, int col)
{
    QStringList values;
    for (int row = 0; row < model.rowCount(); ++row)
        values << model.index(row, col).data().toString();
    return values;
}

} // namespace

class TestRunGridModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void sampleRunsSorted()
    {
        RunGridModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setGrid(RunGrid::build({load(KRW_SAMPLE_RUN_DIR), load(KRW_SAMPLE_RUN_V2_DIR)}));
        QCOMPARE(model.rowCount(), 11); // summary + 10 cases
        QCOMPARE(model.columnCount(), 4);
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("1. sample_triton2hip"));
        QCOMPARE(model.headerData(3, Qt::Horizontal).toString(), QStringLiteral("2. sample_triton2hip_v2"));
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("Summary"));
        QCOMPARE(model.index(0, 2).data().toString(), QStringLiteral("3 of 9 passed · 6 failing"));
        QCOMPARE(model.index(0, 3).data().toString(), QStringLiteral("5 of 9 passed · 4 failing"));

        RunGridSortProxy sorted;
        sorted.setSourceModel(&model);
        const auto rowOf = [&](const QString& filename) { return int(column(sorted, RunGridModel::NameColumn).indexOf(filename)); };
        sorted.sort(RunGridModel::NameColumn, Qt::AscendingOrder);
        QCOMPARE(column(sorted, 0).first(), QStringLiteral("Summary"));
        QCOMPARE(column(sorted, 0).at(1), QStringLiteral("block_sum.py"));
        QCOMPARE(column(sorted, 0).last(), QStringLiteral("vector_add.py"));
        sorted.sort(RunGridModel::NameColumn, Qt::DescendingOrder);
        QCOMPARE(column(sorted, 0).first(), QStringLiteral("Summary"));
        QCOMPARE(column(sorted, 0).at(1), QStringLiteral("vector_add.py"));

        // By run 2's outcome: not in the run (embedding_gather) first, then in stage order, passes last.
        sorted.sort(RunGridModel::FirstRunColumn + 1, Qt::AscendingOrder);
        QCOMPARE(column(sorted, 0).first(), QStringLiteral("Summary"));
        QCOMPARE(column(sorted, 0).at(1), QStringLiteral("embedding_gather.py"));
        QCOMPARE(sorted.index(1, 3).data().toString(), QStringLiteral("—"));
        QVERIFY(rowOf(QStringLiteral("rotary_emb.py")) < rowOf(QStringLiteral("sin_kernel.py"))); // no prediction < call failed
        QVERIFY(rowOf(QStringLiteral("sin_kernel.py")) < rowOf(QStringLiteral("leaky_relu.py"))); // call failed < passed

        // By how many runs it passed in, most first: softmax_row passed in both.
        sorted.sort(RunGridModel::PassedInColumn, Qt::DescendingOrder);
        QCOMPARE(column(sorted, 0).first(), QStringLiteral("Summary"));
        QCOMPARE(column(sorted, 0).at(1), QStringLiteral("softmax_row.py"));
        QCOMPARE(sorted.index(1, RunGridModel::PassedInColumn).data().toString(), QStringLiteral("2 of 2"));
    }
};

QTEST_GUILESS_MAIN(TestRunGridModel)
#include "tst_rungridmodel.moc"
