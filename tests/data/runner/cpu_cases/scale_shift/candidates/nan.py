# SPDX-License-Identifier: MIT
# Candidate fixture: every output is NaN.
import torch


def scale_shift(x: torch.Tensor, scale: float, shift: float) -> torch.Tensor:
    return torch.full_like(x, float("nan"))


def row_stats(x: torch.Tensor) -> dict:
    return {"mean": torch.full_like(x[..., 0], float("nan")), "max": torch.full_like(x[..., 0], float("nan"))}
