# SPDX-License-Identifier: MIT
"""The parent's summaries of what the measuring process (krw_measure.py) wrote: per call and in total the
device-time speedup with a bootstrap interval, the timing flags and what each rests on, the battery folded into
one entry per check, and the result's flags. Pure functions of their inputs; standard library only. The contract:
docs/RUNNER.md, "Checks" and "Timing"."""
import collections
import json
import os
import random
import statistics

from krw_checks import CHECKS, RESULT_FLAG_ORDER, SIDES, TIMING_FLAGS, active_flags, check_settings, enabled
from krw_common import percentile

# A side is launch-bound when its kernels keep the device busy for less than this share of its call time. The
# call carries the launch_bound note only when that changes what its speedup means: the whole calls' speedup and
# the kernels' (the headline) differ by more than LAUNCH_GAP as a factor. Two launch-bound sides whose calls
# speed up as much as their kernels need no note: the headline says what a user will see.
LAUNCH_BOUND_SHARE = 0.5
LAUNCH_GAP = 1.1
# Device time above stream-event time by this factor (and by TIMER_FLOOR_MS) means work the events did not
# see: kernels left running on another stream, or a profiler/event mismatch.
TIMER_FACTOR = 1.5
TIMER_FLOOR_MS = 0.005
# Device work on a stream other than the caller's, above this share of the call's device time: a timer on the
# caller's stream (CUDA events, triton's do_bench) does not wait for it.
OFF_STREAM_SHARE = 0.1
BOOTSTRAP_SAMPLES = 1000
PEAKS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "device_peaks.json")


def ratio(numerator, denominator):
    return numerator / denominator if numerator is not None and denominator else None


def bootstrap_ci(pairs, rng, samples=BOOTSTRAP_SAMPLES):
    """95% interval of Σ median(baseline) / Σ median(candidate), resampling every call's repetitions."""
    if not pairs or any(not b or not c for b, c in pairs):
        return None
    ratios = []
    for _ in range(samples):
        base = cand = 0.0
        for b, c in pairs:
            base += statistics.median(rng.choices(b, k=len(b)))
            cand += statistics.median(rng.choices(c, k=len(c)))
        if cand > 0:
            ratios.append(base / cand)
    if not ratios:
        return None
    ratios.sort()
    return [percentile(ratios, 2.5), percentile(ratios, 97.5)]


def load_peak(device_name, override_gbs):
    if override_gbs:
        return {"gbs": float(override_gbs), "source": "the profile's peak bandwidth setting"}
    if not device_name:
        return None
    with open(PEAKS_FILE, encoding="utf-8") as f:
        table = json.load(f)["devices"]
    for entry in table:
        if all(m.lower() in device_name.lower() for m in entry["match"]):
            return {"gbs": float(entry["gbs"]), "source": f"runner/harness/device_peaks.json: {entry['name']}"}
    return None


