// SPDX-License-Identifier: MIT
#include "rerun/kernelresourceparser.h"
#include "rerun/rerunresult.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace krw;

namespace {

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
};

QTEST_GUILESS_MAIN(TestRerunResult)
#include "tst_rerunresult.moc"
