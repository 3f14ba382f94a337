// SPDX-License-Identifier: MIT
//
// GEAK v3 output folders (tests/data/layouts/geak-v3/runs): hingeloss_output_4 is GEAK's own
// (AMD-AGI/GEAK @21c8bf45, unchanged), whose full benchmark fell back to the baseline in both rounds
// while recording a speedup; softmax_output and layernorm_output are written from GEAK's writer code
// for what it lacks — a patch that did not apply, a patch recorded at another machine's path, a
// config mismatch, a fallback baseline, a failed benchmark, broken JSON and broken front matter.
#include "layoutreading.h"
#include "models/layouts/geakv3layout.h"
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

const QString Runs = QStringLiteral(KRW_TEST_DATA_DIR "/layouts/geak-v3/runs");

const IterationRecord* roundOf(const Case& c, int round)
{
    for (const IterationRecord& record : c.history) {
        if (record.iteration == round)
            return &record;
    }
    return nullptr;
}

} // namespace

class TestGeakV3Layout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // An output folder, any file however deep in it, or a folder of them (one run, a case each).
    void foundFromAnyPathIntoIt()
    {
        const QString hinge = Runs + QStringLiteral("/hingeloss_output_4");
        for (const QString& path : QStringList{hinge, hinge + QStringLiteral("/final_report.json"),
                 hinge + QStringLiteral("/results/round_1/pytorch_to_flydsl_translation/best_results.json"),
                 hinge + QStringLiteral("/tasks/round_2/00_optimize.md")}) {
            const LocateResult located = locateRuns(path);
            QCOMPARE(located.runs.size(), 1);
            QCOMPARE(located.runs.first().layoutId(), QStringLiteral("geak-v3"));
            QCOMPARE(located.runs.first().caseFolders, QStringList{QDir(hinge).absolutePath()});
        }
        const LocateResult all = locateRuns(Runs);
        QCOMPARE(all.runs.size(), 1);
        QCOMPARE(all.runs.first().caseFolders.size(), 3);
    }

    // GEAK's own output: both rounds passed by their flags, but the full benchmark says the
    // candidate was never loaded, and round 1's speedup was clamped: warned, never plain.
    void theRealRunsFallbackIsWarned()
    {
        const Run run = loadRunAtPath(Runs + QStringLiteral("/hingeloss_output_4"));
        QCOMPARE(run.layout, QStringLiteral("geak-v3"));
        QCOMPARE(run.cases.size(), 1);
        const Case& c = run.cases.first();
        QCOMPARE(c.filename, QStringLiteral("hingeloss.py"));
        QCOMPARE(c.history.size(), 2);
        QCOMPARE(c.latest, Outcome::Passed);
        const IterationRecord& round1 = *roundOf(c, 1);
        const IterationRecord& round2 = *roundOf(c, 2);
        QCOMPARE(round1.speedup, std::optional<double>(1.0));
        QCOMPARE(round1.speedupVerified, std::optional<double>(1.0163));
        QCOMPARE(round2.speedup, std::optional<double>(1.008776));
        QCOMPARE(round2.speedupVerified, std::optional<double>(1.0045));
        for (const IterationRecord* round : {&round1, &round2}) {
            QVERIFY(!round->claimWarnings.isEmpty());
            QVERIFY2(round->claimWarnings.first().contains(QStringLiteral("falling back to baseline mode")),
                qPrintable(round->claimWarnings.first()));
        }
        QCOMPARE(round1.claimWarnings.size(), 2);
        QVERIFY(round1.claimWarnings.at(1).contains(QStringLiteral("[Clamped: no patch beat true baseline 0.4340ms]")));
        // The versions: the task's instruction, the worktree's translation beside its source, the harness.
        QVERIFY(text(run, round2.instruction).contains(QStringLiteral("Translate the PyTorch kernel `hingeloss.py`")));
        QVERIFY(sourcePath(run, round2.predict).endsWith(QStringLiteral("results/round_2/worktrees/slot_0/hingeloss_flydsl.py")));
        QVERIFY(sourcePath(run, round2.label).endsWith(QStringLiteral("results/round_2/worktrees/slot_0/hingeloss.py")));
        QVERIFY(sourcePath(run, round2.testCode).endsWith(QStringLiteral("test_harness_translation.py")));
        QVERIFY2(extra(round2.extra, QStringLiteral("best_patch")).contains(QStringLiteral("is not in the run's folder")),
            qPrintable(extra(round2.extra, QStringLiteral("best_patch"))));
        QCOMPARE(extra(round2.extra, QStringLiteral("final_report.best_round")), QStringLiteral("round_2"));
        QCOMPARE(extra(round1.extra, QStringLiteral("final_report.best_round")), QString()); // the newest round only
        QVERIFY(run.warnings.isEmpty());
    }

    // A patch that did not apply, then a patch recorded at another machine's path, found in the run;
    // a config mismatch and a fallback baseline warned; a reference off the machine named.
    void patchesAndClaims()
    {
        const Run run = loadRunAtPath(Runs);
        const Case& c = caseNamed(run, QStringLiteral("softmax.py"));
        QCOMPARE(c.history.size(), 2);
        const IterationRecord& round1 = *roundOf(c, 1);
        QCOMPARE(latestOutcome(round1), Outcome::CallFailed);
        QVERIFY(round1.candidateElsewhere);
        QVERIFY(text(run, round1.memory->callError).contains(QStringLiteral("patch does not apply")));
        const IterationRecord& round2 = *roundOf(c, 2);
        QCOMPARE(c.latest, Outcome::Passed);
        QVERIFY(sourcePath(run, round2.predict).endsWith(QStringLiteral("softmax_output/results/round_2/optimize_softmax/patch_3.patch")));
        QCOMPARE(round2.speedup, std::optional<double>(1.8));
        QCOMPARE(round2.speedupVerified, std::optional<double>(1.62));
        QCOMPARE(round2.claimWarnings.size(), 2);
        QVERIFY(round2.claimWarnings.at(0).contains(QStringLiteral("BLOCK_SIZE is 1024 in the benchmark")));
        QVERIFY(round2.claimWarnings.at(1).contains(QStringLiteral("patch_0_test.txt (FALLBACK)")));
        QCOMPARE(
            extra(round1.extra, QStringLiteral("reference")), QStringLiteral("/home/ci/kernels/softmax.py is not in the run's folder"));
    }

    // A failed benchmark is a wrong output with its error; broken JSON and broken front matter are
    // warnings naming file, line and field, and the rest loads.
    void badInputIsNamed()
    {
        const Run run = loadRunAtPath(Runs);
        QCOMPARE(run.cases.size(), 3);
        const Case& c = caseNamed(run, QStringLiteral("layernorm.py"));
        const IterationRecord& round1 = *roundOf(c, 1);
        QCOMPARE(latestOutcome(round1), Outcome::ExeFailed);
        QCOMPARE(text(run, round1.memory->exeError), QStringLiteral("RuntimeError: shape mismatch"));
        QVERIFY(sourcePath(run, round1.label).endsWith(QStringLiteral("layernorm_output/layernorm.py")));
        QCOMPARE(c.latest, Outcome::Unknown); // round 2's evaluation is cut short
        QCOMPARE(run.warnings.size(), 3);
        // softmax's best patch changes a file that is not in the run (its kernel_path is on another machine).
        const LoadWarning& patch = run.warnings.at(1);
        QVERIFY(patch.file.endsWith(QStringLiteral("optimize_softmax/patch_3.patch")));
        QCOMPARE(patch.field, QStringLiteral("best_patch_file"));
        QVERIFY(patch.message.startsWith(QStringLiteral("the file this patch changes is not in the run's folder")));
        const LoadWarning& json = run.warnings.at(0);
        QVERIFY(json.file.endsWith(QStringLiteral("layernorm_output/round_2_evaluation.json")));
        QCOMPARE(json.line, 5);
        QCOMPARE(json.field, QStringLiteral("benchmark_speedup"));
        const LoadWarning& yaml = run.warnings.at(2);
        QVERIFY(yaml.file.endsWith(QStringLiteral("softmax_output/tasks/round_2/00_optimize.md")));
        QCOMPARE(yaml.field, QStringLiteral("front matter"));
        QVERIFY(yaml.line >= 2 && yaml.line <= 4);
    }

    // A run's files may name any path: nothing outside the folder opened is read (and so shown or
    // exported), whether named relative, absolute, through the output folder's name, or linked.
    void nothingOutsideTheRunIsRead()
    {
        QTemporaryDir dir;
        const QDir out(dir.filePath(QStringLiteral("evil_output")));
        QVERIFY(QDir().mkpath(out.filePath(QStringLiteral("tasks/round_1"))));
        QVERIFY(QDir().mkpath(out.filePath(QStringLiteral("results/round_1/worktrees/slot_0"))));
        QFile task(out.filePath(QStringLiteral("tasks/round_1/00.md")));
        QVERIFY(task.open(QIODevice::WriteOnly));
        task.write("---\nlabel: t\nkernel_path: ../../../../../../../../etc/passwd\nflydsl_kernel_filename: ../../../../etc/passwd\n"
                   "harness_path: /etc/hostname\n---\nbody\n");
        task.close();
        QFile evaluation(out.filePath(QStringLiteral("round_1_evaluation.json")));
        QVERIFY(evaluation.open(QIODevice::WriteOnly));
        evaluation.write(
            "{\"best_patch\": \"/elsewhere/evil_output/../../../../../../etc/passwd\", \"full_benchmark\": {\"success\": true}}");
        evaluation.close();
        // A link in the worktree to a file outside.
        QVERIFY(QFile::link(QStringLiteral("/etc/passwd"), out.filePath(QStringLiteral("results/round_1/worktrees/slot_0/passwd"))));
        QVERIFY(QFile::link(QStringLiteral("/etc/hostname"), out.filePath(QStringLiteral("results/round_1/worktrees/slot_0/hostname"))));
        const Run run = loadRunAtPath(out.path());
        QCOMPARE(run.cases.size(), 1);
        const IterationRecord& round = run.cases.first().newest();
        QVERIFY(!round.predict.isPresent());
        QVERIFY(!round.label.isPresent());
        QVERIFY(!round.testCode.isPresent());
        QVERIFY(round.candidateElsewhere); // evaluated: judged by its flags
        for (const SourceFile& source : *run.sources)
            QVERIFY2(source.path.startsWith(dir.path()), qPrintable(source.path));
    }
};

QTEST_GUILESS_MAIN(TestGeakV3Layout)
#include "tst_geakv3layout.moc"