def summarize_timing(measured, device, peak, errors, seed=0):
    """Per call and in total: device-time speedup with a bootstrap interval, call-time speedup, bandwidth and
    the timing flags. `measured` is what measure_main wrote, or None when the process failed."""
    rng = random.Random(seed)
    rows = (measured or {}).get("calls", [])
    calls, pairs = [], []
    sums = collections.Counter()
    for row in rows:
        call = {"name": row["name"], "index": row["index"], "baseline": None, "candidate": None, "speedup": None,
                "ci95": None, "within_noise": None, "call_speedup": None, "flags": [], "error": row.get("error")}
        for side in SIDES:
            data = row.get(side)
            if not data:
                continue
            device_stats = data["device"] or data.get("events") or data["call"]
            bandwidth = ratio(data["bytes"], device_stats["p50"] * 1e6) if data.get("bytes") is not None else None
            call[side] = {"device": device_stats, "call": data["call"], "events": data.get("events"),
                          "bytes": data.get("bytes"), "gbs": bandwidth,
                          "peak_fraction": ratio(bandwidth, peak["gbs"]) if bandwidth is not None and peak else None,
                          "kernels": data.get("kernels", []), "launch_bound": False}
            if device == "cuda" and data["device"] and data["call"]:
                call[side]["launch_bound"] = data["device"]["p50"] < LAUNCH_BOUND_SHARE * data["call"]["p50"]
        b, c = call["baseline"], call["candidate"]
        if b and c:
            call["speedup"] = ratio(b["device"]["p50"], c["device"]["p50"])
            call["call_speedup"] = ratio(b["call"]["p50"], c["call"]["p50"])
            pair = (rows[row["index"]]["baseline"]["device_samples"], rows[row["index"]]["candidate"]["device_samples"])
            call["ci95"] = bootstrap_ci([pair], rng)
            call["within_noise"] = call["ci95"][0] <= 1 <= call["ci95"][1] if call["ci95"] else None
            pairs.append(pair)
            for key in ("device", "call"):
                sums["b" + key] += b[key]["p50"]
                sums["c" + key] += c[key]["p50"]
            if (b["launch_bound"] or c["launch_bound"]) and launch_gap(call["speedup"], call["call_speedup"]):
                call["flags"].append("launch_bound")
        if c and not c["device"]["p50"] and device == "cuda":
            call["error"] = "; ".join(filter(None, [call["error"], "the candidate ran no device work in most repetitions:"
                                                    " there is no device time to compare"]))
        if c:
            events = c.get("events")
            off_stream = (row.get("candidate") or {}).get("off_stream_ms") or 0
            c["off_stream_ms"] = off_stream
            if device == "cuda" and events and c["device"]["p50"] > TIMER_FACTOR * events["p50"] + TIMER_FLOOR_MS:
                call["flags"].append("timer_disagrees")
            elif device == "cuda" and off_stream > OFF_STREAM_SHARE * c["device"]["p50"] + TIMER_FLOOR_MS:
                call["flags"].append("timer_disagrees")
            if c["peak_fraction"] is not None and c["peak_fraction"] > 1.0:
                call["flags"].append("beyond_peak")
        call["timed_inputs"], call["timed_outputs"] = row.get("timed_inputs"), row.get("timed_outputs")
        if (call["timed_outputs"] or {}).get("differing"):
            call["flags"].append("timed_output_mismatch")
        call["notes"] = timing_notes(call, device)
        calls.append(call)
    total = {"baseline_ms": sums["bdevice"] or None, "candidate_ms": sums["cdevice"] or None,
             "baseline_call_ms": sums["bcall"] or None, "candidate_call_ms": sums["ccall"] or None}
    total["speedup"] = ratio(total["baseline_ms"], total["candidate_ms"])
    total["call_speedup"] = ratio(total["baseline_call_ms"], total["candidate_call_ms"])
    total["ci95"] = bootstrap_ci(pairs, rng) if pairs else None
    total["within_noise"] = total["ci95"][0] <= 1 <= total["ci95"][1] if total["ci95"] else None
    return {"headline": "device_time", **total, "calls": calls,
            "device_time_source": (measured or {}).get("device_time_source"),
            "flush": (measured or {}).get("flush"), "interleaved": True, "fresh_inputs": True, "peak": peak,
            "error": "\n".join(errors) or None}


def launch_gap(device_speedup, call_speedup):
    """Whether the kernels' speedup and the whole calls' differ by more than LAUNCH_GAP either way."""
    if not device_speedup or not call_speedup:
        return False
    return max(device_speedup / call_speedup, call_speedup / device_speedup) > LAUNCH_GAP


def timing_notes(call, device):
    """What each timing flag on a call rests on, in words."""
    notes = {}
    b, c = call["baseline"], call["candidate"]
    if "launch_bound" in call["flags"]:
        sides = [(name, s) for name, s in (("baseline", b), ("candidate", c)) if s and s["launch_bound"]]
        notes["launch_bound"] = (f"kernels {call['speedup']:.3g}x, whole calls {call['call_speedup']:.3g}x: " + "; ".join(
            f"{name}: kernels {s['device']['p50']:.4g} ms of a {s['call']['p50']:.4g} ms call" for name, s in sides))
    if "timer_disagrees" in call["flags"]:
        events = c.get("events") or {}
        notes["timer_disagrees"] = (f"the profiler saw {c['device']['p50']:.4g} ms of device work, stream events"
                                    f" {events.get('p50', 0):.4g} ms; {c.get('off_stream_ms', 0):.4g} ms ran on another"
                                    " stream than the caller's")
    if "beyond_peak" in call["flags"]:
        notes["beyond_peak"] = (f"{c['bytes']} bytes in {c['device']['p50']:.4g} ms is {c['gbs']:.4g} GB/s,"
                                f" {100 * c['peak_fraction']:.0f}% of the peak")
    if "timed_output_mismatch" in call["flags"]:
        notes["timed_output_mismatch"] = timed_mismatch_note(call["timed_outputs"])
    return notes


def timed_mismatch_note(timed):
    """"repetition 37 of 100 differs from the baseline (max abs err 0.5, 120/4096 mismatched)", naming the worst
    repetition when several differ, and which were compared."""
    differing = timed["differing"]
    worst = max(differing, key=lambda d: (d["mismatched"], d["max_abs_err"] or 0))
    details = [f"max abs err {worst['max_abs_err']:.3g}"] if worst["max_abs_err"] is not None else []
    details += [f"{worst['mismatched']}/{worst['total']} mismatched", *worst["flags"]]
    reps = ", ".join(str(d["repetition"]) for d in differing)
    if len(differing) == 1:
        text = f"repetition {reps} of {timed['repetitions']} differs from the baseline ({', '.join(details)})"
    else:
        text = (f"repetitions {reps} of {timed['repetitions']} differ from the baseline"
                f" (repetition {worst['repetition']}: {', '.join(details)})")
    return f"{text}; repetitions compared: {', '.join(map(str, timed['compared']))}"


