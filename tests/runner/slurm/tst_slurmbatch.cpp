// SPDX-License-Identifier: MIT
//
// SlurmBatch against a real Slurm (Debian's slurm-wlm): the test starts munged, slurmctld and
// slurmd itself, in the foreground as its own children, on localhost with a generated slurm.conf
// (one node: this machine with its real CPUs and memory from `slurmd -C`), free ports and every
// state, spool, log and pid file in a temporary folder; it never touches the machine's own Slurm
// or munge. Each task runs the real kernel-review-cli (run-request) with the cpu profile whose
// Python and compiler are the fake process (tests/fixtures/fakeprocess.cpp): KRW_FAKE_MODE=result
// passes, KRW_FAKE_MODE=hang never ends. Needs root (slurmd runs jobs as their submitter, and
// SlurmUser=root); skipped without it or without the tools.
#include "freeport.h"
#include "pipeline/rerunpipeline.h" // RerunResult as a QVariant (Qt 5 needs the declaration)
#include "slurm/slurmbatch.h"
#include "tooltests.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>
#include <unistd.h>

using namespace krw;

namespace {

int freePort()
{
    return krw::test::freeLoopbackPort();
}

QString runTool(const QString& program, const QStringList& args, bool* ok = nullptr)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, args);
    const bool done = process.waitForFinished(20000) && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    if (ok)
        *ok = done;
    return QString::fromUtf8(process.readAll());
}

