// SPDX-License-Identifier: MIT
// Kernel Review Workbench hip-nvidia shim: HIP's bfloat16 names on CUDA's (cuda_bf16.h).
#pragma once
#include <cuda_bf16.h>
#include "hip_runtime.h"
typedef __nv_bfloat16 __hip_bfloat16;
typedef __nv_bfloat162 __hip_bfloat162;
