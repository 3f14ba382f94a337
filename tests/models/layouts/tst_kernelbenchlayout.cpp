// SPDX-License-Identifier: MIT
//
// KernelBench runs (tests/data/layouts/kernelbench: a small checkout with its baseline timings and
// runs/ beside it, written from KernelBench's writer code): found from any path into them, each
// outcome of the one outcome rule reached, speedups computed against the baseline of the same
// GPU, KernelBench's own suspicion and an impossible runtime carried as claim warnings, and every
// broken field a warning naming file, line and field.
#include "layoutreading.h"
#include "models/layouts/kernelbenchcheckout.h"
#include "models/layouts/kernelbenchlayout.h"
#include "models/run/runloader.h"
#include "models/run/textstore.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/time.h>

using namespace krw;
using namespace krw::testing;

namespace {

const QString Fixture = QStringLiteral(KRW_TEST_DATA_DIR "/layouts/kernelbench");
const QString DemoRun = Fixture + QStringLiteral("/runs/demo_run");

bool copyFolder(const QString& from, const QString& to)
{
    QDir().mkpath(to);
    for (const QString& name : QDir(from).entryList(QDir::Files)) {
        if (!QFile::copy(QDir(from).filePath(name), QDir(to).filePath(name)))
            return false;
    }
    return true;
}

} // namespace

class TestKernelBenchLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A run's folder, any file of it, or runs/ with several runs (newest first).
    void foundFromAnyPathIntoIt()
    {
        for (const QString& path : QStringList{DemoRun, DemoRun + QStringLiteral("/eval_results.json"),
                 DemoRun + QStringLiteral("/level_1_problem_3_sample_1_kernel.py"), DemoRun + QStringLiteral("/generation_config.yaml")}) {
            const LocateResult located = locateRuns(path);
            QCOMPARE(located.runs.size(), 1);
            QCOMPARE(located.runs.first().kind, RunSource::Kind::Layout);
            QCOMPARE(located.runs.first().layoutId(), QStringLiteral("kernelbench"));
            QCOMPARE(located.runs.first().name, QStringLiteral("demo_run"));
        }
        QTemporaryDir dir;
        QVERIFY(copyFolder(DemoRun, dir.filePath(QStringLiteral("runs/newer"))));
        QVERIFY(copyFolder(Fixture + QStringLiteral("/runs/older_run"), dir.filePath(QStringLiteral("runs/older"))));
        QDir().mkpath(dir.filePath(QStringLiteral("runs/not-a-run")));
        const struct timeval past[2] = {{1700000000, 0}, {1700000000, 0}}; // 2023: older than the copy just made
        QCOMPARE(::utimes(QFile::encodeName(dir.filePath(QStringLiteral("runs/older"))).constData(), past), 0);
        const LocateResult located = locateRuns(dir.filePath(QStringLiteral("runs")));
        QCOMPARE(located.runs.size(), 2);
        QCOMPARE(located.runs.at(0).name, QStringLiteral("newer"));
        QCOMPARE(located.runs.at(1).name, QStringLiteral("older"));
    }

    // A folder of nothing says every layout it looked for.
    void aFolderOfNothingSaysWhatWasLookedFor()
    {
        QTemporaryDir dir;
        const LocateResult located = locateRuns(dir.path());
        QVERIFY(!located);
        QVERIFY2(located.error.contains(QStringLiteral("<root>_<N>.jsonl")), qPrintable(located.error));
        QVERIFY2(located.error.contains(QStringLiteral("a KernelBench run (level_<L>_problem_<P>_sample_<S>_kernel.py")),
            qPrintable(located.error));
    }

    // Each outcome of the one rule, from what the evaluator wrote.
    void outcomesFollowTheOneRule()
    {
        QString error;
        const Run run = loadRunAtPath(DemoRun, {}, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(run.layout, QStringLiteral("kernelbench"));
        QVERIFY(run.isSeries);
        QCOMPARE(run.iterations, (QVector<int>{0, 1}));
        QStringList names;
        for (const Case& c : run.cases)
            names << c.filename;
        QCOMPARE(names.size(), 8);
        QCOMPARE(caseNamed(run, QStringLiteral("1_Square_matmul.py")).latest, Outcome::Passed);
        QCOMPARE(caseNamed(run, QStringLiteral("2_ReLU.py")).latest, Outcome::CallFailed);
        QCOMPARE(caseNamed(run, QStringLiteral("3_Softmax.py")).latest, Outcome::Passed); // its newest sample, 1
        QCOMPARE(caseNamed(run, QStringLiteral("3_Softmax.py")).history.size(), 2);
        QCOMPARE(caseNamed(run, QStringLiteral("3_Softmax.py")).history.first().memory->passExe, std::optional<bool>(false));
        QCOMPARE(caseNamed(run, QStringLiteral("level1_problem_4")).latest, Outcome::Unknown); // not evaluated, no reference
        QCOMPARE(caseNamed(run, QStringLiteral("level1_problem_5")).latest, Outcome::NoPrediction); // evaluated, no kernel file
        QCOMPARE(caseNamed(run, QStringLiteral("6_Sum_reduction.py")).latest, Outcome::PerfFailed); // correct, never timed
        QCOMPARE(caseNamed(run, QStringLiteral("7_Tanh.py")).latest, Outcome::Unknown); // "compiled": "yes"
        QCOMPARE(caseNamed(run, QStringLiteral("level1_problem_8")).latest, Outcome::Passed);
    }

    // The texts a reviewer reads: the sample's kernel, its prompt, the problem file, the error.
    void textsAreTheFilesAndTheErrors()
    {
        const Run run = loadRunAtPath(DemoRun);
        const IterationRecord& matmul = caseNamed(run, QStringLiteral("1_Square_matmul.py")).newest();
        QVERIFY(text(run, matmul.predict).contains(QStringLiteral("problem 1, sample 0")));
        QVERIFY(text(run, matmul.instruction).contains(QStringLiteral("Square_matmul problem")));
        QVERIFY(text(run, matmul.label).contains(QStringLiteral("def get_inputs()")));
        const IterationRecord& relu = caseNamed(run, QStringLiteral("2_ReLU.py")).newest();
        QCOMPARE(text(run, relu.memory->callError),
            QStringLiteral("Error building extension 'relu_v2': error: identifier \"blockIdx\" is undefined"));
        const IterationRecord& softmax = caseNamed(run, QStringLiteral("3_Softmax.py")).history.first();
        QCOMPARE(text(run, softmax.memory->exeError), QStringLiteral("Output mismatch"));
        bool maxDifference = false;
        for (const ExtraField& extra : softmax.memory->extra)
            maxDifference
                = maxDifference || (extra.key == QLatin1String("max_difference") && extra.shortValue.contains(QStringLiteral("0.812500")));
        QVERIFY(maxDifference);
    }

    // Verified against the baseline of the same GPU; none on another GPU, with why; warned claims.
    void speedupsAndClaimWarnings()
    {
        const Run run = loadRunAtPath(DemoRun);
        const IterationRecord& matmul = caseNamed(run, QStringLiteral("1_Square_matmul.py")).newest();
        QVERIFY(matmul.speedupVerified);
        QCOMPARE(*matmul.speedupVerified, 2.0 / 1.6);
        QVERIFY(!matmul.speedup); // KernelBench's agents claim nothing
        QVERIFY(matmul.claimWarnings.isEmpty());
        const IterationRecord& suspicious = caseNamed(run, QStringLiteral("3_Softmax.py")).newest();
        QCOMPARE(suspicious.claimWarnings.size(), 2);
        QVERIFY(suspicious.claimWarnings.join(QLatin1Char('\n')).contains(QStringLiteral("excessive speedup")));
        QVERIFY(suspicious.claimWarnings.join(QLatin1Char('\n')).contains(QStringLiteral("its unit cannot be right")));
        const IterationRecord& otherGpu = caseNamed(run, QStringLiteral("level1_problem_8")).newest();
        QVERIFY(!otherGpu.speedupVerified);
        QString why;
        for (const ExtraField& extra : otherGpu.extra)
            if (extra.key == QLatin1String("speedup"))
                why = extra.shortValue;
        QVERIFY2(why.contains(QStringLiteral("NVIDIA L40S")) && why.contains(QStringLiteral("NVIDIA H100 80GB HBM3")), qPrintable(why));
    }

    // Bad input: each a warning naming file, line and field; everything else loads.
    void brokenFieldsAreNamed()
    {
        const Run run = loadRunAtPath(DemoRun);
        const QString eval = QDir(DemoRun).absoluteFilePath(QStringLiteral("eval_results.json"));
        const LoadWarning* compiled = nullptr;
        const LoadWarning* twice = nullptr;
        for (const LoadWarning& w : run.warnings) {
            if (w.field == QLatin1String("7[0].compiled"))
                compiled = &w;
            if (w.message.contains(QStringLiteral("more than once")))
                twice = &w;
        }
        QVERIFY(compiled);
        QCOMPARE(compiled->file, eval);
        QCOMPARE(compiled->line, 105); // "compiled": "yes"
        QVERIFY(twice);
        QVERIFY2(twice->message.contains(QStringLiteral("problem 2, sample 0")), qPrintable(twice->message));
        QCOMPARE(run.warnings.size(), 2);
    }

    // Without a checkout above it, the run still opens: cases by number, no reference, no speedup,
    // and a warning that says where to point; KRW_KERNELBENCH_DIR points there.
    void withoutACheckoutAndWithTheVariable()
    {
        QTemporaryDir dir;
        QVERIFY(copyFolder(DemoRun, dir.filePath(QStringLiteral("demo_run"))));
        const Run alone = loadRunAtPath(dir.filePath(QStringLiteral("demo_run")));
        QCOMPARE(alone.cases.size(), 8);
        QVERIFY(alone.indexOf(QStringLiteral("level1_problem_1")) >= 0);
        QVERIFY(!caseNamed(alone, QStringLiteral("level1_problem_1")).newest().label.isPresent());
        QVERIFY(!caseNamed(alone, QStringLiteral("level1_problem_1")).newest().speedupVerified);
        bool said = false;
        for (const LoadWarning& w : alone.warnings)
            said = said || w.message.contains(QStringLiteral("KRW_KERNELBENCH_DIR"));
        QVERIFY(said);

        qputenv("KRW_KERNELBENCH_DIR", Fixture.toUtf8());
        const Run pointed = loadRunAtPath(dir.filePath(QStringLiteral("demo_run")));
        qunsetenv("KRW_KERNELBENCH_DIR");
        QVERIFY(pointed.indexOf(QStringLiteral("1_Square_matmul.py")) >= 0);
        QVERIFY(caseNamed(pointed, QStringLiteral("1_Square_matmul.py")).newest().speedupVerified);

        // The checkout chosen once in the window (File ▸ KernelBench Checkout…) serves the same.
        QVERIFY(KernelBenchCheckout::isCheckout(Fixture));
        QVERIFY(!KernelBenchCheckout::isCheckout(dir.path()));
        KernelBenchCheckout::setChosen(Fixture);
        const Run chosen = loadRunAtPath(dir.filePath(QStringLiteral("demo_run")));
        KernelBenchCheckout::setChosen(QString());
        QVERIFY(caseNamed(chosen, QStringLiteral("1_Square_matmul.py")).newest().label.isPresent());
        QVERIFY(caseNamed(chosen, QStringLiteral("1_Square_matmul.py")).newest().speedupVerified);
        QVERIFY(loadRunAtPath(dir.filePath(QStringLiteral("demo_run"))).indexOf(QStringLiteral("level1_problem_1")) >= 0);
    }

    // A file that is not JSON at all: one warning naming it, the kernels still open (unevaluated).
    void anUnreadableResultsFileLeavesTheKernels()
    {
        QTemporaryDir dir;
        const QString run = dir.filePath(QStringLiteral("runs/r"));
        QVERIFY(copyFolder(DemoRun, run));
        QFile eval(run + QStringLiteral("/eval_results.json"));
        QVERIFY(eval.open(QIODevice::WriteOnly | QIODevice::Truncate));
        eval.write("[1, 2, 3]\n");
        eval.close();
        const Run loaded = loadRunAtPath(run);
        QCOMPARE(loaded.cases.size(), 7); // every kernel file's problem; 5 had only an evaluation
        for (const Case& c : loaded.cases)
            QCOMPARE(c.latest, Outcome::Unknown);
        bool named = false;
        for (const LoadWarning& w : loaded.warnings)
            named = named
                || (w.file.endsWith(QStringLiteral("eval_results.json")) && w.message.contains(QStringLiteral("not a JSON object")));
        QVERIFY(named);
    }
};

QTEST_GUILESS_MAIN(TestKernelBenchLayout)
#include "tst_kernelbenchlayout.moc"
