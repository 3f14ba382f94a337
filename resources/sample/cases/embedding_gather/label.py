import torch
import triton
import triton.language as tl


@triton.jit
def embedding_gather_kernel(ids_ptr, weight_ptr, out_ptr, n_tokens, hidden, stride_w, stride_o,
                            BLOCK_T: tl.constexpr, BLOCK_D: tl.constexpr):
    pid_t = tl.program_id(0)
    pid_d = tl.program_id(1)
    offs_t = pid_t * BLOCK_T + tl.arange(0, BLOCK_T)
    offs_d = pid_d * BLOCK_D + tl.arange(0, BLOCK_D)
    t_mask = offs_t < n_tokens
    d_mask = offs_d < hidden
    ids = tl.load(ids_ptr + offs_t, mask=t_mask, other=0).to(tl.int64)
    mask = t_mask[:, None] & d_mask[None, :]
    rows = tl.load(weight_ptr + ids[:, None] * stride_w + offs_d[None, :], mask=mask, other=0.0)
    tl.store(out_ptr + offs_t[:, None] * stride_o + offs_d[None, :], rows, mask=mask)


def embedding_gather(ids: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
    n_tokens = ids.numel()
    hidden = weight.shape[1]
    out = torch.empty((n_tokens, hidden), dtype=weight.dtype, device=weight.device)
    BLOCK_T, BLOCK_D = 16, 128
    grid = (triton.cdiv(n_tokens, BLOCK_T), triton.cdiv(hidden, BLOCK_D))
    embedding_gather_kernel[grid](
        ids, weight, out, n_tokens, hidden, weight.stride(0), out.stride(0),
        BLOCK_T=BLOCK_T, BLOCK_D=BLOCK_D,
    )
    return out
