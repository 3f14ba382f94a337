// SPDX-License-Identifier: MIT
#include "models/rerun/accuracymodel.h"
#include "models/rerun/diagnosticmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace krw;

namespace {

QVector<Diagnostic> sampleDiagnostics()
{
    Diagnostic error;
    error.file = QStringLiteral("/work/job/kernel.hip");
    error.line = 12;
    error.column = 5;
    error.severity = Diagnostic::Severity::Error;
    error.message = QStringLiteral("use of undeclared identifier 'blockDim'");
    error.context = QStringList{QStringLiteral("   12 |     blockDim.x;"), QStringLiteral("      |     ^")};
    Diagnostic warning;
    warning.file = QStringLiteral("kernel.hip");
    warning.line = 40;
    warning.column = 1;
    warning.severity = Diagnostic::Severity::Warning;
    warning.message = QStringLiteral("unused variable 'n'");
    Diagnostic linker; // no position: a message of the linker or the driver
    linker.severity = Diagnostic::Severity::Note;
    linker.message = QStringLiteral("linker input unused");
    return {error, warning, linker};
}

OutputComparison output(const QString& name, bool ok)
{
    OutputComparison o;
    o.name = name;
    o.ok = ok;
    o.dtype = QStringLiteral("float32");
    o.baselineDtype = QStringLiteral("float32");
    return o;
}

AccuracyStage sampleAccuracy()
{
    AccuracyStage stage;
    stage.rtol = 1e-5;
    stage.atol = 1e-3;
    OutputComparison y = output(QStringLiteral("y"), false);
    y.shape = y.baselineShape = {4, 4};
    y.maxAbsErr = 0.5;
    y.maxRelErr = 1.0;
    y.mismatched = 3;
    y.total = 16;
    y.flags = QStringList{QStringLiteral("all_zero")};
    OutputComparison z = output(QStringLiteral("stats.mean"), true);
    z.shape = {4, 4};
    z.baselineShape = {4, 5};
    z.dtype = QStringLiteral("float16");
    z.maxAbsErr = 0;
    z.maxRelErr = 0;
    z.total = 16;
    z.flags = QStringList{QStringLiteral("shape_mismatch"), QStringLiteral("dtype_mismatch")};
    OutputComparison missing = output(QStringLiteral("out[1]"), false);
    missing.dtype.clear();
    missing.baselineShape = {8};
    missing.flags = QStringList{QStringLiteral("missing_key")};
    OutputComparison scalar = output(QStringLiteral("result_gold"), true);
    scalar.maxAbsErr = 3e-7;
    scalar.maxRelErr = 2.5e-6;
    scalar.total = 1;
    scalar.allclose = true;
    stage.outputs = {y, z, missing, scalar};
    return stage;
}

} // namespace

