// SPDX-License-Identifier: MIT
//
// SlurmBatch against a real Slurm (Debian's slurm-wlm), one node on localhost that the test starts
// itself (tests/fixtures/localslurm.h: munged, slurmctld, slurmd as its own children, a generated
// slurm.conf, nothing of the machine's own Slurm or munge). Each task runs the real
// kernel-review-cli (run-request) with the cpu profile whose Python and compiler are the fake
// process (tests/fixtures/fakeprocess.cpp): KRW_FAKE_MODE=result passes, KRW_FAKE_MODE=hang never
// ends. Needs root; skipped without it or without the tools.
#include "localslurm.h"
#include "runner/pipeline/rerunpipeline.h" // RerunResult as a QVariant (Qt 5 needs the declaration)
#include "runner/slurm/slurmbatch.h"
#include "tooltests.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace krw;
using krw::test::LocalSlurm;

class TestSlurmBatch : public QObject
{
    Q_OBJECT

private:
    LocalSlurm m_slurm;
    QTemporaryDir m_dir;
    std::unique_ptr<SlurmBatch> m_timeoutBatch; // started first, checked last: Slurm enforces limits in whole minutes

    static constexpr const char* NodeName = LocalSlurm::NodeName;

    QString logs() const { return m_slurm.logs(); }
    static QString readText(const QString& path) { return LocalSlurm::readText(path); }
    static QString runTool(const QString& program, const QStringList& args, bool* ok = nullptr)
    {
        return LocalSlurm::runTool(program, args, ok);
    }
    static QString states(const QString& jobId) { return LocalSlurm::states(jobId); }

    // The settings every batch here uses: the staging folder in the temporary folder, our worker, fast polls.
    SlurmSettings settings(int timeLimitMinutes = 0, int maxRunning = 0) const
    {
        SlurmSettings s;
        s.enabled = true;
        s.sharedDir = m_slurm.sharedFolder();
        s.gres.clear(); // the test's node has no GPUs
        s.timeLimitMinutes = timeLimitMinutes;
        s.maxRunning = maxRunning;
        s.worker = QStringLiteral(KRW_CLI_PROGRAM);
        s.pollIntervalMs = 300;
        return s;
    }

    RerunRequest request(int index) const
    {
        RerunRequest r;
        r.caseName = QStringLiteral("case%1.py").arg(index);
        r.candidateId = QStringLiteral("it0:predict");
        r.candidateText = QStringLiteral("import torch\n\ndef f(x):\n    return x\n");
        r.baselineText = r.candidateText;
        r.testCode = QStringLiteral("result_gold = f(1)\n");
        r.profile = defaultProfile(ToolchainProfile::Kind::Cpu);
        r.profile.name = QStringLiteral("fake-cpu");
        r.profile.python = QStringLiteral(KRW_FAKE_PROCESS); // answers "probe"; "run" does what KRW_FAKE_MODE says
        r.profile.compiler = QStringLiteral(KRW_FAKE_PROCESS);
        r.profile.sandbox = false;
        r.profile.passEnvironment = QStringList{QStringLiteral("KRW_FAKE_*")}; // the fake tools take their mode from KRW_FAKE_*
        r.unsandboxedAllowed = true;
        return r;
    }

    QVector<RerunRequest> requests(int n) const
    {
        QVector<RerunRequest> all;
        for (int i = 0; i < n; ++i)
            all << request(i);
        return all;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        KRW_START_OR_SKIP(m_slurm);
        qputenv("KRW_FAKE_COMPILE_MS", "100");
    }

    void cleanupTestCase()
    {
        m_timeoutBatch.reset();
        QVERIFY(m_slurm.stop()); // nothing of it is left running
    }

    // Started first and checked last (timeoutIsReportedAndCanBeRequeued): Slurm's time limits are
    // whole minutes, enforced by a check every 30 s, so this task takes 60-90 s whatever we do.
    void startTaskThatOutlivesItsLimit()
    {
        qputenv("KRW_FAKE_MODE", "hang"); // sbatch exports the environment at submission
        m_timeoutBatch = std::make_unique<SlurmBatch>();
        QSignalSpy started(m_timeoutBatch.get(), &SlurmBatch::caseStarted);
        m_timeoutBatch->start({request(0)}, settings(/*timeLimitMinutes=*/1));
        QVERIFY2(started.wait(30000) || !started.isEmpty(), qPrintable(logs()));
        QCOMPARE(m_timeoutBatch->jobIds().size(), 1);
    }

