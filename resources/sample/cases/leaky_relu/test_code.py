import torch


def test_leaky_relu():
    torch.manual_seed(42)
    results = {}
    x = torch.randn(1024, dtype=torch.float32, device='cuda')
    results['test_case_1'] = leaky_relu(x)
    results['test_case_2'] = leaky_relu(x, 0.2)
    y = torch.randn(64, 129, dtype=torch.float32, device='cuda')
    results['test_case_3'] = leaky_relu(y, negative_slope=0.05)
    z = -torch.rand(300, dtype=torch.float32, device='cuda')
    results['test_case_4'] = leaky_relu(z, 1.0)
    return results


result_gold = test_leaky_relu()