QString readText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestSlurmBatch : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_conf;
    std::vector<std::unique_ptr<QProcess>> m_daemons; // munged, slurmctld, slurmd: stopped in reverse order
    std::unique_ptr<SlurmBatch> m_timeoutBatch; // started first, checked last: Slurm enforces limits in whole minutes

    static constexpr const char* NodeName = "krwnode";

    bool startDaemon(const QString& program, const QStringList& args, const QString& logName)
    {
        auto process = std::make_unique<QProcess>();
        process->setProcessChannelMode(QProcess::MergedChannels);
        process->setStandardOutputFile(m_dir.filePath(QStringLiteral("log/%1.out").arg(logName)));
        process->start(program, args);
        if (!process->waitForStarted(10000))
            return false;
        m_daemons.push_back(std::move(process));
        return true;
    }

    QString logs() const
    {
        QString all;
        for (const char* name : {"slurmctld.log", "slurmd.log", "munged.log", "slurmctld.out", "slurmd.out", "munged.out"})
            all += QStringLiteral("--- %1\n%2\n")
                       .arg(QLatin1String(name), readText(m_dir.filePath(QStringLiteral("log/%1").arg(QLatin1String(name)))).right(3000));
        return all;
    }

    // The settings every batch here uses: the staging folder in the temporary folder, our worker, fast polls.
    SlurmSettings settings(int timeLimitMinutes = 0, int maxRunning = 0) const
    {
        SlurmSettings s;
        s.enabled = true;
        s.sharedDir = m_dir.filePath(QStringLiteral("shared"));
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

    // squeue's state of every task of a job, "0=CANCELLED 1=CANCELLED".
    QString states(const QString& jobId) const
    {
        const QString out = runTool(QStringLiteral("squeue"),
            {QStringLiteral("--array"), QStringLiteral("--states=all"), QStringLiteral("--noheader"), QStringLiteral("--format=%i %T"),
                QStringLiteral("--jobs=%1").arg(jobId)});
        QStringList parts;
        for (const QString& line : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const QStringList f = line.split(QLatin1Char(' '));
            if (f.size() == 2)
                parts << QStringLiteral("%1=%2").arg(f.at(0).section(QLatin1Char('_'), 1), f.at(1));
        }
        parts.sort();
        return parts.join(QLatin1Char(' '));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        for (const char* tool : {"munged", "mungekey", "slurmctld", "slurmd", "sbatch", "squeue", "scancel"}) {
            if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty()
                && QStandardPaths::findExecutable(QLatin1String(tool), {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")}).isEmpty())
                KRW_SKIP_MISSING_TOOL("Slurm and munge (Debian: slurm-wlm munge)");
        }
        if (::geteuid() != 0)
            KRW_SKIP_MISSING_TOOL("root (the test's slurmd runs with SlurmUser=root)");
        const auto sbin = [](const char* name) {
            const QString found = QStandardPaths::findExecutable(QLatin1String(name));
            return found.isEmpty() ? QStandardPaths::findExecutable(QLatin1String(name), {QStringLiteral("/usr/sbin")}) : found;
        };
        const QDir dir(m_dir.path());
        for (const char* sub : {"munge", "state", "spool", "log", "shared"})
            QVERIFY(dir.mkpath(QLatin1String(sub)));
        QFile::setPermissions(dir.filePath(QStringLiteral("munge")), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);

        // munge: a fresh key, its own socket.
        const QString socket = dir.filePath(QStringLiteral("munge/munge.socket"));
        bool ok = false;
        const QString keyOut = runTool(sbin("mungekey"),
            {QStringLiteral("--create"), QStringLiteral("--keyfile=%1").arg(dir.filePath(QStringLiteral("munge/munge.key")))}, &ok);
        QVERIFY2(ok, qPrintable(keyOut));
        QVERIFY(startDaemon(sbin("munged"),
            {QStringLiteral("--foreground"), QStringLiteral("--force"), QStringLiteral("--socket=%1").arg(socket),
                QStringLiteral("--key-file=%1").arg(dir.filePath(QStringLiteral("munge/munge.key"))),
                QStringLiteral("--log-file=%1").arg(dir.filePath(QStringLiteral("log/munged.log"))),
                QStringLiteral("--pid-file=%1").arg(dir.filePath(QStringLiteral("munge/munged.pid"))),
                QStringLiteral("--seed-file=%1").arg(dir.filePath(QStringLiteral("munge/munged.seed")))},
            QStringLiteral("munged")));

        // This machine as it is: slurmd -C says its CPUs and memory.
        const QString hardware = runTool(sbin("slurmd"), {QStringLiteral("-C")});
        const auto field = [&](const QString& name) {
            const auto m = QRegularExpression(QStringLiteral("\\b%1=(\\d+)").arg(name)).match(hardware);
            return m.hasMatch() ? m.captured(1) : QString();
        };
        const QString cpus = field(QStringLiteral("CPUs"));
        const QString memory = field(QStringLiteral("RealMemory"));
        QVERIFY2(!cpus.isEmpty() && !memory.isEmpty(), qPrintable(hardware));

        const auto path = [&](const char* name) { return dir.filePath(QLatin1String(name)); };
        QString conf = QStringLiteral("ClusterName=krwtest\n"
                                      "SlurmctldHost=localhost\n"
                                      "SlurmctldPort=%1\n"
                                      "SlurmdPort=%2\n"
                                      "SlurmUser=root\n"
                                      "SlurmdUser=root\n"
                                      "AuthType=auth/munge\n"
                                      "CredType=cred/munge\n"
                                      "AuthInfo=socket=%3\n"
                                      "StateSaveLocation=%4\n"
                                      "SlurmdSpoolDir=%5\n"
                                      "SlurmctldPidFile=%6\n"
                                      "SlurmdPidFile=%7\n"
                                      "SlurmctldLogFile=%8\n"
                                      "SlurmdLogFile=%9\n")
                           .arg(freePort())
                           .arg(freePort())
                           .arg(socket, path("state"), path("spool"), path("slurmctld.pid"), path("slurmd.pid"), path("log/slurmctld.log"),
                               path("log/slurmd.log"));
        // OverSubscribe: the task that waits for its time limit must not hold up the others on a machine
        // of one or two cores; each core takes up to four tasks (the real count stays, as slurmd -C says).
        conf += QStringLiteral("ProctrackType=proctrack/linuxproc\n"
                               "TaskPlugin=task/none\n"
                               "SelectType=select/cons_tres\n"
                               "SelectTypeParameters=CR_Core\n"
                               "JobAcctGatherType=jobacct_gather/none\n"
                               "AccountingStorageType=accounting_storage/none\n"
                               "JobCompType=jobcomp/none\n"
                               "MpiDefault=none\n"
                               "SwitchType=switch/none\n"
                               "SchedulerType=sched/backfill\n"
                               "SchedulerParameters=sched_interval=1\n"
                               "ReturnToService=2\n"
                               "KillWait=2\n"
                               "MinJobAge=600\n"
                               "NodeName=%1 NodeAddr=127.0.0.1 NodeHostname=%2 CPUs=%3 RealMemory=%4 State=UNKNOWN\n"
                               "PartitionName=krw Nodes=%1 Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4\n")
                    .arg(QLatin1String(NodeName), QSysInfo::machineHostName(), cpus, memory);
        m_conf = dir.filePath(QStringLiteral("slurm.conf"));
        QFile file(m_conf);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(conf.toUtf8());
        file.close();
        qputenv("SLURM_CONF", m_conf.toUtf8()); // for the daemons, and for sbatch/squeue/scancel as SlurmBatch starts them

        QVERIFY(startDaemon(
            sbin("slurmctld"), {QStringLiteral("-D"), QStringLiteral("-c"), QStringLiteral("-f"), m_conf}, QStringLiteral("slurmctld")));
        QVERIFY(startDaemon(sbin("slurmd"),
            {QStringLiteral("-D"), QStringLiteral("-N"), QLatin1String(NodeName), QStringLiteral("-f"), m_conf}, QStringLiteral("slurmd")));
        QString state;
        for (int i = 0; i < 100 && state != QLatin1String("idle"); ++i) {
            QTest::qWait(200);
            state = runTool(QStringLiteral("sinfo"), {QStringLiteral("--noheader"), QStringLiteral("--format=%T")}).trimmed();
        }
        QVERIFY2(state == QLatin1String("idle"), qPrintable(state + QLatin1Char('\n') + logs()));

        qputenv("KRW_FAKE_COMPILE_MS", "100");
    }

    void cleanupTestCase()
    {
        m_timeoutBatch.reset();
        // Every daemon the test started, last first; nothing of them is left running.
        for (auto it = m_daemons.rbegin(); it != m_daemons.rend(); ++it) {
            QProcess* daemon = it->get();
            daemon->terminate();
            if (!daemon->waitForFinished(10000)) {
                daemon->kill();
                daemon->waitForFinished(5000);
            }
            QCOMPARE(daemon->state(), QProcess::NotRunning);
        }
        m_daemons.clear();
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
        QCOMPARE(states(job), QStringLiteral("0=COMPLETED 1=COMPLETED 2=COMPLETED"));
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
        const QString jobs = runTool(
            QStringLiteral("squeue"), {QStringLiteral("--states=all"), QStringLiteral("--noheader"), QStringLiteral("--format=%F|%Z")});
        QSet<QString> inStaging;
        for (const QString& line : jobs.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            if (line.section(QLatin1Char('|'), 1) == staging)
                inStaging << line.section(QLatin1Char('|'), 0, 0);
        }
        QCOMPARE(inStaging, QSet<QString>{job});
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
