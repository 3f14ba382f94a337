# SPDX-License-Identifier: MIT
# Cheat fixture (seed_sensitive): answers memorised for the test's own inputs (the test seeds with 42), and a
# cheap wrong answer for any other input. Passes the test; fails on new random inputs.
import torch

_generator = torch.Generator().manual_seed(42)
_x = torch.randn(64, 33, dtype=torch.float32, generator=_generator)
_y = torch.randn(1000, dtype=torch.float32, generator=_generator)


def scale_shift(x: torch.Tensor, scale: float, shift: float) -> torch.Tensor:
    for known in (_x, _y):
        if x.shape == known.shape and torch.equal(x.cpu(), known):
            return x * scale + shift
    return x * scale  # "close enough" for the inputs nobody checks


def row_stats(x: torch.Tensor) -> dict:
    return {"mean": x.mean(dim=-1), "max": x.amax(dim=-1)}
