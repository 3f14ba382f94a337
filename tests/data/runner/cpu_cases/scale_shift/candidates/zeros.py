# SPDX-License-Identifier: MIT
# Candidate fixture: a kernel that never writes its output; every output is zeros.
import torch


def scale_shift(x: torch.Tensor, scale: float, shift: float) -> torch.Tensor:
    return torch.zeros_like(x)


def row_stats(x: torch.Tensor) -> dict:
    return {"mean": torch.zeros_like(x[..., 0]), "max": torch.zeros_like(x[..., 0])}
