#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Verdict levels and device time on a GPU, through kernel-review-cli as a user runs it (issue 31).

Reruns the bundled sample's predictions (hip-nvidia) and the cheat candidates of gpu_battery/candidates
against the sample's sin_kernel case, one at a time, and reads each result's verdict, verdict_level and the
per-kernel device times the harness measured. Then reruns each once more untimed and runs that rerun's harness
(the spec the CLI left in its work folder) under Nsight Compute, filtered to the kernels the harness named (the
checks launch the same kernels on the same shapes), and compares the harness's median per kernel with ncu's median gpu__time_duration.sum (--cache-control
all --clock-control none), with and without ncu's fixed offset (OFFSET_US: what ncu counts beyond the
profiler for an empty kernel, docs/validation/flush-h200.md).

Usage: python3 gpu_levels.py --cli CLI --python PY --out DIR [--phase rerun ncu report] [--ncu NCU] [--offset-us X]
       [--only NAME ...]
Writes DIR/<name>.json (the CLI's result), DIR/<name>.ncu.csv and DIR/levels.md; prints the table. Exit
status 0 when every run finished and every cheat came back suspect or failed, every honest one clean.
"""
import argparse
import csv
import glob
import json
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
RUN = os.path.join(REPO, "resources", "sample", "run")
HARNESS = os.path.join(REPO, "runner", "harness", "krw_harness.py")
CANDIDATES = os.path.join(HERE, "gpu_battery", "candidates")
LABEL = os.path.join(REPO, "resources", "sample", "cases", "sin_kernel", "label.py")

SAMPLE = ["sin_kernel", "softmax_row", "embedding_gather", "layer_norm_fwd", "flash_decode_stage2", "leaky_relu",
          "block_sum", "rms_norm"]
# name -> (case, version, what it must come back as: "honest", "cheat", or None for the sample's own)
RUNS = {f"sample_{c}": (f"{c}.py", "predict", None) for c in SAMPLE}
RUNS.update({
    "honest_label": ("sin_kernel.py", LABEL, "honest"),
    "torch_ops": ("sin_kernel.py", os.path.join(CANDIDATES, "torch_ops.py"), "cheat"),
    "cached": ("sin_kernel.py", os.path.join(CANDIDATES, "cached.py"), "cheat"),
    "content_cache": ("sin_kernel.py", os.path.join(CANDIDATES, "content_cache.py"), "cheat"),
    "call_counter": ("sin_kernel.py", os.path.join(CANDIDATES, "call_counter.py"), "cheat"),
    "side_stream": ("sin_kernel.py", os.path.join(CANDIDATES, "side_stream.py"), "cheat"),
    "mutates": ("sin_kernel.py", os.path.join(CANDIDATES, "mutates.py"), "cheat"),
})
PASSING_LEVELS = {"clean", "notes", "suspect"}
NCU_LAUNCHES = 40


def cli_rerun(args, case, version, extra=()):
    command = [args.cli, "rerun", RUN, "--case", case, "--version", version, "--profile", "hip-nvidia",
               "--python", args.python, "--json", *args.sandbox, *extra]
    return command


def base_name(kernel):
    """A kernel's function name, as ncu's filter sees it: no parameters, no template arguments."""
    return re.split(r"[(<]", kernel, maxsplit=1)[0].strip().split("::")[-1]


def harness_kernels(result):
    """side -> {own kernel's base name: [ms of each timed call that launched it]} from the result."""
    sides = {"baseline": {}, "candidate": {}}
    for call in ((result.get("stages") or {}).get("timing") or {}).get("calls", []):
        for side in sides:
            for kernel in (call.get(side) or {}).get("kernels", []):
                if kernel.get("own"):
                    sides[side].setdefault(base_name(kernel["name"]), []).append(kernel["ms"])
    return sides


def ncu_launches(path):
    """kernel base name -> {grid size: [gpu__time_duration.sum in µs, ...]}, one entry per profiled launch."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = [line for line in f if line.startswith('"')]
    launches = {}
    for row in csv.DictReader(lines):
        entry = launches.setdefault((row.get("Process ID"), row.get("ID")), {"name": base_name(row["Kernel Name"])})
        value = float(row["Metric Value"].replace(",", ""))
        if row.get("Metric Name") == "launch__grid_size":
            entry["grid"] = value
        elif row.get("Metric Name") == "gpu__time_duration.sum":
            scale = {"ns": 1e-3, "nsecond": 1e-3, "us": 1.0, "usecond": 1.0, "ms": 1e3, "msecond": 1e3}.get(row.get("Metric Unit", ""))
            if scale is not None:
                entry["us"] = value * scale
    out = {}
    for entry in launches.values():
        if "us" in entry and "grid" in entry:
            out.setdefault(entry["name"], {}).setdefault(entry["grid"], []).append(entry["us"])
    return out


def fmt(value, pattern="{:.3g}"):
    return "–" if value is None else pattern.format(value)


def side_cell(name_ms, ncu, offset):
    """A side's own kernels summed over the timed calls, harness against ncu: '15.6 / 15.9 (−1.9 %, +offset
    +0.2 %)'. The calls are told apart in ncu's launches by grid size (one shape per recorded call) and paired
    with the harness's calls by rank: the longer time with the larger grid."""
    if not name_ms:
        return "–", None
    harness = corrected = reference = 0.0
    for name, per_call in name_ms.items():
        grids = ncu.get(name, {})
        by_grid = sorted(statistics.median(v) for v in grids.values())
        if len(by_grid) != len(per_call):
            return f"{sum(sum(v) for v in name_ms.values()) * 1e3:.2f} / – ({len(per_call)} calls, {len(by_grid)} grid sizes)", None
        harness += sum(per_call) * 1e3
        corrected += sum(per_call) * 1e3 + offset * len(per_call)
        reference += sum(by_grid)
    delta = 100 * (harness / reference - 1)
    delta_offset = 100 * (corrected / reference - 1)
    return f"{harness:.2f} / {reference:.2f} ({delta:+.1f} %, +offset {delta_offset:+.1f} %)", (corrected, reference)


def judge(expected, level):
    if expected == "honest":
        return level == "clean"
    if expected == "cheat":
        return level == "suspect" or level not in PASSING_LEVELS
    return True


def without_stale_launch_bound(result):
    """The result with launch_bound taken off each call where today's harness would not raise it (a launch-bound
    side and whole calls that speed up like the kernels: krw_summary.launch_gap), and off the result when no call
    keeps it; None when nothing changes. For results measured before that rule: the measurement is the same."""
    sys.path.insert(0, os.path.join(REPO, "runner", "harness"))
    import krw_summary  # noqa: E402 (the harness's own rule, not a copy)
    copy = json.loads(json.dumps(result))
    calls = ((copy.get("stages") or {}).get("timing") or {}).get("calls", [])
    changed = False
    for call in calls:
        if "launch_bound" in call.get("flags", []) and not krw_summary.launch_gap(call.get("speedup"), call.get("call_speedup")):
            call["flags"].remove("launch_bound")
            (call.get("notes") or {}).pop("launch_bound", None)
            changed = True
    if changed and not any("launch_bound" in call.get("flags", []) for call in calls):
        copy["flags"] = [f for f in copy.get("flags", []) if f != "launch_bound"]
    return copy if changed else None


def run_cli(args, name):
    case, version, _ = RUNS[name]
    out_json = os.path.join(args.out, f"{name}.json")
    with open(out_json, "w", encoding="utf-8") as out, open(os.path.join(args.out, f"{name}.err"), "w") as err:
        subprocess.run(cli_rerun(args, case, version), stdout=out, stderr=err, timeout=1200, check=False)


def run_ncu(args, name, result):
    """The rerun again, untimed, through the CLI (it builds nothing new: the module is cached), then its
    harness once more under ncu on the spec the CLI left in the run's work folder: ncu profiles Python
    processes only, never the Qt one, and the same kernels on the same inputs."""
    case, version, _ = RUNS[name]
    sides = harness_kernels(result)
    names = sorted(set(sides["baseline"]) | set(sides["candidate"]))
    if not names:
        return
    pattern = os.path.join(RUN, ".kernel-review", "*", "work", "*", "spec.json")
    before = set(glob.glob(pattern))
    subprocess.run(cli_rerun(args, case, version, ["--no-timing"]), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   timeout=600, check=False)
    specs = sorted(set(glob.glob(pattern)) - before, key=os.path.getmtime)
    if not specs:
        return
    spec = specs[-1]
    command = [args.ncu, "--target-processes", "all", "--cache-control", "all", "--clock-control", "none",
               "--metrics", "gpu__time_duration.sum,launch__grid_size", "--csv", "--launch-count", str(NCU_LAUNCHES),
               "--kernel-name", "regex:^(" + "|".join(re.escape(n) for n in names) + ")$",
               args.python, HARNESS, "run", "--spec", spec, "--out", os.path.join(os.path.dirname(spec), "ncu-result.json")]
    with open(os.path.join(args.out, f"{name}.ncu.csv"), "w", encoding="utf-8") as out:
        subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, timeout=300, check=False,
                       cwd=os.path.dirname(spec))


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--python", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--ncu", default="ncu")
    parser.add_argument("--offset-us", type=float, default=0.96)
    parser.add_argument("--phase", choices=["rerun", "ncu", "report"], nargs="+", default=["rerun", "ncu", "report"],
                        help="rerun: the timed reruns (modules built first, in parallel); ncu: the same reruns under "
                             "Nsight Compute, reading the kernels from the rerun's results in --out; report: the table")
    parser.add_argument("--jobs", type=int, default=8, help="parallel untimed reruns that build the modules first")
    parser.add_argument("--only", nargs="*")
    args = parser.parse_args()
    args.sandbox = [] if subprocess.run(["sh", "-c", "command -v bwrap"], capture_output=True).returncode == 0 else ["--no-sandbox"]
    os.makedirs(args.out, exist_ok=True)
    names = args.only or list(RUNS)
    if "rerun" in args.phase:
        # Build every module once, in parallel, untimed: the timed reruns then find them in the module cache.
        for i in range(0, len(names), args.jobs):
            builds = [subprocess.Popen(cli_rerun(args, RUNS[n][0], RUNS[n][1], ["--no-timing"]), stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL) for n in names[i:i + args.jobs] if RUNS[n][1] == "predict"]
            for build in builds:
                build.wait(timeout=1200)
        for name in names:  # one at a time: timings do not disturb each other
            if load(os.path.join(args.out, f"{name}.json")):
                continue  # done by an earlier, interrupted call
            run_cli(args, name)
            print(name, (load(os.path.join(args.out, f"{name}.json")) or {}).get("verdict_line", "no result"), flush=True)
    if "ncu" in args.phase:
        for name in names:  # one at a time; a profile already taken (an earlier, interrupted call) is kept
            result = load(os.path.join(args.out, f"{name}.json"))
            if result and not os.path.exists(os.path.join(args.out, f"{name}.ncu.csv")):
                run_ncu(args, name, result)
                print(name, "profiled", flush=True)
    if "report" not in args.phase:
        return 0
    lines = ["| run | verdict line | level | device-time speedup [95% CI] | baseline µs: harness / ncu | "
             "candidate µs: harness / ncu | speedup: ncu (harness +offset) | check |",
             "|---|---|---|---|---|---|---|---|"]
    all_ok = True
    for name in names:
        _, _, expected = RUNS[name]
        result = load(os.path.join(args.out, f"{name}.json"))
        if not result:
            lines.append(f"| {name} | no result | | | | | | UNEXPECTED |")
            all_ok = False
            continue
        judged = ""
        rejudged = without_stale_launch_bound(result)
        path = os.path.join(args.out, f"{name}.json")
        if rejudged is not None:
            # Measured before today's launch_bound rule: judged on the same figures by that rule.
            path = os.path.join(args.out, f"{name}.rejudged.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(rejudged, f, indent=1)
        if (rejudged is not None or "verdict_level" not in result) and os.access(args.cli, os.X_OK):
            # Written by an older build: judged again by this one's rules (kernel-review-cli show).
            shown = subprocess.run([args.cli, "show", path, "--json"], capture_output=True, text=True, check=False)
            if shown.returncode == 0:
                again = json.loads(shown.stdout)
                result["verdict_level"], result["verdict_line"] = again["verdict_level"], again["verdict_line"]
                judged = " ¹" if rejudged is None else " †"
        level = result.get("verdict_level", "")
        timing = (result.get("stages") or {}).get("timing") or {}
        sides = harness_kernels(result)
        csv_path = os.path.join(args.out, f"{name}.ncu.csv")
        ncu = ncu_launches(csv_path) if os.path.exists(csv_path) else {}
        base_text, base = side_cell(sides["baseline"], ncu, args.offset_us)
        cand_text, cand = side_cell(sides["candidate"], ncu, args.offset_us)
        ncu_speedup = f"{base[1] / cand[1]:.3g} ({base[0] / cand[0]:.3g})" if base and cand else "–"
        ok = judge(expected, level)
        all_ok &= ok
        ci = timing.get("ci95")
        lines.append(f"| {name} | {result.get('verdict_line', '?')}{judged} | {level} | {fmt(timing.get('speedup'))} "
                     f"[{fmt(ci[0] if ci else None)}, {fmt(ci[1] if ci else None)}] | {base_text} | {cand_text} | "
                     f"{ncu_speedup} | {'as expected' if ok else 'UNEXPECTED'}{'' if expected else ' (sample)'} |")
    print("\n".join(lines))
    with open(os.path.join(args.out, "levels.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
