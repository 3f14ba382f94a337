import torch


def test_rms_norm():
    torch.manual_seed(42)
    results = {}
    x = torch.randn(32, 1024, dtype=torch.float32, device='cuda')
    w = torch.randn(1024, dtype=torch.float32, device='cuda')
    results['test_case_1'] = rms_norm(x, w, eps=1e-6)
    x = torch.randn(4, 7, 4096, dtype=torch.float32, device='cuda')
    w = torch.ones(4096, dtype=torch.float32, device='cuda')
    results['test_case_2'] = rms_norm(x, w, eps=1e-5)
    x = torch.zeros(2, 64, dtype=torch.float32, device='cuda')
    w = torch.rand(64, dtype=torch.float32, device='cuda')
    results['test_case_3'] = rms_norm(x, w, eps=1e-6)
    return results


result_gold = test_rms_norm()
