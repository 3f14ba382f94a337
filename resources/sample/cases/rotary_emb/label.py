import torch
import triton
import triton.language as tl


@triton.jit
def rotary_kernel(x_ptr, cos_ptr, sin_ptr, out_ptr, stride_xs, stride_xh, stride_cs, HALF: tl.constexpr):
    pos = tl.program_id(0)
    head = tl.program_id(1)
    offs = tl.arange(0, HALF)
    base = pos * stride_xs + head * stride_xh
    x1 = tl.load(x_ptr + base + offs)
    x2 = tl.load(x_ptr + base + HALF + offs)
    c = tl.load(cos_ptr + pos * stride_cs + offs)
    s = tl.load(sin_ptr + pos * stride_cs + offs)
    tl.store(out_ptr + base + offs, x1 * c - x2 * s)
    tl.store(out_ptr + base + HALF + offs, x1 * s + x2 * c)


def apply_rotary(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    seq_len, n_heads, head_dim = x.shape
    out = torch.empty_like(x)
    rotary_kernel[(seq_len, n_heads)](
        x, cos, sin, out, x.stride(0), x.stride(1), cos.stride(0), HALF=head_dim // 2,
    )
    return out
