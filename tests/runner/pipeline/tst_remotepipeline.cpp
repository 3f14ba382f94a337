// SPDX-License-Identifier: MIT
//
// RerunPipeline with a host: probe, compile and harness over SSH against a real sshd this test
// starts on 127.0.0.1 (tests/fixtures/loopbacksshd.h). The "host" is this machine, so what
// happened there is checked directly: its module cache, its processes (pgrep). The fake process
// stands in for the host's Python and compiler only for failures; the happy path is a real cpu
// rerun, compared with the same rerun done here.
#include "loopbacksshd.h"
#include "pipelinetests.h"
#include "tooltests.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

namespace {

const QString cppSide = QStringLiteral("#include <torch/extension.h>\n\ntorch::Tensor f(torch::Tensor x) { return x; }\n");

using krw::test::readText;
using Ran = krw::test::PipelineRun;

int processesMatching(const QString& pattern)
{
    return krw::test::LoopbackSshd::processesMatching(pattern);
}

Ran runToEnd(const RerunRequest& request, int waitMs = 120000)
{
    RerunPipeline pipeline;
    return krw::test::runPipeline(pipeline, request, waitMs);
}

} // namespace

class TestRemotePipeline : public QObject
{
    Q_OBJECT

    krw::test::LoopbackSshd m_sshd;
    QTemporaryDir m_dir;

    // A host Python that is the fake process misbehaving as mode says (its environment does not
    // cross ssh, so a script on the "host" sets it).
    QString fakePython(const QString& mode) { return fakeTool(QStringLiteral("python-") + mode, QStringLiteral("KRW_FAKE_MODE=") + mode); }

    // A host tool that is the fake process with an environment (which does not cross ssh either).
    QString fakeTool(const QString& name, const QString& environment)
    {
        const QString path = m_sshd.path(QStringLiteral("bin/") + name);
        QDir().mkpath(QFileInfo(path).path());
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write(QStringLiteral("#!/bin/sh\n%1 exec \"%2\" \"$@\"\n").arg(environment, QStringLiteral(KRW_FAKE_PROCESS)).toUtf8());
        file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
        return path;
    }

    RerunRequest request(const QString& candidate = krw::test::pythonSide())
    {
        ToolchainProfile profile = defaultProfile(ToolchainProfile::Kind::Cpu);
        profile.name = QStringLiteral("remote-cpu");
        profile.host = m_sshd.host();
        profile.host.python = QStringLiteral(KRW_FAKE_PROCESS); // answers "probe"
        profile.host.compiler = QStringLiteral(KRW_FAKE_PROCESS); // answers --version, writes -o
        profile.harnessTimeoutS = 60;
        RerunRequest r = krw::test::rerunRequest(m_dir, QStringLiteral("remote.py"), candidate, krw::test::pythonSide(), profile);
        r.unsandboxedAllowed = true;
        return r;
    }

    // A compile-check rerun on the host (it compiles only, so it passes when the compile does)
    // with this host compiler.
    RerunRequest checkRequest(const QString& candidate, const QString& compiler)
    {
        RerunRequest r = request(candidate);
        const RemoteHost host = r.profile.host;
        r.profile = defaultProfile(ToolchainProfile::Kind::CompileCheck);
        r.profile.name = QStringLiteral("remote-check");
        r.profile.host = host;
        r.profile.host.compiler = compiler;
        return r;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        KRW_START_LOOPBACK_SSHD(m_sshd); // ssh and scp use its home only
    }

    void init() { RerunPipeline::forgetProbes(); }

    void wrongPortCannotReach()
    {
        RerunRequest r = request();
        r.profile.host.port = krw::test::LoopbackSshd::freePort(); // nobody listens there
        const Ran ran = runToEnd(r);
        QCOMPARE(ran.result.status, RerunResult::Status::Failed);
        QVERIFY2(ran.result.failure.startsWith(QStringLiteral("cannot reach 127.0.0.1: ")), qPrintable(ran.result.failure));
        QCOMPARE(ran.result.where(), QStringLiteral("host 127.0.0.1"));
    }

