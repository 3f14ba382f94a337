import torch


def test_embedding_gather():
    torch.manual_seed(42)
    results = {}
    weight = torch.randn(5000, 256, dtype=torch.float32, device='cuda')
    ids = torch.randint(0, 5000, (128,), device='cuda')
    results['test_case_1'] = embedding_gather(ids, weight)
    weight = torch.randn(300, 1000, dtype=torch.float32, device='cuda')
    ids = torch.randint(0, 300, (777,), device='cuda')
    results['test_case_2'] = embedding_gather(ids, weight)
    ids = torch.tensor([0, 299, 0, 17], device='cuda')
    results['test_case_3'] = embedding_gather(ids, weight)
    return results


result_gold = test_embedding_gather()