def fold_checks(check_rows, timing, own_kernel, accuracy, spec):
    """Puts the call-level checks on the timing calls and the seeds on accuracy; returns the checks summary."""
    settings = check_settings(spec)
    by_index = {row["index"]: row for row in check_rows}
    if timing is not None:
        for call in timing["calls"]:
            row = by_index.get(call["index"], {})
            call["flags"] = active_flags(spec, dict.fromkeys(row.get("flags", []) + call["flags"]))
            call["notes"] = {**row.get("notes", {}), **call.get("notes", {})}
            call["check_errors"] = row.get("check_errors", {})
            call["mutated"] = row.get("mutated")
    if accuracy is not None and enabled(spec, "seed_sensitive"):
        accuracy["seeds"] = [{"call": row["name"], "index": row["index"], **seed}
                             for row in check_rows for seed in row.get("seeds", [])]
        failing = [s for s in accuracy["seeds"] if s["ok"] is False]
        if failing:
            accuracy["ok"] = False
            accuracy["flags"] = list(dict.fromkeys(accuracy["flags"] + ["seed_sensitive"]))
    summary = {check: {"enabled": enabled(spec, check), "flagged": False, "where": [], "notes": [], "errors": []}
               for check in CHECKS}
    for row in check_rows:
        where = f"{row['name']}#{row['index']}"
        for flag in row.get("flags", []):
            summary[flag]["flagged"] = True
            summary[flag]["where"].append(where)
            summary[flag]["notes"].append(f"{where}: {row['notes'][flag]}")
        for check, error in row.get("check_errors", {}).items():
            summary[check]["errors"].append(f"{where}: {error}")
    if own_kernel is not None:
        summary["no_own_kernel"].update(flagged=own_kernel["flagged"],
                                        notes=[own_kernel["note"]] if own_kernel["note"] else [])
        if own_kernel.get("error"):
            summary["no_own_kernel"]["errors"].append(own_kernel["note"])
    if accuracy is not None:
        for output in accuracy["outputs"]:
            for flag, what in (("zeros_would_pass", "all zeros"), ("input_would_pass", "an input returned as it is")):
                if flag in output["flags"]:
                    summary[flag]["flagged"] = True
                    summary[flag]["where"].append(output["name"])
                    summary[flag]["notes"].append(
                        f"{output['name']}: {what} would pass; max |baseline| is {output['max_abs_baseline']:.3g}"
                        f" against atol {accuracy['atol']:g} + rtol {accuracy['rtol']:g} x |baseline|")
    timed = summary["timed_output_mismatch"]
    if timing is not None:
        for call in timing["calls"]:
            where = f"{call['name']}#{call['index']}"
            for flag in ("timer_disagrees", "timed_output_mismatch"):
                if flag in call["flags"]:
                    summary[flag]["flagged"] = True
                    summary[flag]["where"].append(where)
                    summary[flag]["notes"].append(f"{where}: {call['notes'].get(flag, '')}")
            if (call.get("timed_inputs") or {}).get("note"):
                timed["notes"].append(f"{where}: {call['timed_inputs']['note']}")
            if (call.get("timed_outputs") or {}).get("error"):
                timed["errors"].append(f"{where}: {call['timed_outputs']['error']}")
        if timed["enabled"] and check_rows and not any(call.get("timed_outputs") for call in timing["calls"]):
            timed["errors"].append(f"could not run: {timing.get('error') or 'no call could be timed'}")
        speedup = timing.get("speedup")
        threshold = settings["implausible_speedup"]
        if speedup is not None and speedup > threshold:
            summary["implausible_speedup"].update(
                flagged=True, notes=[f"{speedup:.1f}x is above the {threshold:g}x this profile finds plausible"])
    elif timed["enabled"]:  # it compares the timed repetitions' outputs
        timed.update(enabled=False, notes=["not run: timing is off"])
    for check, entry in summary.items():
        if not entry["enabled"]:
            entry["flagged"] = False
    return summary


def result_flags(summary, timing):
    flags = {check for check, entry in summary.items() if entry["flagged"]}
    if timing is not None:
        flags.update(flag for call in timing["calls"] for flag in call["flags"] if flag in TIMING_FLAGS)
    return [flag for flag in RESULT_FLAG_ORDER if flag in flags]
