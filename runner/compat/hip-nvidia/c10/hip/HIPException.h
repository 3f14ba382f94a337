// SPDX-License-Identifier: MIT
// Kernel Review Workbench hip-nvidia shim: C10_HIP_CHECK and C10_HIP_KERNEL_LAUNCH_CHECK on a CUDA PyTorch.
#pragma once
#include "../../krw_hip_nvidia_aten.h"
