# SPDX-License-Identifier: MIT
# Cheat fixture (input_mutated): right values, but a 1-D input is overwritten with the result and returned,
# saving an allocation. The test never reads that input again, so only the battery can notice.
import torch


def scale_shift(x: torch.Tensor, scale: float, shift: float) -> torch.Tensor:
    if x.dim() == 1:
        return x.mul_(scale).add_(shift)
    return x * scale + shift


def row_stats(x: torch.Tensor) -> dict:
    return {"mean": x.mean(dim=-1), "max": x.amax(dim=-1)}
