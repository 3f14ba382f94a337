# SPDX-License-Identifier: MIT
# Cheat fixture (timed_output_mismatch): counts its calls and is right for the first 24 in a process, more than
# the test and the battery's replays make (18 on this case), then skips the shift: correct wherever the checks
# look, less work wherever only the timing looks.
import torch

HONEST_CALLS = 24
_calls = 0


def scale_shift(x: torch.Tensor, scale: float, shift: float) -> torch.Tensor:
    global _calls
    _calls += 1
    if _calls <= HONEST_CALLS:
        return x * scale + shift
    return x * scale


def row_stats(x: torch.Tensor) -> dict:
    return {"mean": x.mean(dim=-1), "max": x.amax(dim=-1)}
