// SPDX-License-Identifier: MIT
#pragma once

#include "runner/profile/toolchainprofile.h"

#include <QString>

namespace krw {

// Where a batch of this profile runs, in the words the batch dialog shows (the one owner of them):
// "this machine", "host gpu1 over SSH", "Slurm cluster, shared folder /shared/krw, partition gpu".
// Slurm settings that are enabled win over a host, as they do in the CLI.
QString batchPlace(const ToolchainProfile& profile);

} // namespace krw
