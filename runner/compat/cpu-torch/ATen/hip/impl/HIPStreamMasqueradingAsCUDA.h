// SPDX-License-Identifier: MIT
// Kernel Review Workbench compile-check shim: shadows the CPU PyTorch file, which needs CUDA's runtime headers.
#pragma once
#include "../../../krw_cpu_torch_hip.h"
