// SPDX-License-Identifier: MIT
//
// The harness contract's C++ side: runner/harness/spec.schema.json is compiled in, the runner's
// defaults are its defaults, and every spec RerunPipeline writes keeps to it. The Python side is
// held to the same file by test_harness.py (SpecContract).
#include "runner/harness/harnesscontract.h"
#include "runner/pipeline/rerunpipeline.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace krw;

class TestHarnessContract : public QObject
{
    Q_OBJECT

private:
    static RerunRequest request(bool hipCandidate)
    {
        RerunRequest r;
        r.caseName = QStringLiteral("sin_kernel.py");
        r.baselineText = QStringLiteral("import triton\n");
        r.candidateText = hipCandidate ? QStringLiteral("#include <hip/hip_runtime.h>\n__global__ void k() {}\n") : r.baselineText;
        r.profile.disabledChecks = QStringList{QStringLiteral("nondeterministic")};
        return r;
    }

private Q_SLOTS:
    // The compiled-in schema is the file in the tree, not a stale copy.
    void theSchemaIsTheFile()
    {
        QFile file(QStringLiteral(KRW_SOURCE_DIR "/runner/harness/spec.schema.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(HarnessContract::schema(), QJsonDocument::fromJson(file.readAll()).object());
    }

    void theRunnerTakesTheSchemasDefaults()
    {
        const RerunRequest r;
        QCOMPARE(r.rtol, 1e-05);
        QCOMPARE(r.atol, 1e-03);
        QCOMPARE(r.rtol, HarnessContract::defaultOf(QStringLiteral("rtol")).toDouble());
        QCOMPARE(r.atol, HarnessContract::defaultOf(QStringLiteral("atol")).toDouble());
        QCOMPARE(r.seed, HarnessContract::defaultOf(QStringLiteral("seed")).toInt());
        QCOMPARE(r.profile.seeds, HarnessContract::defaultOf(QStringLiteral("checks/seeds")).toInt());
        QCOMPARE(r.profile.implausibleSpeedup, HarnessContract::defaultOf(QStringLiteral("checks/implausible_speedup")).toDouble());
        QCOMPARE(HarnessContract::defaultOf(QStringLiteral("timing/warmup_ms")).toInt(), 25);
    }

    // What RerunPipeline writes, for a Python candidate and for a built HIP one.
    void theRunnersSpecKeepsTheContract()
    {
        const QJsonObject python = RerunPipeline::harnessSpec(request(false), QStringLiteral("/work/1"));
        QCOMPARE(HarnessContract::violations(python), QStringList());
        QCOMPARE(python.value(QStringLiteral("candidate")).toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("python"));
        const QJsonObject hip
            = RerunPipeline::harnessSpec(request(true), QStringLiteral("/work/2"), {}, QStringLiteral("/cache/krw_ab12.so"));
        QCOMPARE(HarnessContract::violations(hip), QStringList());
        const QJsonObject candidate = hip.value(QStringLiteral("candidate")).toObject();
        QCOMPARE(candidate.value(QStringLiteral("kind")).toString(), QStringLiteral("extension"));
        QCOMPARE(candidate.value(QStringLiteral("module_name")).toString(), QStringLiteral("krw_ab12"));
        QCOMPARE(candidate.value(QStringLiteral("source_file")).toString(), QStringLiteral("/work/2/candidate.hip"));
        QCOMPARE(hip.value(QStringLiteral("checks")).toObject().value(QStringLiteral("disabled")).toArray(),
            QJsonArray{QStringLiteral("nondeterministic")});
    }

    // A name one side writes and the other does not know is found, wherever it is.
    void violationsAreNamed()
    {
        QJsonObject spec = RerunPipeline::harnessSpec(request(true), QStringLiteral("/w"), {}, QStringLiteral("/m/x.so"));
        spec.insert(QStringLiteral("tolerance"), 0.1);
        QJsonObject timing = spec.value(QStringLiteral("timing")).toObject();
        timing.insert(QStringLiteral("warmup"), 10);
        spec.insert(QStringLiteral("timing"), timing);
        QJsonObject candidate = spec.value(QStringLiteral("candidate")).toObject();
        candidate.remove(QStringLiteral("module_name"));
        spec.insert(QStringLiteral("candidate"), candidate);
        QJsonObject baseline = spec.value(QStringLiteral("baseline")).toObject();
        baseline.insert(QStringLiteral("module_file"), QStringLiteral("/m/y.so")); // not a Python side's
        spec.insert(QStringLiteral("baseline"), baseline);
        spec.remove(QStringLiteral("test_file"));
        QCOMPARE(HarnessContract::violations(spec),
            (QStringList{QStringLiteral("tolerance"), QStringLiteral("missing: test_file"), QStringLiteral("timing/warmup"),
                QStringLiteral("baseline/module_file"), QStringLiteral("missing: candidate/module_name")}));
        baseline.insert(QStringLiteral("kind"), QStringLiteral("shared-library"));
        spec.insert(QStringLiteral("baseline"), baseline);
        QVERIFY(HarnessContract::violations(spec).contains(QStringLiteral("baseline/kind")));
    }
};

QTEST_GUILESS_MAIN(TestHarnessContract)
#include "tst_harnesscontract.moc"
