// SPDX-License-Identifier: MIT
//
// KernelResourceParser on real hipcc 5.2 output and on a hand-written ptxas -v log
// (tests/data/README.md says where each fixture comes from).
#include "models/rerun/diagnosticparser.h"
#include "models/rerun/kernelresourceparser.h"
#include "models/rerun/rerunformat.h"

#include <QFile>
#include <QTest>

#include <limits>

using namespace krw;

namespace {

QString fixture(const QString& name)
{
    QFile file(QStringLiteral(KRW_TEST_DATA_DIR "/rerun/kernelresources/") + name);
    if (!file.open(QIODevice::ReadOnly)) {
        QTest::qFail(qPrintable(QStringLiteral("fixture %1 missing").arg(file.fileName())), __FILE__, __LINE__);
        return {};
    }
    return QString::fromUtf8(file.readAll());
}

const KernelResourceUsage* kernelNamed(const QVector<KernelResourceUsage>& kernels, const QString& name)
{
    for (const KernelResourceUsage& k : kernels) {
        if (k.name == name)
            return &k;
    }
    return nullptr;
}

} // namespace

class TestKernelResourceParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The compile-check profile's own command on the sample's block_sum (2 KiB of LDS).
    void realCompileCheckLog()
    {
        const auto kernels = KernelResourceParser::parse(fixture(QStringLiteral("hipcc52-gfx90a-block_sum.log")), QStringLiteral("gfx90a"));
        QCOMPARE(kernels.size(), 1);
        const KernelResourceUsage& k = kernels.first();
        QCOMPARE(k.source, KernelResourceUsage::Source::AmdRemarks);
        QCOMPARE(k.name, QStringLiteral("_Z16block_sum_kernelPKfPfl"));
        QCOMPARE(k.demangledName, QStringLiteral("block_sum_kernel(float const*, float*, long)"));
        QCOMPARE(k.target, QStringLiteral("gfx90a"));
        QCOMPARE(k.sgprs, std::optional<int>(10));
        QCOMPARE(k.vgprs, std::optional<int>(6));
        QCOMPARE(k.agprs, std::optional<int>(0));
        QCOMPARE(k.scratchBytes, std::optional<qint64>(0));
        QCOMPARE(k.occupancy, std::optional<int>(8));
        QCOMPARE(k.sgprSpills, std::optional<int>(0));
        QCOMPARE(k.vgprSpills, std::optional<int>(0));
        QCOMPARE(k.sharedBytes, std::optional<qint64>(2048));
        QCOMPARE(k.sharedLimitBytes, std::optional<qint64>(KernelResourceParser::CdnaSharedLimitBytes));
        QVERIFY(!k.registers); // an NVIDIA number: not reported here
        QVERIFY(!k.spillStoreBytes);
        QCOMPARE(k.flags, QStringList());
        QCOMPARE(kernelSharedText(k), QStringLiteral("2 KiB"));
        QCOMPARE(kernelSpillsText(k), QStringLiteral("none"));
    }

    // clang 15 at -O0 reports every device function; only the kernel has an LDS line.
    void deviceFunctionsAreNotKernels()
    {
        const QString log = fixture(QStringLiteral("hipcc52-gfx90a-O0-sin_kernel.log"));
        QVERIFY(log.count(QStringLiteral("Function Name:")) > 10);
        const auto kernels = KernelResourceParser::parse(log, QStringLiteral("gfx90a"));
        QCOMPARE(kernels.size(), 1);
        const KernelResourceUsage& k = kernels.first();
        QCOMPARE(k.name, QStringLiteral("_Z10sin_kernelPKfPfl"));
        QCOMPARE(k.demangledName, QStringLiteral("sin_kernel(float const*, float*, long)"));
        // Unoptimised device code: what the compile-check profile no longer builds (buildplan.cpp).
        QCOMPARE(k.sgprs, std::optional<int>(40));
        QCOMPARE(k.vgprs, std::optional<int>(41));
        QCOMPARE(k.agprs, std::optional<int>(44));
        QCOMPARE(k.scratchBytes, std::optional<qint64>(16496));
        QCOMPARE(k.occupancy, std::optional<int>(5));
        QCOMPARE(k.sgprSpills, std::optional<int>(16));
        QCOMPARE(k.vgprSpills, std::optional<int>(12));
        QCOMPARE(k.flags, QStringList{QStringLiteral("spills")});
        QCOMPARE(kernelSpillsText(k), QStringLiteral("12 VGPR, 16 SGPR"));
    }

    // Real: a kernel with 72 KiB of LDS (clang refuses it, and still reports it) and one that spills.
    void sharedMemoryOverTheLimitAndSpills()
    {
        const auto kernels = KernelResourceParser::parse(fixture(QStringLiteral("hipcc52-gfx90a-pressure.log")), QStringLiteral("gfx90a"));
        QCOMPARE(kernels.size(), 2);
        const KernelResourceUsage* lds = kernelNamed(kernels, QStringLiteral("_Z7big_ldsPf"));
        QVERIFY(lds);
        QCOMPARE(lds->sharedBytes, std::optional<qint64>(73728));
        QCOMPARE(lds->flags, QStringList{QStringLiteral("lds_over_limit")});
        QCOMPARE(lds->occupancy, std::optional<int>(1));
        QCOMPARE(kernelSharedText(*lds), QStringLiteral("72 KiB > 64 KiB"));
        const KernelResourceUsage* spill = kernelNamed(kernels, QStringLiteral("_Z5spillPfi"));
        QVERIFY(spill);
        QCOMPARE(spill->vgprs, std::optional<int>(128));
        QCOMPARE(spill->scratchBytes, std::optional<qint64>(604));
        QCOMPARE(spill->vgprSpills, std::optional<int>(894));
        QCOMPARE(spill->sgprSpills, std::optional<int>(0));
        QCOMPARE(spill->flags, QStringList{QStringLiteral("spills")});
        QCOMPARE(kernelSpillsText(*spill), QStringLiteral("894 VGPR"));

        // gfx950 allows 160 KiB: the same kernel is fine there. An unknown target has no limit.
        const auto onGfx950 = KernelResourceParser::parse(fixture(QStringLiteral("hipcc52-gfx90a-pressure.log")), QStringLiteral("gfx950"));
        QCOMPARE(kernelNamed(onGfx950, QStringLiteral("_Z7big_ldsPf"))->flags, QStringList());
        const auto unknown = KernelResourceParser::parse(fixture(QStringLiteral("hipcc52-gfx90a-pressure.log")));
        QVERIFY(!kernelNamed(unknown, QStringLiteral("_Z7big_ldsPf"))->sharedLimitBytes);
        QCOMPARE(kernelNamed(unknown, QStringLiteral("_Z7big_ldsPf"))->flags, QStringList());
        QCOMPARE(kernelNamed(unknown, QStringLiteral("_Z5spillPfi"))->flags, QStringList{QStringLiteral("spills")});
    }

    // Hand-written from ptxas's documented format; to be checked against a real nvcc.
    void ptxasVerbose()
    {
        const auto kernels = KernelResourceParser::parse(fixture(QStringLiteral("ptxas-sm90-handwritten.log")), QStringLiteral("gfx90a"));
        QCOMPARE(kernels.size(), 3);
        const KernelResourceUsage& tiles = kernels.at(0);
        QCOMPARE(tiles.source, KernelResourceUsage::Source::Ptxas);
        QCOMPARE(tiles.name, QStringLiteral("_Z9add_tilesPKfS0_Pfi"));
        QCOMPARE(tiles.demangledName, QStringLiteral("add_tiles(float const*, float const*, float*, int)"));
        QCOMPARE(tiles.target, QStringLiteral("sm_90")); // ptxas's own, not the AMD target passed in
        QCOMPARE(tiles.registers, std::optional<int>(32));
        QCOMPARE(tiles.sharedBytes, std::optional<qint64>(16384));
        QCOMPARE(tiles.sharedLimitBytes, std::optional<qint64>(KernelResourceParser::NvidiaStaticSharedLimitBytes));
        QCOMPARE(tiles.scratchBytes, std::optional<qint64>(0));
        QCOMPARE(tiles.spillStoreBytes, std::optional<qint64>(0));
        QVERIFY(!tiles.occupancy);
        QVERIFY(!tiles.vgprs);
        QCOMPARE(tiles.flags, QStringList());
        QCOMPARE(kernelRegistersText(tiles), QStringLiteral("32"));
        QCOMPARE(kernelOccupancyText(tiles), QStringLiteral("—"));

        const KernelResourceUsage& heavy = kernels.at(1);
        QCOMPARE(heavy.registers, std::optional<int>(255));
        QCOMPARE(heavy.sharedBytes, std::optional<qint64>(0)); // ptxas leaves "0 bytes smem" out
        QCOMPARE(heavy.scratchBytes, std::optional<qint64>(64));
        QCOMPARE(heavy.spillStoreBytes, std::optional<qint64>(120));
        QCOMPARE(heavy.spillLoadBytes, std::optional<qint64>(96));
        QCOMPARE(heavy.flags, QStringList{QStringLiteral("spills")});
        QCOMPARE(kernelSpillsText(heavy), QStringLiteral("120 B stored, 96 B loaded"));

        // A callee's properties come between the entry's and its "Used" line: the entry keeps its own.
        const KernelResourceUsage& caller = kernels.at(2);
        QCOMPARE(caller.name, QStringLiteral("_Z6callerPf"));
        QCOMPARE(caller.scratchBytes, std::optional<qint64>(8));
        QCOMPARE(caller.registers, std::optional<int>(40));
        QCOMPARE(caller.sharedBytes, std::optional<qint64>(16)); // items in any order
    }

    // Remark shapes seen elsewhere: llc puts the location after "remark:", later LLVMs add
    // "Dynamic Stack" (LLVM's own test, AMDGPU/resource-usage-remarks); CRLF line ends.
    void otherRemarkShapes_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("sgprs");
        QTest::addColumn<qint64>("lds");
        QTest::addRow("llc-location-after-remark") << QStringLiteral("remark: foo.cl:27:0: Function Name: test_kernel\n"
                                                                     "remark: foo.cl:27:0:     SGPRs: 28\n"
                                                                     "remark: foo.cl:27:0:     VGPRs: 9\n"
                                                                     "remark: foo.cl:27:0:     AGPRs: 43\n"
                                                                     "remark: foo.cl:27:0:     ScratchSize [bytes/lane]: 0\n"
                                                                     "remark: foo.cl:27:0:     Dynamic Stack: False\n"
                                                                     "remark: foo.cl:27:0:     Occupancy [waves/SIMD]: 5\n"
                                                                     "remark: foo.cl:27:0:     SGPRs Spill: 0\n"
                                                                     "remark: foo.cl:27:0:     VGPRs Spill: 0\n"
                                                                     "remark: foo.cl:27:0:     LDS Size [bytes/block]: 512\n")
                                                   << QStringLiteral("test_kernel") << 28 << qint64(512);
        QTest::addRow("total-sgprs-crlf") << QStringLiteral(
            "k.hip:3:1: remark: Function Name: k [-Rpass-analysis=kernel-resource-usage]\r\n"
            "k.hip:3:1: remark:     TotalSGPRs: 53 [-Rpass-analysis=kernel-resource-usage]\r\n"
            "k.hip:3:1: remark:     LDS Size [bytes/block]: 131072 [-Rpass-analysis=kernel-resource-usage]\r\n")
                                          << QStringLiteral("k") << 53 << qint64(131072);
    }

    void otherRemarkShapes()
    {
        QFETCH(QString, log);
        QFETCH(QString, name);
        QFETCH(int, sgprs);
        QFETCH(qint64, lds);
        const auto kernels = KernelResourceParser::parse(log, QStringLiteral("gfx942"));
        QCOMPARE(kernels.size(), 1);
        QCOMPARE(kernels.first().name, name);
        QCOMPARE(kernels.first().demangledName, QString()); // not a mangled name
        QCOMPARE(kernels.first().sgprs, std::optional<int>(sgprs));
        QCOMPARE(kernels.first().sharedBytes, std::optional<qint64>(lds));
        QCOMPARE(kernels.first().hasFlag(KernelResourceUsage::FlagSharedOverLimit), lds > 65536);
    }

    void nothingReported_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addRow("empty") << QString();
        QTest::addRow("g++") << QStringLiteral("x.cpp:3:5: warning: unused variable 'n' [-Wunused-variable]\n");
        QTest::addRow("clang error") << QStringLiteral(
            "k.hip:14:20: error: no matching function for call to 'fast_sin'\n1 error generated.\n");
        QTest::addRow("name without lds") << QStringLiteral(
            "remark: Function Name: __ocml_sin_f32 [-Rpass-analysis=kernel-resource-usage]\n"
            "remark:     SGPRs: 0 [-Rpass-analysis=kernel-resource-usage]\n");
        QTest::addRow("other remark") << QStringLiteral("k.hip:3:1: remark: loop not vectorized [-Rpass-analysis=loop-vectorize]\n");
    }

    void nothingReported()
    {
        QFETCH(QString, log);
        QVERIFY(KernelResourceParser::parse(log, QStringLiteral("gfx90a")).isEmpty());
    }

    void limits_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<qint64>("limit"); // -1: unknown
        QTest::addRow("gfx90a") << QStringLiteral("gfx90a") << qint64(65536);
        QTest::addRow("gfx90a-with-features") << QStringLiteral("gfx90a:sramecc+:xnack-") << qint64(65536);
        QTest::addRow("gfx942") << QStringLiteral("gfx942") << qint64(65536);
        QTest::addRow("gfx908") << QStringLiteral("gfx908") << qint64(65536);
        QTest::addRow("gfx950") << QStringLiteral("gfx950") << qint64(163840);
        QTest::addRow("rdna3") << QStringLiteral("gfx1100") << qint64(65536);
        QTest::addRow("sm_90") << QStringLiteral("sm_90") << qint64(49152);
        QTest::addRow("sm_90a") << QStringLiteral("sm_90a") << qint64(49152);
        QTest::addRow("empty") << QString() << qint64(-1);
        QTest::addRow("old-gcn") << QStringLiteral("gfx803") << qint64(-1);
        QTest::addRow("native") << QStringLiteral("native") << qint64(-1);
    }

    void limits()
    {
        QFETCH(QString, target);
        QFETCH(qint64, limit);
        QCOMPARE(KernelResourceParser::sharedLimitBytes(target).value_or(-1), limit);
    }

    void demangling_data()
    {
        QTest::addColumn<QString>("symbol");
        QTest::addColumn<QString>("readable");
        QTest::addRow("kernel") << QStringLiteral("_Z10sin_kernelPKfPfl") << QStringLiteral("sin_kernel(float const*, float*, long)");
        QTest::addRow("template") << QStringLiteral("_Z6reduceILi256EEvPKfPf") << QStringLiteral("void reduce<256>(float const*, float*)");
        QTest::addRow("c-name") << QStringLiteral("__ocml_sin_f32") << QString();
        QTest::addRow("invalid") << QStringLiteral("_Z999") << QString();
        QTest::addRow("too-long") << QStringLiteral("_Z") + QString(5000, QLatin1Char('x')) << QString();
    }

    void demangling()
    {
        QFETCH(QString, symbol);
        QFETCH(QString, readable);
        QCOMPARE(KernelResourceParser::demangle(symbol), readable);
    }

    // The report is the kernel table's; the diagnostics keep only real messages.
    void diagnosticsLeaveTheReport()
    {
        const auto pressure = DiagnosticParser::parseAll(fixture(QStringLiteral("hipcc52-gfx90a-pressure.log")));
        QCOMPARE(pressure.size(), 18); // 9 remarks per kernel, each a "remark" diagnostic
        QCOMPARE(KernelResourceParser::withoutResourceLines(pressure).size(), 0);
        const auto unoptimised = DiagnosticParser::parseAll(fixture(QStringLiteral("hipcc52-gfx90a-O0-sin_kernel.log")));
        QVERIFY(!unoptimised.isEmpty());
        QCOMPARE(KernelResourceParser::withoutResourceLines(unoptimised).size(), 0);

        // A real message keeps its excerpt, but not the remarks without location (or ptxas lines)
        // that the parser hung on it, and not another pass's remark is taken away.
        const QString log = QStringLiteral("k.hip:5:9: warning: unused variable 'n' [-Wunused-variable]\n"
                                           "    int n = 0;\n"
                                           "        ^\n"
                                           "remark: Function Name: __ocml_sin_f32 [-Rpass-analysis=kernel-resource-usage]\n"
                                           "remark:     SGPRs: 0 [-Rpass-analysis=kernel-resource-usage]\n"
                                           "ptxas info    : Function properties for _Z6helperf\n"
                                           "    24 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
                                           "k.hip:9:1: remark:     VGPRs: 3 [-Rpass-analysis=kernel-resource-usage]\n"
                                           "k.hip:12:3: remark: loop not vectorized [-Rpass-analysis=loop-vectorize]\n");
        const auto kept = KernelResourceParser::withoutResourceLines(DiagnosticParser::parseAll(log));
        QCOMPARE(kept.size(), 2);
        QCOMPARE(kept.at(0).message, QStringLiteral("unused variable 'n' [-Wunused-variable]"));
        QCOMPARE(kept.at(0).context, (QStringList{QStringLiteral("    int n = 0;"), QStringLiteral("        ^")}));
        QCOMPARE(kept.at(1).line, 12);
    }

    // tests/fuzz (diagnosticparser): an LDS size near the top of qint64 overflowed byteSizeText's
    // bytes * 10 (undefined behaviour, caught by UBSan); the size now shows whole.
    void hugeSizesShow()
    {
        QFile file(QStringLiteral(KRW_TEST_DATA_DIR "/fuzz/diagnosticparser/lds-size-near-int64-max.log"));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        const auto kernels = KernelResourceParser::parse(QString::fromUtf8(file.readAll()), QStringLiteral("gfx90a"));
        QCOMPARE(kernels.size(), 1);
        QCOMPARE(kernels.first().sharedBytes, std::optional<qint64>(Q_INT64_C(9000000000000000001)));
        QCOMPARE(kernelSharedText(kernels.first()), QStringLiteral("8789062500000000.0 KiB > 64 KiB"));
        QCOMPARE(byteSizeText(std::numeric_limits<qint64>::max()), QStringLiteral("9007199254740991.9 KiB"));
        QCOMPARE(byteSizeText(65535), QStringLiteral("63.9 KiB"));
    }
};

QTEST_GUILESS_MAIN(TestKernelResourceParser)
#include "tst_kernelresourceparser.moc"
