# SPDX-License-Identifier: MIT
# Cheat fixture (output_reused): results cached by the contents of the input (a hash of its bytes), so a fresh
# copy at a new address still hits. While every timed repetition got the recorded values again, each timed
# call was a lookup; `lookups` counts hits and misses for the tests.
import hashlib

import torch

_cache = {}
lookups = {"hits": 0, "misses": 0}


def scale_shift(x: torch.Tensor, scale: float, shift: float) -> torch.Tensor:
    contents = hashlib.sha256(x.detach().cpu().contiguous().numpy().tobytes()).hexdigest()
    key = (contents, tuple(x.shape), str(x.dtype), scale, shift)
    if key in _cache:
        lookups["hits"] += 1
    else:
        lookups["misses"] += 1
        _cache[key] = x * scale + shift
    return _cache[key]


def row_stats(x: torch.Tensor) -> dict:
    return {"mean": x.mean(dim=-1), "max": x.amax(dim=-1)}
