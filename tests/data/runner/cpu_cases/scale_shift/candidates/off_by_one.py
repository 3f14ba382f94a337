# SPDX-License-Identifier: MIT
# Candidate fixture: the loop bound misses the last element, which keeps its zero.
import torch


def scale_shift(x: torch.Tensor, scale: float, shift: float) -> torch.Tensor:
    out = torch.zeros_like(x)
    n = x.numel()
    out.view(-1)[: n - 1] = x.reshape(-1)[: n - 1] * scale + shift
    return out


def row_stats(x: torch.Tensor) -> dict:
    return {"mean": x.mean(dim=-1), "max": x.amax(dim=-1)}
