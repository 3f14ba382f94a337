// SPDX-License-Identifier: MIT
#include "caseversions.h"
#include "rerunpipeline.h"
#include "resultstore.h"
#include "runloader.h"
#include "textstore.h"

#include <QDir>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

namespace {

const QString pythonCandidate = QStringLiteral("import torch\n\ndef f(x):\n    return x\n");

// Compiles with torch headers take long on a busy 2-core machine: wait generously.
RerunResult runToEnd(RerunPipeline& pipeline, const RerunRequest& request, int waitMs = 900000)
{
    QSignalSpy finished(&pipeline, &RerunPipeline::finished);
    pipeline.start(request);
    if (!finished.wait(waitMs))
        return {};
    return finished.first().first().value<RerunResult>();
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
        RerunRequest r;
        r.caseName = QStringLiteral("fake.py");
        r.candidateId = QStringLiteral("it0:predict");
        r.candidateText = pythonCandidate;
        r.baselineText = pythonCandidate;
        r.testCode = QStringLiteral("result_gold = f(1)\n");
        r.profile = defaultProfile(ToolchainProfile::Kind::Cpu);
        r.profile.name = QStringLiteral("fake");
        r.profile.python = QStringLiteral(KRW_FAKE_PROCESS); // answers "probe", misbehaves on "run"
        r.profile.sandbox = false;
        r.profile.harnessTimeoutS = harnessTimeoutS;
        r.harnessPath = QStringLiteral("fake");
        r.cacheRoot = m_dir.filePath(QStringLiteral("cache"));
        r.workRoot = m_dir.filePath(QStringLiteral("work"));
        return r;
    }

    RerunRequest sampleRequest(const QString& caseName, const QString& versionId, ToolchainProfile::Kind kind)
    {
        const Run run = loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR));
        const Case& c = run.cases.at(run.indexOf(caseName));
        RerunRequest r;
        r.caseName = caseName;
        for (const CodeVersion& v : codeVersions(c)) {
            if (v.id() == versionId)
                r.candidateText = TextStore::resolveOrEmpty(*run.sources, v.text);
            if (v.kind == CodeVersion::Kind::Label)
                r.baselineText = TextStore::resolveOrEmpty(*run.sources, v.text);
            if (v.kind == CodeVersion::Kind::TestCode)
                r.testCode = TextStore::resolveOrEmpty(*run.sources, v.text);
        }
        r.candidateId = versionId;
        r.profile = defaultProfile(kind);
        const QString runnerDir = QStringLiteral(KRW_RUNNER_DATA_DIR);
        r.harnessPath = runnerDir + QStringLiteral("/harness/krw_harness.py");
        r.compatRoot = runnerDir + QStringLiteral("/compat");
        r.cacheRoot = m_dir.filePath(QStringLiteral("cache"));
        r.workRoot = m_dir.filePath(QStringLiteral("work"));
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
        QTest::addRow("non-json-result") << QStringLiteral("garbage") << 30 << QStringLiteral("harness: the harness's result is not valid JSON");
        QTest::addRow("no-result") << QStringLiteral("noresult") << 30 << QStringLiteral("the harness finished and wrote no result");
        QTest::addRow("killed-oom") << QStringLiteral("exit") << 30 << QStringLiteral("the harness exited with code 137 and wrote no result:");
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

    // Debian's hipcc compiling the sample for an AMD target: the real error on the right line.
    void compileCheckFindsTheRealError()
    {
        if (!haveHipccAndTorch())
            QSKIP("needs hipcc and python3-torch (packaging/dev.sh installs them)");
        RerunPipeline pipeline;
        const RerunResult failed = runToEnd(pipeline, sampleRequest(QStringLiteral("sin_kernel.py"), QStringLiteral("it0:predict"), ToolchainProfile::Kind::CompileCheck));
        QCOMPARE(failed.verdict(), QStringLiteral("compile_failed"));
        QVERIFY(failed.compile && !failed.compile->diagnostics.isEmpty());
        const Diagnostic& error = failed.compile->diagnostics.first();
        QCOMPARE(error.severity, Diagnostic::Severity::Error);
        QCOMPARE(error.line, 14);
        QCOMPARE(error.column, 20);
        QVERIFY(error.message.contains(QStringLiteral("no matching function for call to 'fast_sin'")));
        QVERIFY(failed.compile->command.contains(QStringLiteral("--offload-arch=gfx90a")));

        const RerunResult fixed = runToEnd(pipeline, sampleRequest(QStringLiteral("sin_kernel.py"), QStringLiteral("it1:predict"), ToolchainProfile::Kind::CompileCheck));
        QCOMPARE(fixed.verdict(), QStringLiteral("compiled"));
        QVERIFY(fixed.compile);
        QVERIFY(!fixed.compile->cached);
        const RerunResult again = runToEnd(pipeline, sampleRequest(QStringLiteral("sin_kernel.py"), QStringLiteral("it1:predict"), ToolchainProfile::Kind::CompileCheck));
        QVERIFY(again.compile);
        QVERIFY2(again.compile->cached, qPrintable(fixed.compile->modulePath + QStringLiteral(" then ") + again.compile->modulePath)); // same source, flags and toolchain: not compiled again
        QVERIFY(again.compile->ok);
    }

    void resultsPersistBesideTheRun()
    {
        QTemporaryDir runDir;
        const ResultStore store = ResultStore::forRun(runDir.path(), QStringLiteral("my_run"));
        QVERIFY(!store.isFallback());
        QCOMPARE(store.root(), runDir.filePath(QStringLiteral(".kernel-review/my_run")));
        RerunResult r;
        r.caseName = QStringLiteral("../../escape.py");
        r.versionId = QStringLiteral("it1:perf:2");
        r.started = QDateTime::currentDateTime();
        r.compile = CompileStage{true, true, 1.5, {QStringLiteral("hipcc"), QStringLiteral("x.hip")}, {}, {}, {}, {}};
        QString error, path;
        QVERIFY2(store.save(r, &error, &path), qPrintable(error));
        QVERIFY(path.startsWith(store.root() + QLatin1Char('/'))); // hostile names stay inside
        const auto history = store.history(r.caseName);
        QCOMPARE(history.size(), 1);
        QCOMPARE(history.first().versionId, r.versionId);
        QVERIFY(history.first().compile->cached);
        QCOMPARE(history.first().compile->command, r.compile->command);
    }

    void embeddedRunsStoreInTheUserDataFolder()
    {
        const ResultStore store = ResultStore::forRun(QStringLiteral(":/sample/run"), QStringLiteral("sample"));
        QVERIFY(store.isFallback());
        QVERIFY(store.root().startsWith(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
    }
};

QTEST_GUILESS_MAIN(TestRerunPipeline)
#include "tst_rerunpipeline.moc"
