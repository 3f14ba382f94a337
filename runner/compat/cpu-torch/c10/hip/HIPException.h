// SPDX-License-Identifier: MIT
// Kernel Review Workbench compile-check shim: C10_HIP_CHECK and C10_HIP_KERNEL_LAUNCH_CHECK for a CPU-only PyTorch.
#pragma once
#include "../../krw_cpu_torch_hip.h"
