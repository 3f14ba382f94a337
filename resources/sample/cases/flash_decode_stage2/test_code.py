import torch


def test_flash_decode_stage2():
    torch.manual_seed(42)
    results = {}
    configs = [
        (4, 8, 64, 64, [100, 256, 1, 512]),
        (2, 4, 128, 32, [33, 200]),
    ]
    for idx, (batch, head_num, head_dim, block_seq, lens) in enumerate(configs):
        b_seqlen = torch.tensor(lens, dtype=torch.int32, device='cuda')
        max_blocks = (max(lens) + block_seq - 1) // block_seq
        mid_out = torch.randn(batch, head_num, max_blocks, head_dim, dtype=torch.float32, device='cuda')
        mid_out_logexpsum = torch.randn(batch, head_num, max_blocks, dtype=torch.float32, device='cuda') * 4.0
        out = torch.empty(batch, head_num, head_dim, dtype=torch.float32, device='cuda')
        flash_decode_stage2(mid_out, mid_out_logexpsum, b_seqlen, out, block_seq)
        results[f'test_case_{idx + 1}'] = out.clone()
    return results


result_gold = test_flash_decode_stage2()