class TestRerunModels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void diagnosticsResetAndHeaders()
    {
        DiagnosticModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setDiagnostics(sampleDiagnostics());
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(DiagnosticModel::NUM_COLUMNS));
        QStringList headers;
        for (int c = 0; c < model.columnCount(); ++c)
            headers << model.headerData(c, Qt::Horizontal).toString();
        QCOMPARE(headers,
            (QStringList{QStringLiteral("Severity"), QStringLiteral("File"), QStringLiteral("Line"), QStringLiteral("Column"),
                QStringLiteral("Message")}));
        model.setDiagnostics({});
        QCOMPARE(reset.count(), 2);
        QCOMPARE(model.rowCount(), 0);
    }

    void diagnosticCells_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("display");
        QTest::addRow("error severity") << 0 << int(DiagnosticModel::SeverityColumn) << QStringLiteral("error");
        QTest::addRow("file shows the name only") << 0 << int(DiagnosticModel::FileColumn) << QStringLiteral("kernel.hip");
        QTest::addRow("line") << 0 << int(DiagnosticModel::LineColumn) << QStringLiteral("12");
        QTest::addRow("column") << 0 << int(DiagnosticModel::ColumnColumn) << QStringLiteral("5");
        QTest::addRow("message") << 0 << int(DiagnosticModel::MessageColumn) << QStringLiteral("use of undeclared identifier 'blockDim'");
        QTest::addRow("warning severity") << 1 << int(DiagnosticModel::SeverityColumn) << QStringLiteral("warning");
        QTest::addRow("note severity") << 2 << int(DiagnosticModel::SeverityColumn) << QStringLiteral("note");
        QTest::addRow("no file") << 2 << int(DiagnosticModel::FileColumn) << QString();
        QTest::addRow("no line is a dash") << 2 << int(DiagnosticModel::LineColumn) << QStringLiteral("—");
        QTest::addRow("no column is a dash") << 2 << int(DiagnosticModel::ColumnColumn) << QStringLiteral("—");
    }

    void diagnosticCells()
    {
        QFETCH(int, row);
        QFETCH(int, column);
        QFETCH(QString, display);
        DiagnosticModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDiagnostics(sampleDiagnostics());
        QCOMPARE(model.index(row, column).data().toString(), display);
    }

    void diagnosticRoles()
    {
        DiagnosticModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDiagnostics(sampleDiagnostics());
        const QModelIndex message = model.index(0, DiagnosticModel::MessageColumn);
        QCOMPARE(message.data(DiagnosticModel::SeverityRole).toInt(), int(Diagnostic::Severity::Error));
        QCOMPARE(message.data(DiagnosticModel::LineRole).toInt(), 12);
        QCOMPARE(message.data(DiagnosticModel::FileRole).toString(), QStringLiteral("/work/job/kernel.hip"));
        QCOMPARE(model.index(1, 0).data(DiagnosticModel::SeverityRole).toInt(), int(Diagnostic::Severity::Warning));
        QCOMPARE(model.index(2, DiagnosticModel::LineColumn).data(DiagnosticModel::LineRole).toInt(), 0);
        // Sorting sees raw numbers and the full path, not the display text.
        QCOMPARE(model.index(0, DiagnosticModel::LineColumn).data(DiagnosticModel::SortRole), QVariant(12));
        QCOMPARE(model.index(2, DiagnosticModel::LineColumn).data(DiagnosticModel::SortRole), QVariant(0));
        QCOMPARE(model.index(1, DiagnosticModel::SeverityColumn).data(DiagnosticModel::SortRole), QVariant(1));
        QCOMPARE(
            model.index(0, DiagnosticModel::FileColumn).data(DiagnosticModel::SortRole).toString(), QStringLiteral("/work/job/kernel.hip"));
        QCOMPARE(message.data(Qt::ToolTipRole).toString(),
            QStringLiteral("/work/job/kernel.hip:12:5\nuse of undeclared identifier 'blockDim'\n"
                           "   12 |     blockDim.x;\n      |     ^"));
        QCOMPARE(model.index(2, 0).data(Qt::ToolTipRole).toString(), QStringLiteral("linker input unused"));
    }

    void accuracyResetAndHeaders()
    {
        AccuracyModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setAccuracy(sampleAccuracy());
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 4);
        QStringList headers;
        for (int c = 0; c < model.columnCount(); ++c)
            headers << model.headerData(c, Qt::Horizontal).toString();
        QCOMPARE(headers,
            (QStringList{QStringLiteral("Output"), QStringLiteral("OK"), QStringLiteral("Shape"), QStringLiteral("Dtype"),
                QStringLiteral("Max abs err"), QStringLiteral("Max rel err"), QStringLiteral("Mismatched"), QStringLiteral("Flags")}));
        model.setAccuracy({});
        QCOMPARE(reset.count(), 2);
        QCOMPARE(model.rowCount(), 0);
    }

    void accuracyCells_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<QStringList>("cells");
        QTest::addRow("failed with a flag") << 0
                                            << QStringList{QStringLiteral("y"), QStringLiteral("no"), QStringLiteral("4×4"),
                                                   QStringLiteral("float32"), QStringLiteral("0.5"), QStringLiteral("1"),
                                                   QStringLiteral("3 / 16"), QStringLiteral("all_zero")};
        QTest::addRow("baseline shape and dtype differ")
            << 1
            << QStringList{QStringLiteral("stats.mean"), QStringLiteral("yes"), QStringLiteral("4×4 (baseline 4×5)"),
                   QStringLiteral("float16 (baseline float32)"), QStringLiteral("0"), QStringLiteral("0"), QStringLiteral("0 / 16"),
                   QStringLiteral("shape_mismatch, dtype_mismatch")};
        QTest::addRow("missing in the candidate")
            << 2
            << QStringList{QStringLiteral("out[1]"), QStringLiteral("no"), QStringLiteral("— (baseline 8)"),
                   QStringLiteral("— (baseline float32)"), QStringLiteral("—"), QStringLiteral("—"), QStringLiteral("—"),
                   QStringLiteral("missing_key")};
        QTest::addRow("scalar") << 3
                                << QStringList{QStringLiteral("result_gold"), QStringLiteral("yes"), QStringLiteral("scalar"),
                                       QStringLiteral("float32"), QStringLiteral("3e-07"), QStringLiteral("2.5e-06"),
                                       QStringLiteral("0 / 1"), QString()};
    }

    void accuracyCells()
    {
        QFETCH(int, row);
        QFETCH(QStringList, cells);
        AccuracyModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setAccuracy(sampleAccuracy());
        QStringList actual;
        for (int c = 0; c < model.columnCount(); ++c)
            actual << model.index(row, c).data().toString();
        QCOMPARE(actual, cells);
    }

    void accuracyRoles()
    {
        AccuracyModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setAccuracy(sampleAccuracy());
        const auto at = [&](int row, int column, int role) { return model.index(row, column).data(role); };
        QCOMPARE(at(0, AccuracyModel::MaxAbsErrColumn, AccuracyModel::SortRole), QVariant(0.5));
        QCOMPARE(at(3, AccuracyModel::MaxRelErrColumn, AccuracyModel::SortRole), QVariant(2.5e-6));
        QVERIFY(!at(2, AccuracyModel::MaxAbsErrColumn, AccuracyModel::SortRole).isValid()); // absent sorts last
        QCOMPARE(at(0, AccuracyModel::MismatchedColumn, AccuracyModel::SortRole), QVariant(qint64(3)));
        QCOMPARE(at(1, AccuracyModel::ShapeColumn, AccuracyModel::SortRole), QVariant(qint64(16)));
        QCOMPARE(at(0, AccuracyModel::OutputColumn, AccuracyModel::OkRole), QVariant(false));
        QCOMPARE(at(3, AccuracyModel::FlagsColumn, AccuracyModel::OkRole), QVariant(true));
        QCOMPARE(at(1, AccuracyModel::OutputColumn, AccuracyModel::FlagsRole).toStringList(),
            (QStringList{QStringLiteral("shape_mismatch"), QStringLiteral("dtype_mismatch")}));
        QCOMPARE(at(0, AccuracyModel::OkColumn, AccuracyModel::WarningRole), QVariant(true));
        QCOMPARE(at(3, AccuracyModel::OkColumn, AccuracyModel::WarningRole), QVariant(false));
    }

    void accuracyToolTips()
    {
        AccuracyModel model;
        model.setAccuracy(sampleAccuracy());
        QCOMPARE(
            model.index(0, AccuracyModel::FlagsColumn).data(Qt::ToolTipRole).toString(), QStringLiteral("all_zero: every element is zero"));
        QCOMPARE(model.index(0, AccuracyModel::MaxAbsErrColumn).data(Qt::ToolTipRole).toString(), QStringLiteral("rtol 1e-05, atol 0.001"));
        QVERIFY(!model.index(3, AccuracyModel::OkColumn).data(Qt::ToolTipRole).isValid());
        QCOMPARE(model.index(2, AccuracyModel::OkColumn).data(Qt::ToolTipRole).toString(),
            QStringLiteral("missing_key: the baseline has this output, the candidate not"));
    }
};

QTEST_GUILESS_MAIN(TestRerunModels)
#include "tst_rerunmodels.moc"
