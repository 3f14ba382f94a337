// SPDX-License-Identifier: MIT
#include "models/rerun/kernelresourceparser.h"
#include "models/rerun/reruntext.h"

#include <QFile>
#include <QTest>

using namespace krw;

class TestRerunText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // `kernel-review-cli rerun` without --json: one line per kernel under the compile line.
    void oneLinePerKernel()
    {
        QFile file(QStringLiteral(KRW_TEST_DATA_DIR "/rerun/kernelresources/hipcc52-gfx90a-pressure.log"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        RerunResult r;
        r.caseName = QStringLiteral("pressure.py");
        r.versionId = QStringLiteral("file:pressure.hip");
        r.baselineId = QStringLiteral("label");
        r.profile = QStringLiteral("compile-check");
        CompileStage compile;
        compile.seconds = 2;
        compile.kernels = KernelResourceParser::parse(QString::fromUtf8(file.readAll()), QStringLiteral("gfx90a"));
        r.compile = compile;
        const QStringList lines = QString::fromUtf8(rerunText(r)).split(QLatin1Char('\n'));
        const int at = int(lines.indexOf(QStringLiteral("compile: failed, 2.0 s")));
        QVERIFY2(at > 0, qPrintable(lines.join(QLatin1Char('\n'))));
        QCOMPARE(lines.mid(at + 1, 2),
            (QStringList{QStringLiteral("  kernel big_lds(float*) (gfx90a): registers 3 VGPR · 6 SGPR, LDS 72 KiB > 64 KiB, scratch 0 B, "
                                        "spills none, occupancy 1 waves/SIMD [lds_over_limit]"),
                QStringLiteral(
                    "  kernel spill(float*, int) (gfx90a): registers 128 VGPR · 14 SGPR, LDS 0 B, scratch 604 B, spills 894 VGPR, "
                    "occupancy 4 waves/SIMD [spills]")}));
    }

    // ptxas's numbers are NVIDIA's: shared memory, not LDS; no occupancy.
    void nvidiaKernel()
    {
        KernelResourceUsage k;
        k.source = KernelResourceUsage::Source::Ptxas;
        k.name = QStringLiteral("_Z3addPfS_i");
        k.target = QStringLiteral("sm_90");
        k.registers = 32;
        k.sharedBytes = 16;
        k.scratchBytes = 0;
        k.spillStoreBytes = k.spillLoadBytes = 0;
        KernelResourceParser::applyLimits(&k);
        k.demangledName = KernelResourceParser::demangle(k.name);
        RerunResult r;
        r.caseName = QStringLiteral("add.py");
        r.compile = CompileStage{};
        r.compile->ok = true;
        r.compile->kernels = {k};
        QVERIFY(QString::fromUtf8(rerunText(r))
                    .contains(
                        QStringLiteral("\n  kernel add(float*, float*, int) (sm_90): registers 32, shared 16 B, scratch 0 B, spills none, "
                                       "occupancy —\n")));
    }

    void noKernelsNoLines()
    {
        RerunResult r;
        r.caseName = QStringLiteral("a.py");
        r.compile = CompileStage{};
        QVERIFY(!QString::fromUtf8(rerunText(r)).contains(QStringLiteral("kernel ")));
    }
};

QTEST_GUILESS_MAIN(TestRerunText)
#include "tst_reruntext.moc"
