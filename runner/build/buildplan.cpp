// SPDX-License-Identifier: MIT
#include "runner/build/buildplan.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <filesystem>
#include <system_error>

namespace krw {

namespace {

QStringList commonFlags(const BuildInputs& in, const QString& moduleName)
{
    // PyTorch 2.x builds its extensions as C++20 for CUDA; ROCm and CPU builds accept C++17.
    const bool cpp20 = in.profile.kind == ToolchainProfile::Kind::HipNvidia;
    // compile-check never runs the code: optimising would only make it slower (about 40 s vs 30 s).
    const bool optimise = in.profile.kind != ToolchainProfile::Kind::CompileCheck;
    QStringList flags
        = {cpp20 ? QStringLiteral("-std=c++20") : QStringLiteral("-std=c++17"), optimise ? QStringLiteral("-O3") : QStringLiteral("-O0")};
    for (const QString& path : in.info.torchIncludePaths)
        flags << QStringLiteral("-isystem") << path; // their warnings are not the candidate's
    if (!in.info.pythonInclude.isEmpty())
        flags << QStringLiteral("-isystem") << in.info.pythonInclude;
    flags << QStringLiteral("-DTORCH_EXTENSION_NAME=") + moduleName << QStringLiteral("-DTORCH_API_INCLUDE_EXTENSION_H")
          << QStringLiteral("-D_GLIBCXX_USE_CXX11_ABI=%1").arg(in.info.cxx11Abi ? 1 : 0);
    return flags;
}

// clang's per-kernel registers, LDS, scratch, spills and occupancy as remarks on stderr
// (KernelResourceParser); they change nothing in the output.
QString resourceRemarks()
{
    return QStringLiteral("-Rpass-analysis=kernel-resource-usage");
}

// The AMD target compile-check builds for: the profile's, else gfx90a (runner/compat/README.md).
QString amdTarget(const ToolchainProfile& profile)
{
    return profile.offloadArch.isEmpty() ? QStringLiteral("gfx90a") : profile.offloadArch;
}

// viaNvcc: nvcc takes linker options as -Xlinker=..., not -Wl,...
QStringList linkFlags(const BuildInputs& in, const QStringList& gpuLibraries, bool viaNvcc = false)
{
    QStringList flags;
    for (const QString& path : in.info.torchLibraryPaths)
        flags << QStringLiteral("-L") + path << (viaNvcc ? QStringLiteral("-Xlinker=-rpath,") : QStringLiteral("-Wl,-rpath,")) + path;
    flags << QStringLiteral("-lc10") << QStringLiteral("-ltorch") << QStringLiteral("-ltorch_cpu") << QStringLiteral("-ltorch_python");
    for (const QString& lib : gpuLibraries)
        flags << QStringLiteral("-l") + lib;
    return flags;
}

// The arguments that decide the build, without the paths that depend on the cache key.
QStringList kindFlags(const BuildInputs& in, const QString& moduleName)
{
    const QString compat = in.compatRoot;
    switch (in.profile.kind) {
    case ToolchainProfile::Kind::Cpu:
        return QStringList{QStringLiteral("-shared"), QStringLiteral("-fPIC")} + commonFlags(in, moduleName);
    case ToolchainProfile::Kind::CompileCheck: {
        // Device code only: clang parses and checks the whole file (host functions, templates they
        // instantiate, pybind11's bindings) in the device compile too, and only the device side
        // needs code generation (for the kernels' resources). The host compile was the other half
        // of the time and added no diagnostic on any source we tried
        // (tests/validation/compile_check_sample.py --compare-device-only, docs/RUNNER.md).
        QStringList flags = {QStringLiteral("--offload-arch=") + amdTarget(in.profile), QStringLiteral("--cuda-device-only"),
            QStringLiteral("-c"), QStringLiteral("-fPIC"), resourceRemarks()};
        // A CPU build of PyTorch has no HIP headers; ours map the few calls extensions use.
        if (in.info.torchHip.isEmpty())
            flags << QStringLiteral("-I") + compat + QStringLiteral("/cpu-torch")
                  << QStringLiteral("-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP");
        // The host side stays at -O0 (the slow part: torch/extension.h); the device code is
        // optimised as a real build would be, or its registers, scratch and spills would be those
        // of unoptimised code (sin_kernel at -O0: 16 KiB scratch per lane and 28 spilled
        // registers; at -O3: none). clang applies -Xarch_device to the device compile only.
        return flags + commonFlags(in, moduleName) + QStringList{QStringLiteral("-Xarch_device"), QStringLiteral("-O3")};
    }
    case ToolchainProfile::Kind::Rocm: {
        QStringList flags = {QStringLiteral("-shared"), QStringLiteral("-fPIC"), resourceRemarks()};
        if (!in.profile.offloadArch.isEmpty())
            flags << QStringLiteral("--offload-arch=") + in.profile.offloadArch;
        return flags + commonFlags(in, moduleName);
    }
    case ToolchainProfile::Kind::HipNvidia: {
        // hipcc 5.2 drives nvcc here. It never adds "-x cu" for .hip files, and an explicit -x makes
        // it drop its own flags, so -fPIC goes through -Xcompiler (runner/compat/README.md).
        QStringList flags = {QStringLiteral("-x"), QStringLiteral("cu"), QStringLiteral("-c"), QStringLiteral("-Xcompiler=-fPIC"),
            QStringLiteral("--expt-relaxed-constexpr"), QStringLiteral("-D__CUDA_NO_HALF_OPERATORS__"),
            QStringLiteral("-D__CUDA_NO_HALF_CONVERSIONS__"), QStringLiteral("-D__CUDA_NO_BFLOAT16_CONVERSIONS__"),
            QStringLiteral("-D__CUDA_NO_HALF2_OPERATORS__"),
            in.profile.offloadArch.isEmpty() ? QStringLiteral("-arch=native") : QStringLiteral("-arch=") + in.profile.offloadArch,
            QStringLiteral("-I") + compat + QStringLiteral("/hip-nvidia"), QStringLiteral("-isystem"),
            in.cudaRoot + QStringLiteral("/include"),
            // ptxas's per-kernel registers, shared memory and spills (KernelResourceParser);
            // one token, as -Xcompiler=-fPIC, so hipcc hands it to nvcc whole.
            QStringLiteral("-Xptxas=-v")};
        return flags + commonFlags(in, moduleName);
    }
    }
    return {};
}

QStringList gpuLibraries(ToolchainProfile::Kind kind)
{
    switch (kind) {
    case ToolchainProfile::Kind::Rocm:
        return {QStringLiteral("c10_hip"), QStringLiteral("torch_hip")};
    case ToolchainProfile::Kind::HipNvidia:
        return {QStringLiteral("c10_cuda"), QStringLiteral("torch_cuda")};
    default:
        return {};
    }
}

QString hashOf(const QStringList& parts)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString& part : parts) {
        hash.addData(part.toUtf8());
        hash.addData(QByteArray(1, '\0'));
    }
    return QString::fromLatin1(hash.result().toHex().left(16));
}

} // namespace

