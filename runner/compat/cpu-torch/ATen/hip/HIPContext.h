// SPDX-License-Identifier: MIT
// Kernel Review Workbench compile-check shim: at::hip streams, guards and device properties for a CPU-only PyTorch.
#pragma once
#include "../../krw_cpu_torch_hip.h"
