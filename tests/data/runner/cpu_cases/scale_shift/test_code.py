# SPDX-License-Identifier: MIT
# The case's test, shaped like the agent's tests: calls the wrapper names, ends with result_gold.
import torch


def test_scale_shift():
    torch.manual_seed(42)
    device = 'cuda' if torch.cuda.is_available() else 'cpu'
    print('scale_shift test runs on', device)  # the harness must pass this through, not parse it
    results = {}
    x = torch.randn(64, 33, dtype=torch.float32, device=device)
    results['test_case_1'] = scale_shift(x, 2.0, 0.5)
    y = torch.randn(1000, dtype=torch.float32, device=device)
    results['test_case_2'] = scale_shift(y, -1.5, shift=0.25)
    results['test_case_3'] = row_stats(x)
    return results


result_gold = test_scale_shift()
