import torch


def test_layer_norm_fwd():
    torch.manual_seed(42)
    results = {}
    x = torch.randn(64, 1024, dtype=torch.float32, device='cuda')
    w = torch.rand(1024, dtype=torch.float32, device='cuda') + 0.5
    b = torch.randn(1024, dtype=torch.float32, device='cuda')
    results['test_case_1'] = layer_norm_fwd(x, w, b)
    x = torch.randn(8, 33, 768, dtype=torch.float32, device='cuda')
    w = torch.ones(768, dtype=torch.float32, device='cuda')
    b = torch.zeros(768, dtype=torch.float32, device='cuda')
    results['test_case_2'] = layer_norm_fwd(x, w, b, 1e-6)
    x = torch.randn(3, 99, dtype=torch.float32, device='cuda') * 10.0 + 3.0
    w = torch.randn(99, dtype=torch.float32, device='cuda')
    b = torch.randn(99, dtype=torch.float32, device='cuda')
    results['test_case_3'] = layer_norm_fwd(x, w, b)
    return results


result_gold = test_layer_norm_fwd()
