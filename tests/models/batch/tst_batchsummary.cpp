// SPDX-License-Identifier: MIT
#include "batch/batchsummary.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace krw;

namespace {

RerunResult result(const QString& name, bool passed, std::optional<double> speedup, const QStringList& flags = {}, double seconds = 1)
{
    RerunResult r;
    r.caseName = name;
    r.versionId = QStringLiteral("it0:predict");
    r.accuracy = AccuracyStage{};
    r.accuracy->ok = passed;
    if (speedup) {
        r.timing = TimingStage{};
        r.timing->speedup = speedup;
    }
    r.flags = flags;
    r.seconds = seconds;
    return r;
}

} // namespace

class TestBatchSummary : public QObject
{
    Q_OBJECT

private:
    BatchSummary sample()
    {
        BatchSummary s;
        s.add(BatchEntry::of(result(QStringLiteral("a.py"), true, 1.5, {}, 3)));
        s.add(BatchEntry::of(
            result(QStringLiteral("b.py"), true, 37.0, {QStringLiteral("output_reused"), QStringLiteral("implausible_speedup")}, 9)));
        s.add(BatchEntry::of(result(QStringLiteral("c.py"), false, 4.0, {QStringLiteral("zeros_would_pass")}, 2)));
        s.add(BatchEntry::of(result(QStringLiteral("d.py"), true, 0.5, {}, 1)));
        s.add(BatchEntry::skipped(QStringLiteral("e.py"), QStringLiteral("predict"), QStringLiteral("no prediction")));
        return s;
    }

private Q_SLOTS:
    void entries()
    {
        const BatchEntry wrong = BatchEntry::of(result(QStringLiteral("c.py"), false, 4.0));
        QCOMPARE(wrong.verdict, QStringLiteral("wrong_output"));
        QVERIFY(!wrong.speedup); // never "faster" for a wrong output
        QCOMPARE(wrong.where, QStringLiteral("local"));
        RerunResult onDevice = result(QStringLiteral("a.py"), true, 2.0);
        onDevice.environment.insert(QStringLiteral("visible_devices"), QStringLiteral("HIP_VISIBLE_DEVICES=1"));
        QCOMPARE(BatchEntry::of(onDevice).where, QStringLiteral("local, HIP_VISIBLE_DEVICES=1"));
        // A Slurm task: the job array's task and its node (runner/slurm/), with a device when one was handed out.
        RerunResult onCluster = result(QStringLiteral("b.py"), true, 2.0);
        onCluster.environment.insert(QStringLiteral("slurm_job"), QStringLiteral("1234_3"));
        QCOMPARE(BatchEntry::of(onCluster).where, QStringLiteral("slurm job 1234_3"));
        onCluster.environment.insert(QStringLiteral("slurm_node"), QStringLiteral("node1"));
        QCOMPARE(BatchEntry::of(onCluster).where, QStringLiteral("slurm job 1234_3 on node1"));
        onCluster.environment.insert(QStringLiteral("visible_devices"), QStringLiteral("CUDA_VISIBLE_DEVICES=0"));
        QCOMPARE(BatchEntry::of(onCluster).where, QStringLiteral("slurm job 1234_3 on node1, CUDA_VISIBLE_DEVICES=0"));
        QCOMPARE(BatchEntry::skipped(QStringLiteral("e.py"), QStringLiteral("predict"), QStringLiteral("x")).verdict,
            QStringLiteral("not_rerun"));
    }

    void countsSpeedupsAndSuspects()
    {
        const BatchSummary s = sample();
        const QMap<QString, int> counts = s.countsByVerdict();
        QCOMPARE(counts.value(QStringLiteral("passed")), 2);
        QCOMPARE(counts.value(QStringLiteral("passed_flagged")), 1); // a flagged pass is never counted as a pass
        QCOMPARE(counts.value(QStringLiteral("wrong_output")), 1);
        QCOMPARE(counts.value(QStringLiteral("not_rerun")), 1);
        QCOMPARE(s.cleanSpeedups(), (QVector<double>{0.5, 1.5})); // not the flagged 37×
        const auto suspects = s.mostSuspicious(5);
        QCOMPARE(suspects.size(), 2);
        QCOMPARE(suspects.at(0).caseName, QStringLiteral("b.py")); // the flagged pass first
        QCOMPARE(s.slowest(1).at(0).caseName, QStringLiteral("b.py"));
        QCOMPARE(s.slowest(10).size(), 4); // a skipped case never ran
    }

    void jsonLines()
    {
        const BatchSummary s = sample();
        const QByteArray line = BatchSummary::caseLine(s.entries().at(1));
        QVERIFY(line.endsWith('\n'));
        QCOMPARE(line.count('\n'), 1);
        const QJsonObject c = QJsonDocument::fromJson(line).object();
        QCOMPARE(c.value(QStringLiteral("type")).toString(), QStringLiteral("case"));
        QCOMPARE(c.value(QStringLiteral("flags")).toArray().size(), 2);
        QCOMPARE(c.value(QStringLiteral("speedup")).toDouble(), 37.0);
        const QJsonObject summary = QJsonDocument::fromJson(s.summaryLine(false)).object();
        QCOMPARE(summary.value(QStringLiteral("cases")).toInt(), 5);
        QCOMPARE(summary.value(QStringLiteral("counts")).toObject().value(QStringLiteral("passed")).toInt(), 2);
        QCOMPARE(summary.value(QStringLiteral("clean_speedups")).toArray().size(), 2);
        QCOMPARE(summary.value(QStringLiteral("most_suspicious")).toArray().at(0).toObject().value(QStringLiteral("case")).toString(),
            QStringLiteral("b.py"));
    }

    void text()
    {
        const QString t = sample().summaryText(true);
        QVERIFY2(t.startsWith(QLatin1String("5 cases, cancelled: ")), qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("median 1.00×, range 0.50× to 1.50×")), qPrintable(t));
        QVERIFY2(t.contains(QLatin1String("Most suspicious:\n  b.py (it0:predict): passed [output_reused, implausible_speedup]")),
            qPrintable(t));
    }
};

QTEST_GUILESS_MAIN(TestBatchSummary)
#include "tst_batchsummary.moc"
