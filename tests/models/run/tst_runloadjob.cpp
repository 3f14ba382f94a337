// SPDX-License-Identifier: MIT
//
// RunLoadJob (models/run/runloadjob.h) on the bundled sample run: locate and load on a worker,
// progress, the result on the job's thread, cancel, and "a new request drops the previous one".
// What the worker has done when something happens is made certain with the helpers of
// workertests.h; "nothing else arrives" is checked after every posted event was delivered.
#include "models/run/runloadjob.h"
#include "workertests.h"

#include <QFileInfo>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QThread>

using namespace krw;
using namespace krw::test;

namespace {

RunSource sourceAt(const QString& path)
{
    const LocateResult located = locateRuns(path);
    if (!located)
        qFatal("no run at %s: %s", qPrintable(path), qPrintable(located.error));
    return located.runs.front();
}

RunSource sampleSource()
{
    return sourceAt(QStringLiteral(KRW_SAMPLE_RUN_DIR));
}

QStringList caseNames(const Run& run)
{
    QStringList names;
    for (const Case& c : run.cases)
        names << c.filename;
    return names;
}

qint64 sampleBytes()
{
    qint64 total = 0;
    const RunSource source = sampleSource();
    for (const QString& path : source.jsonlByIteration)
        total += QFileInfo(path).size();
    for (const QString& path : source.memoryByIteration)
        total += QFileInfo(path).size();
    return total;
}

const QStringList SampleCases{
    QStringLiteral("sin_kernel.py"),
    QStringLiteral("leaky_relu.py"),
    QStringLiteral("softmax_row.py"),
    QStringLiteral("block_sum.py"),
    QStringLiteral("rms_norm.py"),
    QStringLiteral("layer_norm_fwd.py"),
    QStringLiteral("embedding_gather.py"),
    QStringLiteral("rotary_emb.py"),
    QStringLiteral("flash_decode_stage2.py"),
};

} // namespace

