import torch
import triton
import triton.language as tl


@triton.jit
def _flash_decode_stage2_kernel(
    B_Seqlen, Mid_O, Mid_O_LogExpSum, Out,
    stride_mid_ob, stride_mid_oh, stride_mid_os, stride_mid_od,
    stride_lse_b, stride_lse_h, stride_lse_s,
    stride_ob, stride_oh, stride_od,
    BLOCK_SEQ: tl.constexpr, BLOCK_DMODEL: tl.constexpr,
):
    batch = tl.program_id(0)
    head = tl.program_id(1)
    offs_d = tl.arange(0, BLOCK_DMODEL)
    seq_len = tl.load(B_Seqlen + batch)
    n_blocks = (seq_len + BLOCK_SEQ - 1) // BLOCK_SEQ

    running_max = -float("inf")
    running_sum = 0.0
    acc = tl.zeros([BLOCK_DMODEL], dtype=tl.float32)
    mid_base = Mid_O + batch * stride_mid_ob + head * stride_mid_oh + offs_d * stride_mid_od
    lse_base = Mid_O_LogExpSum + batch * stride_lse_b + head * stride_lse_h
    for blk in range(0, n_blocks):
        part = tl.load(mid_base + blk * stride_mid_os)
        lse = tl.load(lse_base + blk * stride_lse_s)
        new_max = tl.maximum(running_max, lse)
        rescale = tl.exp(running_max - new_max)
        weight = tl.exp(lse - new_max)
        acc = acc * rescale + weight * part
        running_sum = running_sum * rescale + weight
        running_max = new_max
    tl.store(Out + batch * stride_ob + head * stride_oh + offs_d * stride_od, acc / running_sum)


@torch.no_grad()
def flash_decode_stage2(mid_out, mid_out_logexpsum, b_seqlen, out, block_seq):
    batch, head_num = mid_out.shape[0], mid_out.shape[1]
    head_dim = mid_out.shape[-1]
    grid = (batch, head_num)
    _flash_decode_stage2_kernel[grid](
        b_seqlen, mid_out, mid_out_logexpsum, out,
        mid_out.stride(0), mid_out.stride(1), mid_out.stride(2), mid_out.stride(3),
        mid_out_logexpsum.stride(0), mid_out_logexpsum.stride(1), mid_out_logexpsum.stride(2),
        out.stride(0), out.stride(1), out.stride(2),
        BLOCK_SEQ=block_seq, BLOCK_DMODEL=head_dim,
        num_warps=4, num_stages=2,
    )
    return out
