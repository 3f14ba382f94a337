// SPDX-License-Identifier: MIT
// Kernel Review Workbench compile-check shim: c10::hip guards for a CPU-only PyTorch.
#pragma once
#include "../../krw_cpu_torch_hip.h"
