// SPDX-License-Identifier: MIT
#include "runner/batch/rerunbatch.h"

#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace krw;

namespace {

// One harness as the fake recorded it: [start, end] on a device ("-" when none was handed out).
struct Interval
{
    QString device;
    qint64 start = 0;
    qint64 end = 0;
};

QVector<Interval> readIntervals(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QHash<QString, Interval> byPid;
    for (const QByteArray& line : file.readAll().split('\n')) {
        const QList<QByteArray> f = line.split(' ');
        if (f.size() != 4)
            continue;
        Interval& i = byPid[QString::fromLatin1(f.at(1))];
        i.device = QString::fromLatin1(f.at(2));
        (f.at(0) == "start" ? i.start : i.end) = f.at(3).toLongLong();
    }
    return byPid.values().toVector();
}

// The most harnesses that ran at once, overall and on one device.
int maxOverlap(const QVector<Interval>& intervals, const QString& device = {})
{
    int most = 0;
    for (const Interval& a : intervals) {
        const int at = int(std::count_if(intervals.cbegin(), intervals.cend(),
            [&](const Interval& b) { return (device.isEmpty() || b.device == device) && b.start <= a.start && a.start < b.end; }));
        if (device.isEmpty() || a.device == device)
            most = std::max(most, at);
    }
    return most;
}

} // namespace

