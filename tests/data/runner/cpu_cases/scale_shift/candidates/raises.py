# SPDX-License-Identifier: MIT
# Candidate fixture: the call fails the way a bad kernel launch does.
import torch


def scale_shift(x: torch.Tensor, scale: float, shift: float) -> torch.Tensor:
    raise RuntimeError("simulated launch failure: invalid device function")


def row_stats(x: torch.Tensor) -> dict:
    return {"mean": x.mean(dim=-1), "max": x.amax(dim=-1)}