    void resultsArrivePerTask()
    {
        qputenv("KRW_FAKE_MODE", "result");
        const QString record = m_dir.filePath(QStringLiteral("record.txt"));
        qputenv("KRW_FAKE_RECORD", record.toUtf8());
        SlurmBatch batch;
        QSignalSpy started(&batch, &SlurmBatch::caseStarted);
        QSignalSpy finished(&batch, &SlurmBatch::finished);
        QVector<int> order;
        QVector<bool> runningThen;
        QVector<RerunResult> results;
        connect(&batch, &SlurmBatch::caseFinished, this, [&](int index, const RerunResult& result) {
            order << index;
            runningThen << batch.isRunning();
            results << result;
        });
        batch.start(requests(3), settings(0, /*maxRunning=*/2));
        QVERIFY2(finished.wait(60000), qPrintable(logs()));
        QCOMPARE(finished.first().first().toBool(), false);
        QCOMPARE(started.size(), 3);
        QCOMPARE(order.size(), 3);
        QCOMPARE(QSet<int>(order.cbegin(), order.cend()), (QSet<int>{0, 1, 2}));
        QVERIFY(runningThen.first()); // results come per task, before the batch ends
        QCOMPARE(batch.jobIds().size(), 1); // ONE array for the whole batch
        const QString job = batch.jobIds().first();
        for (int i = 0; i < 3; ++i) {
            const RerunResult& r = results.at(i);
            const int index = order.at(i);
            QCOMPARE(r.caseName, QStringLiteral("case%1.py").arg(index));
            QVERIFY2(r.status == RerunResult::Status::Completed, qPrintable(r.failure + QLatin1Char('\n') + r.harnessLog));
            QCOMPARE(r.verdict(), QStringLiteral("passed"));
            QCOMPARE(r.where(), QStringLiteral("slurm job %1_%2 on %3").arg(job).arg(index).arg(QLatin1String(NodeName)));
            // What was staged: the request, the result the node wrote, the task's log.
            QVERIFY(QFile::exists(QDir(batch.stagingDir()).filePath(QStringLiteral("requests/%1.json").arg(index))));
            QVERIFY(QFile::exists(QDir(batch.stagingDir()).filePath(QStringLiteral("results/%1.json").arg(index))));
            QVERIFY(QFile::exists(QDir(batch.stagingDir()).filePath(QStringLiteral("logs/%1_%2.out").arg(job).arg(index))));
        }
        QCOMPARE(readText(QDir(batch.stagingDir()).filePath(QStringLiteral("job.sh"))),
            SlurmBatch::jobScript(batch.stagingDir(), QStringLiteral(KRW_CLI_PROGRAM)));
        // Three harnesses ran, one per task.
        QCOMPARE(readText(record).count(QLatin1String("start ")), 3);
        // A task's result file lands before its script exits; Slurm's accounting says COMPLETED a moment later.
        QTRY_COMPARE_WITH_TIMEOUT(states(job), QStringLiteral("0=COMPLETED 1=COMPLETED 2=COMPLETED"), 30000);
    }

    void cancelScancels()
    {
        qputenv("KRW_FAKE_MODE", "hang");
        SlurmBatch batch;
        QSignalSpy started(&batch, &SlurmBatch::caseStarted);
        QSignalSpy caseFinished(&batch, &SlurmBatch::caseFinished);
        QSignalSpy finished(&batch, &SlurmBatch::finished);
        batch.start(requests(2), settings());
        QVERIFY2(started.wait(30000), qPrintable(logs()));
        const QString job = batch.jobIds().first();
        QVERIFY(states(job).contains(QLatin1String("RUNNING")));
        batch.cancel();
        QVERIFY(finished.wait(20000) || !finished.isEmpty());
        QCOMPARE(finished.first().first().toBool(), true);
        QCOMPARE(caseFinished.size(), 2);
        for (const auto& args : caseFinished) {
            const auto r = args.at(1).value<RerunResult>();
            QCOMPARE(r.status, RerunResult::Status::Cancelled);
            QCOMPARE(r.failure, QStringLiteral("cancelled (scancel %1)").arg(job));
        }
        // The cluster agrees: every task of the job was cancelled, the running one and the waiting one.
        QString now;
        for (int i = 0; i < 50 && now != QLatin1String("0=CANCELLED 1=CANCELLED"); ++i) {
            QTest::qWait(200);
            now = states(job);
        }
        QCOMPARE(now, QStringLiteral("0=CANCELLED 1=CANCELLED"));
        QVERIFY(!batch.requeue(0)); // a cancelled batch stays cancelled
    }

