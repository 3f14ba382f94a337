// SPDX-License-Identifier: MIT
#include "runner/process/processjob.h"

#include <QSignalSpy>
#include <QTest>

#include <csignal>

using namespace krw;

Q_DECLARE_METATYPE(krw::ProcessOutcome::Kind)

namespace {

QString fake()
{
    return QStringLiteral(KRW_FAKE_PROCESS);
}

// Runs to the end and returns the outcome and all output.
std::pair<ProcessOutcome, QString> runToEnd(const ProcessSpec& spec, int waitMs = 20000)
{
    ProcessJob job;
    QString output;
    QObject::connect(&job, &ProcessJob::output, &job, [&output](const QString& text) { output += text; });
    QSignalSpy finished(&job, &ProcessJob::finished);
    job.start(spec);
    if (!finished.wait(waitMs)) {
        // Fails the test function: a missing signal is never read as an outcome.
        QTest::qFail(qPrintable(QStringLiteral("no finished signal within %1 ms").arg(waitMs)), __FILE__, __LINE__);
        return {{ProcessOutcome::Kind::FailedToStart, -1, QStringLiteral("test: no finished signal")}, output};
    }
    return {finished.first().first().value<ProcessOutcome>(), output};
}

} // namespace

class TestProcessJob : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void outcomes_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("timeoutMs");
        QTest::addColumn<ProcessOutcome::Kind>("kind");
        QTest::addColumn<QString>("message");
        QTest::addRow("ok") << QStringList{QStringLiteral("exit"), QStringLiteral("0")} << 10000 << ProcessOutcome::Kind::Ok
                            << QStringLiteral("finished");
        QTest::addRow("exit-code") << QStringList{QStringLiteral("exit"), QStringLiteral("3")} << 10000 << ProcessOutcome::Kind::ExitCode
                                   << QStringLiteral("exited with code 3");
        QTest::addRow("crash") << QStringList{QStringLiteral("crash")} << 10000 << ProcessOutcome::Kind::Crashed
                               << QStringLiteral("crashed");
        QTest::addRow("timeout") << QStringList{QStringLiteral("sleep"), QStringLiteral("60")} << 500 << ProcessOutcome::Kind::TimedOut
                                 << QStringLiteral("timed out after 0.5 s");
    }

    void outcomes()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, timeoutMs);
        QFETCH(ProcessOutcome::Kind, kind);
        QFETCH(QString, message);
        const auto [outcome, output] = runToEnd({fake(), arguments, {}, {}, timeoutMs, {}});
        QCOMPARE(outcome.kind, kind);
        QVERIFY2(outcome.message.startsWith(message), qPrintable(outcome.message));
    }

    void failedToStart()
    {
        const auto [outcome, output] = runToEnd({QStringLiteral("/nonexistent/compiler"), {}, {}, {}, 5000, {}});
        QCOMPARE(outcome.kind, ProcessOutcome::Kind::FailedToStart);
        QVERIFY(outcome.message.contains(QStringLiteral("/nonexistent/compiler")));
    }

    void partialLastLineIsDelivered()
    {
        const auto [outcome, output] = runToEnd({fake(), {QStringLiteral("partial")}, {}, {}, 10000, {}});
        QCOMPARE(outcome.kind, ProcessOutcome::Kind::Ok);
        QCOMPARE(output, QStringLiteral("first line\nsecond line without newline"));
    }

    void manyLinesArriveInFewBatches()
    {
        ProcessJob job;
        int batches = 0;
        QString output;
        connect(&job, &ProcessJob::output, this, [&](const QString& text) {
            ++batches;
            output += text;
        });
        QSignalSpy finished(&job, &ProcessJob::finished);
        job.start({fake(), {QStringLiteral("lines"), QStringLiteral("20000")}, {}, {}, 10000, {}});
        QVERIFY(finished.wait(10000));
        QCOMPARE(output.count(QLatin1Char('\n')), 20000);
        QVERIFY2(batches < 50, qPrintable(QString::number(batches))); // batched, not one signal per line
    }

    void cancelIsReportedAsCancelledAndKillsTheGroup()
    {
        ProcessJob job;
        QSignalSpy output(&job, &ProcessJob::output);
        QSignalSpy finished(&job, &ProcessJob::finished);
        job.start({fake(), {QStringLiteral("grandchild"), QStringLiteral("120")}, {}, {}, 60000, {}});
        QVERIFY(output.wait(5000)); // "spawned": the grandchild exists now
        job.cancel();
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.first().first().value<ProcessOutcome>().kind, ProcessOutcome::Kind::Cancelled);
        // The grandchild was in the same process group, so it is gone too.
        QTRY_VERIFY_WITH_TIMEOUT(
            QProcess::execute(QStringLiteral("pgrep"), {QStringLiteral("-f"), QStringLiteral("krw_fakeprocess grandchild")}) == 1, 5000);
    }

    // What a step used is its own: a step without limits reports no peak, not the last one's.
    void peakUsageBelongsToTheLastStep()
    {
        ProcessJob job;
        QSignalSpy finished(&job, &ProcessJob::finished);
        ProcessSpec watched{fake(), {QStringLiteral("sleep"), QStringLiteral("1")}, {}, {}, 10000, {}};
        watched.limits.tasks = 100;
        watched.limits.intervalMs = 20;
        job.start(watched);
        QVERIFY(finished.wait(10000));
        QCOMPARE(job.peakUsage().processes, 1);
        job.start({fake(), {QStringLiteral("exit"), QStringLiteral("0")}, {}, {}, 10000, {}});
        QVERIFY(finished.wait(10000));
        QCOMPARE(job.peakUsage().processes, 0);
    }

    void commandLineIsTheResolvedProgramAndArguments()
    {
        ProcessJob job;
        QSignalSpy finished(&job, &ProcessJob::finished);
        job.start({QStringLiteral("true"), {QStringLiteral("a b"), QStringLiteral("$HOME")}, {}, {}, 5000, {}});
        QVERIFY(finished.wait(5000));
        QVERIFY(job.commandLine().first().endsWith(QStringLiteral("/true")));
        QCOMPARE(job.commandLine().mid(1), (QStringList{QStringLiteral("a b"), QStringLiteral("$HOME")})); // no shell
    }

    // inheritOnly: only the names listed (PREFIX* for a prefix) reach the child, and what the spec
    // sets itself on top; with none listed, everything is inherited (the control).
    void inheritOnlyPassesTheNamesListedAndNoOther()
    {
        qputenv("KRW_TEST_PLANTED_SECRET", "planted-7f3a");
        qputenv("KRW_TEST_KEPT", "kept-value");
        qputenv("LC_KRWTEST", "prefixed-value");
        ProcessSpec spec{QStringLiteral("env"), {}, {}, {QStringLiteral("KRW_TEST_SET=set-value")}, 5000, {}};
        spec.inheritOnly = QStringList{QStringLiteral("PATH"), QStringLiteral("KRW_TEST_KEPT"), QStringLiteral("LC_*")};
        const auto [outcome, output] = runToEnd(spec);
        QCOMPARE(outcome.kind, ProcessOutcome::Kind::Ok);
        QVERIFY2(!output.contains(QStringLiteral("planted-7f3a")), qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("KRW_TEST_KEPT=kept-value")), qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("LC_KRWTEST=prefixed-value")), qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("KRW_TEST_SET=set-value")), qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("LC_ALL=C")), qPrintable(output)); // the job's own settings still hold
        QVERIFY2(!output.contains(QStringLiteral("\nHOME=")) && !output.startsWith(QStringLiteral("HOME=")), qPrintable(output));
        spec.inheritOnly.clear();
        const auto [controlOutcome, everything] = runToEnd(spec);
        QCOMPARE(controlOutcome.kind, ProcessOutcome::Kind::Ok);
        QVERIFY2(everything.contains(QStringLiteral("KRW_TEST_PLANTED_SECRET=planted-7f3a")), qPrintable(everything));
        qunsetenv("KRW_TEST_PLANTED_SECRET");
        qunsetenv("KRW_TEST_KEPT");
        qunsetenv("LC_KRWTEST");
    }
};

QTEST_GUILESS_MAIN(TestProcessJob)
#include "tst_processjob.moc"
