// SPDX-License-Identifier: MIT
//
// The batch dialog with a profile whose Slurm settings are enabled, against a real one-node Slurm
// the test starts itself (tests/fixtures/localslurm.h). Tasks run the real kernel-review-cli
// (run-request) with the fake process as the cpu profile's Python and compiler: KRW_FAKE_MODE=result
// passes, hang never ends. Needs root and slurm-wlm; skipped without them.
#include "localslurm.h"
#include "models/batch/batchprogressmodel.h"
#include "models/batch/batchqueue.h"
#include "models/rerun/rerunresult.h"
#include "models/rerun/resultstore.h"
#include "models/run/runloader.h"
#include "samplecopy.h"
#include "tooltests.h"
#include "widgets/batch/batchrerundialog.h"
#include "widgets/settings/settings.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace krw;
using krw::test::LocalSlurm;

class TestSlurmBatchDialog : public QObject
{
    Q_OBJECT

private:
    LocalSlurm m_slurm;
    QTemporaryDir m_dir;
    RunPtr m_run;

    ToolchainProfile clusterProfile(int maxRunning) const
    {
        ToolchainProfile p = defaultProfile(ToolchainProfile::Kind::Cpu);
        p.name = QStringLiteral("fake-cluster");
        p.python = QStringLiteral(KRW_FAKE_PROCESS);
        p.compiler = QStringLiteral(KRW_FAKE_PROCESS);
        p.sandbox = false;
        p.passEnvironment = QStringList{QStringLiteral("KRW_FAKE_*")}; // the fake tools take their mode from KRW_FAKE_*
        p.slurm.enabled = true;
        p.slurm.sharedDir = m_slurm.sharedFolder();
        p.slurm.gres.clear(); // the node has no GPUs
        p.slurm.timeLimitMinutes = 0;
        p.slurm.maxRunning = maxRunning;
        p.slurm.worker = QStringLiteral(KRW_CLI_PROGRAM);
        p.slurm.pollIntervalMs = 300;
        return p;
    }

    void useProfile(int maxRunning)
    {
        Settings::instance()->setToolchainProfiles(defaultProfiles() + QVector<ToolchainProfile>{clusterProfile(maxRunning)});
        Settings::instance()->setLastProfile(QStringLiteral("fake-cluster"));
    }

    ResultStore store() const { return ResultStore::forRun(m_run->path, m_run->name); }

    static QString cell(const BatchRerunDialog& dialog, const QString& caseName, int column)
    {
        const BatchProgressModel* model = dialog.progressModel();
        return model->index(model->rowOf(caseName), column).data().toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        KRW_START_OR_SKIP(m_slurm);
        QVERIFY(krw::test::copySampleRun(m_dir.path()));
        m_run = std::make_shared<const Run>(loadRunAtPath(m_dir.path()));
        QVERIFY(m_run->cases.size() >= 4);
        qputenv("KRW_FAKE_COMPILE_MS", "100");
    }

    void cleanupTestCase() { QVERIFY(m_slurm.stop()); }

    // The selection runs as one job array: rows fill as tasks end, the status line shows what
    // SlurmBatch says, results are saved, and where each ran is its Slurm task.
    void runsOnTheCluster()
    {
        qputenv("KRW_FAKE_MODE", "result");
        useProfile(0);
        BatchRerunDialog dialog(m_run, {}, {0, 1, 2}, {0, 1, 2});
        QVERIFY(dialog.placeText().startsWith(QStringLiteral("Slurm cluster, shared folder %1").arg(m_slurm.sharedFolder())));
        QVERIFY(!dialog.jobsBox()->isEnabled());
        QSignalSpy finished(&dialog, &BatchRerunDialog::batchFinished);
        QSignalSpy caseFinished(&dialog, &BatchRerunDialog::caseFinished);
        dialog.start();
        QVERIFY2(finished.wait(90000), qPrintable(dialog.statusText() + QLatin1Char('\n') + m_slurm.logs()));
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY(dialog.slurmBatch());
        const QString job = dialog.slurmBatch()->jobIds().value(0);
        QVERIFY(!job.isEmpty());
        QVERIFY2(dialog.statusText().contains(QStringLiteral("Slurm: submitted job %1").arg(job)), qPrintable(dialog.statusText()));
        QVERIFY(caseFinished.size() > 0);
        for (const auto& args : std::as_const(caseFinished)) {
            const QString name = args.at(0).toString();
            const auto result = args.at(1).value<RerunResult>();
            QVERIFY2(result.status == RerunResult::Status::Completed, qPrintable(result.failure + QLatin1Char('\n') + result.harnessLog));
            QCOMPARE(cell(dialog, name, BatchProgressModel::VerdictColumn), verdictTitle(QStringLiteral("passed")));
            QVERIFY2(cell(dialog, name, BatchProgressModel::WhereColumn).startsWith(QStringLiteral("slurm job %1_").arg(job)),
                qPrintable(cell(dialog, name, BatchProgressModel::WhereColumn)));
            QVERIFY(!store().history(name).isEmpty());
            QVERIFY(!dialog.canRequeue(name)); // it wrote its result
        }
        QCOMPARE(LocalSlurm::jobsIn(dialog.slurmBatch()->stagingDir()), QSet<QString>{job});
        QTRY_VERIFY_WITH_TIMEOUT(BatchQueue::unfinished(store()).isEmpty(), 10000);
    }

