// SPDX-License-Identifier: MIT
#include "runner/batch/batchplace.h"

namespace krw {

QString batchPlace(const ToolchainProfile& profile)
{
    if (profile.slurm.enabled) {
        QString place = QStringLiteral("Slurm cluster, shared folder %1")
                            .arg(profile.slurm.sharedDir.isEmpty() ? QStringLiteral("(none set)") : profile.slurm.sharedDir);
        if (!profile.slurm.partition.isEmpty())
            place += QStringLiteral(", partition %1").arg(profile.slurm.partition);
        if (!profile.slurm.gres.isEmpty())
            place += QStringLiteral(", %1 per case").arg(profile.slurm.gres);
        return place;
    }
    if (profile.remote())
        return QStringLiteral("host %1 over SSH").arg(profile.host.displayName());
    return QStringLiteral("this machine");
}

} // namespace krw