class TestRunLoadJob : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qRegisterMetaType<krw::RunPtr>();
        qRegisterMetaType<krw::LocateResult>();
    }

    void cleanup()
    {
        // No test leaves work behind for the next one.
        if (!settle())
            return;
    }

    void locatesTheSample()
    {
        RunLoadJob job;
        QSignalSpy located(&job, &RunLoadJob::located);
        job.locate(QStringLiteral(KRW_SAMPLE_RUN_DIR));
        if (!waitForSignals(located, 1, "located"))
            return;
        const auto result = located.first().first().value<LocateResult>();
        QVERIFY2(bool(result), qPrintable(result.error));
        QCOMPARE(result.runs.size(), 1);
        QCOMPARE(result.runs.front().name, QStringLiteral("sample_triton2hip"));
        QCOMPARE(result.runs.front().jsonlByIteration.keys(), (QList<int>{0, 1}));
        QCOMPARE(result.runs.front().memoryByIteration.keys(), (QList<int>{0, 1}));
    }

    void locateSaysWhyNothingWasFound()
    {
        RunLoadJob job;
        QSignalSpy located(&job, &RunLoadJob::located);
        job.locate(QStringLiteral(KRW_SAMPLE_RUN_DIR "/no-such-run"));
        if (!waitForSignals(located, 1, "located"))
            return;
        const auto result = located.first().first().value<LocateResult>();
        QVERIFY(!result);
        QVERIFY(!result.error.isEmpty());
    }

    // The run arrives on the job's thread, as loadRun reads it, after progress up to the total.
    void loadsTheSampleWithProgress()
    {
        RunLoadJob job;
        QStringList events;
        QVector<QPair<qint64, qint64>> progress;
        RunPtr run;
        connect(&job, &RunLoadJob::progress, this, [&](qint64 done, qint64 total) {
            QCOMPARE(QThread::currentThread(), thread());
            events << QStringLiteral("progress");
            progress.append({done, total});
        });
        connect(&job, &RunLoadJob::loaded, this, [&](const RunPtr& loaded) {
            QCOMPARE(QThread::currentThread(), thread());
            events << QStringLiteral("loaded");
            run = loaded;
        });
        QSignalSpy loaded(&job, &RunLoadJob::loaded);
        QVERIFY(!job.isBusy());
        job.load(sampleSource());
        QVERIFY(job.isBusy());
        if (!waitForSignals(loaded, 1, "loaded"))
            return;
        QVERIFY(!job.isBusy());

        QVERIFY(run);
        QVERIFY(!run->cancelled);
        QCOMPARE(run->name, QStringLiteral("sample_triton2hip"));
        QCOMPARE(run->iterations, (QVector<int>{0, 1}));
        QCOMPARE(caseNames(*run), SampleCases);
        for (const Case& c : run->cases)
            QCOMPARE(c.history.size(), 2);
        const Run direct = loadRun(sampleSource());
        QCOMPARE(run->warnings.size(), direct.warnings.size());
        QCOMPARE(run->sources->size(), direct.sources->size());

        // Progress first, the run last; the last progress says everything was read.
        QVERIFY(!progress.isEmpty());
        QCOMPARE(events.last(), QStringLiteral("loaded"));
        QCOMPARE(events.count(QStringLiteral("loaded")), 1);
        const qint64 total = sampleBytes();
        QCOMPARE(progress.last().first, total);
        QCOMPARE(progress.last().second, total);
        for (int i = 1; i < progress.size(); ++i)
            QVERIFY2(progress[i].first >= progress[i - 1].first, "progress went back");

        // Nothing more once the run is delivered.
        if (!settle())
            return;
        QCOMPARE(loaded.count(), 1);
    }

    // Cancelled before its worker could start: the run delivered says cancelled and holds no
    // cases, and nothing else is delivered.
    void cancelBeforeTheWorkStarts()
    {
        RunLoadJob job;
        QSignalSpy loaded(&job, &RunLoadJob::loaded);
        {
            PoolBlocker blocker;
            if (!blocker.holding())
                return;
            job.load(sampleSource());
            job.cancel();
        }
        if (!waitForSignals(loaded, 1, "loaded"))
            return;
        const auto run = loaded.first().first().value<RunPtr>();
        QVERIFY(run);
        QVERIFY(run->cancelled);
        QVERIFY(run->cases.isEmpty());
        QVERIFY(!job.isBusy());
        if (!settle())
            return;
        QCOMPARE(loaded.count(), 1);
    }

    // Cancelled after the worker finished but before its result was delivered: the user asked
    // to cancel, so what is delivered must say cancelled (header: "run->cancelled when the user
    // cancelled"), as MainWindow::applyRun relies on.
    void cancelAfterTheWorkFinished()
    {
        RunLoadJob job;
        QSignalSpy loaded(&job, &RunLoadJob::loaded);
        job.load(sampleSource());
        if (!waitForWorkers()) // the run is read; its delivery is posted, not yet done
            return;
        QCOMPARE(loaded.count(), 0);
        job.cancel();
        if (!waitForSignals(loaded, 1, "loaded"))
            return;
        const auto run = loaded.first().first().value<RunPtr>();
        QVERIFY(run);
        QVERIFY(run->cancelled);
        QVERIFY(!job.isBusy());
    }

    // B7: a new load drops the previous one; only the newest run is delivered.
    void newLoadDropsThePrevious()
    {
        RunLoadJob job;
        QSignalSpy loaded(&job, &RunLoadJob::loaded);
        {
            PoolBlocker blocker; // both loads are queued before either runs
            if (!blocker.holding())
                return;
            job.load(sampleSource());
            job.load(sourceAt(QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        }
        if (!waitForSignals(loaded, 1, "loaded"))
            return;
        if (!settle())
            return;
        QCOMPARE(loaded.count(), 1);
        const auto run = loaded.first().first().value<RunPtr>();
        QCOMPARE(run->name, QStringLiteral("mini"));
        QVERIFY(!run->cancelled);
        QVERIFY(!job.isBusy());
    }

    // B7 for a locate after a load: the load's run is dropped, the located result delivered, and
    // the job is no longer busy.
    void newLocateDropsTheLoad()
    {
        RunLoadJob job;
        QSignalSpy loaded(&job, &RunLoadJob::loaded);
        QSignalSpy located(&job, &RunLoadJob::located);
        job.load(sampleSource());
        job.locate(QStringLiteral(KRW_SAMPLE_RUN_DIR));
        if (!waitForSignals(located, 1, "located"))
            return;
        if (!settle())
            return;
        QCOMPARE(loaded.count(), 0);
        QCOMPARE(located.count(), 1);
        QVERIFY(!job.isBusy());
    }

    // A job destroyed while its worker runs delivers nothing and does not crash.
    void destroyedWhileLoading()
    {
        auto* job = new RunLoadJob;
        QSignalSpy loaded(job, &RunLoadJob::loaded);
        job->load(sampleSource());
        delete job;
        if (!settle())
            return;
        QCOMPARE(loaded.count(), 0);
    }
};

QTEST_GUILESS_MAIN(TestRunLoadJob)
#include "tst_runloadjob.moc"
