// SPDX-License-Identifier: MIT
#include "models/rerun/diagnosticparser.h"
#include "runner/build/buildplan.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

namespace {

BuildInputs inputs(ToolchainProfile::Kind kind, const QString& source = QStringLiteral("__global__ void k() {}"))
{
    BuildInputs in;
    in.profile = defaultProfile(kind);
    in.info.compilerPath = QStringLiteral("/usr/bin/tool");
    in.info.compilerVersion = QStringLiteral("clang 15");
    in.info.torchVersion = QStringLiteral("1.13");
    in.info.torchIncludePaths = QStringList{QStringLiteral("/torch/include")};
    in.info.pythonInclude = QStringLiteral("/py/include");
    in.info.extensionSuffix = QStringLiteral(".cpython-311-x86_64-linux-gnu.so");
    in.compatRoot = QStringLiteral("/app/runner/compat");
    in.cacheRoot = QStringLiteral("/cache");
    in.caseName = QStringLiteral("sin_kernel.py");
    in.source = source;
    return in;
}

} // namespace

class TestBuildPlan : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cpuBuildsASharedExtension()
    {
        const BuildPlan plan = planBuild(inputs(ToolchainProfile::Kind::Cpu));
        QCOMPARE(plan.steps.size(), 1);
        const QStringList& a = plan.steps.first().arguments;
        QVERIFY(plan.producesModule);
        QVERIFY(a.contains(QStringLiteral("-shared")) && a.contains(QStringLiteral("-fPIC")));
        QCOMPARE(
            a.mid(a.indexOf(QStringLiteral("-isystem")), 2), (QStringList{QStringLiteral("-isystem"), QStringLiteral("/torch/include")}));
        QVERIFY(a.contains(QStringLiteral("-DTORCH_EXTENSION_NAME=") + plan.moduleName));
        QVERIFY(plan.moduleName.startsWith(QStringLiteral("krw_sin_kernel_")));
        QVERIFY(plan.sourcePath.endsWith(QStringLiteral(".cpp")));
        QVERIFY(plan.outputPath.endsWith(QStringLiteral(".cpython-311-x86_64-linux-gnu.so")));
        QCOMPARE(a.at(a.indexOf(QStringLiteral("-o")) + 1), plan.partialPath); // renamed only on success
        QVERIFY(a.contains(QStringLiteral("-ltorch_python")));
    }

    void compileCheckOnlyCompilesForAnAmdTarget()
    {
        const BuildPlan plan = planBuild(inputs(ToolchainProfile::Kind::CompileCheck));
        const QStringList& a = plan.steps.first().arguments;
        QVERIFY(!plan.producesModule);
        QVERIFY(a.contains(QStringLiteral("--offload-arch=gfx90a")));
        QVERIFY(a.contains(QStringLiteral("-c")));
        // One compile, the device's: it checks the whole file and half the time goes (no host codegen).
        QVERIFY(a.contains(QStringLiteral("--cuda-device-only")));
        QVERIFY(!a.contains(QStringLiteral("-ltorch")));
        QVERIFY(a.contains(QStringLiteral("-I/app/runner/compat/cpu-torch"))); // CPU PyTorch: our HIP headers
        // The host compile stays at -O0 (fast); the device code is optimised after it, so the
        // kernel table shows what a real build uses.
        const int o0 = int(a.indexOf(QStringLiteral("-O0")));
        const int device = int(a.indexOf(QStringLiteral("-Xarch_device")));
        QVERIFY(o0 >= 0 && device > o0);
        QCOMPARE(a.at(device + 1), QStringLiteral("-O3"));
        QCOMPARE(a.count(QStringLiteral("-O3")), 1);
        BuildInputs mi300 = inputs(ToolchainProfile::Kind::CompileCheck);
        mi300.profile.offloadArch = QStringLiteral("gfx942");
        QCOMPARE(planBuild(mi300).target, QStringLiteral("gfx942"));
        BuildInputs rocmTorch = inputs(ToolchainProfile::Kind::CompileCheck);
        rocmTorch.info.torchHip = QStringLiteral("5.7");
        QVERIFY(!planBuild(rocmTorch).steps.first().arguments.contains(QStringLiteral("-I/app/runner/compat/cpu-torch")));
    }

    // Each GPU compile reports what its kernels use (KernelResourceParser reads it from the log);
    // the cpu build has no kernels and gets no flag.
    void resourceReports_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("flag"); // empty: none
        QTest::addColumn<QString>("target");
        QTest::addRow("cpu") << int(ToolchainProfile::Kind::Cpu) << QString() << QString();
        QTest::addRow("compile-check") << int(ToolchainProfile::Kind::CompileCheck)
                                       << QStringLiteral("-Rpass-analysis=kernel-resource-usage") << QStringLiteral("gfx90a");
        QTest::addRow("rocm-detected-arch") << int(ToolchainProfile::Kind::Rocm) << QStringLiteral("-Rpass-analysis=kernel-resource-usage")
                                            << QString();
        QTest::addRow("hip-nvidia") << int(ToolchainProfile::Kind::HipNvidia) << QStringLiteral("-Xptxas=-v") << QString();
    }

    void resourceReports()
    {
        QFETCH(int, kind);
        QFETCH(QString, flag);
        QFETCH(QString, target);
        const BuildPlan plan = planBuild(inputs(ToolchainProfile::Kind(kind)));
        const QStringList& compile = plan.steps.first().arguments;
        const QStringList reportFlags = {QStringLiteral("-Rpass-analysis=kernel-resource-usage"), QStringLiteral("-Xptxas=-v")};
        for (const QString& f : reportFlags)
            QCOMPARE(compile.contains(f), f == flag);
        QCOMPARE(plan.target, target);
        if (flag.isEmpty()) {
            QVERIFY(plan.kernelsPath.isEmpty());
        } else {
            // Beside the module, named after it: a cached module finds its own table.
            QCOMPARE(plan.kernelsPath, plan.directory + QLatin1Char('/') + plan.moduleName + QStringLiteral(".kernels.json"));
        }
        for (int step = 1; step < plan.steps.size(); ++step) // nvcc's link has no kernels to report
            QVERIFY(!plan.steps.at(step).arguments.contains(flag));
    }

    void hipNvidiaDrivesNvcc()
    {
        BuildInputs in = inputs(ToolchainProfile::Kind::HipNvidia);
        in.cudaRoot = QStringLiteral("/opt/cuda");
        const BuildPlan plan = planBuild(in);
        QCOMPARE(plan.steps.size(), 2); // hipcc compiles, nvcc links (hipcc would add -lcuda)
        const ProcessSpec& compile = plan.steps.at(0);
        QVERIFY(compile.environment.contains(QStringLiteral("HIP_PLATFORM=nvidia")));
        QCOMPARE(compile.arguments.mid(0, 3), (QStringList{QStringLiteral("-x"), QStringLiteral("cu"), QStringLiteral("-c")}));
        QVERIFY(compile.arguments.contains(QStringLiteral("-Xcompiler=-fPIC")));
        QVERIFY(compile.arguments.contains(QStringLiteral("-std=c++20")));
        QVERIFY(compile.arguments.contains(QStringLiteral("-arch=native")));
        QVERIFY(compile.arguments.contains(QStringLiteral("-I/app/runner/compat/hip-nvidia")));
        QVERIFY(!compile.arguments.contains(QStringLiteral("-ltorch_cuda")));
        const ProcessSpec& link = plan.steps.at(1);
        QCOMPARE(link.program, QStringLiteral("/opt/cuda/bin/nvcc"));
        QVERIFY(link.arguments.contains(QStringLiteral("-ltorch_cuda")));
        QCOMPARE(link.arguments.at(link.arguments.indexOf(QStringLiteral("-o")) + 1), plan.partialPath);
    }

    // Builders of one key share the module's name and lock but never a file they write.
    void concurrentBuildersWriteTheirOwnFiles()
    {
        BuildInputs a = inputs(ToolchainProfile::Kind::HipNvidia);
        BuildInputs b = a;
        a.buildToken = QStringLiteral("aaaa");
        b.buildToken = QStringLiteral("bbbb");
        const BuildPlan pa = planBuild(a);
        const BuildPlan pb = planBuild(b);
        QCOMPARE(pa.cacheKey, pb.cacheKey);
        QCOMPARE(pa.outputPath, pb.outputPath);
        QCOMPARE(pa.lockPath, pb.lockPath);
        QVERIFY(pa.partialPath != pb.partialPath);
        QCOMPARE(pa.scratchPaths.size(), 2); // the module and the object file nvcc links
        for (const QString& path : pa.scratchPaths) {
            QVERIFY(!pb.scratchPaths.contains(path));
            QVERIFY2(path.contains(QStringLiteral(".partial-aaaa")), qPrintable(path));
        }
        const QString object = pa.steps.at(0).arguments.at(pa.steps.at(0).arguments.indexOf(QStringLiteral("-o")) + 1);
        QVERIFY2(object.endsWith(QStringLiteral(".o")), qPrintable(object)); // nvcc knows an object by its suffix
        QVERIFY(pa.steps.at(1).arguments.contains(object));
    }

    // The module appears in one rename, over whatever was there; a failed move says why and
    // leaves no scratch behind.
    void publishReplacesInOneStep()
    {
        QTemporaryDir dir;
        BuildInputs in = inputs(ToolchainProfile::Kind::Cpu);
        in.cacheRoot = dir.path();
        in.buildToken = QStringLiteral("tok");
        const BuildPlan plan = planBuild(in);
        QVERIFY(QDir().mkpath(plan.directory));
        auto write = [](const QString& path, const QByteArray& bytes) {
            QFile f(path);
            return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
        };
        QVERIFY(write(plan.outputPath, "old"));
        QVERIFY(write(plan.partialPath, "new"));
        QString error;
        QVERIFY2(publishBuild(plan, &error), qPrintable(error));
        QFile out(plan.outputPath);
        QVERIFY(out.open(QIODevice::ReadOnly));
        QCOMPARE(out.readAll(), QByteArray("new"));
        QVERIFY(!QFile::exists(plan.partialPath));

        QVERIFY(!publishBuild(plan, &error)); // nothing was built
        QVERIFY2(error.contains(plan.partialPath) && error.contains(QStringLiteral("cannot move")), qPrintable(error));

        QVERIFY(write(plan.directory + QStringLiteral("/x.so.partial-dead"), "left by a killed builder"));
        QVERIFY(write(plan.directory + QStringLiteral("/keep.txt"), "not scratch"));
        removeDeadScratch(plan.directory);
        QVERIFY(!QFile::exists(plan.directory + QStringLiteral("/x.so.partial-dead")));
        QVERIFY(QFile::exists(plan.directory + QStringLiteral("/keep.txt")));
        QVERIFY(QFile::exists(plan.outputPath));
    }

    void cacheKeyFollowsWhatDecidesTheBuild()
    {
        const QString key = planBuild(inputs(ToolchainProfile::Kind::Cpu)).cacheKey;
        QCOMPARE(planBuild(inputs(ToolchainProfile::Kind::Cpu)).cacheKey, key); // stable
        QVERIFY(planBuild(inputs(ToolchainProfile::Kind::Cpu, QStringLiteral("other"))).cacheKey != key);
        BuildInputs flags = inputs(ToolchainProfile::Kind::Cpu);
        flags.profile.extraFlags = QStringList{QStringLiteral("-O3")};
        QVERIFY(planBuild(flags).cacheKey != key);
        BuildInputs tool = inputs(ToolchainProfile::Kind::Cpu);
        tool.info.compilerVersion = QStringLiteral("clang 16");
        QVERIFY(planBuild(tool).cacheKey != key);
        BuildInputs sameLineOtherBuild = inputs(ToolchainProfile::Kind::Cpu);
        sameLineOtherBuild.info.compilerVersionText = QStringLiteral("clang 15\nTarget: aarch64-linux-gnu");
        QVERIFY(planBuild(sameLineOtherBuild).cacheKey != key);
        BuildInputs otherCase = inputs(ToolchainProfile::Kind::Cpu);
        otherCase.caseName = QStringLiteral("cos.py");
        QCOMPARE(planBuild(otherCase).cacheKey, key); // same code, same module
    }

    // Real --version outputs, stdout and stderr together as the pipeline reads them.
    void compilerVersions_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("text");
        QTest::addRow("debian-hipcc-without-gpu")
            << QStringLiteral("Traceback (most recent call last):\n"
                              "  File \"/usr/bin/rocm_agent_enumerator\", line 257, in <module>\n"
                              "    main()\n"
                              "                  ^^^^^^^^^^^^^\n"
                              "FileNotFoundError: [Errno 2] No such file or directory: '/sys/class/kfd/kfd/topology/nodes/'\n"
                              "HIP version: 5.2.21153-0\nDebian clang version 15.0.6\nTarget: x86_64-pc-linux-gnu\n")
            << QStringLiteral("HIP version: 5.2.21153-0")
            << QStringLiteral("HIP version: 5.2.21153-0\nDebian clang version 15.0.6\nTarget: x86_64-pc-linux-gnu");
        QTest::addRow("nvcc") << QStringLiteral("nvcc: NVIDIA (R) Cuda compiler driver\nCopyright (c) 2005-2025 NVIDIA Corporation\n"
                                                "Cuda compilation tools, release 13.0, V13.0.48\n")
                              << QStringLiteral("Cuda compilation tools, release 13.0, V13.0.48")
                              << QStringLiteral("nvcc: NVIDIA (R) Cuda compiler driver\nCopyright (c) 2005-2025 NVIDIA Corporation\n"
                                                "Cuda compilation tools, release 13.0, V13.0.48");
        QTest::addRow("g++") << QStringLiteral(
            "g++ (Debian 12.2.0-14+deb12u1) 12.2.0\nCopyright (C) 2022 Free Software Foundation, Inc.\n\n")
                             << QStringLiteral("g++ (Debian 12.2.0-14+deb12u1) 12.2.0")
                             << QStringLiteral("g++ (Debian 12.2.0-14+deb12u1) 12.2.0\nCopyright (C) 2022 Free Software Foundation, Inc.");
    }

    void compilerVersions()
    {
        QFETCH(QString, output);
        QFETCH(QString, line);
        QFETCH(QString, text);
        QCOMPARE(compilerVersionText(output), text);
        QCOMPARE(compilerVersionLine(text), line);
    }

    // The rerun log leaves out the traceback hipcc gets from rocm_agent_enumerator without an AMD
    // GPU, and says so; any other traceback stays.
    void compilerVersionLogs_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("log");
        const QString hip = QStringLiteral("HIP version: 5.2.21153-0\nDebian clang version 15.0.6\n");
        const QString enumerator = QStringLiteral(
            "Traceback (most recent call last):\n  File \"/usr/bin/rocm_agent_enumerator\", line 257, in <module>\n    main()\n"
            "FileNotFoundError: [Errno 2] No such file or directory: '/sys/class/kfd/kfd/topology/nodes/'\n");
        const QString note = QStringLiteral("[kernel-review: rocm_agent_enumerator's traceback left out: it finds no AMD GPU here (no "
                                            "/sys/class/kfd), which changes nothing for this compiler]\n");
        QTest::addRow("hipcc-without-gpu") << enumerator + hip << note + hip;
        QTest::addRow("after-the-version") << hip + enumerator << note + hip;
        const QString other = QStringLiteral("Traceback (most recent call last):\n  File \"/usr/bin/wrapper\", line 3\nKeyError: 'x'\n");
        QTest::addRow("another-traceback-stays") << other + hip << other + hip;
        QTest::addRow("no-traceback") << hip << hip;
        QTest::addRow("cut-short") << QStringLiteral("Traceback (most recent call last):\n  File \"rocm_agent_enumerator\"")
                                   << QStringLiteral("Traceback (most recent call last):\n  File \"rocm_agent_enumerator\"");
    }

    void compilerVersionLogs()
    {
        QFETCH(QString, output);
        QFETCH(QString, log);
        QCOMPARE(compilerVersionLog(output), log);
    }

    void moduleStems_data()
    {
        QTest::addColumn<QString>("caseName");
        QTest::addColumn<QString>("stem");
        QTest::addRow("plain") << QStringLiteral("sin_kernel.py") << QStringLiteral("sin_kernel");
        QTest::addRow("dashes-and-dots") << QStringLiteral("flash-attn.v2.py") << QStringLiteral("flash_attn_v2");
        QTest::addRow("leading-digit") << QStringLiteral("3d_conv.py") << QStringLiteral("m3d_conv");
        QTest::addRow("hostile") << QStringLiteral("../../x;rm -rf.py") << QStringLiteral("x_rm__rf");
        QTest::addRow("empty") << QString() << QStringLiteral("m");
    }

    void moduleStems()
    {
        QFETCH(QString, caseName);
        QFETCH(QString, stem);
        QCOMPARE(moduleStem(caseName), stem);
    }

    void diagnostics_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("expected"); // "file:line:col severity message | ..." per diagnostic
        QTest::addRow("clang-error-and-note") << QStringLiteral(
            "/t/k.hip:14:20: error: no matching function for call to 'fast_sin'\n    out[i] = fast_sin(x);\n                   ^~~~~~~~\n"
            "/t/k.hip:7:14: note: candidate function not viable\n1 error generated.\n")
                                              << QStringLiteral("/t/k.hip:14:20 error no matching function for call to 'fast_sin' (2) | "
                                                                "/t/k.hip:7:14 note candidate function not viable (1)");
        QTest::addRow("gcc-no-column") << QStringLiteral("x.cpp:3: warning: unused\n") << QStringLiteral("x.cpp:3:0 warning unused (0)");
        QTest::addRow("fatal") << QStringLiteral("a.cpp:1:10: fatal error: 'torch/extension.h' file not found\n")
                               << QStringLiteral("a.cpp:1:10 error 'torch/extension.h' file not found (0)");
        QTest::addRow("nvcc") << QStringLiteral("k.cu(12): error: identifier \"foo\" is undefined\n")
                              << QStringLiteral("k.cu:12:0 error identifier \"foo\" is undefined (0)");
        QTest::addRow("crlf") << QStringLiteral("k.hip:2:1: error: x\r\n") << QStringLiteral("k.hip:2:1 error x (0)");
        QTest::addRow("no-diagnostics") << QStringLiteral("ld: warning text without location\nIn file included from x.h:3:\n") << QString();
    }

    void diagnostics()
    {
        QFETCH(QString, output);
        QFETCH(QString, expected);
        auto describe = [](const QVector<Diagnostic>& list) {
            QStringList parts;
            for (const Diagnostic& d : list)
                parts << QStringLiteral("%1:%2:%3 %4 %5 (%6)")
                             .arg(d.file)
                             .arg(d.line)
                             .arg(d.column)
                             .arg(severityName(d.severity), d.message)
                             .arg(d.context.size());
            return parts.join(QStringLiteral(" | "));
        };
        QCOMPARE(describe(DiagnosticParser::parseAll(output)), expected);
        // Fed in pieces that split lines anywhere, the result is the same.
        DiagnosticParser chunked;
        for (int i = 0; i < output.size(); i += 7)
            chunked.feed(output.mid(i, 7));
        chunked.finish();
        QCOMPARE(describe(chunked.diagnostics()), expected);
    }
};

QTEST_GUILESS_MAIN(TestBuildPlan)
#include "tst_buildplan.moc"
