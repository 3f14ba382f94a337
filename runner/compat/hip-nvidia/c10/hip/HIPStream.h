// SPDX-License-Identifier: MIT
// Kernel Review Workbench hip-nvidia shim: c10::hip::HIPStream on a CUDA PyTorch.
#pragma once
#include "../../krw_hip_nvidia_aten.h"
