// SPDX-License-Identifier: MIT
#include "models/rerun/resultstore.h"
#include "models/rerun/verdictlevel.h"
#include "models/run/caseversions.h"
#include "models/run/runloader.h"
#include "models/run/textstore.h"
#include "pipelinetests.h"
#include "runner/pipeline/rerunpipeline.h"
#include "runner/process/resourcewatch.h"
#include "tooltests.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

namespace {

const QString pythonCandidate = krw::test::pythonSide();

// Compiles with torch headers take long on a busy 2-core machine: wait generously.
RerunResult runToEnd(RerunPipeline& pipeline, const RerunRequest& request, int waitMs = 900000)
{
    return krw::test::runPipeline(pipeline, request, waitMs).result;
}

} // namespace

class TestRerunPipeline : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    RerunRequest fakeRequest(const QString& mode, int harnessTimeoutS = 30)
    {
        qputenv("KRW_FAKE_MODE", mode.toUtf8());
        ToolchainProfile profile = defaultProfile(ToolchainProfile::Kind::Cpu);
        profile.name = QStringLiteral("fake");
        profile.python = QStringLiteral(KRW_FAKE_PROCESS); // answers "probe", misbehaves on "run"
        profile.sandbox = false;
        profile.passEnvironment = QStringList{QStringLiteral("KRW_FAKE_*")}; // the fake tools take their mode from KRW_FAKE_*
        profile.harnessTimeoutS = harnessTimeoutS;
        RerunRequest r = krw::test::rerunRequest(m_dir, QStringLiteral("fake.py"), pythonCandidate, pythonCandidate, profile);
        r.harnessPath = QStringLiteral("fake");
        r.compatRoot.clear();
        return r;
    }

    RerunRequest sampleRequest(const QString& caseName, const QString& versionId, ToolchainProfile::Kind kind)
    {
        const Run run = loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR));
        const Case& c = run.cases.at(run.indexOf(caseName));
        RerunRequest r = krw::test::rerunRequest(m_dir, caseName, QString(), QString(), defaultProfile(kind));
        for (const CodeVersion& v : codeVersions(c)) {
            if (v.id() == versionId)
                r.candidateText = TextStore::resolveOrEmpty(*run.sources, v.text);
            if (v.kind == CodeVersion::Kind::Label)
                r.baselineText = TextStore::resolveOrEmpty(*run.sources, v.text);
            if (v.kind == CodeVersion::Kind::TestCode)
                r.testCode = TextStore::resolveOrEmpty(*run.sources, v.text);
        }
        r.candidateId = versionId;
        return r;
    }

    static bool haveHipccAndTorch()
    {
        return !QStandardPaths::findExecutable(QStringLiteral("hipcc")).isEmpty()
            && QProcess::execute(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QStringLiteral("import torch")}) == 0;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    // Whatever the harness does wrong, the rerun ends with a clear failure, never a hang.
    void harnessFailures_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<int>("timeoutS");
        QTest::addColumn<QString>("failure");
        QTest::addRow("hang") << QStringLiteral("hang") << 2 << QStringLiteral("the harness timed out after 2 s and wrote no result");
        QTest::addRow("crash") << QStringLiteral("crash") << 30 << QStringLiteral("the harness crashed");
        QTest::addRow("non-json-result") << QStringLiteral("garbage") << 30
                                         << QStringLiteral("harness: the harness's result is not valid JSON");
        QTest::addRow("no-result") << QStringLiteral("noresult") << 30 << QStringLiteral("the harness finished and wrote no result");
        QTest::addRow("killed-oom") << QStringLiteral("exit") << 30
                                    << QStringLiteral("the harness exited with code 137 and wrote no result:");
    }

    void harnessFailures()
    {
        QFETCH(QString, mode);
        QFETCH(int, timeoutS);
        QFETCH(QString, failure);
        RerunPipeline pipeline;
        const RerunResult result = runToEnd(pipeline, fakeRequest(mode, timeoutS), 60000);
        QCOMPARE(statusName(result.status), QStringLiteral("failed"));
        QVERIFY2(result.failure.startsWith(failure), qPrintable(result.failure));
        if (mode == QLatin1String("exit"))
            QVERIFY(result.failure.contains(QStringLiteral("MemoryError"))); // its last words are kept
        QCOMPARE(result.verdict(), QStringLiteral("could_not_run"));
        QVERIFY(!pipeline.isRunning());
    }

    // A profile without a Python runs the one PythonFinder chooses (an active virtualenv's here),
    // for the probe and the harness, and the result records it; a named Python is recorded as such.
    void automaticPythonIsFoundAndRecorded()
    {
        QTemporaryDir venv;
        const QString python = venv.filePath(QStringLiteral("bin/python"));
        QVERIFY(QDir().mkpath(venv.filePath(QStringLiteral("bin"))));
        QFile script(python);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\nif [ \"$1\" = -c ]; then\n"
                     "  echo 'KRW-PYTHON {\"python\": \"3.11.2\", \"torch\": \"2.5.1\", \"cuda_available\": false}'\n"
                     "  exit 0\nfi\nexec \"" KRW_FAKE_PROCESS "\" \"$@\"\n");
        script.close();
        script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        const QByteArray oldVenv = qgetenv("VIRTUAL_ENV");
        qputenv("VIRTUAL_ENV", venv.path().toUtf8());
        RerunPipeline::forgetProbes();
        RerunRequest request = fakeRequest(QStringLiteral("noresult"));
        request.profile.name = QStringLiteral("fake-automatic");
        request.profile.python.clear();
        QString log;
        RerunResult result;
        {
            RerunPipeline pipeline; // reads VIRTUAL_ENV when made
            connect(&pipeline, &RerunPipeline::log, this, [&log](const QString& text) { log += text; });
            result = runToEnd(pipeline, request, 60000);
        }
        qputenv("VIRTUAL_ENV", oldVenv);
        RerunPipeline::forgetProbes();
        // The fake harness ran through the Python found: it got as far as the harness.
        QVERIFY2(result.failure.startsWith(QStringLiteral("the harness finished and wrote no result")), qPrintable(result.failure));
        QCOMPARE(result.pythonPath, python);
        QVERIFY(result.pythonAutomatic);
        QVERIFY2(log.contains(QStringLiteral("Python (automatic): ") + python), qPrintable(log));
        QString error;
        const auto reread = rerunFromJson(rerunToJson(result), &error);
        QVERIFY2(reread, qPrintable(error));
        QCOMPARE(reread->pythonPath, python);
        QVERIFY(reread->pythonAutomatic);

        RerunPipeline pipeline;
        const RerunResult named = runToEnd(pipeline, fakeRequest(QStringLiteral("noresult")), 60000);
        QCOMPARE(named.pythonPath, QStringLiteral(KRW_FAKE_PROCESS));
        QVERIFY(!named.pythonAutomatic);
    }

    // Cancel while PythonFinder probes (no process of the pipeline's own runs then): cancelled at once.
    void cancelWhileLookingForPython()
    {
        QTemporaryDir venv;
        QVERIFY(QDir().mkpath(venv.filePath(QStringLiteral("bin"))));
        QFile script(venv.filePath(QStringLiteral("bin/python")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\nexec /bin/sleep 30\n");
        script.close();
        script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        const QByteArray oldVenv = qgetenv("VIRTUAL_ENV");
        qputenv("VIRTUAL_ENV", venv.path().toUtf8());
        RerunPipeline::forgetProbes();
        RerunPipeline pipeline;
        qputenv("VIRTUAL_ENV", oldVenv);
        RerunRequest request = fakeRequest(QStringLiteral("noresult"));
        request.profile.python.clear();
        QString log;
        connect(&pipeline, &RerunPipeline::log, this, [&log](const QString& text) { log += text; });
        QSignalSpy finished(&pipeline, &RerunPipeline::finished);
        pipeline.start(request);
        QTRY_VERIFY_WITH_TIMEOUT(log.contains(QStringLiteral("Looking for a Python")), 10000);
        QElapsedTimer clock;
        clock.start();
        pipeline.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 5000);
        QVERIFY(clock.elapsed() < 5000);
        QCOMPARE(finished.first().first().value<RerunResult>().status, RerunResult::Status::Cancelled);
        QVERIFY(!pipeline.isRunning());
    }

    void cancelWhileTheHarnessRuns()
    {
        RerunPipeline pipeline;
        QSignalSpy stages(&pipeline, &RerunPipeline::stageChanged);
        QSignalSpy finished(&pipeline, &RerunPipeline::finished);
        pipeline.start(fakeRequest(QStringLiteral("hang")));
        QTRY_VERIFY_WITH_TIMEOUT(!stages.isEmpty() && stages.last().first().value<RerunStage>() == RerunStage::Correctness, 20000);
        pipeline.cancel();
        QVERIFY(finished.wait(10000));
        const auto result = finished.first().first().value<RerunResult>();
        QCOMPARE(result.status, RerunResult::Status::Cancelled);
        QCOMPARE(result.verdict(), QStringLiteral("cancelled")); // not "failed"
    }

    // Without bubblewrap the code runs only with the user's leave; nothing starts without it.
    void unsandboxedOnlyWithLeave_data()
    {
        QTest::addColumn<bool>("profileSandbox");
        QTest::addColumn<bool>("allowed");
        QTest::addColumn<QString>("failure");
        QTest::addColumn<QString>("note");
        QTest::addRow("no-leave") << true << false << QStringLiteral("not run: bubblewrap (bwrap) is not installed")
                                  << QStringLiteral("not sandboxed: nothing was run");
        QTest::addRow("allowed") << true << true << QStringLiteral("the harness finished and wrote no result")
                                 << QStringLiteral(
                                        "not sandboxed: bubblewrap (bwrap) is not installed, and running without it was allowed");
        QTest::addRow("turned-off-in-profile") << false << false << QStringLiteral("the harness finished and wrote no result")
                                               << QStringLiteral("not sandboxed: the sandbox is turned off in profile fake");
    }

    void unsandboxedOnlyWithLeave()
    {
        QFETCH(bool, profileSandbox);
        QFETCH(bool, allowed);
        QFETCH(QString, failure);
        QFETCH(QString, note);
        QTemporaryDir noTools; // a PATH without bwrap (the fake harness is named by its path)
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", noTools.path().toUtf8());
        RerunRequest request = fakeRequest(QStringLiteral("noresult"));
        request.profile.sandbox = profileSandbox;
        request.unsandboxedAllowed = allowed;
        request.workRoot = noTools.filePath(QStringLiteral("work"));
        RerunPipeline pipeline;
        const RerunResult result = runToEnd(pipeline, request, 60000);
        qputenv("PATH", path);
        QCOMPARE(result.status, RerunResult::Status::Failed);
        QVERIFY2(result.failure.startsWith(failure), qPrintable(result.failure));
        QVERIFY2(result.sandboxNote.startsWith(note), qPrintable(result.sandboxNote));
        QVERIFY(!result.sandboxed);
        if (!allowed && profileSandbox) {
            QVERIFY(result.failure.contains(QStringLiteral("--no-sandbox")));
            QVERIFY(result.harnessLog.isEmpty());
            QVERIFY(!QFileInfo::exists(request.workRoot)); // not even a work folder
        }
    }

    // A fork bomb or a runaway allocation in the candidate ends the rerun as a failure that says
    // which limit, within seconds; without the limits both programs would end well.
    void limitsEndAsClearFailures_data()
    {
        QTest::addColumn<QString>("body");
        QTest::addColumn<int>("memoryMiB");
        QTest::addColumn<int>("processes");
        QTest::addColumn<QString>("failure");
        QTest::addRow("fork-bomb") << QStringLiteral("    import os, time\n"
                                                     "    for i in range(8):\n"
                                                     "        try:\n"
                                                     "            os.fork()\n"
                                                     "        except OSError:\n"
                                                     "            pass\n"
                                                     "    time.sleep(60)\n")
                                   << 0 << 32
                                   << QStringLiteral("the harness reached the process limit (32 processes and threads) and was stopped");
        QTest::addRow("runaway-allocation") << QStringLiteral("    import time\n"
                                                              "    held = []\n"
                                                              "    for i in range(128):\n"
                                                              "        held.append(b'x' * (16 << 20))\n"
                                                              "        time.sleep(0.02)\n")
                                            << 768 << 0 << QStringLiteral("the harness passed the memory limit of 768 MiB and was stopped");
    }

    void limitsEndAsClearFailures()
    {
        QFETCH(QString, body);
        QFETCH(int, memoryMiB);
        QFETCH(int, processes);
        QFETCH(QString, failure);
        if (QProcess::execute(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QStringLiteral("import torch")}) != 0)
            KRW_SKIP_MISSING_TOOL("python3-torch");
        RerunRequest r = sampleRequest(QStringLiteral("sin_kernel.py"), QStringLiteral("it1:predict"), ToolchainProfile::Kind::Cpu);
        r.baselineText = pythonCandidate;
        r.candidateText = QStringLiteral("import torch\n\ndef f(x):\n") + body + QStringLiteral("    return x\n");
        r.testCode = QStringLiteral("import torch\nresult_gold = {'y': f(torch.ones(2))}\n");
        r.timing = false;
        r.profile.memoryLimitMiB = memoryMiB;
        r.profile.processLimit = processes;
        r.profile.harnessTimeoutS = 90;
        r.unsandboxedAllowed = true; // the limits hold without bubblewrap too
        RerunPipeline pipeline;
        QElapsedTimer clock;
        clock.start();
        const RerunResult result = runToEnd(pipeline, r, 120000);
        QCOMPARE(result.status, RerunResult::Status::Failed);
        QVERIFY2(result.failure.startsWith(failure), qPrintable(result.failure + result.harnessLog.right(1000)));
        QCOMPARE(result.verdict(), QStringLiteral("could_not_run"));
        QVERIFY2(clock.elapsed() < 45000, qPrintable(QString::number(clock.elapsed())));
        const QString limits = QStringLiteral("limits: %1 of memory, %2 processes and threads")
                                   .arg(ResourceWatch::sizeText(r.profile.effectiveMemoryLimitBytes()))
                                   .arg(r.profile.effectiveProcessLimit());
        QVERIFY2(result.sandboxNote.contains(limits), qPrintable(result.sandboxNote));
    }

    void missingCompilerIsAClearFailure()
    {
        RerunRequest request = fakeRequest(QStringLiteral("noresult"));
        request.profile.name = QStringLiteral("fake-no-compiler");
        request.profile.compiler = QStringLiteral("no-such-compiler-krw");
        request.candidateText = QStringLiteral("#include <torch/extension.h>\nint x;\n");
        RerunPipeline pipeline;
        const RerunResult result = runToEnd(pipeline, request);
        QCOMPARE(result.status, RerunResult::Status::Failed);
        QCOMPARE(result.failure, QStringLiteral("compiler \"no-such-compiler-krw\" of profile fake-no-compiler not found"));
    }

    // hipcc --version on a machine without an AMD GPU prints rocm_agent_enumerator's traceback,
    // which changes nothing: the log does not open with it, and says what was left out.
    void hipccVersionTracebackLeftOutOfTheLog()
    {
        RerunPipeline::forgetProbes();
        RerunRequest request = fakeRequest(QStringLiteral("noresult"));
        request.profile.name = QStringLiteral("fake-hipcc");
        request.profile.compiler = QStringLiteral(KRW_FAKE_PROCESS); // answers --version as hipcc does
        RerunPipeline pipeline;
        QString log;
        connect(&pipeline, &RerunPipeline::log, this, [&log](const QString& text) { log += text; });
        const RerunResult result = runToEnd(pipeline, request, 60000);
        QCOMPARE(result.environment.value(QStringLiteral("compiler")), QStringLiteral("HIP version: 5.2.21153-0"));
        QVERIFY2(log.contains(QStringLiteral("HIP version: 5.2.21153-0")), qPrintable(log));
        QVERIFY2(!log.contains(QStringLiteral("Traceback")), qPrintable(log));
        QVERIFY2(!log.contains(QStringLiteral("FileNotFoundError")), qPrintable(log));
        QVERIFY2(log.contains(QStringLiteral("rocm_agent_enumerator")), qPrintable(log)); // the note naming what was left out
    }

    // A compile-check request whose compiler is the fake one (slow enough that builders overlap).
    RerunRequest fakeCompileRequest(const QString& cacheRoot)
    {
        RerunRequest r = fakeRequest(QStringLiteral("noresult"));
        r.profile = defaultProfile(ToolchainProfile::Kind::CompileCheck);
        r.profile.name = QStringLiteral("fake-compiler");
        r.profile.python = QStringLiteral(KRW_FAKE_PROCESS);
        r.profile.compiler = QStringLiteral(KRW_FAKE_PROCESS);
        r.profile.sandbox = false;
        r.profile.passEnvironment = QStringList{QStringLiteral("KRW_FAKE_*")}; // the fake tools take their mode from KRW_FAKE_*
        r.candidateText = QStringLiteral("#include <hip/hip_runtime.h>\n__global__ void k(float* x) { x[0] = 1; }\n");
        r.cacheRoot = cacheRoot;
        return r;
    }

    // Two reruns of the same source at once share one cache key. Before the per-key lock, both
    // compiled to the same ".partial" file and the second's rename failed: compile_failed with
    // error "finished", an empty log and a .partial file left behind.
    void concurrentBuildersShareOneModule()
    {
        QTemporaryDir cache;
        const RerunRequest request = fakeCompileRequest(cache.path());
        RerunPipeline first;
        RerunPipeline second;
        QSignalSpy firstDone(&first, &RerunPipeline::finished);
        QSignalSpy secondDone(&second, &RerunPipeline::finished);
        QString secondLog;
        connect(&second, &RerunPipeline::log, this, [&secondLog](const QString& text) { secondLog += text; });
        first.start(request);
        second.start(request);
        QTRY_VERIFY_WITH_TIMEOUT(!firstDone.isEmpty() && !secondDone.isEmpty(), 60000);
        int built = 0;
        for (const RerunResult& r : {firstDone.first().first().value<RerunResult>(), secondDone.first().first().value<RerunResult>()}) {
            QVERIFY2(r.compile, qPrintable(r.failure));
            QVERIFY2(r.compile->ok, qPrintable(r.compile->error + QLatin1Char('|') + r.failure));
            QCOMPARE(r.verdict(), QStringLiteral("compiled"));
            QVERIFY(QFile::exists(r.compile->modulePath));
            built += r.compile->cached ? 0 : 1;
        }
        QCOMPARE(built, 1); // the other waited and used it
        QVERIFY2(
            secondLog.contains(QStringLiteral("Waiting for process")) || firstDone.first().first().value<RerunResult>().compile->cached,
            qPrintable(secondLog));
        QDirIterator it(cache.path(), QDir::Files, QDirIterator::Subdirectories);
        QStringList files;
        while (it.hasNext())
            files << QFileInfo(it.next()).fileName();
        QVERIFY2(files.filter(QStringLiteral(".partial")).isEmpty(), qPrintable(files.join(QLatin1Char(' '))));
        QVERIFY2(files.filter(QStringLiteral(".lock")).isEmpty(), qPrintable(files.join(QLatin1Char(' '))));
    }

    // A compiler that fails without a word still leaves a result that says what failed.
    void silentCompilerFailureSaysWhatFailed()
    {
        QTemporaryDir cache;
        qputenv("KRW_FAKE_COMPILE", "silent-fail");
        qputenv("KRW_FAKE_COMPILE_MS", "10");
        RerunPipeline pipeline;
        const RerunResult result = runToEnd(pipeline, fakeCompileRequest(cache.path()), 60000);
        qunsetenv("KRW_FAKE_COMPILE");
        qunsetenv("KRW_FAKE_COMPILE_MS");
        QCOMPARE(result.verdict(), QStringLiteral("compile_failed"));
        QVERIFY(result.compile);
        QVERIFY2(result.compile->error.contains(QStringLiteral("exited with code 1")), qPrintable(result.compile->error));
        QVERIFY2(result.failure.startsWith(QStringLiteral("compile: the compiler exited with code 1")), qPrintable(result.failure));
    }

    // Debian's hipcc compiling the sample for an AMD target: the real error on the right line.
    void compileCheckFindsTheRealError()
    {
        if (!haveHipccAndTorch())
            KRW_SKIP_MISSING_TOOL("hipcc and python3-torch (packaging/dev.sh installs them)");
        RerunPipeline pipeline;
        const RerunResult failed = runToEnd(
            pipeline, sampleRequest(QStringLiteral("sin_kernel.py"), QStringLiteral("it0:predict"), ToolchainProfile::Kind::CompileCheck));
        QCOMPARE(failed.verdict(), QStringLiteral("compile_failed"));
        QVERIFY(failed.compile && !failed.compile->diagnostics.isEmpty());
        const Diagnostic& error = failed.compile->diagnostics.first();
        QCOMPARE(error.severity, Diagnostic::Severity::Error);
        QCOMPARE(error.line, 14);
        QCOMPARE(error.column, 20);
        QVERIFY(error.message.contains(QStringLiteral("no matching function for call to 'fast_sin'")));
        QVERIFY(failed.compile->command.contains(QStringLiteral("--offload-arch=gfx90a")));

        const RerunResult fixed = runToEnd(
            pipeline, sampleRequest(QStringLiteral("sin_kernel.py"), QStringLiteral("it1:predict"), ToolchainProfile::Kind::CompileCheck));
        QCOMPARE(fixed.verdict(), QStringLiteral("compiled"));
        QVERIFY(fixed.compile);
        QVERIFY(!fixed.compile->cached);
        // What the kernel uses, from clang's remarks; they are not diagnostics. The device code is
        // optimised (-Xarch_device -O3): unoptimised, this kernel spills and uses 16 KiB of scratch.
        QVERIFY2(fixed.compile->diagnostics.isEmpty(), qPrintable(fixed.compile->diagnostics.value(0).message));
        QCOMPARE(fixed.compile->kernels.size(), 1);
        const KernelResourceUsage& kernel = fixed.compile->kernels.first();
        QCOMPARE(kernel.name, QStringLiteral("_Z10sin_kernelPKfPfl"));
        QCOMPARE(kernel.demangledName, QStringLiteral("sin_kernel(float const*, float*, long)"));
        QCOMPARE(kernel.target, QStringLiteral("gfx90a"));
        QVERIFY(kernel.vgprs.value_or(0) > 0 && kernel.sgprs.value_or(0) > 0 && kernel.agprs && kernel.occupancy.value_or(0) > 0);
        QCOMPARE(kernel.scratchBytes, std::optional<qint64>(0));
        QCOMPARE(kernel.vgprSpills, std::optional<int>(0));
        QCOMPARE(kernel.sgprSpills, std::optional<int>(0));
        QCOMPARE(kernel.sharedBytes, std::optional<qint64>(0));
        QCOMPARE(kernel.sharedLimitBytes, std::optional<qint64>(65536));
        QCOMPARE(kernel.flags, QStringList());
        const RerunResult again = runToEnd(
            pipeline, sampleRequest(QStringLiteral("sin_kernel.py"), QStringLiteral("it1:predict"), ToolchainProfile::Kind::CompileCheck));
        QVERIFY(again.compile);
        QVERIFY2(again.compile->cached,
            qPrintable(fixed.compile->modulePath + QStringLiteral(" then ")
                + again.compile->modulePath)); // same source, flags and toolchain: not compiled again
        QVERIFY(again.compile->ok);
        QCOMPARE(again.compile->kernels, fixed.compile->kernels); // kept beside the module
        QVERIFY2(again.compile->log.contains(QStringLiteral("Using the module built before")), qPrintable(again.compile->log));
    }

    // The whole cpu pipeline on real tools: g++ builds each C++ candidate against Debian's
    // PyTorch, the harness runs label and candidate and compares them by key.
    void cpuEndToEnd_data()
    {
        QTest::addColumn<QString>("candidate");
        QTest::addColumn<QString>("verdict");
        QTest::addColumn<QString>("badOutput"); // an output that must fail, with this flag
        QTest::addColumn<QString>("flag");
        // The cheat battery's flags: exactly these for the right candidates; for the wrong ones at least
        // these (wrong on new random inputs too; what else shows depends on how they are wrong).
        QTest::addColumn<QStringList>("resultFlags");
        // The honest extension does the work in its own loops: the battery must raise nothing.
        QTest::addRow("right-loop") << QStringLiteral("right_loop") << QStringLiteral("passed") << QString() << QString() << QStringList();
        // ATen calls only: right values, but no code of its own doing the work.
        QTest::addRow("right") << QStringLiteral("right") << QStringLiteral("passed") << QString() << QString()
                               << QStringList{QStringLiteral("no_own_kernel")};
        // Its own loops, right wherever the checks look, less work where only the timing looks (a call counter).
        QTest::addRow("lazy-loop") << QStringLiteral("lazy_loop") << QStringLiteral("passed") << QString() << QString()
                                   << QStringList{QStringLiteral("timed_output_mismatch")};
        QTest::addRow("off-by-one") << QStringLiteral("off_by_one") << QStringLiteral("wrong_output") << QStringLiteral("test_case_1")
                                    << QString() << QStringList{QStringLiteral("seed_sensitive")};
        QTest::addRow("zeros") << QStringLiteral("zeros") << QStringLiteral("wrong_output") << QStringLiteral("test_case_1")
                               << QStringLiteral("all_zero")
                               << QStringList{QStringLiteral("output_reused"), QStringLiteral("seed_sensitive")};
        QTest::addRow("nan") << QStringLiteral("nan") << QStringLiteral("wrong_output") << QStringLiteral("test_case_1")
                             << QStringLiteral("nan") << QStringList{QStringLiteral("seed_sensitive")};
        QTest::addRow("wrong-shape") << QStringLiteral("wrong_shape") << QStringLiteral("wrong_output") << QStringLiteral("test_case_1")
                                     << QStringLiteral("shape_mismatch") << QStringList{QStringLiteral("seed_sensitive")};
        QTest::addRow("missing-key") << QStringLiteral("missing_key") << QStringLiteral("wrong_output") << QStringLiteral("test_case_3.max")
                                     << QStringLiteral("missing_key") << QStringList{QStringLiteral("seed_sensitive")};
    }

    void cpuEndToEnd()
    {
        QFETCH(QString, candidate);
        QFETCH(QString, verdict);
        QFETCH(QString, badOutput);
        QFETCH(QString, flag);
        QFETCH(QStringList, resultFlags);
        if (QProcess::execute(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QStringLiteral("import torch")}) != 0)
            KRW_SKIP_MISSING_TOOL("python3-torch (packaging/dev.sh installs it)");
        const QString fixtures = QStringLiteral(KRW_TEST_DATA_DIR "/runner/cpu_cases/scale_shift/");
        auto read = [](const QString& path) {
            QFile file(path);
            return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
        };
        RerunRequest r = sampleRequest(QStringLiteral("sin_kernel.py"), QStringLiteral("it1:predict"), ToolchainProfile::Kind::Cpu);
        r.caseName = QStringLiteral("scale_shift.py");
        r.candidateId = candidate;
        r.candidateText = read(fixtures + QStringLiteral("extensions/") + candidate + QStringLiteral(".cpp"));
        r.baselineText = read(fixtures + QStringLiteral("label.py"));
        r.testCode = read(fixtures + QStringLiteral("test_code.py"));
        // Timing the passing ones is enough here.
        r.timing = candidate.startsWith(QLatin1String("right")) || candidate == QLatin1String("lazy_loop");
        RerunPipeline pipeline;
        const RerunResult result = runToEnd(pipeline, r);
        QVERIFY2(result.status == RerunResult::Status::Completed, qPrintable(result.failure + result.harnessLog.right(2000)));
        QVERIFY2(result.verdict() == verdict, qPrintable(result.verdict() + QLatin1Char(' ') + result.harnessLog.right(2000)));
        QVERIFY(result.compile && result.compile->ok);
        QCOMPARE(result.environment.value(QStringLiteral("profile")), QStringLiteral("cpu"));
        QVERIFY(!result.environment.value(QStringLiteral("torch")).isEmpty());
        QVERIFY(result.sandboxed == Sandbox::available());
        QVERIFY(result.accuracy);
        // The honest one is clean, the ATen one suspect, the wrong ones fail: never a cheat that reads as a pass.
        const QString level = VerdictLevel::of(result);
        if (candidate == QLatin1String("right_loop"))
            QCOMPARE(level, QStringLiteral("clean"));
        else if (verdict == QLatin1String("passed"))
            QCOMPARE(level, QStringLiteral("suspect"));
        else
            QCOMPARE(level, verdict);
        if (verdict == QLatin1String("passed")) {
            QCOMPARE(result.flags.join(QLatin1Char(',')), resultFlags.join(QLatin1Char(',')));
        } else {
            for (const QString& expected : resultFlags)
                QVERIFY2(result.flags.contains(expected), qPrintable(result.flags.join(QLatin1Char(','))));
        }
        QCOMPARE(result.checks.size(), 10); // every check of the battery reports, flagged or not
        for (const CheckSummary& check : result.checks)
            QVERIFY2(check.errors.isEmpty(), qPrintable(check.name + QLatin1String(": ") + check.errors.join(QLatin1Char(';'))));
        if (!badOutput.isEmpty()) {
            bool found = false;
            for (const OutputComparison& o : result.accuracy->outputs) {
                if (o.name != badOutput)
                    continue;
                found = true;
                QVERIFY(!o.ok);
                if (!flag.isEmpty())
                    QVERIFY2(o.flags.contains(flag), qPrintable(o.flags.join(QLatin1Char(','))));
                if (candidate == QLatin1String("off_by_one"))
                    QCOMPARE(o.mismatched, qint64(1));
            }
            QVERIFY2(found, qPrintable(badOutput));
        }
        if (r.timing) {
            QVERIFY(result.timing);
            QVERIFY(!result.timing->calls.isEmpty());
            QVERIFY(result.timing->speedup.value_or(0) > 0);
            for (const CallTiming& call : result.timing->calls)
                QVERIFY(call.candidate && call.candidate->p10 <= call.candidate->p50 && call.candidate->p50 <= call.candidate->p90);
        }
    }

    // Inside the sandbox the test code sees no network and cannot write outside its work folder;
    // with the sandbox off (the control) it can.
    void sandboxHoldsTheCodeIn_data()
    {
        QTest::addColumn<bool>("sandbox");
        QTest::addColumn<QString>("verdict");
        QTest::addRow("sandboxed") << true << QStringLiteral("passed");
        QTest::addRow("control-without-sandbox") << false << QStringLiteral("baseline_failed");
    }

    void sandboxHoldsTheCodeIn()
    {
        QFETCH(bool, sandbox);
        QFETCH(QString, verdict);
        if (!Sandbox::available())
            KRW_SKIP_MISSING_TOOL("bubblewrap");
        if (QProcess::execute(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QStringLiteral("import torch")}) != 0)
            KRW_SKIP_MISSING_TOOL("python3-torch");
        // Not under /tmp: the sandbox gives the code a private, throwaway /tmp.
        const QString outside = QDir::home().filePath(QStringLiteral(".krw-sandbox-probe-%1").arg(QCoreApplication::applicationPid()));
        RerunRequest r = sampleRequest(QStringLiteral("sin_kernel.py"), QStringLiteral("it1:predict"), ToolchainProfile::Kind::Cpu);
        r.candidateText = r.baselineText = QStringLiteral("import torch\n");
        r.testCode = QStringLiteral("import torch\n"
                                    "try:\n"
                                    "    open(%1, 'w').write('x')\n"
                                    "except OSError:\n"
                                    "    pass\n"
                                    "else:\n"
                                    "    raise RuntimeError('wrote outside the work folder')\n"
                                    "interfaces = [line.split(':')[0].strip() for line in open('/proc/net/dev').read().splitlines()[2:]]\n"
                                    "if interfaces != ['lo']:\n"
                                    "    raise RuntimeError('network visible: %s' % interfaces)\n"
                                    "result_gold = {'x': torch.ones(2)}\n")
                         .arg(QLatin1Char('\'') + outside + QLatin1Char('\''));
        r.timing = false;
        r.profile.sandbox = sandbox;
        RerunPipeline pipeline;
        const RerunResult result = runToEnd(pipeline, r);
        QVERIFY2(result.verdict() == verdict,
            qPrintable(
                result.verdict() + QLatin1Char(' ') + result.failure + (result.baselineRun ? result.baselineRun->error : QString())));
        QCOMPARE(result.sandboxed, sandbox);
        QCOMPARE(QFile::exists(outside), !sandbox);
        QFile::remove(outside);
    }

    // A secret in the environment the workbench was started with reaches no stage that handles
    // generated code (issue 31): not the compile (a compiler that prints its environment before
    // it compiles) and not the harness (baseline, candidate and test code that print it),
    // sandboxed or not. In the control the profile passes the name on, and the same probes see it.
    void plantedSecretReachesNoStage_data()
    {
        QTest::addColumn<bool>("sandbox");
        QTest::addColumn<bool>("passedOn");
        QTest::addRow("sandboxed") << true << false;
        QTest::addRow("unsandboxed") << false << false;
        QTest::addRow("control-passed-on-by-the-profile") << false << true;
    }

    void plantedSecretReachesNoStage()
    {
        QFETCH(bool, sandbox);
        QFETCH(bool, passedOn);
        if (sandbox && !Sandbox::available())
            KRW_SKIP_MISSING_TOOL("bubblewrap");
        if (QProcess::execute(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QStringLiteral("import torch")}) != 0)
            KRW_SKIP_MISSING_TOOL("python3-torch (packaging/dev.sh installs it)");
        const QString name = QStringLiteral("AWS_SECRET_ACCESS_KEY");
        const QString secret = QStringLiteral("krw-planted-secret-%1").arg(QCoreApplication::applicationPid());
        qputenv(name.toUtf8().constData(), secret.toUtf8());

        // Not under /tmp, which the sandbox replaces with a private one.
        const QString folder = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("env-printing-compiler"));
        QVERIFY(QDir().mkpath(folder));
        const QString compiler = QDir(folder).filePath(QStringLiteral("cc"));
        QFile script(compiler);
        QVERIFY(script.open(QIODevice::WriteOnly | QIODevice::Truncate));
        script.write("#!/bin/sh\nenv\nexec \"" KRW_FAKE_PROCESS "\" \"$@\"\n");
        script.close();
        QVERIFY(script.setPermissions(
            QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner | QFileDevice::ReadOther | QFileDevice::ExeOther));
        QTemporaryDir cache;
        RerunRequest compile = fakeCompileRequest(cache.path());
        compile.profile.name = QStringLiteral("env-printing-%1").arg(QLatin1String(QTest::currentDataTag()));
        compile.profile.compiler = compiler;
        compile.profile.sandbox = sandbox;
        if (passedOn)
            compile.profile.passEnvironment << name;
        qputenv("KRW_FAKE_COMPILE_MS", "10");
        RerunPipeline compilePipeline;
        const RerunResult compiled = runToEnd(compilePipeline, compile, 120000);
        qunsetenv("KRW_FAKE_COMPILE_MS");
        QVERIFY(compiled.compile);
        QVERIFY2(compiled.compile->log.contains(QStringLiteral("PATH=")), qPrintable(compiled.compile->log)); // the probe printed
        QCOMPARE(compiled.compile->log.contains(secret), passedOn);
        QCOMPARE(compiled.sandboxed, sandbox);

        RerunRequest r = sampleRequest(QStringLiteral("sin_kernel.py"), QStringLiteral("it1:predict"), ToolchainProfile::Kind::Cpu);
        const QString probe = QStringLiteral("import os\nprint('%1 sees', os.environ.get('%2', 'nothing'))\n");
        r.candidateText = probe.arg(QStringLiteral("candidate"), name) + QStringLiteral("import torch\n");
        r.baselineText = probe.arg(QStringLiteral("baseline"), name) + QStringLiteral("import torch\n");
        r.testCode = probe.arg(QStringLiteral("test"), name) + QStringLiteral("import torch\nresult_gold = {'x': torch.ones(2)}\n");
        r.timing = false;
        r.profile.sandbox = sandbox;
        r.unsandboxedAllowed = true;
        if (passedOn)
            r.profile.passEnvironment << name;
        RerunPipeline pipeline;
        const RerunResult result = runToEnd(pipeline, r);
        qunsetenv(name.toUtf8().constData());
        QVERIFY2(result.status == RerunResult::Status::Completed, qPrintable(result.failure + result.harnessLog.right(2000)));
        QCOMPARE(result.sandboxed, sandbox);
        for (const QString& who : {QStringLiteral("candidate"), QStringLiteral("baseline"), QStringLiteral("test")})
            QVERIFY2(result.harnessLog.contains(who + QStringLiteral(" sees ") + (passedOn ? secret : QStringLiteral("nothing"))),
                qPrintable(who + QStringLiteral(": ") + result.harnessLog.right(3000)));
        QCOMPARE(result.harnessLog.contains(secret), passedOn);
        QVERIFY2(result.sandboxNote.contains(QStringLiteral("environment: only the documented list")), qPrintable(result.sandboxNote));
    }
};

KRW_GUILESS_TEST_MAIN(TestRerunPipeline)
#include "tst_rerunpipeline.moc"
