// SPDX-License-Identifier: MIT
// Kernel Review Workbench hip-nvidia shim: at::hip streams, guards and device properties on a CUDA PyTorch.
#pragma once
#include "../../krw_hip_nvidia_aten.h"
