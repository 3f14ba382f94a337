// SPDX-License-Identifier: MIT
//
// GEAK v4 kernel runs (tests/data/layouts/geak-v4/exp), written from the role prompts that define
// the files (AMD-AGI/GEAK kernel_workflow/roles/{engineer,director}.md), as no real output is
// public: rmsnorm has a pass, a failure that still claims a speedup, drifted and cut-short worker
// results, and a final the director flagged; softmax has a speedup its own timings do not give and
// a final that failed the director's check.
#include "layoutreading.h"
#include "models/layouts/geakv4layout.h"
#include "models/run/outcomes.h"
#include "models/run/runloader.h"
#include "models/run/textstore.h"

#include <QDir>
#include <QTest>

using namespace krw;
using namespace krw::testing;

namespace {

const QString Exp = QStringLiteral(KRW_TEST_DATA_DIR "/layouts/geak-v4/exp");
const QString RmsTeam = Exp + QStringLiteral("/team_rmsnorm_20261103_101500_4242_ab12");

const IterationRecord& attempt(const Case& c, int n)
{
    return c.history.at(n - 1);
}

} // namespace

class TestGeakV4Layout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void foundFromAnyPathIntoIt()
    {
        const LocateResult all = locateRuns(Exp);
        QCOMPARE(all.runs.size(), 1);
        QCOMPARE(all.runs.first().layoutId(), QStringLiteral("geak-v4"));
        QCOMPARE(all.runs.first().caseFolders.size(), 2);
        for (const QString& path : QStringList{RmsTeam, RmsTeam + QStringLiteral("/rmsnorm"),
                 RmsTeam + QStringLiteral("/rmsnorm/round_1/engineer_2/worker_result.json"),
                 RmsTeam + QStringLiteral("/rmsnorm/baseline/rmsnorm.py")}) {
            const LocateResult located = locateRuns(path);
            QCOMPARE(located.runs.size(), 1);
            QCOMPARE(located.runs.first().caseFolders, QStringList{QDir(RmsTeam + QStringLiteral("/rmsnorm")).absolutePath()});
        }
    }

    // Every engineer of every round is an attempt, named so; the director's final comes last.
    void engineersThenTheFinal()
    {
        const Run run = loadRunAtPath(Exp);
        QCOMPARE(run.layout, QStringLiteral("geak-v4"));
        QCOMPARE(run.cases.size(), 2);
        const Case& rms = caseNamed(run, QStringLiteral("rmsnorm"));
        QCOMPARE(rms.history.size(), 5);
        QStringList names;
        for (const IterationRecord& r : rms.history)
            names << r.attempt;
        QCOMPARE(names,
            (QStringList{QStringLiteral("round 1 · engineer 1"), QStringLiteral("round 1 · engineer 2"),
                QStringLiteral("round 2 · engineer 1"), QStringLiteral("round 2 · engineer 2"), QStringLiteral("final (director)")}));
        const IterationRecord& first = attempt(rms, 1);
        QCOMPARE(latestOutcome(first), Outcome::Passed);
        QCOMPARE(first.speedup, std::optional<double>(1.23));
        QVERIFY(!first.speedupVerified);
        QVERIFY2(first.claimWarnings.isEmpty(), qPrintable(first.claimWarnings.join(QLatin1Char('\n'))));
        QCOMPARE(first.shapeTimings.size(), 3);
        QCOMPARE(first.shapeTimings.at(2).name, QStringLiteral("(512, 8192)"));
        QCOMPARE(first.shapeTimings.at(2).candidateMs, std::optional<double>(0.16));
        // The patch at another machine's path is found by its place in the kernel's folder.
        // The candidate is the patch applied to the baseline (with libgit2, again whenever it is read).
        QVERIFY(sourcePath(run, first.predict).endsWith(QStringLiteral("rmsnorm/round_1/engineer_1/best_patch.diff")));
        QCOMPARE(run.sources->at(first.predict.source).kind, SourceFile::Kind::Patched);
        const QString patched = text(run, first.predict);
        QVERIFY2(patched.startsWith(QStringLiteral("import torch\n")), qPrintable(patched.left(200)));
        QVERIFY(patched.contains(
            QStringLiteral("    block = triton.next_power_of_2(n_cols)\n    rmsnorm_kernel[(n_rows,)](x, w, y, n_cols, eps, "
                           "BLOCK=block, num_warps=8 if block >= 4096 else 4)\n    return y\n")));
        QVERIFY(!patched.contains(QStringLiteral("BLOCK=triton.next_power_of_2(n_cols))")));
        QVERIFY(sourcePath(run, first.label).endsWith(QStringLiteral("rmsnorm/baseline/rmsnorm.py")));
        QVERIFY(sourcePath(run, first.testCode).endsWith(QStringLiteral("rmsnorm/COMMANDMENT.md")));
        QCOMPARE(text(run, first.instruction), QStringLiteral("Tune num_warps and BLOCK for rmsnorm_kernel; keep the rmsnorm signature."));

        const IterationRecord& failed = attempt(rms, 2);
        QCOMPARE(latestOutcome(failed), Outcome::ExeFailed);
        QVERIFY(text(run, failed.memory->exeError).startsWith(QStringLiteral("Correctness check failed")));
        QCOMPARE(failed.claimWarnings, QStringList{QStringLiteral("the engineer reported failure, yet a speedup of 1.6 is recorded")});

        const IterationRecord& final = attempt(rms, 5);
        QCOMPARE(rms.latest, Outcome::Passed);
        QCOMPARE(final.speedup, std::optional<double>(1.9));
        QCOMPARE(final.speedupVerified, std::optional<double>(1.16));
        QCOMPARE(final.claimWarnings.size(), 2);
        QVERIFY(final.claimWarnings.at(0).startsWith(QStringLiteral("the director flagged this result: The tech lead quoted")));
        QCOMPARE(final.claimWarnings.at(1), QStringLiteral("the tech lead reported 1.9×, the director measured 1.16×"));
        QVERIFY(sourcePath(run, final.predict).endsWith(QStringLiteral("rmsnorm/final_patch.diff")));
    }

    // LLM-written files drift: a speedup as text, no status, a file cut short — each a warning
    // naming file, line and field, and the attempt still opens with what it has.
    void driftIsNamed()
    {
        const Run run = loadRunAtPath(RmsTeam);
        const Case& rms = caseNamed(run, QStringLiteral("rmsnorm"));
        const IterationRecord& drifted = attempt(rms, 3);
        QVERIFY(!drifted.speedup);
        QCOMPARE(drifted.shapeTimings.size(), 1);
        // Its patch does not apply to the baseline: the patch itself is shown, and a warning says why.
        QVERIFY(sourcePath(run, drifted.predict).endsWith(QStringLiteral("round_2/engineer_1/best_patch.diff")));
        QCOMPARE(run.sources->at(drifted.predict.source).kind, SourceFile::Kind::Raw);
        QVERIFY(text(run, drifted.predict).startsWith(QStringLiteral("diff --git a/rmsnorm.py b/rmsnorm.py")));
        QCOMPARE(latestOutcome(drifted), Outcome::Unknown);
        QVERIFY(!attempt(rms, 4).predict.isPresent());
        QStringList seen;
        for (const LoadWarning& w : run.warnings) {
            seen << QStringLiteral("%1:%2:%3")
                        .arg(QFileInfo(w.file).dir().dirName() + QLatin1Char('/') + QFileInfo(w.file).fileName())
                        .arg(w.line)
                        .arg(w.field);
        }
        QCOMPARE(seen,
            (QStringList{QStringLiteral("engineer_1/best_patch.diff:0:patch_file"),
                QStringLiteral("engineer_1/worker_result.json:1:status"), QStringLiteral("engineer_1/worker_result.json:4:speedup_geomean"),
                QStringLiteral("engineer_2/worker_result.json:5:per_case")}));
        QVERIFY2(run.warnings.first().message.contains(QStringLiteral("(the patch does not apply: hunk at line 18 did not apply)")),
            qPrintable(run.warnings.first().message));
    }

    void claimsOfTheSecondKernel()
    {
        const Run run = loadRunAtPath(Exp);
        const Case& softmax = caseNamed(run, QStringLiteral("softmax"));
        QCOMPARE(softmax.history.size(), 2);
        const IterationRecord& engineer = attempt(softmax, 1);
        QCOMPARE(engineer.claimWarnings.size(), 1);
        QVERIFY2(engineer.claimWarnings.first().contains(QStringLiteral("speedup_geomean 2.5 is not the geometric mean 1.225")),
            qPrintable(engineer.claimWarnings.first()));
        QCOMPARE(softmax.latest, Outcome::ExeFailed);
        QCOMPARE(softmax.newest().claimWarnings,
            QStringList{QStringLiteral("the tech lead reported 2.5× for a final patch the director found wrong")});
        QVERIFY(text(run, softmax.newest().memory->exeError).startsWith(QStringLiteral("exp2 with the folded constant")));
        QVERIFY(sourcePath(run, softmax.newest().predict).endsWith(QStringLiteral("softmax/final_patch.diff")));
    }
};

QTEST_GUILESS_MAIN(TestGeakV4Layout)
#include "tst_geakv4layout.moc"
