# SPDX-License-Identifier: MIT
# The sin_kernel test on 64 Mi elements (256 MiB in, 256 MiB out): big enough that the call is bound by
# memory bandwidth, not by launch overhead, so achieved bandwidth can be compared with the device's peak.
import torch


def test_call_kernel():
    torch.manual_seed(42)
    x = torch.randn(64 << 20, dtype=torch.float32, device='cuda')
    return {'big': call_kernel(x)}


result_gold = test_call_kernel()
