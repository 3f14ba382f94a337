# SPDX-License-Identifier: MIT
# Cheat fixture (nondeterministic): right for the calls the test makes, then its answers drift with hidden
# state (as a kernel racing on a shared accumulator does), so two runs on the same inputs disagree.
import torch

_calls = 0


def scale_shift(x: torch.Tensor, scale: float, shift: float) -> torch.Tensor:
    global _calls
    _calls += 1
    drift = 0.01 * (_calls % 2) if _calls > 2 else 0.0
    return x * scale + shift + drift


def row_stats(x: torch.Tensor) -> dict:
    return {"mean": x.mean(dim=-1), "max": x.amax(dim=-1)}
