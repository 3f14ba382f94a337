#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run the harness's cheat battery and kernel timing on a GPU: the sample's sin_kernel case (Triton label,
test_code) against the candidates in gpu_battery/candidates, and the honest and library candidates again on
a 64 Mi-element test (gpu_battery/test_big.py) where bandwidth, not launch overhead, bounds the call.

Usage: python3 gpu_battery.py --out DIR [--only NAME ...]
Needs torch with CUDA (or ROCm) and Triton. Writes DIR/<run>/result.json and DIR/summary.md, prints the table.
Runs one harness at a time so timings do not disturb each other. Exit status 0 when every run finished and
every candidate raised the flag it was written to raise (and the honest ones none but launch_bound).
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
HARNESS = os.path.join(REPO, "runner", "harness", "krw_harness.py")
CASE = os.path.join(REPO, "resources", "sample", "cases", "sin_kernel")
FIXTURES = os.path.join(HERE, "gpu_battery")

# run name -> (candidate file, test file, the flag it must raise or None for an honest candidate)
RUNS = {
    "honest": (os.path.join(CASE, "label.py"), os.path.join(CASE, "test_code.py"), None),  # the label itself
    "torch_ops": ("torch_ops.py", os.path.join(CASE, "test_code.py"), "no_own_kernel"),
    "cached": ("cached.py", os.path.join(CASE, "test_code.py"), "output_reused"),
    "side_stream": ("side_stream.py", os.path.join(CASE, "test_code.py"), "timer_disagrees"),
    "mutates": ("mutates.py", os.path.join(CASE, "test_code.py"), "input_mutated"),
    "honest_big": (os.path.join(CASE, "label.py"), os.path.join(FIXTURES, "test_big.py"), None),
    "torch_ops_big": ("torch_ops.py", os.path.join(FIXTURES, "test_big.py"), "no_own_kernel"),
}
# Flags an honest candidate may carry: they describe the measurement, not the candidate.
HONEST_OK = {"launch_bound"}


def run(name, out_root):
    candidate, test, _ = RUNS[name]
    work = os.path.join(out_root, name)
    os.makedirs(work, exist_ok=True)
    spec = {"case": "sin_kernel.py", "work_dir": work,
            "baseline": {"kind": "python", "source_file": os.path.join(CASE, "label.py")},
            # os.path.join keeps an absolute candidate path (the label) as it is
            "candidate": {"kind": "python", "source_file": os.path.join(FIXTURES, "candidates", candidate)},
            "test_file": test, "device": "cuda", "seed": 42, "rtol": 1e-5, "atol": 1e-3, "side_timeout_s": 300}
    spec_path = os.path.join(work, "spec.json")
    with open(spec_path, "w", encoding="utf-8") as f:
        json.dump(spec, f, indent=1)
    result_path = os.path.join(work, "result.json")
    with open(os.path.join(work, "log.txt"), "w", encoding="utf-8") as log:
        subprocess.run([sys.executable, HARNESS, "run", "--spec", spec_path, "--out", result_path],
                       stdout=log, stderr=subprocess.STDOUT, timeout=900, check=False)
    with open(result_path, encoding="utf-8") as f:
        return json.load(f)


def fmt(value, pattern="{:.4g}"):
    return "–" if value is None else pattern.format(value)


def row(name, result):
    _, _, expected = RUNS[name]
    flags = result.get("flags", [])
    timing = result.get("timing") or {}
    accuracy = result.get("accuracy") or {}
    calls = timing.get("calls", [])
    peak = max((c["candidate"]["peak_fraction"] for c in calls if c.get("candidate") and
                c["candidate"].get("peak_fraction") is not None), default=None)
    ok = result.get("ok") and (expected in flags if expected else not set(flags) - HONEST_OK)
    ci = timing.get("ci95")
    return ok, (f"| {name} | {'passed' if accuracy.get('ok') else 'wrong_output'} | {', '.join(flags) or '–'} | "
                f"{fmt(timing.get('speedup'))} [{fmt(ci[0] if ci else None)}, {fmt(ci[1] if ci else None)}] | "
                f"{fmt(timing.get('call_speedup'))} | {fmt(timing.get('candidate_ms'))} | "
                f"{fmt(timing.get('candidate_call_ms'))} | {fmt(None if peak is None else 100 * peak, '{:.1f}%')} | "
                f"{'as expected' if ok else 'UNEXPECTED'} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True)
    parser.add_argument("--only", nargs="*")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    lines = ["| run | accuracy | flags | device-time speedup [95% CI] | call-time speedup | candidate device ms |"
             " candidate call ms | candidate % of peak bandwidth | check |", "|---|---|---|---|---|---|---|---|---|"]
    all_ok = True
    for name in args.only or RUNS:
        result = run(name, args.out)
        ok, line = row(name, result)
        all_ok &= bool(ok)
        lines.append(line)
        print(line, flush=True)
        if not result.get("ok"):
            print(result.get("error"), flush=True)
    environment = result.get("environment", {})
    lines += ["", "Environment: " + json.dumps(environment)]
    with open(os.path.join(args.out, "summary.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
