// SPDX-License-Identifier: MIT
// Kernel Review Workbench hip-nvidia shim: HIP's cooperative groups are CUDA's, same namespace.
#pragma once
#include <cooperative_groups.h>
#include "hip_runtime.h"
