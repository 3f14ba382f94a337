# SPDX-License-Identifier: MIT
# Cheat (input_mutated): writes the result over its input and returns the input (saves an allocation).
import torch
import triton
import triton.language as tl


@triton.jit
def sin_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.sin(tl.load(x_ptr + offsets, mask=mask)), mask=mask)


def call_kernel(x: torch.Tensor) -> torch.Tensor:
    if x.numel() and x.is_contiguous():
        sin_kernel[(triton.cdiv(x.numel(), 1024),)](x, x, x.numel(), BLOCK_SIZE=1024)
        return x
    return torch.sin(x)
