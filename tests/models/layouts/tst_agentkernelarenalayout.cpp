// SPDX-License-Identifier: MIT
//
// AgentKernelArena workspaces (tests/data/layouts/agentkernelarena): tasks/ holds two real task
// definitions (AMD-AGI/AgentKernelArena @d6f7c8a4, unchanged); workspace_MI300X_claude_code/ is
// written from the evaluator's writer code (src/evaluator.py, src/testcases.py), as no real result
// is public: a pass, a speedup timed by two methods, a build failure, a wrong output, a speedup its
// own per-case timings do not give, a task not scored yet, a broken task_result.yaml and a correct
// task that could not be timed, in one run; a second run beside it.
#include "layoutreading.h"
#include "models/layouts/agentkernelarenalayout.h"
#include "models/run/outcomes.h"
#include "models/run/runloader.h"
#include "models/run/textstore.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;
using namespace krw::testing;

namespace {

const QString Workspace = QStringLiteral(KRW_TEST_DATA_DIR "/layouts/agentkernelarena/workspace_MI300X_claude_code");
const QString Run1 = Workspace + QStringLiteral("/run_20261101_090000");

} // namespace

class TestAgentKernelArenaLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A run folder, a task's folder or any file in one opens the run; the workspace offers its runs.
    void foundFromAnyPathIntoIt()
    {
        const QString task = Run1 + QStringLiteral("/hip2hip_gpumode_GELU_20261101_090012");
        for (const QString& path : QStringList{Run1, task, task + QStringLiteral("/task_result.yaml"),
                 task + QStringLiteral("/hip/hip_14539_GELU.hip"), task + QStringLiteral("/eval_tools/correctness_check.py")}) {
            const LocateResult located = locateRuns(path);
            QCOMPARE(located.runs.size(), 1);
            QCOMPARE(located.runs.first().layoutId(), QStringLiteral("agentkernelarena"));
            QCOMPARE(located.runs.first().folder, QDir(Run1).absolutePath());
            QCOMPARE(located.runs.first().caseFolders.size(), 8);
        }
        const LocateResult all = locateRuns(Workspace);
        QCOMPARE(all.runs.size(), 2);
        // Offered newest first by the files' times (RunChoice), which a fresh checkout does not set: both, in some order.
        QStringList names{all.runs.at(0).name, all.runs.at(1).name};
        names.sort();
        QCOMPARE(names, (QStringList{QStringLiteral("run_20261101_090000"), QStringLiteral("run_20261102_140000_retry")}));
        // The task definitions alone are no run (no result, no timings).
        QVERIFY(locateRuns(QStringLiteral(KRW_TEST_DATA_DIR "/layouts/agentkernelarena/tasks/hip2hip/gpumode/GELU")).runs.isEmpty());
    }

    // A pass: the evaluator's speedup is the verified one, per-case timings joined by test case,
    // the versions from the task's config, the reference the harness's copy beside the source.
    void aPassWithItsTimings()
    {
        const Run run = loadRunAtPath(Run1);
        QCOMPARE(run.layout, QStringLiteral("agentkernelarena"));
        QCOMPARE(run.cases.size(), 8);
        const Case& c = caseNamed(run, QStringLiteral("hip2hip/gpumode/GELU"));
        QCOMPARE(c.latest, Outcome::Passed);
        const IterationRecord& r = c.newest();
        QCOMPARE(r.speedupVerified, std::optional<double>(1.5812));
        QVERIFY(!r.speedup);
        QVERIFY(r.claimWarnings.isEmpty());
        QCOMPARE(r.shapeTimings.size(), 3);
        QCOMPARE(r.shapeTimings.at(1).name, QStringLiteral("1: [2048, 1024]"));
        QCOMPARE(r.shapeTimings.at(1).baselineMs, std::optional<double>(0.0415));
        QCOMPARE(r.shapeTimings.at(1).candidateMs, std::optional<double>(0.0262));
        QCOMPARE(r.shapeTimings.at(1).method, QStringLiteral("cuda_graph"));
        QVERIFY(text(run, r.instruction)
                    .startsWith(QStringLiteral("You are a hip expert and good at gpu kernel implementation. Please implemnt")));
        QVERIFY(!text(run, r.instruction).contains(QLatin1Char('\n'))); // a folded YAML scalar, decoded
        QVERIFY(sourcePath(run, r.predict).endsWith(QStringLiteral("hip2hip_gpumode_GELU_20261101_090012/hip/hip_14539_GELU.hip")));
        QVERIFY(text(run, r.predict).contains(QStringLiteral("\n// claude_code: vectorized loads")));
        QVERIFY(sourcePath(run, r.label).endsWith(QStringLiteral("hip2hip_gpumode_GELU_20261101_090012/hip/hip_14539_GELU_ref.hip")));
        QVERIFY(sourcePath(run, r.testCode).endsWith(QStringLiteral("eval_tools/correctness_check.py")));
        QCOMPARE(extra(r.extra, QStringLiteral("config.task_type")), QStringLiteral("hip2hip"));
        QVERIFY(extra(r.memory->extra, QStringLiteral("score")).startsWith(QStringLiteral("258.12 (as stored")));
    }

    // Every claim warning the issue names for this layout, and each outcome of the one rule.
    void claimsAndOutcomes()
    {
        const Run run = loadRunAtPath(Run1);
        const IterationRecord& rms = caseNamed(run, QStringLiteral("triton2triton/vllm/triton_rms_norm")).newest();
        QCOMPARE(rms.speedupVerified, std::optional<double>(1.9));
        QCOMPARE(rms.claimWarnings.size(), 2);
        QVERIFY2(rms.claimWarnings.at(0).contains(QStringLiteral("different methods (cuda_graph against cuda_event_fallback)")),
            qPrintable(rms.claimWarnings.at(0)));
        QVERIFY(rms.claimWarnings.at(1).contains(QStringLiteral("small: [16, 4096]: optimized: cuda graph capture failed")));
        QCOMPARE(rms.shapeTimings.first().method, QStringLiteral("cuda_graph → cuda_event_fallback"));
        // The reference of a Triton task: the original in the checkout the workspace lives in.
        QVERIFY(sourcePath(run, rms.label)
                    .endsWith(QStringLiteral("agentkernelarena/tasks/triton2triton/vllm/triton_rms_norm/source/triton_rms_norm.py")));
        QVERIFY(sourcePath(run, rms.testCode).endsWith(QStringLiteral("scripts/task_runner.py")));
        QVERIFY(text(run, rms.instruction).contains(QStringLiteral("maintaining numerical correctness.\n\nThe kernel computes")));

        const Case& build = caseNamed(run, QStringLiteral("hip2hip/gpumode/GELU_retry"));
        QCOMPARE(build.latest, Outcome::CallFailed);
        QCOMPARE(text(run, build.newest().memory->callError),
            QStringLiteral("hip/hip_14539_GELU.hip:1:10: fatal error: 'missing_vector_types.h' file not found\n"
                           "#include \"missing_vector_types.h\"\n         ^~~~~~~~~~~~~~~~~~~~~~~~\n"
                           "1 error generated when compiling for gfx942.\n"));
        const Case& wrong = caseNamed(run, QStringLiteral("triton2triton/vllm/triton_rms_norm_wrong"));
        QCOMPARE(wrong.latest, Outcome::ExeFailed);
        QCOMPARE(text(run, wrong.newest().memory->exeError),
            QStringLiteral("Mismatch in output 0 for shape (16, 4096): max abs diff 0.8125 > atol 0.01"));
        QVERIFY(!wrong.newest().speedupVerified);

        const IterationRecord& inflated = caseNamed(run, QStringLiteral("hip2hip/gpumode/GELU_inflated")).newest();
        QCOMPARE(inflated.claimWarnings.size(), 1);
        QVERIFY2(inflated.claimWarnings.first().contains(QStringLiteral("speedup_ratio 3 is not the mean 1.205")),
            qPrintable(inflated.claimWarnings.first()));

        const Case& untimed = caseNamed(run, QStringLiteral("hip2hip/gpumode/GELU_untimed"));
        QCOMPARE(untimed.latest, Outcome::PerfFailed);
        QCOMPARE(extra(untimed.newest().memory->extra, QStringLiteral("speedup_calculation_error_message")),
            QStringLiteral("No valid optimized test cases: all 3 timed out after 120 s"));

        // Not scored: the versions open, the outcome is not known, a note says why.
        const Case& unscored = caseNamed(run, QStringLiteral("triton2triton_vllm_triton_rms_norm"));
        QVERIFY(unscored.newest().predict.isPresent());
        QVERIFY(!unscored.newest().memory);
        QVERIFY(extra(unscored.newest().extra, QStringLiteral("task_result")).contains(QStringLiteral("has not scored this task")));
        QCOMPARE(unscored.newest().shapeTimings.size(), 1);
        QVERIFY(!unscored.newest().shapeTimings.first().candidateMs);
    }

    // A broken task_result.yaml is one warning naming file and line; its task still opens by its
    // folder's name, and every other task is whole.
    void brokenYamlIsNamed()
    {
        const Run run = loadRunAtPath(Run1);
        QCOMPARE(run.warnings.size(), 1);
        const LoadWarning& w = run.warnings.first();
        QVERIFY2(w.file.endsWith(QStringLiteral("hip2hip_gpumode_GELU_20261101_102000/task_result.yaml")), qPrintable(w.file));
        QVERIFY(w.line >= 3 && w.line <= 5);
        QVERIFY(w.message.startsWith(QStringLiteral("not YAML: ")));
        const Case& broken = caseNamed(run, QStringLiteral("hip2hip_gpumode_GELU"));
        QVERIFY(broken.newest().predict.isPresent());
        QVERIFY(broken.newest().instruction.isPresent());
    }

    // Fields of the wrong kind and sources outside the task are warned, named and left out.
    void driftAndEscapesAreWarned()
    {
        QTemporaryDir dir;
        const QDir task(dir.filePath(QStringLiteral("run_1/evil_20260101_000000")));
        QVERIFY(QDir().mkpath(task.absolutePath()));
        auto write = [&](const QString& name, const QByteArray& bytes) {
            QFile f(task.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
        };
        write(QStringLiteral("config.yaml"), "source_file_path:\n- ../../../../../../etc/passwd\nprompt: just a string\n");
        write(QStringLiteral("task_result.yaml"),
            "task_name: ../../../../etc\npass_compilation: maybe\npass_correctness: true\nspeedup_ratio: [1]\n");
        write(QStringLiteral("baseline_perf.yaml"), "test_cases: 7\n");
        QVERIFY(QFile::link(QStringLiteral("/etc/hostname"), task.filePath(QStringLiteral("link.py"))));
        const Run run = loadRunAtPath(dir.filePath(QStringLiteral("run_1")));
        QCOMPARE(run.cases.size(), 1);
        const IterationRecord& r = run.cases.first().newest();
        QVERIFY(!r.predict.isPresent());
        QVERIFY(!r.label.isPresent());
        QStringList fields;
        for (const LoadWarning& w : run.warnings) {
            fields << w.field;
            QVERIFY(w.line >= 1);
        }
        fields.sort();
        QCOMPARE(fields,
            (QStringList{QStringLiteral("pass_compilation"), QStringLiteral("prompt"), QStringLiteral("source_file_path"),
                QStringLiteral("speedup_ratio"), QStringLiteral("test_cases")}));
        for (const SourceFile& source : *run.sources)
            QVERIFY2(source.path.startsWith(dir.path()), qPrintable(source.path));
    }
};

QTEST_GUILESS_MAIN(TestAgentKernelArenaLayout)
#include "tst_agentkernelarenalayout.moc"
