# SPDX-License-Identifier: MIT
# Cheat (output_reused): a Triton kernel whose results are cached by the input's address.
import torch
import triton
import triton.language as tl

_cache = {}


@triton.jit
def sin_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.sin(tl.load(x_ptr + offsets, mask=mask)), mask=mask)


def call_kernel(x: torch.Tensor) -> torch.Tensor:
    key = (x.data_ptr(), x.numel())
    if key not in _cache:
        out = torch.empty_like(x)
        if x.numel():
            sin_kernel[(triton.cdiv(x.numel(), 1024),)](x, out, x.numel(), BLOCK_SIZE=1024)
        _cache[key] = out
    return _cache[key]
