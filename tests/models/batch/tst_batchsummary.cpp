// SPDX-License-Identifier: MIT
#include "models/batch/batchprogressmodel.h"
#include "models/batch/batchqueue.h"
#include "models/batch/batchrecord.h"
#include "models/batch/batchsummary.h"
#include "models/batch/speedupbins.h"
#include "models/rerun/resultstore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

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
        s.add(BatchEntry::of(result(QStringLiteral("d.py"), true, 0.5, {QStringLiteral("launch_bound")}, 1))); // a note: counts
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
        onDevice.environment.insert(QStringLiteral("ssh_host"), QStringLiteral("gpu1.example"));
        QCOMPARE(BatchEntry::of(onDevice).where, QStringLiteral("host gpu1.example, HIP_VISIBLE_DEVICES=1"));
        RerunResult onHost = result(QStringLiteral("d.py"), true, 2.0);
        onHost.environment.insert(QStringLiteral("ssh_host"), QStringLiteral("gpu1.example"));
        QCOMPARE(onHost.where(), QStringLiteral("host gpu1.example"));
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
        const QMap<QString, int> counts = s.countsByLevel();
        QCOMPARE(counts.value(QStringLiteral("clean")), 1);
        QCOMPARE(counts.value(QStringLiteral("notes")), 1);
        QCOMPARE(counts.value(QStringLiteral("suspect")), 1); // a suspect pass is never counted as a pass
        QCOMPARE(counts.value(QStringLiteral("wrong_output")), 1);
        QCOMPARE(counts.value(QStringLiteral("not_rerun")), 1);
        QCOMPARE(counts.value(QStringLiteral("passed")), 0);
        QCOMPARE(s.countedSpeedups(), (QVector<double>{0.5, 1.5})); // not the suspect 37×, the 0.5× with a note
        QVERIFY(qAbs(*s.geomeanSpeedup() - std::sqrt(0.75)) < 1e-12);
        QVERIFY(!BatchSummary().geomeanSpeedup());
        const auto suspects = s.mostSuspicious(5);
        QCOMPARE(suspects.size(), 1); // c.py's zeros_would_pass and d.py's launch_bound are notes
        QCOMPARE(suspects.at(0).caseName, QStringLiteral("b.py"));
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
        QCOMPARE(c.value(QStringLiteral("verdict_level")).toString(), QStringLiteral("suspect"));
        QCOMPARE(c.value(QStringLiteral("verdict_line")).toString(), QStringLiteral("suspect — output_reused, implausible_speedup"));
        // A line read back has the same level; one written before levels existed gets it from its flags.
        QCOMPARE(BatchEntry::fromJson(c).level(), QStringLiteral("suspect"));
        QJsonObject older = c;
        older.remove(QStringLiteral("verdict_level"));
        QCOMPARE(BatchEntry::fromJson(older).level(), QStringLiteral("suspect"));
        const QJsonObject summary = QJsonDocument::fromJson(s.summaryLine(false)).object();
        QCOMPARE(summary.value(QStringLiteral("cases")).toInt(), 5);
        QCOMPARE(summary.value(QStringLiteral("counts")).toObject().value(QStringLiteral("clean")).toInt(), 1);
        QCOMPARE(summary.value(QStringLiteral("counts")).toObject().value(QStringLiteral("suspect")).toInt(), 1);
        QCOMPARE(summary.value(QStringLiteral("counted_speedups")).toArray(), (QJsonArray{0.5, 1.5}));
        QVERIFY(qAbs(summary.value(QStringLiteral("geomean_speedup")).toDouble() - std::sqrt(0.75)) < 1e-12);
        QCOMPARE(summary.value(QStringLiteral("most_suspicious")).toArray().at(0).toObject().value(QStringLiteral("case")).toString(),
            QStringLiteral("b.py"));
    }

    // A record survives its file; the newest of several is the report's; a queue is never read
    // as a record nor a record as a queue.
    void recordRoundTrip()
    {
        QTemporaryDir dir;
        const ResultStore store(dir.path());
        BatchRecord older;
        older.ended = QDateTime::currentDateTime().addSecs(-60);
        older.id = BatchQueue::newId(older.ended);
        older.profile = QStringLiteral("cpu");
        older.version = QStringLiteral("predict");
        older.summary.add(BatchEntry::skipped(QStringLiteral("x.py"), QStringLiteral("predict"), QStringLiteral("no prediction")));
        BatchRecord newer = older;
        newer.ended = QDateTime::currentDateTime();
        newer.id = BatchQueue::newId(newer.ended);
        newer.cancelled = true;
        newer.summary = sample();
        QString error;
        QVERIFY2(older.save(store, &error) && newer.save(store, &error), qPrintable(error));
        BatchQueue queue = BatchQueue::create({QStringLiteral("a.py")});
        queue.profile = QStringLiteral("cpu");
        QVERIFY(queue.save(store, &error));
        const auto read = BatchRecord::newest(store, &error);
        QVERIFY2(read, qPrintable(error));
        QCOMPARE(read->id, newer.id);
        QVERIFY(read->cancelled);
        QCOMPARE(read->summary.entries().size(), 5);
        QCOMPARE(read->summary.countsByLevel(), newer.summary.countsByLevel());
        QCOMPARE(read->summary.countedSpeedups(), newer.summary.countedSpeedups());
        QCOMPARE(read->summary.entries().at(1).flags, newer.summary.entries().at(1).flags);
        QStringList warnings;
        QCOMPARE(BatchQueue::unfinished(store, &warnings).size(), 1);
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(QLatin1Char('\n'))));
    }

    // A Slurm batch's queue keeps where its jobs are; a file written before that loads as a local
    // batch; a requeued case is queued again, and its old entry leaves the summary.
    void queueKeepsSlurmJobs()
    {
        QTemporaryDir dir;
        const ResultStore store(dir.path());
        BatchQueue queue = BatchQueue::create({QStringLiteral("a.py"), QStringLiteral("b.py"), QStringLiteral("c.py")});
        queue.profile = QStringLiteral("cluster");
        queue.slurm = BatchQueue::Slurm{QStringLiteral("/shared/krw/krw-batch-1"), {QStringLiteral("a.py"), QStringLiteral("c.py")},
            {QStringLiteral("17"), QStringLiteral("21")}};
        queue.markDone(QStringLiteral("a.py"));
        QString error;
        QVERIFY2(queue.save(store, &error), qPrintable(error));
        auto read = BatchQueue::load(queue.path(store), &error);
        QVERIFY2(read, qPrintable(error));
        QVERIFY(read->slurm);
        QCOMPARE(read->slurm->stagingDir, QStringLiteral("/shared/krw/krw-batch-1"));
        QCOMPARE(read->slurm->taskCases, (QStringList{QStringLiteral("a.py"), QStringLiteral("c.py")}));
        QCOMPARE(read->slurm->taskJobs, (QStringList{QStringLiteral("17"), QStringLiteral("21")}));
        QCOMPARE(read->slurm->taskOf(QStringLiteral("c.py")), 1);
        QCOMPARE(read->slurm->taskOf(QStringLiteral("b.py")), -1);
        QCOMPARE(read->remaining(), 2);
        read->markQueued(QStringLiteral("a.py"));
        QCOMPARE(read->remaining(), 3);

        // As written before Slurm batches were kept: no "slurm" member.
        QFile old(QDir(BatchQueue::folder(store)).filePath(QStringLiteral("old.json")));
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write(R"({"format": "kernel-review-batch", "format_version": 1, "id": "old", "created": "2026-11-20T10:00:00",
                      "version": "predict", "baseline": "label", "profile": "cpu", "jobs": 2, "devices": 1,
                      "cases": [{"case": "a.py", "state": "queued"}]})");
        old.close();
        read = BatchQueue::load(old.fileName(), &error);
        QVERIFY2(read, qPrintable(error));
        QVERIFY(!read->slurm);
        QCOMPARE(read->jobs, 2);

        // A broken Slurm part is named, never taken for a local batch.
        QVERIFY(old.open(QIODevice::WriteOnly | QIODevice::Truncate));
        old.write(R"({"format": "kernel-review-batch", "id": "old", "version": "predict", "profile": "cpu",
                      "cases": [{"case": "a.py", "state": "queued"}], "slurm": {"tasks": []}})");
        old.close();
        QVERIFY(!BatchQueue::load(old.fileName(), &error));
        QVERIFY2(error.endsWith(QLatin1String("old.json: field \"slurm.staging\" is missing")), qPrintable(error));

        BatchSummary summary = sample();
        const int before = int(summary.entries().size());
        const QString gone = summary.entries().first().caseName;
        summary.remove(gone);
        QCOMPARE(int(summary.entries().size()), before - 1);
        for (const BatchEntry& e : summary.entries())
            QVERIFY(e.caseName != gone);
    }

    // Bins even on a log scale around 1.0×; a bin's lower edge belongs to it.
    void speedupBinEdges()
    {
        const SpeedupBins bins = speedupBins({0.49, 0.5, 1.0, 1.05, 3.99, 4.0, 37.0});
        QCOMPARE(bins.total, 7);
        QCOMPARE(bins.axis.labels.first(), QStringLiteral("< 0.5×"));
        QCOMPARE(bins.axis.labels.last(), QStringLiteral("≥ 4×"));
        QCOMPARE(bins.counts, (QVector<double>{1, 1, 0, 1, 1, 0, 1, 2}));
        QCOMPARE(bins.axis.toolTips.at(3), QStringLiteral("0.95–1.05×: 1 of 7 clean passes"));
        QVERIFY(!speedupBins({}).emptyMessage.isEmpty());
    }

    void text()
    {
        const QString t = sample().summaryText(true);
        QVERIFY2(t.startsWith(QLatin1String("5 cases, cancelled: ")), qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("that count (2, clean or with notes): geomean 0.87×, median 1.00×, range 0.50× to 1.50×")),
            qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("Most suspicious:\n  b.py (it0:predict): Suspect — output_reused, implausible_speedup, "
                                           "37.00× (suspect: not counted)")),
            qPrintable(t));
        QVERIFY2(t.contains(QLatin1String("1 suspect pass: its speedup is shown, never counted")), qPrintable(t));
        // Counts in words a person reads, never the tokens.
        QVERIFY2(t.contains(QLatin1String("1 wrong output")) && t.contains(QLatin1String("1 not rerun"))
                && t.contains(QLatin1String("1 suspect")) && t.contains(QLatin1String("1 passed with notes"))
                && t.contains(QLatin1String("1 passed,")),
            qPrintable(t));
        QVERIFY2(!t.contains(QLatin1String("wrong_output")) && !t.contains(QLatin1String("not_rerun")), qPrintable(t));
    }

    // The batch table: the verdict in words, with the reason a case was skipped or failed.
    void progressTableSaysWhy()
    {
        BatchProgressModel model;
        model.setCases({QStringLiteral("a.py"), QStringLiteral("e.py")});
        model.setFinished(BatchEntry::of(result(QStringLiteral("a.py"), false, 1.0)));
        model.setFinished(
            BatchEntry::skipped(QStringLiteral("e.py"), QStringLiteral("predict"), QStringLiteral("no prediction in iteration 1")));
        QCOMPARE(model.index(0, BatchProgressModel::VerdictColumn).data().toString(), QStringLiteral("Wrong output"));
        QCOMPARE(
            model.index(1, BatchProgressModel::VerdictColumn).data().toString(), QStringLiteral("Not rerun: no prediction in iteration 1"));
        // A suspect pass reads as suspect, its speedup shown and marked as not counted; a note leaves a pass a pass.
        model.setCases({QStringLiteral("b.py"), QStringLiteral("d.py")});
        model.setFinished(BatchEntry::of(result(QStringLiteral("b.py"), true, 37.0, {QStringLiteral("output_reused")})));
        model.setFinished(BatchEntry::of(result(QStringLiteral("d.py"), true, 1.5, {QStringLiteral("launch_bound")})));
        QCOMPARE(model.index(0, BatchProgressModel::VerdictColumn).data().toString(), QStringLiteral("Suspect"));
        QCOMPARE(model.index(0, BatchProgressModel::SpeedupColumn).data().toString(), QStringLiteral("37.00× (suspect: not counted)"));
        QCOMPARE(model.index(1, BatchProgressModel::VerdictColumn).data().toString(), QStringLiteral("Passed with notes"));
        QCOMPARE(model.index(1, BatchProgressModel::SpeedupColumn).data().toString(), QStringLiteral("1.50×"));
        QCOMPARE(verdictTitle(QStringLiteral("compile_failed")), QStringLiteral("Compile failed"));
        QCOMPARE(verdictTitle(QStringLiteral("some_new_token")), QStringLiteral("some_new_token")); // shown as it is
    }
};

QTEST_GUILESS_MAIN(TestBatchSummary)
#include "tst_batchsummary.moc"
