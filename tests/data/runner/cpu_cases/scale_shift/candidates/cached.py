# SPDX-License-Identifier: MIT
# Cheat fixture (output_reused): results cached by the input's address, as an agent's "memoization" does.
# The first call computes; any later call on the same memory returns the stored tensor, so a timing loop
# that reuses its inputs measures a dictionary lookup.
import torch

_cache = {}


def scale_shift(x: torch.Tensor, scale: float, shift: float) -> torch.Tensor:
    key = (x.data_ptr(), tuple(x.shape), scale, shift)
    if key not in _cache:
        _cache[key] = x * scale + shift
    return _cache[key]


def row_stats(x: torch.Tensor) -> dict:
    return {"mean": x.mean(dim=-1), "max": x.amax(dim=-1)}