    // Sandbox::choose answers for a host: the code runs there unsandboxed, so only with leave.
    void hostRunsOnlyWithLeave()
    {
        RerunRequest r = request();
        r.unsandboxedAllowed = false;
        const Ran ran = runToEnd(r);
        QCOMPARE(ran.result.status, RerunResult::Status::Failed);
        QVERIFY2(ran.result.failure.startsWith(QStringLiteral("not run: host 127.0.0.1 would run the code unsandboxed")),
            qPrintable(ran.result.failure));
        QVERIFY2(!ran.log.contains(QStringLiteral("Staging")), qPrintable(ran.log)); // nothing went to the host
    }

    void missingToolOnTheHost_data()
    {
        QTest::addColumn<QString>("python");
        QTest::addColumn<QString>("compiler");
        QTest::addColumn<QString>("failure");
        QTest::addRow("python") << QStringLiteral("no-such-python-krw") << QString()
                                << QStringLiteral("toolchain: 127.0.0.1 has no no-such-python-krw");
        QTest::addRow("compiler") << QString() << QStringLiteral("no-such-compiler-krw")
                                  << QStringLiteral("compiler \"no-such-compiler-krw\" not found on host 127.0.0.1: 127.0.0.1 has no "
                                                    "no-such-compiler-krw");
    }

    void missingToolOnTheHost()
    {
        QFETCH(QString, python);
        QFETCH(QString, compiler);
        QFETCH(QString, failure);
        RerunRequest r = request(cppSide);
        if (!python.isEmpty())
            r.profile.host.python = python;
        if (!compiler.isEmpty())
            r.profile.host.compiler = compiler;
        const Ran ran = runToEnd(r);
        QCOMPARE(ran.result.status, RerunResult::Status::Failed);
        QVERIFY2(ran.result.failure.startsWith(failure), qPrintable(ran.result.failure + QLatin1Char('\n') + ran.log));
    }

    // The compile runs on the host into the host's cache (<work>/modules/<key>/); the second rerun
    // of the same source finds it there. A harness that writes no result is said as here.
    void hostModuleCacheAndHarnessFailure()
    {
        RerunRequest r = request(cppSide);
        r.profile.host.python = fakePython(QStringLiteral("noresult"));
        const Ran first = runToEnd(r);
        QCOMPARE(first.result.status, RerunResult::Status::Failed);
        QVERIFY2(first.result.failure.startsWith(QStringLiteral("the harness ")), qPrintable(first.result.failure));
        QVERIFY2(first.result.failure.contains(QStringLiteral("wrote no result")), qPrintable(first.result.failure));
        QVERIFY(first.result.compile && first.result.compile->ok && !first.result.compile->cached);
        const QString module = first.result.compile->modulePath;
        QVERIFY2(module.startsWith(m_sshd.host().workFolder + QStringLiteral("/modules/")), qPrintable(module));
        QCOMPARE(readText(module), QStringLiteral("fake module\n")); // built on the host, by the host's compiler
        QVERIFY(!QDir(r.cacheRoot).exists()); // and nothing built here
        QDirIterator scratch(QFileInfo(module).path(), {QStringLiteral("*.partial-*")}, QDir::Files);
        QVERIFY(!scratch.hasNext());
        const Ran second = runToEnd(r);
        QVERIFY(second.result.compile && second.result.compile->ok);
        QVERIFY2(second.result.compile->cached, qPrintable(second.log));
        QCOMPARE(second.result.compile->modulePath, module);
    }

