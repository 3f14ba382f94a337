import torch


def test_apply_rotary():
    torch.manual_seed(42)
    results = {}
    for idx, (seq_len, n_heads, head_dim) in enumerate([(16, 4, 64), (128, 8, 128), (1, 2, 32)]):
        x = torch.randn(seq_len, n_heads, head_dim, dtype=torch.float32, device='cuda')
        angles = torch.rand(seq_len, head_dim // 2, dtype=torch.float32, device='cuda') * 6.2831853
        results[f'test_case_{idx + 1}'] = apply_rotary(x, torch.cos(angles), torch.sin(angles))
    return results


result_gold = test_apply_rotary()