class TestRerunBatch : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    RerunRequest request(ToolchainProfile::Kind kind, int index)
    {
        RerunRequest r;
        r.caseName = QStringLiteral("case%1.py").arg(index);
        r.candidateId = QStringLiteral("it0:predict");
        r.candidateText = QStringLiteral("import torch\n\ndef f(x):\n    return x\n");
        r.baselineText = r.candidateText;
        r.testCode = QStringLiteral("result_gold = f(1)\n");
        r.profile = defaultProfile(kind);
        r.profile.name = QStringLiteral("fake-%1").arg(kindName(kind));
        r.profile.python = QStringLiteral(KRW_FAKE_PROCESS); // answers "probe"; "run" records as KRW_FAKE_MODE says
        r.profile.compiler = QStringLiteral(KRW_FAKE_PROCESS);
        r.profile.sandbox = false;
        r.profile.passEnvironment = QStringList{QStringLiteral("KRW_FAKE_*")}; // the fake tools take their mode from KRW_FAKE_*
        r.harnessPath = QStringLiteral("fake");
        r.cacheRoot = m_dir.filePath(QStringLiteral("cache"));
        r.workRoot = m_dir.filePath(QStringLiteral("work"));
        return r;
    }

    QVector<RerunRequest> requests(ToolchainProfile::Kind kind, int n)
    {
        QVector<RerunRequest> all;
        for (int i = 0; i < n; ++i)
            all << request(kind, i);
        return all;
    }

    QString recordFile(const QString& name, int harnessMs)
    {
        const QString path = m_dir.filePath(name);
        QFile::remove(path);
        qputenv("KRW_FAKE_MODE", "record");
        qputenv("KRW_FAKE_RECORD", path.toUtf8());
        qputenv("KRW_FAKE_HARNESS_MS", QByteArray::number(harnessMs));
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    void devicesByProfile()
    {
        QVERIFY(RerunBatch::usesGpu(defaultProfile(ToolchainProfile::Kind::Rocm)));
        QVERIFY(RerunBatch::usesGpu(defaultProfile(ToolchainProfile::Kind::HipNvidia)));
        QVERIFY(!RerunBatch::usesGpu(defaultProfile(ToolchainProfile::Kind::Cpu)));
        QVERIFY(!RerunBatch::usesGpu(defaultProfile(ToolchainProfile::Kind::CompileCheck)));
        QCOMPARE(RerunBatch::deviceEnvironment(defaultProfile(ToolchainProfile::Kind::Rocm), 1),
            QStringList{QStringLiteral("HIP_VISIBLE_DEVICES=1")});
        QCOMPARE(RerunBatch::deviceEnvironment(defaultProfile(ToolchainProfile::Kind::HipNvidia), 0),
            QStringList{QStringLiteral("CUDA_VISIBLE_DEVICES=0")});
    }

    // Three compile jobs, two devices: never two harnesses on one device, both devices busy.
    void oneHarnessPerDevice()
    {
        const QString record = recordFile(QStringLiteral("gpu.txt"), 700);
        RerunBatch batch;
        QSignalSpy started(&batch, &RerunBatch::caseStarted);
        QSignalSpy caseFinished(&batch, &RerunBatch::caseFinished);
        QSignalSpy finished(&batch, &RerunBatch::finished);
        QSignalSpy waiting(&batch, &RerunBatch::waitingForDevice);
        batch.start(requests(ToolchainProfile::Kind::HipNvidia, 6), {3, 2});
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), false);
        QCOMPARE(started.size(), 6);
        QCOMPARE(caseFinished.size(), 6);
        QSet<int> indexes;
        for (const auto& args : caseFinished) {
            indexes.insert(args.at(0).toInt());
            const auto result = args.at(1).value<RerunResult>();
            // The fake harness writes no result: the failure says so, and where it ran is kept.
            QCOMPARE(result.status, RerunResult::Status::Failed);
            QVERIFY2(result.failure.contains(QLatin1String("wrote no result")), qPrintable(result.failure));
            QVERIFY(result.environment.value(QStringLiteral("visible_devices")).startsWith(QLatin1String("CUDA_VISIBLE_DEVICES=")));
        }
        QCOMPARE(indexes.size(), 6);
        const QVector<Interval> intervals = readIntervals(record);
        QCOMPARE(intervals.size(), 6);
        for (const Interval& i : intervals)
            QVERIFY2(i.device == QLatin1String("0") || i.device == QLatin1String("1"), qPrintable(i.device));
        QCOMPARE(maxOverlap(intervals, QStringLiteral("0")), 1);
        QCOMPARE(maxOverlap(intervals, QStringLiteral("1")), 1);
        QCOMPARE(maxOverlap(intervals), 2);
        QVERIFY(!waiting.isEmpty()); // three compiled at once, two devices: one waited
    }

    // The cpu profile's harnesses are jobs: two at once with --jobs 2, and no device variable.
    void cpuHarnessesAreJobs()
    {
        const QString record = recordFile(QStringLiteral("cpu.txt"), 700);
        RerunBatch batch;
        QSignalSpy finished(&batch, &RerunBatch::finished);
        QSignalSpy caseFinished(&batch, &RerunBatch::caseFinished);
        batch.start(requests(ToolchainProfile::Kind::Cpu, 5), {2, 4});
        QVERIFY(finished.wait(60000));
        QCOMPARE(caseFinished.size(), 5);
        const QVector<Interval> intervals = readIntervals(record);
        QCOMPARE(intervals.size(), 5);
        for (const Interval& i : intervals)
            QCOMPARE(i.device, QStringLiteral("-"));
        QCOMPARE(maxOverlap(intervals), 2);
    }

    // Cancel ends the running harness and every queued case, each with a Cancelled result.
    void cancelEndsEveryCase()
    {
        const QString record = recordFile(QStringLiteral("cancel.txt"), 60000);
        RerunBatch batch;
        QSignalSpy caseFinished(&batch, &RerunBatch::caseFinished);
        QSignalSpy finished(&batch, &RerunBatch::finished);
        batch.start(requests(ToolchainProfile::Kind::Rocm, 4), {2, 1});
        QTRY_VERIFY_WITH_TIMEOUT(readIntervals(record).size() == 1, 30000); // one harness runs, one case waits
        batch.cancel();
        QVERIFY(finished.size() == 1 || finished.wait(20000));
        QCOMPARE(finished.first().first().toBool(), true);
        QCOMPARE(caseFinished.size(), 4);
        for (const auto& args : caseFinished)
            QCOMPARE(args.at(1).value<RerunResult>().status, RerunResult::Status::Cancelled);
        QVERIFY(!batch.isRunning());
        QCOMPARE(readIntervals(record).size(), 1); // nothing started after the cancel
    }

    void emptyBatchFinishes()
    {
        RerunBatch batch;
        QSignalSpy finished(&batch, &RerunBatch::finished);
        batch.start({}, {});
        QVERIFY(finished.wait(5000));
        QCOMPARE(finished.first().first().toBool(), false);
    }
};

QTEST_GUILESS_MAIN(TestRerunBatch)
#include "tst_rerunbatch.moc"