    // Two reruns of the same source at once on one host share one module-cache key there: they
    // take turns (flock on the key's lock file), so one compiles and the other waits and uses its
    // module; both pass and no scratch file is left. Without the lock both compile (the compiler
    // takes 6 s, far longer than the two stagings differ), so the one-compiled-one-reused checks
    // fail: tried by making the script's flock calls `true` (see the commit that added this test).
    void concurrentBuildersOnTheHostTakeTurns()
    {
        const RerunRequest r = checkRequest(cppSide + QStringLiteral("// built by two reruns at once\n"),
            fakeTool(QStringLiteral("slowcc"), QStringLiteral("KRW_FAKE_COMPILE_MS=6000")));
        RerunPipeline first;
        RerunPipeline second;
        QString firstLog;
        QString secondLog;
        connect(&first, &RerunPipeline::log, this, [&firstLog](const QString& text) { firstLog += text; });
        connect(&second, &RerunPipeline::log, this, [&secondLog](const QString& text) { secondLog += text; });
        QSignalSpy firstDone(&first, &RerunPipeline::finished);
        QSignalSpy secondDone(&second, &RerunPipeline::finished);
        first.start(r);
        second.start(r);
        QTRY_VERIFY_WITH_TIMEOUT(!firstDone.isEmpty() && !secondDone.isEmpty(), 120000);
        const RerunResult a = firstDone.first().first().value<RerunResult>();
        const RerunResult b = secondDone.first().first().value<RerunResult>();
        QVERIFY2(a.status == RerunResult::Status::Completed, qPrintable(a.failure + QLatin1Char('\n') + firstLog));
        QVERIFY2(b.status == RerunResult::Status::Completed, qPrintable(b.failure + QLatin1Char('\n') + secondLog));
        QVERIFY(a.compile && a.compile->ok && b.compile && b.compile->ok);
        QVERIFY2(a.compile->cached != b.compile->cached, qPrintable(firstLog + QStringLiteral("\n----\n") + secondLog));
        const QString waiterLog = a.compile->cached ? firstLog : secondLog;
        QVERIFY2(waiterLog.contains(QStringLiteral("Waiting for another rerun on 127.0.0.1, which is building the same module")),
            qPrintable(waiterLog));
        QVERIFY2(waiterLog.contains(QStringLiteral("Using the module another rerun has just built on 127.0.0.1")), qPrintable(waiterLog));
        QCOMPARE(a.compile->modulePath, b.compile->modulePath);
        const QString module = a.compile->modulePath;
        QCOMPARE(readText(module), QStringLiteral("fake module\n"));
        QDirIterator scratch(QFileInfo(module).path(), {QStringLiteral("*.partial-*")}, QDir::Files);
        QVERIFY2(!scratch.hasNext(), qPrintable(scratch.hasNext() ? scratch.next() : QString()));
    }

    // The compiler's output on the host comes back as it prints, as the harness's does: the
    // runner panel's log (fed by RerunPipeline::log) fills while the compile runs.
    void compileOutputStreamsFromTheHost()
    {
        const RerunRequest r = checkRequest(cppSide + QStringLiteral("// compiled by a talking compiler\n"),
            fakeTool(QStringLiteral("talkcc"), QStringLiteral("KRW_FAKE_COMPILE=talk KRW_FAKE_COMPILE_MS=4000")));
        RerunPipeline pipeline;
        QString log;
        connect(&pipeline, &RerunPipeline::log, this, [&log](const QString& text) { log += text; });
        QSignalSpy finished(&pipeline, &RerunPipeline::finished);
        pipeline.start(r);
        QTRY_VERIFY_WITH_TIMEOUT(log.contains(QStringLiteral("fake compiler: started")) || !finished.isEmpty(), 60000);
        QVERIFY2(finished.isEmpty(), qPrintable(log)); // the first line came while the compiler ran
        QVERIFY2(!log.contains(QStringLiteral("fake compiler: finished")), qPrintable(log));
        QVERIFY(finished.wait(60000));
        const RerunResult result = finished.first().first().value<RerunResult>();
        QVERIFY2(result.status == RerunResult::Status::Completed, qPrintable(result.failure + QLatin1Char('\n') + log));
        QVERIFY(result.compile && result.compile->ok && !result.compile->cached);
        QVERIFY2(result.compile->log.contains(QStringLiteral("fake compiler: started\nfake compiler: finished\n")),
            qPrintable(result.compile->log)); // the stage keeps all of it, once
        QCOMPARE(int(log.count(QStringLiteral("fake compiler: finished"))), 1);
        // ... and the log kept beside the module on the host has it too (a cached module's kernel table).
        QVERIFY(readText(result.compile->modulePath + QStringLiteral(".log")).contains(QStringLiteral("fake compiler: started")));
    }

