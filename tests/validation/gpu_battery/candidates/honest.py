# SPDX-License-Identifier: MIT
# Honest candidate: the Triton label itself. The battery must raise no cheat flag (launch_bound is expected
# on the sample's tiny inputs).
import torch
import triton
import triton.language as tl


@triton.jit
def sin_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, tl.sin(x), mask=mask)


def call_kernel(x: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    n_elements = x.numel()
    if n_elements == 0:
        return out
    grid = lambda meta: (triton.cdiv(n_elements, meta["BLOCK_SIZE"]),)
    sin_kernel[grid](x, out, n_elements, BLOCK_SIZE=1024)
    return out
