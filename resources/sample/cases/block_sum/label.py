import torch
import triton
import triton.language as tl


@triton.jit
def block_sum_kernel(x_ptr, partial_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + offs, mask=offs < n_elements, other=0.0)
    tl.store(partial_ptr + pid, tl.sum(x, axis=0))


def block_sum(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous().view(-1)
    n_elements = x.numel()
    BLOCK_SIZE = 1024
    num_blocks = triton.cdiv(n_elements, BLOCK_SIZE)
    partial = torch.empty(num_blocks, dtype=torch.float32, device=x.device)
    block_sum_kernel[(num_blocks,)](x, partial, n_elements, BLOCK_SIZE=BLOCK_SIZE)
    return partial