    // Cancel ends the harness on the host, not only the local ssh.
    void cancelKillsTheRemoteHarness()
    {
        RerunRequest r = request();
        r.profile.host.python = fakePython(QStringLiteral("hang"));
        RerunPipeline pipeline;
        QSignalSpy finished(&pipeline, &RerunPipeline::finished);
        const QString pattern = QStringLiteral("krw_harness.py run --spec ") + m_sshd.host().workFolder;
        pipeline.start(r);
        QTRY_VERIFY_WITH_TIMEOUT(processesMatching(pattern) > 0 || !finished.isEmpty(), 30000);
        QVERIFY(finished.isEmpty());
        pipeline.cancel();
        QVERIFY(finished.wait(15000));
        QCOMPARE(finished.first().first().value<RerunResult>().status, RerunResult::Status::Cancelled);
        QTRY_COMPARE_WITH_TIMEOUT(processesMatching(pattern), 0, 10000);
    }

    // A real cpu rerun on the host (g++ and /usr/bin/python3 with torch) comes to the verdict the
    // same rerun comes to here; a second one sends no file and uses the host's module.
    void realRerunMatchesLocal()
    {
        if (QProcess::execute(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QStringLiteral("import torch")}) != 0)
            KRW_SKIP_MISSING_TOOL("python3-torch (packaging/dev.sh installs it)");
        const QString fixtures = QStringLiteral(KRW_TEST_DATA_DIR "/runner/cpu_cases/scale_shift/");
        RerunRequest r = request(readText(fixtures + QStringLiteral("extensions/right_loop.cpp")));
        r.caseName = QStringLiteral("scale_shift.py");
        r.baselineText = readText(fixtures + QStringLiteral("label.py"));
        r.testCode = readText(fixtures + QStringLiteral("test_code.py"));
        r.timing = false;
        r.profile.harnessTimeoutS = 300;
        r.profile.host.python = QStringLiteral("/usr/bin/python3");
        r.profile.host.compiler = QStringLiteral("g++");
        RerunRequest local = r;
        local.profile.host = RemoteHost();
        local.profile.python = QStringLiteral("/usr/bin/python3");
        const Ran here = runToEnd(local, 600000);
        QVERIFY2(here.result.status == RerunResult::Status::Completed, qPrintable(here.result.failure));
        const Ran there = runToEnd(r, 600000);
        QVERIFY2(there.result.status == RerunResult::Status::Completed, qPrintable(there.result.failure + QLatin1Char('\n') + there.log));
        QCOMPARE(there.result.verdict(), here.result.verdict());
        QCOMPARE(there.result.verdict(), QStringLiteral("passed"));
        QCOMPARE(there.result.flags, here.result.flags);
        QCOMPARE(there.result.where(), QStringLiteral("host 127.0.0.1"));
        QCOMPARE(there.result.pythonPath, QStringLiteral("/usr/bin/python3"));
        QVERIFY2(there.result.sandboxNote.contains(QStringLiteral("host 127.0.0.1 ran the code unsandboxed")),
            qPrintable(there.result.sandboxNote));
        QVERIFY2(there.result.compile->modulePath.startsWith(m_sshd.host().workFolder), qPrintable(there.result.compile->modulePath));
        QVERIFY2(there.log.contains(QStringLiteral("KRW-STAGE")), qPrintable(there.log)); // the harness's log came back
        const Ran again = runToEnd(r, 600000);
        QCOMPARE(again.result.verdict(), here.result.verdict());
        QVERIFY2(again.log.contains(QStringLiteral(": 0 sent (0 bytes)")), qPrintable(again.log));
        QVERIFY(again.result.compile->cached);
    }
};

KRW_GUILESS_TEST_MAIN(TestRemotePipeline)
#include "tst_remotepipeline.moc"
