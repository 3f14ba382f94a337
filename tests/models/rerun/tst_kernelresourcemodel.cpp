// SPDX-License-Identifier: MIT
#include "models/rerun/kernelresourcemodel.h"
#include "models/rerun/kernelresourceparser.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace krw;

namespace {

// Real hipcc 5.2 output: big_lds (72 KiB of LDS) and spill (894 VGPRs spilled), then the
// hand-written ptxas log: add_tiles, spill_heavy, caller.
QVector<KernelResourceUsage> sampleKernels()
{
    QVector<KernelResourceUsage> kernels;
    for (const auto& [name, target] : {std::pair{"hipcc52-gfx90a-pressure.log", "gfx90a"}, std::pair{"ptxas-sm90-handwritten.log", ""}}) {
        QFile file(QStringLiteral(KRW_TEST_DATA_DIR "/rerun/kernelresources/") + QLatin1String(name));
        if (!file.open(QIODevice::ReadOnly))
            QTest::qFail(qPrintable(file.fileName()), __FILE__, __LINE__);
        kernels += KernelResourceParser::parse(QString::fromUtf8(file.readAll()), QLatin1String(target));
    }
    return kernels;
}

} // namespace

class TestKernelResourceModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void resetAndHeaders()
    {
        KernelResourceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setKernels(sampleKernels());
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.columnCount(), int(KernelResourceModel::NUM_COLUMNS));
        QStringList headers;
        for (int c = 0; c < model.columnCount(); ++c)
            headers << model.headerData(c, Qt::Horizontal).toString();
        QCOMPARE(headers,
            (QStringList{QStringLiteral("Kernel"), QStringLiteral("Target"), QStringLiteral("Registers"), QStringLiteral("LDS / shared"),
                QStringLiteral("Scratch"), QStringLiteral("Spills"), QStringLiteral("Occupancy")}));
        model.setKernels({});
        QCOMPARE(reset.count(), 2);
        QCOMPARE(model.rowCount(), 0);
    }

    void cells_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("display");
        QTest::addColumn<bool>("flagged");
        QTest::addRow("demangled name") << 0 << int(KernelResourceModel::KernelColumn) << QStringLiteral("big_lds(float*)") << false;
        QTest::addRow("amd target") << 0 << int(KernelResourceModel::TargetColumn) << QStringLiteral("gfx90a") << false;
        QTest::addRow("amd registers") << 0 << int(KernelResourceModel::RegistersColumn) << QStringLiteral("3 VGPR · 6 SGPR") << false;
        QTest::addRow("lds over the limit") << 0 << int(KernelResourceModel::SharedColumn) << QStringLiteral("72 KiB > 64 KiB") << true;
        QTest::addRow("no spills") << 0 << int(KernelResourceModel::SpillsColumn) << QStringLiteral("none") << false;
        QTest::addRow("occupancy") << 0 << int(KernelResourceModel::OccupancyColumn) << QStringLiteral("1 waves/SIMD") << false;
        QTest::addRow("amd spills") << 1 << int(KernelResourceModel::SpillsColumn) << QStringLiteral("894 VGPR") << true;
        QTest::addRow("scratch of the spills") << 1 << int(KernelResourceModel::ScratchColumn) << QStringLiteral("604 B") << false;
        QTest::addRow("lds within the limit") << 1 << int(KernelResourceModel::SharedColumn) << QStringLiteral("0 B") << false;
        QTest::addRow("nvidia target") << 2 << int(KernelResourceModel::TargetColumn) << QStringLiteral("sm_90") << false;
        QTest::addRow("nvidia registers") << 2 << int(KernelResourceModel::RegistersColumn) << QStringLiteral("32") << false;
        QTest::addRow("nvidia smem") << 2 << int(KernelResourceModel::SharedColumn) << QStringLiteral("16 KiB") << false;
        QTest::addRow("no occupancy from ptxas") << 2 << int(KernelResourceModel::OccupancyColumn) << QStringLiteral("—") << false;
        QTest::addRow("nvidia spills") << 3 << int(KernelResourceModel::SpillsColumn) << QStringLiteral("120 B stored, 96 B loaded")
                                       << true;
        QTest::addRow("nvidia stack frame") << 3 << int(KernelResourceModel::ScratchColumn) << QStringLiteral("64 B") << false;
    }

    void cells()
    {
        QFETCH(int, row);
        QFETCH(int, column);
        QFETCH(QString, display);
        QFETCH(bool, flagged);
        KernelResourceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setKernels(sampleKernels());
        const QModelIndex index = model.index(row, column);
        QCOMPARE(index.data().toString(), display);
        QCOMPARE(index.data(KernelResourceModel::FlaggedRole).toBool(), flagged);
    }

    void rolesForViewsAndSorting()
    {
        KernelResourceModel model;
        model.setKernels(sampleKernels());
        QCOMPARE(model.index(0, KernelResourceModel::SharedColumn).data(KernelResourceModel::SortRole).toLongLong(), 73728);
        QCOMPARE(model.index(1, KernelResourceModel::SpillsColumn).data(KernelResourceModel::SortRole).toInt(), 894);
        QCOMPARE(model.index(3, KernelResourceModel::SpillsColumn).data(KernelResourceModel::SortRole).toLongLong(), 216);
        QCOMPARE(model.index(2, KernelResourceModel::RegistersColumn).data(KernelResourceModel::SortRole).toInt(), 32);
        QVERIFY(!model.index(2, KernelResourceModel::OccupancyColumn).data(KernelResourceModel::SortRole).isValid());
        QCOMPARE(model.index(1, KernelResourceModel::TargetColumn).data(KernelResourceModel::FlagsRole).toStringList(),
            QStringList{QStringLiteral("spills")});
        // The tooltip of a name gives the symbol as compiled and what each flag means.
        const QString tip = model.index(0, KernelResourceModel::KernelColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("_Z7big_ldsPf")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("lds_over_limit: ")), qPrintable(tip));
        QVERIFY(model.index(0, KernelResourceModel::SharedColumn).data(Qt::ToolTipRole).toString().contains(QStringLiteral("64 KiB")));
    }
};

QTEST_GUILESS_MAIN(TestKernelResourceModel)
#include "tst_kernelresourcemodel.moc"
