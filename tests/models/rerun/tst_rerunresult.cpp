// SPDX-License-Identifier: MIT
#include "examplereruns.h"
#include "models/rerun/kernelresourceparser.h"
#include "models/rerun/rerunformat.h"
#include "models/rerun/rerunresult.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace krw;

namespace {

QByteArray fuzzFinding(const QString& name)
{
    QFile file(QStringLiteral(KRW_TEST_DATA_DIR "/fuzz/harnessresult/") + name);
    if (!file.open(QIODevice::ReadOnly))
        QTest::qFail(qPrintable(file.fileName()), __FILE__, __LINE__);
    return file.readAll();
}

QVector<KernelResourceUsage> fixtureKernels(const QString& name, const QString& target)
{
    QFile file(QStringLiteral(KRW_TEST_DATA_DIR "/rerun/kernelresources/") + name);
    if (!file.open(QIODevice::ReadOnly))
        QTest::qFail(qPrintable(file.fileName()), __FILE__, __LINE__);
    return KernelResourceParser::parse(QString::fromUtf8(file.readAll()), target);
}

RerunResult compiledResult(const QVector<KernelResourceUsage>& kernels)
{
    RerunResult r;
    r.caseName = QStringLiteral("block_sum.py");
    r.versionId = QStringLiteral("it1:predict");
    r.profile = QStringLiteral("compile-check");
    CompileStage compile;
    compile.ok = true;
    compile.kernels = kernels;
    r.compile = compile;
    return r;
}

} // namespace

