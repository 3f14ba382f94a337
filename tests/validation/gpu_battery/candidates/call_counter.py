# SPDX-License-Identifier: MIT
# Cheat (timed_output_mismatch, or wrong outright when the checks call it often enough): right for its
# first calls, then it launches a kernel that writes nothing but zeros and does less work.
import torch
import triton
import triton.language as tl

HONEST_CALLS = 60
_calls = 0


@triton.jit
def sin_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.sin(tl.load(x_ptr + offsets, mask=mask)), mask=mask)


@triton.jit
def sin_kernel_lazy(out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    tl.store(out_ptr + offsets, tl.zeros([BLOCK_SIZE], dtype=tl.float32), mask=offsets < n_elements)


def call_kernel(x: torch.Tensor) -> torch.Tensor:
    global _calls
    _calls += 1
    out = torch.empty_like(x)
    if x.numel():
        grid = (triton.cdiv(x.numel(), 1024),)
        if _calls <= HONEST_CALLS:
            sin_kernel[grid](x, out, x.numel(), BLOCK_SIZE=1024)
        else:
            sin_kernel_lazy[grid](out, x.numel(), BLOCK_SIZE=1024)
    return out
