# SPDX-License-Identifier: MIT
# Candidate fixture: the process dies the way an out-of-bounds access in native code kills it.
import os
import signal

import torch


def scale_shift(x: torch.Tensor, scale: float, shift: float) -> torch.Tensor:
    os.kill(os.getpid(), signal.SIGSEGV)
    return x * scale + shift


def row_stats(x: torch.Tensor) -> dict:
    return {"mean": x.mean(dim=-1), "max": x.amax(dim=-1)}
