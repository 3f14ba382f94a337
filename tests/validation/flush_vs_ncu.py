#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Device time as the harness measures it, after each of its cache flushes, against Nsight Compute on the
same kernels: the twin-script check behind docs/validation/flush-h200.md.

Usage:
  python3 flush_vs_ncu.py measure OUT.json
      The harness's own Clock.profile (torch.profiler) around one call, after CacheFlush with each method
      (write_read, write, none), REPS repetitions per kernel and method.
  ncu --cache-control all --clock-control none --metrics gpu__time_duration.sum --csv \\
      --kernel-name regex:krw_ python3 flush_vs_ncu.py launch > NCU.csv
      The same kernels on the same inputs, REPS launches each, no flush of ours (ncu flushes and invalidates
      every cache before each kernel it profiles).
  python3 flush_vs_ncu.py report OUT.json NCU.csv
      The tables (Markdown): medians per kernel and method, raw and with the tools' fixed offset added (what
      ncu counts beyond the profiler for an empty kernel, krw_empty, measured in the same runs), and speedup
      ratios between kernel pairs measured both ways. Exit status 1 when write_read plus the offset is not
      within 3% of ncu for every kernel, or a ratio not within 2% of ncu's.

Needs torch with CUDA and Triton. The kernels are plain Triton kernels named krw_*, so ncu's filter sees
only them; they are fixtures of the measurement, not of any case.
"""
import csv
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "runner", "harness"))

REPS = 50
WARMUP = 3
# (baseline kernel, candidate kernel): speedups to compare between the harness and ncu.
PAIRS = [("krw_scale_b1024", "krw_scale_b4096"), ("krw_scale_small", "krw_scale_b1024"),
         ("krw_softmax_rows", "krw_scale_b4096"), ("krw_scale_huge", "krw_scale_b1024")]
# A kernel that does nothing: what ncu's gpu__time_duration counts beyond the profiler's activity record for any
# kernel (the two tools start and stop their clocks at different points of a launch).
EMPTY = "krw_empty"
METHODS = ("write_read", "write", "none")


try:  # report needs neither
    import triton
    import triton.language as tl
except ImportError:
    triton = None

if triton is not None:
    # Triton names a kernel after its function, and ncu lists it by that name: one function per name.
    @triton.jit
    def krw_scale_b1024(x_ptr, y_ptr, n, slope, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offsets, mask=offsets < n)
        tl.store(y_ptr + offsets, tl.where(x > 0, x, x * slope), mask=offsets < n)

    @triton.jit
    def krw_scale_b4096(x_ptr, y_ptr, n, slope, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offsets, mask=offsets < n)
        tl.store(y_ptr + offsets, tl.where(x > 0, x, x * slope), mask=offsets < n)

    @triton.jit
    def krw_scale_small(x_ptr, y_ptr, n, slope, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offsets, mask=offsets < n)
        tl.store(y_ptr + offsets, tl.where(x > 0, x, x * slope), mask=offsets < n)

    @triton.jit
    def krw_scale_huge(x_ptr, y_ptr, n, slope, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offsets, mask=offsets < n)
        tl.store(y_ptr + offsets, tl.where(x > 0, x, x * slope), mask=offsets < n)

    @triton.jit
    def krw_empty(x_ptr):
        pass

    @triton.jit
    def krw_softmax_rows(x_ptr, y_ptr, columns, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        offsets = tl.arange(0, BLOCK)
        mask = offsets < columns
        x = tl.load(x_ptr + row * columns + offsets, mask=mask, other=-float("inf"))
        e = tl.exp(x - tl.max(x, axis=0))
        tl.store(y_ptr + row * columns + offsets, e / tl.sum(e, axis=0), mask=mask)



def kernels():
    """name -> a thunk that launches the kernel once on inputs made here."""
    import torch

    big = 1 << 24  # 64 MiB in, 64 MiB out: past the L2 cache
    small = 1 << 20  # 4 MiB in, 4 MiB out: fits in L2, where a missing flush shows most
    x_big = torch.randn(big, device="cuda")
    y_big = torch.empty_like(x_big)
    x_small = torch.randn(small, device="cuda")
    y_small = torch.empty_like(x_small)
    huge = 1 << 26  # 256 MiB in, 256 MiB out
    x_huge = torch.randn(huge, device="cuda")
    y_huge = torch.empty_like(x_huge)
    rows, columns = 8192, 1024
    x_rows = torch.randn(rows, columns, device="cuda")
    y_rows = torch.empty_like(x_rows)
    return {
        "krw_scale_b1024": lambda: krw_scale_b1024[(triton.cdiv(big, 1024),)](x_big, y_big, big, 0.01, BLOCK=1024),
        "krw_scale_b4096": lambda: krw_scale_b4096[(triton.cdiv(big, 4096),)](x_big, y_big, big, 0.01, BLOCK=4096, num_warps=8),
        "krw_scale_small": lambda: krw_scale_small[(triton.cdiv(small, 1024),)](x_small, y_small, small, 0.01, BLOCK=1024),
        "krw_scale_huge": lambda: krw_scale_huge[(triton.cdiv(huge, 4096),)](x_huge, y_huge, huge, 0.01, BLOCK=4096, num_warps=8),
        EMPTY: lambda: krw_empty[(1,)](x_small),
        "krw_softmax_rows": lambda: krw_softmax_rows[(rows,)](x_rows, y_rows, columns, BLOCK=1024),
    }


def measure(out_path):
    import torch
    from krw_measure import CacheFlush, Clock
    thunks = kernels()
    clock = Clock(torch, "cuda")
    flushes = {method: CacheFlush(torch, "cuda", True, method) for method in METHODS}
    result = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__, "reps": REPS,
              "flush": {m: f.info for m, f in flushes.items()}, "kernels": {}}
    for name, thunk in thunks.items():
        for _ in range(WARMUP):
            thunk()
        torch.cuda.synchronize()
        per_method = {}
        for rep in range(REPS):
            for method in (METHODS if rep % 2 == 0 else METHODS[::-1]):
                flushes[method]()
                torch.cuda.synchronize()
                measured = clock.profile(thunk)
                if measured is None:
                    sys.exit(f"the profiler failed: {clock.profiler_error}")
                own = [ms for kernel, ms, _ in measured["kernels"] if kernel.startswith("krw_")]
                per_method.setdefault(method, []).append(sum(own) * 1000)
        result["kernels"][name] = {m: {"median_us": statistics.median(v), "samples_us": v} for m, v in per_method.items()}
        print(name, {m: round(v["median_us"], 2) for m, v in result["kernels"][name].items()}, flush=True)
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)


def launch():
    import torch
    thunks = kernels()
    for thunk in thunks.values():
        for _ in range(WARMUP + REPS):
            thunk()
        torch.cuda.synchronize()


def ncu_medians(path):
    """kernel name -> median gpu__time_duration.sum in µs, the warm-up launches left out."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = [line for line in f if line.startswith('"')]
    samples = {}
    for row in csv.DictReader(lines):
        if row.get("Metric Name") != "gpu__time_duration.sum":
            continue
        value = float(row["Metric Value"].replace(",", ""))
        unit = row.get("Metric Unit", "")
        scale = {"ns": 1e-3, "nsecond": 1e-3, "us": 1.0, "usecond": 1.0, "ms": 1e3, "msecond": 1e3, "s": 1e6, "second": 1e6}.get(unit)
        if scale is None:
            sys.exit(f"{path}: unknown unit {unit!r}")
        name = row["Kernel Name"].split("(")[0].strip()
        samples.setdefault(name, []).append(value * scale)
    return {name: statistics.median(v[WARMUP:] or v) for name, v in samples.items()}


