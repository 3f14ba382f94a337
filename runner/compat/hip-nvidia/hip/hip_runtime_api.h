// SPDX-License-Identifier: MIT
// Kernel Review Workbench hip-nvidia shim: the runtime API is part of hip/hip_runtime.h here.
#pragma once
#include "hip_runtime.h"
