// SPDX-License-Identifier: MIT
#include "examplereruns.h"
#include "models/rerun/calltimingmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace krw;

class TestCallTimingModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cellsOfADeviceTimedCall()
    {
        CallTimingModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setTiming(test::deviceTiming(true));
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 1);
        auto cell = [&](int column) { return model.index(0, column).data().toString(); };
        QCOMPARE(cell(CallTimingModel::CallColumn), QStringLiteral("call_kernel #0"));
        QCOMPARE(cell(CallTimingModel::DeviceColumn), QStringLiteral("0.0057 → 0.0045 ms"));
        QCOMPARE(cell(CallTimingModel::SpeedupColumn), QStringLiteral("1.25× [1.20–1.30]"));
        QCOMPARE(cell(CallTimingModel::CallTimeColumn), QStringLiteral("1.11×"));
        QCOMPARE(cell(CallTimingModel::BandwidthColumn), QStringLiteral("7.28 GB/s"));
        QCOMPARE(cell(CallTimingModel::PeakColumn), QStringLiteral("0.2 %"));
        QCOMPARE(cell(CallTimingModel::FlagsColumn), QStringLiteral("launch_bound"));
        // launch_bound is a note (VerdictLevel): said, not marked as a problem.
        QVERIFY(!model.index(0, CallTimingModel::FlagsColumn).data(CallTimingModel::FlaggedRole).toBool());
        QVERIFY(!model.index(0, CallTimingModel::CallTimeColumn).data(CallTimingModel::FlaggedRole).toBool());
        QVERIFY(!model.index(0, CallTimingModel::PeakColumn).data(CallTimingModel::FlaggedRole).toBool());
        QCOMPARE(model.index(0, CallTimingModel::SpeedupColumn).data(CallTimingModel::SortRole).toDouble(), 1.25);
        const QString tip = model.index(0, CallTimingModel::PeakColumn).data(Qt::ToolTipRole).toString();
        QCOMPARE(tip.split(QLatin1Char('\n')).mid(0, 3),
            (QStringList{QStringLiteral("call_kernel #0"), QStringLiteral("speedup 1.25×, 95 % interval [1.20–1.30] (device time)"),
                QStringLiteral("call-time speedup 1.11× (launch overhead and host work included)")}));
        QVERIFY2(tip.contains(QStringLiteral("\nlaunch_bound: baseline: kernels 0.0057 ms of a 0.43 ms call")), qPrintable(tip));
        QVERIFY2(tip.contains(
                     QStringLiteral("  call time p50 0.39 ms, stream events p50 0.06 ms, 32 KiB, 7.28 GB/s (0.2 % of peak), launch bound")),
            qPrintable(tip));
    }

    // A call beyond the peak, and one the candidate could not run; an older result's bare times.
    void flagsNoiseAndMissingFigures()
    {
        TimingStage t = test::deviceTiming(false);
        CallTiming& call = t.calls.first();
        call.flags = QStringList{QStringLiteral("beyond_peak")};
        call.withinNoise = true;
        call.candidateEvidence.peakFraction = 1.7;
        CallTiming failed;
        failed.name = QStringLiteral("other");
        failed.index = 1;
        failed.baseline = TimingStats{1, 2, 3, 5};
        failed.note = QStringLiteral("the candidate has no function 'other'");
        t.calls << failed;
        CallTimingModel model;
        model.setTiming(t);
        QCOMPARE(model.index(0, CallTimingModel::PeakColumn).data().toString(), QStringLiteral("170 %"));
        QVERIFY(model.index(0, CallTimingModel::PeakColumn).data(CallTimingModel::FlaggedRole).toBool());
        QVERIFY(model.index(0, CallTimingModel::BandwidthColumn).data(CallTimingModel::FlaggedRole).toBool());
        QVERIFY(model.index(0, CallTimingModel::FlagsColumn).data(CallTimingModel::FlaggedRole).toBool()); // suspect
        QCOMPARE(model.index(0, CallTimingModel::SpeedupColumn).data().toString(), QStringLiteral("1.25× [1.20–1.30] noise"));
        QCOMPARE(model.index(1, CallTimingModel::DeviceColumn).data().toString(), QStringLiteral("2 → —"));
        QCOMPARE(model.index(1, CallTimingModel::SpeedupColumn).data().toString(), QStringLiteral("—"));
        QVERIFY(model.index(1, 0).data(Qt::ToolTipRole).toString().endsWith(QStringLiteral("\nthe candidate has no function 'other'")));

        model.setTiming(twiceAsFastTiming()); // older: no evidence beside the times
        QCOMPARE(model.index(0, CallTimingModel::CallTimeColumn).data().toString(), QStringLiteral("—"));
        QCOMPARE(model.index(0, CallTimingModel::BandwidthColumn).data().toString(), QStringLiteral("—"));
        QVERIFY(!model.index(0, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("(device time)")));
    }
};

QTEST_GUILESS_MAIN(TestCallTimingModel)
#include "tst_calltimingmodel.moc"