class TestRerunResult : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Where a rerun ran, in the words every view uses: here, a host, a Slurm task, or nowhere yet.
    void whereItRan()
    {
        RerunResult r;
        QCOMPARE(r.where(), QStringLiteral("local"));
        r.environment.insert(QStringLiteral("visible_devices"), QStringLiteral("HIP_VISIBLE_DEVICES=1"));
        QCOMPARE(r.where(), QStringLiteral("local, HIP_VISIBLE_DEVICES=1"));
        r.environment.clear();
        r.environment.insert(QStringLiteral("ssh_host"), QStringLiteral("gpu1"));
        QCOMPARE(r.where(), QStringLiteral("host gpu1"));
        r.environment.clear();
        r.environment.insert(QStringLiteral("slurm_job"), QStringLiteral("77_3"));
        QCOMPARE(r.where(), QStringLiteral("slurm job 77_3"));
        r.environment.insert(QStringLiteral("slurm_node"), QStringLiteral("node9"));
        QCOMPARE(r.where(), QStringLiteral("slurm job 77_3 on node9"));
        r.environment.clear();
        r.environment.insert(QStringLiteral("slurm_submitted"), QStringLiteral("no")); // sbatch failed: not "local"
        QCOMPARE(r.where(), QStringLiteral("Slurm, not submitted"));
    }

    // Both formats, with and without flags and with values a compiler did not report.
    void kernelsRoundTrip()
    {
        const auto kernels = fixtureKernels(QStringLiteral("hipcc52-gfx90a-pressure.log"), QStringLiteral("gfx90a"))
            + fixtureKernels(QStringLiteral("ptxas-sm90-handwritten.log"), QString());
        QCOMPARE(kernels.size(), 5);
        QString error;
        const auto back = rerunFromJson(rerunToJson(compiledResult(kernels)), &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(back->compile);
        QCOMPARE(back->compile->kernels.size(), kernels.size());
        for (int i = 0; i < kernels.size(); ++i)
            QVERIFY2(back->compile->kernels.at(i) == kernels.at(i), qPrintable(kernels.at(i).name));

        const auto file = kernelsFromJson(kernelsToJson(kernels), &error);
        QVERIFY2(file, qPrintable(error));
        QCOMPARE(*file, kernels);
    }

    // What `kernel-review-cli rerun --json` prints: stages.compile.kernels, null where not reported.
    void kernelsInTheResultJson()
    {
        const auto kernels = fixtureKernels(QStringLiteral("hipcc52-gfx90a-pressure.log"), QStringLiteral("gfx90a"));
        const QJsonObject root = QJsonDocument::fromJson(rerunToJson(compiledResult(kernels))).object();
        const QJsonArray list = root.value(QStringLiteral("stages"))
                                    .toObject()
                                    .value(QStringLiteral("compile"))
                                    .toObject()
                                    .value(QStringLiteral("kernels"))
                                    .toArray();
        QCOMPARE(list.size(), 2);
        const QJsonObject lds = list.at(0).toObject();
        QCOMPARE(lds.value(QStringLiteral("name")).toString(), QStringLiteral("_Z7big_ldsPf"));
        QCOMPARE(lds.value(QStringLiteral("demangled")).toString(), QStringLiteral("big_lds(float*)"));
        QCOMPARE(lds.value(QStringLiteral("source")).toString(), QStringLiteral("amd-remarks"));
        QCOMPARE(lds.value(QStringLiteral("target")).toString(), QStringLiteral("gfx90a"));
        QCOMPARE(lds.value(QStringLiteral("shared_bytes")).toInt(), 73728);
        QCOMPARE(lds.value(QStringLiteral("shared_limit_bytes")).toInt(), 65536);
        QCOMPARE(lds.value(QStringLiteral("flags")).toArray(), QJsonArray{QStringLiteral("lds_over_limit")});
        QVERIFY(lds.value(QStringLiteral("registers")).isNull());
        QVERIFY(lds.value(QStringLiteral("spill_store_bytes")).isNull());
        QCOMPARE(list.at(1).toObject().value(QStringLiteral("vgpr_spills")).toInt(), 894);
    }

    // Results saved before kernels were reported have none; a broken entry is skipped, not fatal.
    // How the caches were flushed travels through the result, and reads as it was done: a result
    // from before the read pass (no method) says its dirty lines were left to the timed call.
    void flushMethodRoundTripsAndReads()
    {
        QString error;
        RerunResult result = krw::test::cleanPassRerun(QStringLiteral("sin_kernel.py"));
        QVERIFY(result.timing);
        const auto back = rerunFromJson(rerunToJson(result), &error);
        QVERIFY2(back && back->timing, qPrintable(error));
        QCOMPARE(back->timing->flushMethod, QStringLiteral("write_read"));
        QCOMPARE(back->timing->flushBytes, qint64(209715200));
        QCOMPARE(flushText(*back->timing), QStringLiteral("written 100 MiB, then read 100 MiB (twice the last-level cache of 50 MiB)"));
        result.timing->flushMethod.clear();
        result.timing->flushBytes = 104857600;
        QCOMPARE(flushText(*result.timing),
            QStringLiteral("written 100 MiB (twice the last-level cache of 50 MiB), no read pass: dirty lines were left for the timed call "
                           "to write back"));
        result.timing->flushBytes = 0;
        QCOMPARE(flushText(*result.timing), QString());
    }

    void olderAndBrokenResults()
    {
        QString error;
        const auto old = rerunFromJson(R"({"case": "a.py", "stages": {"compile": {"ok": true, "cached": false}}})", &error);
        QVERIFY2(old && old->compile, qPrintable(error));
        QVERIFY(old->compile->kernels.isEmpty());
        const auto odd = rerunFromJson(
            R"({"case": "a.py", "stages": {"compile": {"ok": true, "kernels": [3, {"name": "k", "vgprs": "many", "occupancy": 4}]}}})",
            &error);
        QVERIFY2(odd && odd->compile, qPrintable(error));
        QCOMPARE(odd->compile->kernels.size(), 1);
        QCOMPARE(odd->compile->kernels.first().name, QStringLiteral("k"));
        QVERIFY(!odd->compile->kernels.first().vgprs);
        QCOMPARE(odd->compile->kernels.first().occupancy, std::optional<int>(4));
        QVERIFY(!kernelsFromJson("{}", &error));
        QVERIFY(!kernelsFromJson("[", &error));
        QCOMPARE(error, QStringLiteral("not a kernel list"));
    }

    // tests/fuzz (harnessresult): a number past a double's range ("19.1e3086…") is valid JSON
    // syntax that the parser refuses with another exception than a syntax error; it escaped and
    // ended the program. Now the file is refused with the reason, like any damaged result.
    void aNumberPastADoublesRangeIsRefused()
    {
        QString error;
        QVERIFY(!rerunFromJson(fuzzFinding(QStringLiteral("number-past-double-range-found-by-fuzzer.json")), &error));
        QVERIFY2(error.startsWith(QStringLiteral("not a rerun result: ")) && error.contains(QStringLiteral("number overflow")),
            qPrintable(error));
        error.clear();
        QVERIFY(!rerunFromJson(R"({"case": "a.py", "seconds": 1e999, "stages": {}})", &error));
        QVERIFY2(error.contains(QStringLiteral("number overflow")), qPrintable(error));
    }

    // tests/fuzz (harnessresult): numbers no int or qint64 holds were converted anyway (undefined
    // behaviour, caught by UBSan); now such a field reads as absent, and its neighbours still load.
    void numbersOutOfRange()
    {
        QString error;
        const auto r = rerunFromJson(fuzzFinding(QStringLiteral("numbers-out-of-range.json")), &error);
        QVERIFY2(r, qPrintable(error));
        QVERIFY(r->compile && r->accuracy && r->timing);
        QCOMPARE(r->compile->diagnostics.size(), 1);
        QCOMPARE(r->compile->diagnostics.first().line, 0);
        QCOMPARE(r->compile->diagnostics.first().column, 0);
        QCOMPARE(r->compile->diagnostics.first().message, QStringLiteral("m"));
        QCOMPARE(r->accuracy->outputs.size(), 1);
        QCOMPARE(r->accuracy->outputs.first().mismatched, qint64(0));
        QCOMPARE(r->accuracy->outputs.first().total, qint64(0));
        QCOMPARE(r->accuracy->outputs.first().shape, QVector<qint64>{2}); // 2^64-1 is no dimension
        QCOMPARE(r->accuracy->seeds.size(), 1);
        QCOMPARE(r->accuracy->seeds.first().seed, 0);
        QCOMPARE(r->timing->speedup, std::optional<double>(1.5));
        QCOMPARE(r->timing->flushBytes, qint64(0));
        QCOMPARE(r->timing->calls.size(), 1);
        QCOMPARE(r->timing->calls.first().index, 0);
        QVERIFY(r->timing->calls.first().baseline);
        QCOMPARE(r->timing->calls.first().baseline->p50, 1.0);
        QCOMPARE(r->timing->calls.first().baseline->reps, 0);
        QVERIFY(!r->timing->calls.first().baselineEvidence.bytes);
        // Whole numbers written as floats (older writers) still count.
        const auto floats = rerunFromJson(R"({"stages": {"compile": {"diagnostics": [{"line": 12.0, "column": -3}]}}})", &error);
        QVERIFY2(floats && floats->compile, qPrintable(error));
        QCOMPARE(floats->compile->diagnostics.first().line, 12);
        QCOMPARE(floats->compile->diagnostics.first().column, -3);
    }

    // The input libFuzzer itself found (harnessresult, on the code before the fix, after 172,000
    // executions): a stored result whose second call's "events" has reps = 7.1e84.
    void repsOutOfRangeFoundByFuzzer()
    {
        QString error;
        const auto r = rerunFromJson(fuzzFinding(QStringLiteral("reps-out-of-range-found-by-fuzzer.json")), &error);
        QVERIFY2(r && r->timing, qPrintable(error));
        QCOMPARE(r->timing->calls.size(), 4);
        QVERIFY(r->timing->calls.at(1).baselineEvidence.events);
        QCOMPARE(r->timing->calls.at(1).baselineEvidence.events->reps, 0);
        QCOMPARE(r->timing->calls.at(1).baselineEvidence.call->reps, 701); // its neighbours load
    }

    // tests/fuzz (harnessresult): a timed call that is not an object threw out of the reader
    // (nlohmann's value() on a number), which ended the process; now it is skipped.
    void callThatIsNotAnObject()
    {
        QString error;
        const auto r = rerunFromJson(fuzzFinding(QStringLiteral("call-not-an-object.json")), &error);
        QVERIFY2(r && r->timing, qPrintable(error));
        QCOMPARE(r->timing->calls.size(), 1);
        QCOMPARE(r->timing->calls.first().name, QStringLiteral("f"));
        QCOMPARE(r->timing->calls.first().index, 2);
    }

    // Counts past int (registers) or qint64 (bytes) were cut to whatever the conversion made of
    // them; they are absent now, as a count that is not a number is.
    void kernelCountsOutOfRange()
    {
        QString error;
        const auto kernels = kernelsFromJson(fuzzFinding(QStringLiteral("kernel-counts-out-of-range.json")), &error);
        QVERIFY2(kernels, qPrintable(error));
        QCOMPARE(kernels->size(), 1);
        const KernelResourceUsage& k = kernels->first();
        QVERIFY(!k.sgprs);
        QVERIFY(!k.vgprs);
        QVERIFY(!k.sharedBytes);
        QVERIFY(!k.scratchBytes);
        QCOMPARE(k.occupancy, std::optional<int>(8));
    }
};

QTEST_GUILESS_MAIN(TestRerunResult)
#include "tst_rerunresult.moc"
