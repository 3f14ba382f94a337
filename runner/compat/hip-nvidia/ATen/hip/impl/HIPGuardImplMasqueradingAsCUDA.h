// SPDX-License-Identifier: MIT
// Kernel Review Workbench hip-nvidia shim: shadows the PyTorch file, which needs ROCm's c10/hip headers.
#pragma once
#include "../../../krw_hip_nvidia_aten.h"
