// SPDX-License-Identifier: MIT
#include "runner/sandbox/sandboxenvironment.h"

namespace krw {

const QStringList& SandboxEnvironment::baseNames()
{
    static const QStringList names{// Finding programs; the user's name (Python's getpass, cache folders); the locale.
        QStringLiteral("PATH"), QStringLiteral("USER"), QStringLiteral("LOGNAME"), QStringLiteral("LANG"), QStringLiteral("LANGUAGE"),
        QStringLiteral("LC_*"), QStringLiteral("TZ"), QStringLiteral("TMPDIR"),
        // Which GPUs the code may use.
        QStringLiteral("HIP_VISIBLE_DEVICES"), QStringLiteral("ROCR_VISIBLE_DEVICES"), QStringLiteral("CUDA_VISIBLE_DEVICES"),
        QStringLiteral("GPU_DEVICE_ORDINAL"), QStringLiteral("CUDA_DEVICE_ORDER"), QStringLiteral("HSA_OVERRIDE_GFX_VERSION"),
        // The toolchain: ROCm, HIP on NVIDIA, the compilers and libraries they find.
        QStringLiteral("ROCM_PATH"), QStringLiteral("HIP_PATH"), QStringLiteral("HIP_PLATFORM"), QStringLiteral("HIP_COMPILER"),
        QStringLiteral("HIP_RUNTIME"), QStringLiteral("HIP_CLANG_PATH"), QStringLiteral("HIPCC_COMPILE_FLAGS_APPEND"),
        QStringLiteral("HIPCC_LINK_FLAGS_APPEND"), QStringLiteral("CUDA_PATH"), QStringLiteral("CUDA_HOME"), QStringLiteral("CC"),
        QStringLiteral("CXX"), QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral("LIBRARY_PATH"), QStringLiteral("CPATH"),
        QStringLiteral("HIP_DEVICE_LIB_PATH"), QStringLiteral("DEVICE_LIB_PATH"), QStringLiteral("HSA_PATH"),
        QStringLiteral("PERL5LIB"), // hipcc is a Perl script
        // The Python that runs the harness, and PyTorch's and Triton's build settings.
        QStringLiteral("PYTHONPATH"), QStringLiteral("VIRTUAL_ENV"), QStringLiteral("CONDA_PREFIX"), QStringLiteral("PYTORCH_ROCM_ARCH"),
        QStringLiteral("TORCH_CUDA_ARCH_LIST"), QStringLiteral("MAX_JOBS"),
        // Thread counts, and OpenBLAS's core type (older builds compute wrong results without it on some processors).
        QStringLiteral("OMP_NUM_THREADS"), QStringLiteral("MKL_NUM_THREADS"), QStringLiteral("OPENBLAS_NUM_THREADS"),
        QStringLiteral("OPENBLAS_CORETYPE"), QStringLiteral("OPENBLAS_L2_SIZE"),
        // Sanitizer options, for code built with sanitizers.
        QStringLiteral("ASAN_OPTIONS"), QStringLiteral("UBSAN_OPTIONS"), QStringLiteral("LSAN_OPTIONS")};
    return names;
}

QStringList SandboxEnvironment::names(const ToolchainProfile& profile)
{
    QStringList all = baseNames();
    for (const QString& name : profile.passEnvironment) {
        if (!all.contains(name))
            all.append(name);
    }
    return all;
}

QString SandboxEnvironment::note(const ToolchainProfile& profile)
{
    if (profile.passEnvironment.isEmpty())
        return QStringLiteral("environment: only the documented list of variables passed on");
    // "*" keeps every name: said as what it is, not as one more name on the list.
    if (profile.passEnvironment.contains(QStringLiteral("*")))
        return QStringLiteral("environment: everything passed on, secrets included (profile %1 passes \"*\")").arg(profile.name);
    return QStringLiteral("environment: only the documented list of variables passed on, and %1 (profile %2)")
        .arg(profile.passEnvironment.join(QStringLiteral(", ")), profile.name);
}

} // namespace krw