    // The window closed mid-batch: the queue on disk says where the jobs are, and a new dialog's
    // resume follows them. Every case arrives once over both dialogs; nothing is submitted again.
    void closeThenResumeAttaches()
    {
        qputenv("KRW_FAKE_MODE", "result");
        useProfile(1); // one task at a time: some are left when the window closes
        QStringList reported;
        QString staging;
        int expected = 0;
        {
            BatchRerunDialog dialog(m_run, {}, {0, 1, 2, 3}, {});
            connect(&dialog, &BatchRerunDialog::caseFinished, this, [&](const QString& name) { reported << name; });
            dialog.start();
            QTRY_VERIFY2_WITH_TIMEOUT(!reported.isEmpty(), qPrintable(dialog.statusText() + QLatin1Char('\n') + m_slurm.logs()), 60000);
            QVERIFY(dialog.isRunning());
            staging = dialog.slurmBatch()->stagingDir();
            expected = dialog.slurmBatch()->count();
        }
        QVERIFY(int(reported.size()) < expected);
        // The queue is saved off the UI thread: wait until the file says what the dialog reported.
        const auto savedAll = [&] {
            const BatchQueue onDisk = BatchQueue::unfinished(store()).value(0);
            return onDisk.slurm.has_value() && std::all_of(reported.cbegin(), reported.cend(), [&](const QString& name) {
                return std::any_of(onDisk.items.cbegin(), onDisk.items.cend(),
                    [&](const BatchQueue::Item& item) { return item.caseName == name && item.state == BatchQueue::State::Done; });
            });
        };
        QTRY_VERIFY_WITH_TIMEOUT(savedAll(), 10000);
        const BatchQueue queue = BatchQueue::unfinished(store()).first();
        QCOMPARE(queue.slurm->stagingDir, staging);
        const QString job = queue.slurm->taskJobs.value(0);
        QVERIFY(!job.isEmpty());

        BatchRerunDialog resumed(m_run, {}, {}, {});
        QSignalSpy finished(&resumed, &BatchRerunDialog::batchFinished);
        connect(&resumed, &BatchRerunDialog::caseFinished, this, [&](const QString& name) { reported << name; });
        resumed.resume(queue);
        QVERIFY2(finished.wait(90000), qPrintable(resumed.statusText() + QLatin1Char('\n') + m_slurm.logs()));
        QCOMPARE(finished.first().first().toBool(), false);
        QStringList sorted = reported;
        sorted.sort();
        QStringList tasks = queue.slurm->taskCases;
        tasks.sort();
        QCOMPARE(sorted, tasks); // each case once
        QCOMPARE(int(reported.size()), expected);
        QCOMPARE(resumed.slurmBatch()->jobIds(), QStringList{job});
        QCOMPARE(LocalSlurm::jobsIn(staging), QSet<QString>{job});
        QTRY_VERIFY_WITH_TIMEOUT(BatchQueue::unfinished(store()).isEmpty(), 10000);
    }

