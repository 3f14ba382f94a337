// SPDX-License-Identifier: MIT
#include "models/batch/batchprogressmodel.h"
#include "models/batch/batchqueue.h"
#include "models/rerun/resultstore.h"
#include "models/run/runloader.h"
#include "samplecopy.h"
#include "widgets/batch/batchrerundialog.h"
#include "widgets/plots/speeduphistogramplot.h"
#include "widgets/settings/settings.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

class TestBatchRerunDialog : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    RunPtr m_run;

    // A cpu profile whose Python and compiler are the fake process: it compiles in 200 ms and
    // its harness records and sleeps as KRW_FAKE_HARNESS_MS says, writing no result.
    static ToolchainProfile fakeProfile()
    {
        ToolchainProfile p = defaultProfile(ToolchainProfile::Kind::Cpu);
        p.name = QStringLiteral("fake-cpu");
        p.python = QStringLiteral(KRW_FAKE_PROCESS);
        p.compiler = QStringLiteral(KRW_FAKE_PROCESS);
        p.sandbox = false;
        p.passEnvironment = QStringList{QStringLiteral("KRW_FAKE_*")}; // the fake tools take their mode from KRW_FAKE_*
        return p;
    }

    static QStringList stages(const BatchProgressModel* model)
    {
        QStringList list;
        for (int row = 0; row < model->rowCount(); ++row)
            list << model->index(row, BatchProgressModel::StageColumn).data().toString();
        return list;
    }

    ResultStore store() const { return ResultStore::forRun(m_run->path, m_run->name); }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QVERIFY(krw::test::copySampleRun(m_dir.path()));
        m_run = std::make_shared<const Run>(loadRunAtPath(m_dir.path()));
        QVERIFY(m_run->cases.size() >= 4);
        Settings::instance()->setToolchainProfiles(defaultProfiles() + QVector<ToolchainProfile>{fakeProfile()});
        Settings::instance()->setLastProfile(QStringLiteral("fake-cpu"));
        qputenv("KRW_FAKE_MODE", "record");
        qputenv("KRW_FAKE_COMPILE_MS", "200");
        qputenv("KRW_FAKE_RECORD", m_dir.filePath(QStringLiteral("record.txt")).toUtf8());
    }

    // The selected cases run, the table fills, results are saved and the summary shows.
    void runsTheSelection()
    {
        qputenv("KRW_FAKE_HARNESS_MS", "100");
        BatchRerunDialog dialog(m_run, {}, {0, 1, 2}, {0, 1, 2, 3});
        QCOMPARE(dialog.profileChooser()->currentText(), QStringLiteral("fake-cpu"));
        QVERIFY(dialog.casesOf(BatchRerunDialog::Scope::All).size() == m_run->cases.size());
        dialog.setScope(BatchRerunDialog::Scope::Selected);
        dialog.jobsBox()->setValue(2);
        // Before Start the rows say what would run; nothing is queued yet.
        QCOMPARE(
            stages(dialog.progressModel()), (QStringList{QStringLiteral("to run"), QStringLiteral("to run"), QStringLiteral("to run")}));
        QSignalSpy finished(&dialog, &BatchRerunDialog::batchFinished);
        QSignalSpy caseFinished(&dialog, &BatchRerunDialog::caseFinished);
        dialog.start();
        QVERIFY(dialog.isRunning());
        QVERIFY(!stages(dialog.progressModel()).contains(QStringLiteral("to run")));
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), false);
        QCOMPARE(dialog.progressModel()->rowCount(), 3);
        QCOMPARE(stages(dialog.progressModel()), (QStringList{QStringLiteral("done"), QStringLiteral("done"), QStringLiteral("done")}));
        QCOMPARE(caseFinished.size(), 3);
        QCOMPARE(dialog.summary().entries().size(), 3);
        // The fake harness writes no result: each case says so, and the result was saved.
        for (int row = 0; row < 3; ++row) {
            const QModelIndex verdict = dialog.progressModel()->index(row, BatchProgressModel::VerdictColumn);
            // In words, with the reason (not the token "could_not_run").
            QVERIFY2(verdict.data().toString().startsWith(QLatin1String("Could not run: ")), qPrintable(verdict.data().toString()));
            QVERIFY2(verdict.data().toString().contains(QLatin1String("wrote no result")), qPrintable(verdict.data().toString()));
            QVERIFY(verdict.data(Qt::ToolTipRole).toString().contains(QLatin1String("wrote no result")));
            const QString name = verdict.data(BatchProgressModel::CaseNameRole).toString();
            QVERIFY2(!store().history(name).isEmpty(), qPrintable(name));
        }
        QVERIFY(dialog.summaryText().startsWith(QLatin1String("3 cases: 3 could not run")));
        QVERIFY(dialog.histogram()->isEmptyState()); // no clean pass: no speedup is plotted
        // A finished batch leaves no queue behind (written and removed off the UI thread, in order).
        QTRY_VERIFY_WITH_TIMEOUT(BatchQueue::unfinished(store()).isEmpty(), 10000);
    }

    // Cancel keeps what did not run queued on disk; a new dialog (as after a restart) resumes it.
    void cancelThenResume()
    {
        qputenv("KRW_FAKE_HARNESS_MS", "60000");
        int left = 0; // cases that did not run: all but those without a prediction (skipped, done)
        {
            BatchRerunDialog dialog(m_run, {}, {}, {});
            dialog.setScope(BatchRerunDialog::Scope::All);
            dialog.jobsBox()->setValue(1);
            QSignalSpy finished(&dialog, &BatchRerunDialog::batchFinished);
            dialog.start();
            QTRY_VERIFY_WITH_TIMEOUT(stages(dialog.progressModel()).contains(QStringLiteral("Checking correctness")), 30000);
            auto* cancel = dialog.findChild<QPushButton*>(QStringLiteral("batchCancel"));
            QVERIFY(cancel->isEnabled());
            QTest::mouseClick(cancel, Qt::LeftButton);
            QVERIFY(finished.size() == 1 || finished.wait(20000));
            QCOMPARE(finished.first().first().toBool(), true);
            QVERIFY(!stages(dialog.progressModel()).contains(QStringLiteral("done"))); // nothing ran to the end
            for (const BatchEntry& e : dialog.summary().entries())
                QCOMPARE(e.status, QStringLiteral("skipped"));
            left = int(m_run->cases.size() - dialog.summary().entries().size());
            QVERIFY(left > 4);
            auto* start = dialog.findChild<QPushButton*>(QStringLiteral("batchStart"));
            QCOMPARE(start->text(), QStringLiteral("Re&sume (%1 left)").arg(left));
        }
        // The last save asked for is the one on disk: saves land in order, after the dialog closed too.
        QTRY_COMPARE_WITH_TIMEOUT(BatchQueue::unfinished(store()).value(0).remaining(), left, 10000);
        const QVector<BatchQueue> queues = BatchQueue::unfinished(store());
        QCOMPARE(queues.size(), 1);
        QVERIFY(!queues.first().slurm); // a local batch: resume runs its cases
        QCOMPARE(queues.first().profile, QStringLiteral("fake-cpu"));

        qputenv("KRW_FAKE_HARNESS_MS", "50");
        BatchRerunDialog resumed(m_run, {}, {}, {});
        QSignalSpy finished(&resumed, &BatchRerunDialog::batchFinished);
        resumed.resume(queues.first());
        // The form shows the batch's own cases, not the scope a new dialog would start with.
        auto* scope = resumed.findChild<QComboBox*>(QStringLiteral("batchScope"));
        QCOMPARE(scope->currentText(), QStringLiteral("The resumed batch (%1 of %2 left)").arg(left).arg(m_run->cases.size()));
        QCOMPARE(resumed.casesOf(BatchRerunDialog::Scope::Resumed).size(), left);
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().first().toBool(), false);
        QCOMPARE(resumed.summary().entries().size(), left);
        QCOMPARE(resumed.progressModel()->rowCount(), int(m_run->cases.size())); // with those done before
        QTRY_VERIFY_WITH_TIMEOUT(BatchQueue::unfinished(store()).isEmpty(), 10000);
    }

    // Where the batch runs, in batchPlace's words; for Slurm the cluster decides jobs and GPUs.
    void formSaysWhereItRuns()
    {
        ToolchainProfile cluster = fakeProfile();
        cluster.name = QStringLiteral("fake-cluster");
        cluster.slurm.enabled = true;
        cluster.slurm.sharedDir = QStringLiteral("/shared/krw");
        cluster.slurm.partition = QStringLiteral("gpu");
        ToolchainProfile host = fakeProfile();
        host.name = QStringLiteral("fake-host");
        host.host.destination = QStringLiteral("me@gpu1");
        const QVector<ToolchainProfile> before = Settings::instance()->toolchainProfiles();
        Settings::instance()->setToolchainProfiles(before + QVector<ToolchainProfile>{cluster, host});
        {
            BatchRerunDialog dialog(m_run, {}, {0, 1}, {0, 1});
            auto* place = dialog.findChild<QLabel*>(QStringLiteral("batchPlace"));
            QVERIFY(place);
            dialog.profileChooser()->setCurrentText(QStringLiteral("fake-cpu"));
            QCOMPARE(place->text(), QStringLiteral("this machine"));
            QVERIFY(dialog.jobsBox()->isEnabled());
            dialog.profileChooser()->setCurrentText(QStringLiteral("fake-host"));
            QCOMPARE(place->text(), QStringLiteral("host gpu1 over SSH"));
            dialog.profileChooser()->setCurrentText(QStringLiteral("fake-cluster"));
            QCOMPARE(place->text(), QStringLiteral("Slurm cluster, shared folder /shared/krw, partition gpu, gpu:1 per case"));
            QVERIFY(!dialog.jobsBox()->isEnabled());
            QVERIFY(!dialog.devicesBox()->isEnabled());
            QVERIFY(dialog.jobsBox()->toolTip().contains(QLatin1String("cluster decides")));
            dialog.profileChooser()->setCurrentText(QStringLiteral("fake-cpu"));
            QVERIFY(dialog.jobsBox()->isEnabled());
            QVERIFY(!dialog.jobsBox()->toolTip().contains(QLatin1String("cluster decides")));
        }
        Settings::instance()->setToolchainProfiles(before);
    }

    // A queue file that is not a batch is named with its field, and never taken for one.
    void brokenQueueIsNamed()
    {
        const QString folder = BatchQueue::folder(store());
        QVERIFY(QDir().mkpath(folder));
        QFile file(QDir(folder).filePath(QStringLiteral("broken.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "kernel-review-batch", "id": "x", "profile": "p", "version": "predict", "cases": [{"case": "a.py"}]})");
        file.close();
        QStringList warnings;
        QVERIFY(BatchQueue::unfinished(store(), &warnings).isEmpty());
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings.first().contains(QLatin1String("broken.json: cases[0]: field \"state\"")), qPrintable(warnings.first()));
        file.remove();
    }
};

QTEST_MAIN(TestBatchRerunDialog)
#include "tst_batchrerundialog.moc"