def report(measured_path, ncu_path):
    with open(measured_path, encoding="utf-8") as f:
        measured = json.load(f)
    ncu = ncu_medians(ncu_path)
    kernels_ = measured["kernels"]
    if EMPTY not in ncu or EMPTY not in kernels_:
        print(f"{EMPTY} was not measured both ways: no offset, no verdict")
        return 1
    offset = {m: ncu[EMPTY] - kernels_[EMPTY][m]["median_us"] for m in METHODS}
    print(f"Device: {measured['device']}, torch {measured['torch']}, {measured['reps']} repetitions per kernel and method "
          f"(medians). ncu: --cache-control all --clock-control none, gpu__time_duration.sum.\n")
    print(f"ncu counts {offset['write_read']:.2f} µs more than torch.profiler for the empty kernel ({EMPTY}); "
          "'+offset' columns add it to the harness's figure.\n")
    ok = True
    print("| kernel | ncu µs | " + " | ".join(f"{m} µs" for m in METHODS) + " | write_read +offset vs ncu | write +offset vs ncu | none +offset vs ncu |")
    print("|---|---:|" + "---:|" * (2 * len(METHODS)))
    corrected = {}
    for name, methods in kernels_.items():
        reference = ncu.get(name)
        if reference is None:
            print(f"| {name} | not profiled |")
            ok = False
            continue
        raw = [f"{methods[m]['median_us']:.2f}" for m in METHODS]
        shifted = []
        for m in METHODS:
            value = methods[m]["median_us"] + offset[m]
            corrected[(name, m)] = value
            shifted.append(f"{value:.2f} ({100 * (value / reference - 1):+.1f}%)")
            if m == "write_read" and name != EMPTY and abs(value / reference - 1) > 0.03:
                ok = False
        print(f"| {name} | {reference:.2f} | " + " | ".join(raw + shifted) + " |")
    print("\n| speedup (baseline → candidate) | ncu | " + " | ".join(f"{m} raw" for m in METHODS)
          + " | " + " | ".join(f"{m} +offset (vs ncu)" for m in METHODS) + " |")
    print("|---|---:|" + "---:|" * (2 * len(METHODS)))
    for base, cand in PAIRS:
        if base not in ncu or cand not in ncu:
            continue
        reference = ncu[base] / ncu[cand]
        raw, shifted = [], []
        for m in METHODS:
            raw.append(f"{kernels_[base][m]['median_us'] / kernels_[cand][m]['median_us']:.3f}")
            ratio = corrected[(base, m)] / corrected[(cand, m)]
            shifted.append(f"{ratio:.3f} ({100 * (ratio / reference - 1):+.1f}%)")
            if m == "write_read" and abs(ratio / reference - 1) > 0.02:
                ok = False
        print(f"| {base} → {cand} | {reference:.3f} | " + " | ".join(raw + shifted) + " |")
    print("\nwithin limits (write_read +offset: device time within 3% of ncu, speedups within 2%):", "yes" if ok else "NO")
    return 0 if ok else 1


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "measure":
        measure(sys.argv[2])
        return 0
    if len(sys.argv) == 2 and sys.argv[1] == "launch":
        launch()
        return 0
    if len(sys.argv) == 4 and sys.argv[1] == "report":
        return report(sys.argv[2], sys.argv[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
