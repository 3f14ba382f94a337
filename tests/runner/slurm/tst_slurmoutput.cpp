// SPDX-License-Identifier: MIT
#include "runner/slurm/slurmbatch.h"
#include "runner/slurm/slurmoutput.h"

#include <QTest>

using namespace krw;

// What sbatch, squeue and sacct print, captured from Slurm 22.05 (Debian 12's slurm-wlm) and from
// the sacct manual's format, and the job script and sbatch command made from a profile.
class TestSlurmOutput : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sbatch()
    {
        QCOMPARE(SlurmOutput::parseSbatch("1234\n"), std::optional<QString>(QStringLiteral("1234")));
        QCOMPARE(SlurmOutput::parseSbatch("5678;cluster2\n"), std::optional<QString>(QStringLiteral("5678")));
        // A warning before the id (a partition's limit) does not hide it.
        QCOMPARE(SlurmOutput::parseSbatch("sbatch: warning: can't honor --ntasks-per-node set to 2\n91\n"),
            std::optional<QString>(QStringLiteral("91")));
        QVERIFY(!SlurmOutput::parseSbatch(""));
        QVERIFY(!SlurmOutput::parseSbatch("sbatch: error: Batch job submission failed: Invalid partition name specified\n"));
    }

    // squeue --array --states=all --noheader --format=%i|%T|%N|%r|%M|%l, as printed on the test's cluster.
    void squeue()
    {
        const QByteArray out = "1_2|PENDING||JobArrayTaskLimit|0:00|UNLIMITED\n"
                               "1_0|COMPLETED|localhost|None|0:02|UNLIMITED\n"
                               "1_1|RUNNING|localhost|None|0:01|UNLIMITED\n"
                               "4_0|TIMEOUT|localhost|TimeLimit|1:12|1:00\n"
                               "7_[3-9%2]|PENDING||JobArrayTaskLimit|0:00|1:00\n"
                               "12|RUNNING|node2|None|5:00|10:00\n"
                               "garbage\n";
        const QVector<SlurmTaskState> tasks = SlurmOutput::parseSqueue(out);
        QCOMPARE(tasks.size(), 4); // the range and the plain job are no single array tasks
        QCOMPARE(tasks.at(0).jobId, QStringLiteral("1"));
        QCOMPARE(tasks.at(0).task, 2);
        QCOMPARE(tasks.at(0).state, QStringLiteral("PENDING"));
        QVERIFY(tasks.at(0).node.isEmpty());
        QCOMPARE(tasks.at(0).reason, QStringLiteral("JobArrayTaskLimit"));
        QCOMPARE(tasks.at(2).state, QStringLiteral("RUNNING"));
        const SlurmTaskState& timeout = tasks.at(3);
        QCOMPARE(timeout.id(), QStringLiteral("4_0"));
        QCOMPARE(timeout.node, QStringLiteral("localhost"));
        QCOMPARE(timeout.elapsed, QStringLiteral("1:12"));
        QCOMPARE(timeout.timeLimit, QStringLiteral("1:00"));
        QCOMPARE(SlurmOutput::failure(timeout), QStringLiteral("slurm: task 0 (job 4_0 on localhost) TIMEOUT after 1:12 (limit 1:00)"));
    }

    // sacct --parsable2 --noheader --format=JobID,State,NodeList,Elapsed,Timelimit,ExitCode
    void sacct()
    {
        const QByteArray out = "1234_3|TIMEOUT|node1|00:01:12|00:01:00|0:0\n"
                               "1234_3.batch|CANCELLED|node1|00:01:13||0:15\n"
                               "1234_3.extern|COMPLETED|node1|00:01:12||0:0\n"
                               "1234_4|CANCELLED by 1000|node2|00:00:05|00:01:00|0:0\n"
                               "1234_5|FAILED|node2|00:00:03|00:01:00|1:0\n"
                               "1234_6|OUT_OF_MEMORY|node3|00:00:09|00:01:00|0:125\n"
                               "1234_[7-9]|PENDING|None assigned|00:00:00|00:01:00|0:0\n";
        const QVector<SlurmTaskState> tasks = SlurmOutput::parseSacct(out);
        QCOMPARE(tasks.size(), 4);
        QCOMPARE(tasks.at(0).id(), QStringLiteral("1234_3"));
        QCOMPARE(tasks.at(0).state, QStringLiteral("TIMEOUT"));
        QCOMPARE(tasks.at(1).state, QStringLiteral("CANCELLED")); // "by 1000" dropped
        QCOMPARE(tasks.at(1).node, QStringLiteral("node2"));
        QCOMPARE(tasks.at(2).exitCode, QStringLiteral("1:0"));
        QCOMPARE(SlurmOutput::failure(tasks.at(0)),
            QStringLiteral("slurm: task 3 (job 1234_3 on node1) TIMEOUT after 00:01:12 (limit 00:01:00)"));
        QCOMPARE(SlurmOutput::failure(tasks.at(1)), QStringLiteral("slurm: task 4 (job 1234_4 on node2) CANCELLED after 00:00:05"));
        QCOMPARE(SlurmOutput::failure(tasks.at(2)),
            QStringLiteral("slurm: task 5 (job 1234_5 on node2) ended FAILED, exit code 1:0, without writing a result"));
        QCOMPARE(SlurmOutput::failure(tasks.at(3)), QStringLiteral("slurm: task 6 (job 1234_6 on node3) OUT_OF_MEMORY after 00:00:09"));
    }

    void states_data()
    {
        QTest::addColumn<QString>("state");
        QTest::addColumn<bool>("final");
        QTest::addColumn<bool>("killed");
        for (const char* s : {"PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "SUSPENDED", "REQUEUED"})
            QTest::addRow("%s", s) << QString::fromLatin1(s) << false << false;
        for (const char* s : {"COMPLETED", "FAILED"})
            QTest::addRow("%s", s) << QString::fromLatin1(s) << true << false;
        for (const char* s : {"TIMEOUT", "PREEMPTED", "NODE_FAIL", "CANCELLED", "OUT_OF_MEMORY", "DEADLINE", "BOOT_FAIL"})
            QTest::addRow("%s", s) << QString::fromLatin1(s) << true << true;
    }

    void states()
    {
        QFETCH(QString, state);
        QFETCH(bool, final);
        QFETCH(bool, killed);
        QCOMPARE(SlurmOutput::isFinal(state), final);
        QCOMPARE(SlurmOutput::killedByScheduler(state), killed);
    }

    void submission()
    {
        QCOMPARE(SlurmBatch::arraySpec(1, 0), QStringLiteral("0"));
        QCOMPARE(SlurmBatch::arraySpec(1000, 0), QStringLiteral("0-999"));
        QCOMPARE(SlurmBatch::arraySpec(3, 2), QStringLiteral("0-2%2"));
        SlurmSettings s;
        s.partition = QStringLiteral("gpu");
        s.timeLimitMinutes = 30;
        s.sbatchOptions = QStringList{QStringLiteral("--qos=short")};
        QCOMPARE(SlurmBatch::sbatchArguments(s, QStringLiteral("/shared/b"), QStringLiteral("0-2%2")),
            (QStringList{QStringLiteral("--parsable"), QStringLiteral("--job-name=krw-rerun"), QStringLiteral("--array=0-2%2"),
                QStringLiteral("--chdir=/shared/b"), QStringLiteral("--output=/shared/b/logs/%A_%a.out"), QStringLiteral("--partition=gpu"),
                QStringLiteral("--gres=gpu:1"), QStringLiteral("--time=30"), QStringLiteral("--qos=short"),
                QStringLiteral("/shared/b/job.sh")}));
        s = SlurmSettings{};
        s.gres.clear();
        s.timeLimitMinutes = 0;
        QCOMPARE(SlurmBatch::sbatchArguments(s, QStringLiteral("/s"), QStringLiteral("0")),
            (QStringList{QStringLiteral("--parsable"), QStringLiteral("--job-name=krw-rerun"), QStringLiteral("--array=0"),
                QStringLiteral("--chdir=/s"), QStringLiteral("--output=/s/logs/%A_%a.out"), QStringLiteral("/s/job.sh")}));
        QCOMPARE(SlurmBatch::jobScript(QStringLiteral("/shared/it's"), QStringLiteral("/opt/krw/bin/kernel-review-cli")),
            QStringLiteral(
                "#!/bin/sh\n"
                "# Kernel Review Workbench: one rerun per array task (docs/RUNNER.md \"Slurm cluster\").\n"
                "dir='/shared/it'\\''s'\n"
                "task=\"$SLURM_ARRAY_TASK_ID\"\n"
                "exec /opt/krw/bin/kernel-review-cli run-request \"$dir/requests/$task.json\" --out \"$dir/results/$task.json\"\n"));
    }
};

QTEST_GUILESS_MAIN(TestSlurmOutput)
#include "tst_slurmoutput.moc"
