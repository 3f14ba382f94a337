// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/diagnostic.h"
#include "models/rerun/kernelresourceusage.h"

namespace krw {

// Reads per-kernel resource usage out of a compile log, and owns the limits it is held to.
//
// AMD (clang/hipcc -Rpass-analysis=kernel-resource-usage): one remark per line, the function's
// name first, as Debian's hipcc 5.2 (clang 15) prints them:
//     k.hip:10:1: remark: Function Name: _Z10sin_kernelPKfPfl [-Rpass-analysis=kernel-resource-usage]
//     k.hip:10:1: remark:     SGPRs: 12 [-Rpass-analysis=kernel-resource-usage]
//     ... VGPRs, AGPRs, ScratchSize [bytes/lane], Occupancy [waves/SIMD], SGPRs Spill, VGPRs Spill,
//     k.hip:10:1: remark:     LDS Size [bytes/block]: 0 [-Rpass-analysis=kernel-resource-usage]
// Without a source location the prefix is "remark: " alone (llc puts the location after it).
// Later LLVMs add "Dynamic Stack" and may say "TotalSGPRs"; both are understood. The remarks name
// no target, so the caller passes the one the build was for. clang 15 also reports device
// functions that were not inlined (at -O0 every one); only kernels get "LDS Size" (LLVM emits
// it for module entry functions only), so a block without it is not listed.
//
// NVIDIA (nvcc -Xptxas=-v), ptxas's lines:
//     ptxas info    : Compiling entry function '_Z3addPfS_i' for 'sm_90'
//     ptxas info    : Function properties for _Z3addPfS_i
//         0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//     ptxas info    : Used 32 registers, used 1 barriers, 16 bytes smem, 384 bytes cmem[0]
// The items of "Used" are read one by one (CUDA 12 added "used N barriers"). ptxas reports no
// occupancy.
//
// Limits (sharedLimitBytes): static shared memory per workgroup/block.
// - AMD: 64 KiB on CDNA gfx908, gfx90a (MI200), gfx940-gfx942 (MI300) and on RDNA gfx10-gfx12;
//   160 KiB on gfx950 (MI350). clang refuses more (error: local memory (N) exceeds limit (65536)),
//   so a kernel over the limit is seen on a failed compile, and its remarks still come.
// - NVIDIA: 48 KiB of static shared memory per block on every sm_*; more must be dynamic and
//   opted into at run time (cudaFuncSetAttribute), which the compiler cannot see.
// - Unknown or empty target: no limit, so no flag.
// Flags: FlagSpills when any spill count or spill byte count is above 0; FlagSharedOverLimit when
// sharedBytes is above a known limit.
class KernelResourceParser
{
public:
    static constexpr qint64 CdnaSharedLimitBytes = 64 * 1024;
    static constexpr qint64 Gfx950SharedLimitBytes = 160 * 1024;
    static constexpr qint64 NvidiaStaticSharedLimitBytes = 48 * 1024;

    // Every kernel the log reports, in the order reported; AMD remarks get amdTarget as their
    // target. Names are demangled, limits and flags set.
    static QVector<KernelResourceUsage> parse(const QString& log, const QString& amdTarget = QString());

    // gfx90a, gfx90a:xnack-, sm_90a; nullopt when the target is unknown.
    static std::optional<qint64> sharedLimitBytes(const QString& target);
    // Sets sharedLimitBytes from the target and recomputes flags.
    static void applyLimits(KernelResourceUsage* kernel);

    // A line of the log that belongs to the resource report (a remark above, a ptxas info line or
    // its stack-frame line): the diagnostics leave them to the kernel table.
    static bool isResourceLine(const QString& line);
    // The diagnostics without the resource remarks, and without resource lines in the context of
    // the others (a remark without location follows whatever message came before it).
    static QVector<Diagnostic> withoutResourceLines(QVector<Diagnostic> diagnostics);

    // The readable C++ name (abi::__cxa_demangle); empty for names that are not mangled, too long
    // (over 4096 characters) or not valid.
    static QString demangle(const QString& symbol);
};

} // namespace krw
