# SPDX-License-Identifier: MIT
# Calls a function only when the module under test has it, so a candidate can record a call (and
# return a key) that the baseline does not have.
import torch


def test_scale_shift_optional():
    torch.manual_seed(42)
    device = 'cuda' if torch.cuda.is_available() else 'cpu'
    x = torch.randn(64, 33, dtype=torch.float32, device=device)
    results = {'test_case_1': scale_shift(x, 2.0, 0.5)}
    if 'scale_shift_fused' in globals():
        results['fused'] = scale_shift_fused(x, 2.0, 0.5)
    return results


result_gold = test_scale_shift_optional()
