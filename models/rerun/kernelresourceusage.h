// SPDX-License-Identifier: MIT
//
// What the compiler says one GPU kernel of a built module uses: registers, shared memory (LDS),
// scratch and spills, and occupancy where it reports one. Filled by KernelResourceParser from
// the compile log (AMD: -Rpass-analysis=kernel-resource-usage, NVIDIA: ptxas -v), kept in the
// compile stage (stages.compile.kernels), shown by the runner panel and the CLI. A value the
// compiler did not report is absent, never 0.
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace krw {

struct KernelResourceUsage
{
    enum class Source {
        AmdRemarks, // clang/hipcc -Rpass-analysis=kernel-resource-usage
        Ptxas, // nvcc -Xptxas=-v
    };
    Source source = Source::AmdRemarks;
    QString name; // the symbol as the compiler printed it (mangled for C++)
    QString demangledName; // empty when the name is not mangled or cannot be demangled
    QString target; // gfx90a, sm_90; empty when the compiler did not say and the build did not name it

    // AMD: scalar, vector and accumulation (MFMA) registers per wave and lane.
    std::optional<int> sgprs;
    std::optional<int> vgprs;
    std::optional<int> agprs;
    // NVIDIA: registers per thread.
    std::optional<int> registers;

    // Static shared memory per workgroup/block (AMD "LDS Size", ptxas "smem"). Dynamic shared
    // memory is a launch parameter and not in it.
    std::optional<qint64> sharedBytes;
    // The target's limit for sharedBytes, from KernelResourceParser; absent when unknown.
    std::optional<qint64> sharedLimitBytes;
    // Private memory per lane/thread: AMD ScratchSize [bytes/lane], ptxas stack frame.
    std::optional<qint64> scratchBytes;

    // AMD: registers spilled to scratch.
    std::optional<int> sgprSpills;
    std::optional<int> vgprSpills;
    // NVIDIA: bytes stored to and loaded from local memory for spills.
    std::optional<qint64> spillStoreBytes;
    std::optional<qint64> spillLoadBytes;

    std::optional<int> occupancy; // AMD: waves per SIMD; ptxas reports none

    // Set by KernelResourceParser::flagsFor: FlagSpills, FlagSharedOverLimit.
    QStringList flags;

    static constexpr const char* FlagSpills = "spills";
    static constexpr const char* FlagSharedOverLimit = "lds_over_limit";

    QString displayName() const { return demangledName.isEmpty() ? name : demangledName; }
    bool hasFlag(const char* flag) const { return flags.contains(QLatin1String(flag)); }

    bool operator==(const KernelResourceUsage& o) const;
    bool operator!=(const KernelResourceUsage& o) const { return !(*this == o); }
};

QString kernelSourceName(KernelResourceUsage::Source source); // "amd-remarks", "ptxas"
std::optional<KernelResourceUsage::Source> kernelSourceFromName(const QString& name);

} // namespace krw