    // Cancel Batch scancels the array; the queue on disk forgets the jobs and keeps the cases, so
    // Resume submits them again rather than following cancelled tasks.
    void cancelScancels()
    {
        qputenv("KRW_FAKE_MODE", "hang");
        useProfile(0);
        BatchRerunDialog dialog(m_run, {}, {0, 1, 2}, {});
        QSignalSpy finished(&dialog, &BatchRerunDialog::batchFinished);
        dialog.start();
        QTRY_VERIFY_WITH_TIMEOUT(
            dialog.progressModel()->index(0, BatchProgressModel::StageColumn).data().toString() == QLatin1String("running on the cluster")
                || dialog.progressModel()->index(1, BatchProgressModel::StageColumn).data().toString()
                    == QLatin1String("running on the cluster"),
            30000);
        const QString job = dialog.slurmBatch()->jobIds().value(0);
        QVERIFY(!job.isEmpty());
        auto* cancel = dialog.findChild<QPushButton*>(QStringLiteral("batchCancel"));
        QVERIFY(cancel->isEnabled());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(finished.size() == 1 || finished.wait(20000));
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY2(dialog.statusText().contains(QStringLiteral("Slurm: scancel %1").arg(job)), qPrintable(dialog.statusText()));
        // Slurm passes through COMPLETING (seen under load) before it says CANCELLED: wait for a final state.
        const auto settled = [&job] {
            const QString states = LocalSlurm::states(job);
            return !states.contains(QLatin1String("RUNNING")) && !states.contains(QLatin1String("PENDING"))
                && !states.contains(QLatin1String("COMPLETING"));
        };
        QTRY_VERIFY_WITH_TIMEOUT(settled(), 30000);
        QVERIFY2(LocalSlurm::states(job).contains(QLatin1String("CANCELLED")), qPrintable(LocalSlurm::states(job)));
        QTRY_VERIFY_WITH_TIMEOUT(BatchQueue::unfinished(store()).size() == 1 && !BatchQueue::unfinished(store()).first().slurm, 10000);
        const BatchQueue queue = BatchQueue::unfinished(store()).first();
        QCOMPARE(queue.remaining(), dialog.slurmBatch()->count());
        QVERIFY(queue.remove(store())); // the next test starts without it
    }

    // Tasks that ended without a result (here scancelled on the cluster) can be requeued from the
    // table: the rows go back to queued, and the new results replace the old ones.
    void requeueKilledRows()
    {
        qputenv("KRW_FAKE_MODE", "hang");
        useProfile(0);
        BatchRerunDialog dialog(m_run, {}, {0, 1, 2}, {});
        QSignalSpy finished(&dialog, &BatchRerunDialog::batchFinished);
        dialog.start();
        QTRY_VERIFY_WITH_TIMEOUT(dialog.slurmBatch() && !dialog.slurmBatch()->jobIds().isEmpty(), 30000);
        const QString job = dialog.slurmBatch()->jobIds().first();
        bool ok = false;
        const QString out = LocalSlurm::runTool(QStringLiteral("scancel"), {job}, &ok);
        QVERIFY2(ok, qPrintable(out));
        QVERIFY2(finished.wait(30000), qPrintable(dialog.statusText() + QLatin1Char('\n') + m_slurm.logs()));
        QCOMPARE(finished.first().first().toBool(), false); // not cancelled in the window: killed on the cluster
        QStringList cases; // those that had a task (a case without the version asked for was skipped)
        for (const BatchEntry& e : dialog.summary().entries()) {
            if (e.status != QLatin1String("skipped"))
                cases << e.caseName;
        }
        QVERIFY(!cases.isEmpty());
        for (const QString& name : cases) {
            QVERIFY(dialog.canRequeue(name));
            QVERIFY2(cell(dialog, name, BatchProgressModel::VerdictColumn) != verdictTitle(QStringLiteral("passed")), qPrintable(name));
        }
        auto* requeue = dialog.findChild<QPushButton*>(QStringLiteral("batchRequeue"));
        QVERIFY(requeue && requeue->isVisibleTo(&dialog));
        dialog.progressView()->clearSelection();
        QVERIFY(!requeue->isEnabled());
        dialog.progressView()->selectAll();
        QVERIFY(requeue->isEnabled());

        qputenv("KRW_FAKE_MODE", "result"); // sbatch hands the environment to the requeued jobs
        QTest::mouseClick(requeue, Qt::LeftButton);
        for (const QString& name : cases)
            QCOMPARE(cell(dialog, name, BatchProgressModel::StageColumn), QStringLiteral("queued"));
        QVERIFY(dialog.isRunning());
        QVERIFY2(finished.wait(60000), qPrintable(dialog.statusText() + QLatin1Char('\n') + m_slurm.logs()));
        QCOMPARE(finished.last().first().toBool(), false);
        for (const QString& name : cases)
            QCOMPARE(cell(dialog, name, BatchProgressModel::VerdictColumn), verdictTitle(QStringLiteral("passed")));
        // The summary holds each case once: the requeued result replaced the killed one.
        QCOMPARE(int(dialog.summary().entries().size()), 3);
        QCOMPARE(int(dialog.slurmBatch()->jobIds().size()), 1 + int(cases.size())); // the array, then one job per requeue
        QTRY_VERIFY_WITH_TIMEOUT(BatchQueue::unfinished(store()).isEmpty(), 10000);
    }
};

QTEST_MAIN(TestSlurmBatchDialog)
#include "tst_slurmbatchdialog.moc"