    // The app closed mid-batch: the SlurmBatch object is gone, its jobs run on. A new one attached
    // to the staging folder and job ids collects what was written meanwhile, follows the rest, and
    // submits nothing again: every case arrives exactly once over both objects, one harness each.
    void attachAfterTheAppClosed()
    {
        constexpr int n = 5;
        qputenv("KRW_FAKE_MODE", "result");
        const QString record = m_dir.filePath(QStringLiteral("record-attach.txt"));
        qputenv("KRW_FAKE_RECORD", record.toUtf8());
        QVector<int> reported; // over both objects
        QVector<RerunResult> results;
        auto first = std::make_unique<SlurmBatch>();
        connect(first.get(), &SlurmBatch::caseFinished, this, [&](int index, const RerunResult& r) {
            reported << index;
            results << r;
        });
        first->start(requests(n), settings(0, /*maxRunning=*/1)); // one task at a time: some are left when it goes
        QTRY_VERIFY2_WITH_TIMEOUT(!reported.isEmpty(), qPrintable(logs()), 60000);
        const QString staging = first->stagingDir();
        const QStringList taskJobs = first->taskJobIds();
        QCOMPARE(taskJobs.size(), n);
        const QString job = taskJobs.first();
        QCOMPARE(QSet<QString>(taskJobs.cbegin(), taskJobs.cend()), QSet<QString>{job});
        first.reset(); // the app closed
        const int reportedBefore = int(reported.size());
        QVERIFY2(reportedBefore < n, "every task ended before the batch was left: nothing to attach to");

        // A result written while nobody watched, then attach with what the queue would keep.
        const QDir results_(QDir(staging).filePath(QStringLiteral("results")));
        QTRY_VERIFY_WITH_TIMEOUT(results_.entryList({QStringLiteral("*.json")}, QDir::Files).size() > reportedBefore, 60000);
        const int writtenAtAttach = int(results_.entryList({QStringLiteral("*.json")}, QDir::Files).size());
        if (writtenAtAttach == n)
            qWarning("every task had ended when the new batch attached: the following part was not exercised");
        QVector<int> follow;
        for (int i = 0; i < n; ++i) {
            if (!reported.contains(i))
                follow << i;
        }
        SlurmBatch second;
        QSignalSpy finished(&second, &SlurmBatch::finished);
        QSignalSpy submitted(&second, &SlurmBatch::submitted);
        connect(&second, &SlurmBatch::caseFinished, this, [&](int index, const RerunResult& r) {
            reported << index;
            results << r;
        });
        second.attach(staging, taskJobs, settings(), follow);
        QVERIFY(second.isRunning());
        QVERIFY2(finished.wait(60000), qPrintable(logs()));
        QCOMPARE(finished.first().first().toBool(), false);

        QVector<int> sorted = reported;
        std::sort(sorted.begin(), sorted.end());
        QCOMPARE(sorted, (QVector<int>{0, 1, 2, 3, 4})); // each exactly once
        for (int k = 0; k < results.size(); ++k) {
            const RerunResult& r = results.at(k);
            QCOMPARE(r.caseName, QStringLiteral("case%1.py").arg(reported.at(k)));
            QVERIFY2(r.status == RerunResult::Status::Completed, qPrintable(r.failure + QLatin1Char('\n') + r.harnessLog));
            QCOMPARE(r.where(), QStringLiteral("slurm job %1_%2 on %3").arg(job).arg(reported.at(k)).arg(QLatin1String(NodeName)));
        }
        // Nothing submitted again: no sbatch from the attached batch, one job ever ran in this
        // staging folder, and one harness per task.
        QCOMPARE(submitted.size(), 0);
        QCOMPARE(second.jobIds(), QStringList{job});
        QCOMPARE(LocalSlurm::jobsIn(staging), QSet<QString>{job});
        QCOMPARE(readText(record).count(QLatin1String("start ")), n);
        QVERIFY(!second.canRequeue(0)); // every task wrote its result
    }

