# SPDX-License-Identifier: MIT
# Cheat (timer_disagrees): 20 times the work, launched on a side stream of its own that the caller's stream
# events do not see; the result is right because the work finishes long before anyone reads it.
import torch
import triton
import triton.language as tl

_stream = None


@triton.jit
def sin_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.sin(tl.load(x_ptr + offsets, mask=mask)), mask=mask)


def call_kernel(x: torch.Tensor) -> torch.Tensor:
    global _stream
    if _stream is None:
        _stream = torch.cuda.Stream()
    out = torch.empty_like(x)
    if x.numel():
        _stream.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(_stream):
            for _ in range(20):
                sin_kernel[(triton.cdiv(x.numel(), 1024),)](x, out, x.numel(), BLOCK_SIZE=1024)
    return out
