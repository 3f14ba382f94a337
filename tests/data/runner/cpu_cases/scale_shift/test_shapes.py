# SPDX-License-Identifier: MIT
# A weak test of the kind reviewers complain about: it returns only shapes, so no tensor is compared.
import torch


def test_scale_shift_shapes():
    torch.manual_seed(42)
    device = 'cuda' if torch.cuda.is_available() else 'cpu'
    x = torch.randn(64, 33, dtype=torch.float32, device=device)
    return {'test_case_1': tuple(scale_shift(x, 2.0, 0.5).shape),
            'test_case_2': list(row_stats(x)['mean'].shape)}


result_gold = test_scale_shift_shapes()
