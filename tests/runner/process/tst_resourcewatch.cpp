// SPDX-License-Identifier: MIT
//
// ResourceWatch and the sampling under it, on real processes (the limits end to end, with the
// sandbox and ProcessJob, are in tests/runner/sandbox/tst_sandbox.cpp).
#include "runner/process/processtreeusage.h"
#include "runner/process/resourcewatch.h"

#include <QProcess>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace krw;

class TestResourceWatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A child and the grandchild it leaves behind are one tree; a process that is gone is none.
    void sampleCountsTheWholeTree()
    {
        QProcess process;
        process.start(QStringLiteral(KRW_FAKE_PROCESS), {QStringLiteral("grandchild"), QStringLiteral("3")}); // ends soon on its own
        QVERIFY(process.waitForReadyRead(10000)); // "spawned": the grandchild exists
        const ProcessTreeUsage usage = ProcessTreeUsage::sample(process.processId());
        QCOMPARE(usage.processes, 2);
        QVERIFY(usage.tasks >= 2);
        QVERIFY(usage.anonymousBytes > 0);
        QCOMPARE(usage.fileSystemBytes, qint64(0));
        process.kill();
        process.waitForFinished(5000);
        QTRY_COMPARE_WITH_TIMEOUT(ProcessTreeUsage::sample(process.processId()).processes, 0, 5000);
        QCOMPARE(ProcessTreeUsage::sample(0).processes, 0);
    }

    // The watch says which limit, once, and leaves stopping the tree to its owner.
    void exceededSaysWhichLimit()
    {
        QProcess process;
        process.start(QStringLiteral(KRW_FAKE_PROCESS), {QStringLiteral("sleep"), QStringLiteral("30")});
        QVERIFY(process.waitForStarted(10000));
        ResourceWatch watch;
        QSignalSpy exceeded(&watch, &ResourceWatch::exceeded);
        ResourceLimits limits;
        limits.tasks = 1;
        limits.intervalMs = 20;
        watch.start(process.processId(), limits);
        QVERIFY(watch.isWatching());
        QVERIFY(exceeded.wait(5000));
        QCOMPARE(
            exceeded.first().first().toString(), QStringLiteral("reached the process limit (1 processes and threads) and was stopped"));
        QVERIFY(!watch.isWatching());
        QVERIFY(!exceeded.wait(200)); // once
        QCOMPARE(process.state(), QProcess::Running);
        QVERIFY(watch.peak().tasks >= 1);
        process.kill();
        process.waitForFinished(5000);
    }

    void stopDropsASampleInFlight()
    {
        QProcess process;
        process.start(QStringLiteral(KRW_FAKE_PROCESS), {QStringLiteral("sleep"), QStringLiteral("30")});
        QVERIFY(process.waitForStarted(10000));
        ResourceWatch watch;
        QSignalSpy exceeded(&watch, &ResourceWatch::exceeded);
        ResourceLimits limits;
        limits.tasks = 1;
        limits.intervalMs = 10;
        // The sample is held on its worker until the watch is stopped: its answer comes after.
        struct Held
        {
            QSemaphore taking;
            QSemaphore go;
        };
        auto held = std::make_shared<Held>();
        watch.setSampler([held](qint64 rootPid, const QStringList& fileSystems) {
            held->taking.release();
            held->go.acquire();
            return ProcessTreeUsage::sample(rootPid, fileSystems);
        });
        const auto letGo = qScopeGuard([held] { held->go.release(); }); // also when a check below fails
        watch.start(process.processId(), limits);
        QTRY_VERIFY_WITH_TIMEOUT(held->taking.available() > 0, 10000); // the first sample, held on its worker
        QVERIFY(watch.isSampling());
        watch.stop();
        QVERIFY(!watch.isSampling());
        held->go.release(); // the sample ends, reaching its limit: its answer must be dropped
        QVERIFY(!exceeded.wait(300));
        QCOMPARE(held->taking.available(), 1); // no sample after stop()
        process.kill();
        process.waitForFinished(5000);
    }

    void sizeText_data()
    {
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<QString>("text");
        QTest::addRow("whole GiB") << (qint64(4) << 30) << QStringLiteral("4 GiB");
        QTest::addRow("fraction of GiB") << (qint64(3) << 29) << QStringLiteral("1.5 GiB");
        QTest::addRow("MiB") << (qint64(96) << 20) << QStringLiteral("96 MiB");
        QTest::addRow("rounded up to MiB") << ((qint64(64) << 20) + 1) << QStringLiteral("65 MiB");
    }

    void sizeText()
    {
        QFETCH(qint64, bytes);
        QFETCH(QString, text);
        QCOMPARE(ResourceWatch::sizeText(bytes), text);
    }
};

QTEST_GUILESS_MAIN(TestResourceWatch)
#include "tst_resourcewatch.moc"
