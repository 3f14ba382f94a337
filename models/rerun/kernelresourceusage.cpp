// SPDX-License-Identifier: MIT
#include "models/rerun/kernelresourceusage.h"

namespace krw {

bool KernelResourceUsage::operator==(const KernelResourceUsage& o) const
{
    return source == o.source && name == o.name && demangledName == o.demangledName && target == o.target && sgprs == o.sgprs
        && vgprs == o.vgprs && agprs == o.agprs && registers == o.registers && sharedBytes == o.sharedBytes
        && sharedLimitBytes == o.sharedLimitBytes && scratchBytes == o.scratchBytes && sgprSpills == o.sgprSpills
        && vgprSpills == o.vgprSpills && spillStoreBytes == o.spillStoreBytes && spillLoadBytes == o.spillLoadBytes
        && occupancy == o.occupancy && flags == o.flags;
}

QString kernelSourceName(KernelResourceUsage::Source source)
{
    return source == KernelResourceUsage::Source::Ptxas ? QStringLiteral("ptxas") : QStringLiteral("amd-remarks");
}

std::optional<KernelResourceUsage::Source> kernelSourceFromName(const QString& name)
{
    if (name == QLatin1String("amd-remarks"))
        return KernelResourceUsage::Source::AmdRemarks;
    if (name == QLatin1String("ptxas"))
        return KernelResourceUsage::Source::Ptxas;
    return std::nullopt;
}

} // namespace krw
