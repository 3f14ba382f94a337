// SPDX-License-Identifier: MIT
// Kernel Review Workbench hip-nvidia shim: __half and __half2 are CUDA's (cuda_fp16.h).
#pragma once
#include <cuda_fp16.h>
#include "hip_runtime.h"