    // Tasks cancelled on the cluster while no app watched: attach reports them as such, and they
    // can be requeued.
    void cancelledWhileDetachedCanBeRequeued()
    {
        qputenv("KRW_FAKE_MODE", "hang");
        auto first = std::make_unique<SlurmBatch>();
        QSignalSpy started(first.get(), &SlurmBatch::caseStarted);
        first->start(requests(2), settings());
        QVERIFY2(started.wait(30000), qPrintable(logs()));
        const QString staging = first->stagingDir();
        const QStringList taskJobs = first->taskJobIds();
        const QString job = taskJobs.first();
        first.reset();
        bool ok = false;
        const QString out = runTool(QStringLiteral("scancel"), {job}, &ok);
        QVERIFY2(ok, qPrintable(out));
        QTRY_COMPARE_WITH_TIMEOUT(states(job), QStringLiteral("0=CANCELLED 1=CANCELLED"), 10000);

        qputenv("KRW_FAKE_MODE", "result"); // for the requeued task (sbatch exports the environment)
        SlurmBatch second;
        QSignalSpy caseFinished(&second, &SlurmBatch::caseFinished);
        QSignalSpy finished(&second, &SlurmBatch::finished);
        second.attach(staging, taskJobs, settings());
        QVERIFY2(finished.wait(30000), qPrintable(logs()));
        QCOMPARE(caseFinished.size(), 2);
        for (const auto& args : caseFinished) {
            const int index = args.at(0).toInt();
            const auto r = args.at(1).value<RerunResult>();
            QCOMPARE(r.caseName, QStringLiteral("case%1.py").arg(index));
            QCOMPARE(r.status, RerunResult::Status::Failed);
            QVERIFY2(r.failure.startsWith(QStringLiteral("slurm: task %1 (job %2_%1").arg(index).arg(job)), qPrintable(r.failure));
            QVERIFY2(r.failure.contains(QLatin1String("CANCELLED")), qPrintable(r.failure));
            QVERIFY(second.canRequeue(index));
        }
        QVERIFY(second.requeue(1));
        QVERIFY(!second.canRequeue(1)); // running again
        QVERIFY2(finished.wait(60000), qPrintable(logs()));
        QCOMPARE(caseFinished.size(), 3);
        const auto passed = caseFinished.last().at(1).value<RerunResult>();
        QCOMPARE(caseFinished.last().at(0).toInt(), 1);
        QVERIFY2(passed.status == RerunResult::Status::Completed, qPrintable(passed.failure));
        QCOMPARE(second.jobIds().size(), 2); // the array, then the requeue
    }

    void timeoutIsReportedAndCanBeRequeued()
    {
        QVERIFY(m_timeoutBatch);
        SlurmBatch& batch = *m_timeoutBatch;
        QSignalSpy caseFinished(&batch, &SlurmBatch::caseFinished);
        QSignalSpy finished(&batch, &SlurmBatch::finished);
        QVERIFY2(finished.wait(150000), qPrintable(logs()));
        QCOMPARE(caseFinished.size(), 1);
        const QString job = batch.jobIds().first();
        const auto killed = caseFinished.first().at(1).value<RerunResult>();
        QCOMPARE(killed.status, RerunResult::Status::Failed);
        QVERIFY2(
            killed.failure.startsWith(QStringLiteral("slurm: task 0 (job %1_0 on %2) TIMEOUT after ").arg(job, QLatin1String(NodeName))),
            qPrintable(killed.failure));
        QVERIFY2(killed.failure.endsWith(QLatin1String("(limit 1:00)")), qPrintable(killed.failure));
        QCOMPARE(killed.where(), QStringLiteral("slurm job %1_0 on %2").arg(job, QLatin1String(NodeName)));
        QCOMPARE(killed.environment.value(QStringLiteral("slurm_state")), QStringLiteral("TIMEOUT"));
        QVERIFY(!batch.requeue(1)); // no such case

        // Requeued, it runs again as a job of its own, and this time it passes.
        qputenv("KRW_FAKE_MODE", "result");
        QSignalSpy startedAgain(&batch, &SlurmBatch::caseStarted);
        QVERIFY(batch.requeue(0));
        QVERIFY(batch.isRunning());
        QVERIFY2(finished.wait(60000), qPrintable(logs()));
        QCOMPARE(finished.last().first().toBool(), false);
        QCOMPARE(startedAgain.size(), 1);
        QCOMPARE(caseFinished.size(), 2);
        QCOMPARE(batch.jobIds().size(), 2);
        const QString again = batch.jobIds().last();
        QVERIFY(again != job);
        const auto passed = caseFinished.last().at(1).value<RerunResult>();
        QVERIFY2(passed.status == RerunResult::Status::Completed, qPrintable(passed.failure));
        QCOMPARE(passed.where(), QStringLiteral("slurm job %1_0 on %2").arg(again, QLatin1String(NodeName)));
    }
};

KRW_GUILESS_TEST_MAIN(TestSlurmBatch)
#include "tst_slurmbatch.moc"
