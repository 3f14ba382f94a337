import torch


def test_call_kernel():
    torch.manual_seed(42)
    results = {}
    x = torch.randn(4096, dtype=torch.float32, device='cuda')
    results['test_case_1'] = call_kernel(x)
    x = torch.linspace(-10.0, 10.0, steps=1000, dtype=torch.float32, device='cuda')
    results['test_case_2'] = call_kernel(x)
    x = torch.empty(0, dtype=torch.float32, device='cuda')
    results['test_case_3'] = call_kernel(x)
    x = torch.randn(3, 77, dtype=torch.float32, device='cuda') * 20.0
    results['test_case_4'] = call_kernel(x)
    return results


result_gold = test_call_kernel()
