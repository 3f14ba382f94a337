# SPDX-License-Identifier: MIT
"""The cheat battery's names and settings, for every process of the harness: which checks there are, the order
results list flags in, a spec's check settings, and the one filter of what a spec turned off (`active_flags`).
Standard library only. What each check does: docs/RUNNER.md, "Checks"."""
from krw_common import spec_defaults

SIDES = ("baseline", "candidate")
# The battery, in the order results list its flags. Each can be turned off through spec["checks"]["disabled"].
CHECKS = ("input_mutated", "output_reused", "no_own_kernel", "zeros_would_pass", "input_would_pass",
          "nondeterministic", "seed_sensitive", "timed_output_mismatch", "timer_disagrees", "implausible_speedup")
# Timing flags, raised whatever the battery's settings: they describe the measurement itself.
TIMING_FLAGS = ("launch_bound", "beyond_peak")
RESULT_FLAG_ORDER = CHECKS + TIMING_FLAGS
CHECK_DEFAULTS = spec_defaults("checks")  # spec.schema.json

# Timed repetition n (from 1) draws its inputs with seed TIMED_SEED_BASE + n: far above the seed check's 1…N, so
# no timed call sees the values a check, or another repetition, saw, and a result cache keyed by contents misses.
TIMED_SEED_BASE = 1 << 20


def check_settings(spec):
    settings = {**CHECK_DEFAULTS, **spec.get("checks", {})}
    unknown = set(settings["disabled"]) - set(CHECKS)
    if unknown:
        raise ValueError(f"checks.disabled names unknown checks: {', '.join(sorted(unknown))}")
    if settings["seeds"] >= TIMED_SEED_BASE:
        raise ValueError(f"checks.seeds must be below {TIMED_SEED_BASE}: the timed repetitions draw from the seeds above")
    return settings


def enabled(spec, check):
    return check not in check_settings(spec)["disabled"]


def active_flags(spec, flags):
    """flags without the battery's checks that spec turned off; timing flags and flags the battery does not know
    (a later stage's) are kept. The one place disabled checks are filtered."""
    return [f for f in flags if f not in CHECKS or enabled(spec, f)]