QString moduleStem(const QString& caseName)
{
    QString stem = QFileInfo(caseName).completeBaseName();
    stem.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_]")), QStringLiteral("_"));
    if (stem.isEmpty() || stem.at(0).isDigit())
        stem.prepend(QLatin1Char('m'));
    return stem.left(40);
}

BuildPlan planBuild(const BuildInputs& in)
{
    BuildPlan plan;
    const ToolchainProfile& p = in.profile;
    // The module name must not change the key; it is derived from it.
    const QStringList keyFlags = kindFlags(in, QStringLiteral("@MODULE@")) + p.extraFlags;
    plan.cacheKey = hashOf(QStringList{in.source, kindName(p.kind), in.info.compilerVersion, in.info.compilerVersionText,
                               in.info.torchVersion, in.info.pythonVersion}
        + keyFlags);
    plan.moduleName = QStringLiteral("krw_%1_%2").arg(moduleStem(in.caseName), plan.cacheKey.left(8));
    plan.directory = QDir(in.cacheRoot).filePath(plan.cacheKey);
    plan.producesModule = p.kind != ToolchainProfile::Kind::CompileCheck;
    const QString sourceSuffix = p.kind == ToolchainProfile::Kind::Cpu ? QStringLiteral(".cpp") : QStringLiteral(".hip");
    plan.sourcePath = QDir(plan.directory).filePath(plan.moduleName + sourceSuffix);
    plan.outputPath
        = QDir(plan.directory).filePath(plan.moduleName + (plan.producesModule ? in.info.extensionSuffix : QStringLiteral(".o")));
    const QString scratch = QStringLiteral(".partial-") + (in.buildToken.isEmpty() ? QStringLiteral("build") : in.buildToken);
    plan.partialPath = plan.outputPath + scratch;
    plan.lockPath = QDir(plan.directory).filePath(plan.moduleName + QStringLiteral(".lock"));
    switch (p.kind) {
    case ToolchainProfile::Kind::CompileCheck:
        plan.target = amdTarget(p);
        break;
    case ToolchainProfile::Kind::Rocm:
    case ToolchainProfile::Kind::HipNvidia: // ptxas names its target itself
        plan.target = p.offloadArch;
        break;
    case ToolchainProfile::Kind::Cpu:
        break;
    }
    if (p.compilesHip())
        plan.kernelsPath = QDir(plan.directory).filePath(plan.moduleName + QStringLiteral(".kernels.json"));

    ProcessSpec compile;
    compile.program = in.info.compilerPath.isEmpty() ? p.compiler : in.info.compilerPath;
    compile.workingDirectory = plan.directory;
    compile.timeoutMs = p.compileTimeoutS * 1000;
    const bool separateLink = p.kind == ToolchainProfile::Kind::HipNvidia;
    // Ends in .o: nvcc tells an object from other inputs by its suffix.
    const QString objectPath = QDir(plan.directory).filePath(plan.moduleName + scratch + QStringLiteral(".o"));
    plan.scratchPaths << plan.partialPath;
    if (separateLink)
        plan.scratchPaths << objectPath;
    compile.arguments = kindFlags(in, plan.moduleName) + p.extraFlags << plan.sourcePath << QStringLiteral("-o")
                                                                      << (separateLink ? objectPath : plan.partialPath);
    if (plan.producesModule && !separateLink)
        compile.arguments += linkFlags(in, gpuLibraries(p.kind));
    if (separateLink)
        compile.environment << QStringLiteral("HIP_PLATFORM=nvidia") << QStringLiteral("HIP_COMPILER=nvcc")
                            << QStringLiteral("HIP_RUNTIME=cuda") << QStringLiteral("CUDA_PATH=") + in.cudaRoot;
    plan.steps.append(compile);
    if (separateLink) {
        // Linking through hipcc would add -lcuda, which CUDA keeps in stubs/ only: nvcc links.
        ProcessSpec link = compile;
        link.program = in.cudaRoot + QStringLiteral("/bin/nvcc");
        link.environment.clear();
        link.arguments = QStringList{QStringLiteral("-shared"), objectPath, QStringLiteral("-o"), plan.partialPath,
                             QStringLiteral("-L") + in.cudaRoot + QStringLiteral("/lib64")}
            + linkFlags(in, gpuLibraries(p.kind), true);
        plan.steps.append(link);
    }
    return plan;
}

bool publishBuild(const BuildPlan& plan, QString* error)
{
    // rename(2) replaces atomically; QFile::rename refuses an existing target.
    std::error_code ec;
    std::filesystem::rename(QFile::encodeName(plan.partialPath).toStdString(), QFile::encodeName(plan.outputPath).toStdString(), ec);
    if (ec && error)
        *error = QStringLiteral("cannot move the built module %1 into the cache as %2: %3")
                     .arg(plan.partialPath, plan.outputPath, QString::fromLocal8Bit(ec.message().c_str()));
    removeScratch(plan);
    return !ec;
}

void removeScratch(const BuildPlan& plan)
{
    for (const QString& path : plan.scratchPaths)
        QFile::remove(path);
}

void removeDeadScratch(const QString& directory)
{
    const QDir dir(directory);
    for (const QString& name : dir.entryList({QStringLiteral("*.partial-*")}, QDir::Files))
        QFile::remove(dir.filePath(name));
}

} // namespace krw
