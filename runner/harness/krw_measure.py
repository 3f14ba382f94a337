# SPDX-License-Identifier: MIT
"""The harness's measuring process: baseline and candidate loaded side by side, replaying the calls the
test made, for the cheat battery's call-level checks and for timing. The contract (spec, result keys,
every flag and how it is computed) is docs/RUNNER.md, "Checks" and "Timing".

`measure_main` runs in a child process started by krw_harness.py; it writes the checks first and the
timing second, each atomically, so a crash while timing keeps the checks. The summaries at the end
(`summarize_timing`, `result_flags`) are pure and run in the parent.
"""
import ast
import collections
import contextlib
import json
import math
import os
import random
import re
import statistics
import time

from krw_common import (die_with_parent, load_side_module, percentile, public_routines, seed_everything, snapshot,
                        tensors_in, torch_load, write_json_atomic)
from krw_compare import compare_results

SIDES = ("baseline", "candidate")
# The battery, in the order results list its flags. Each can be turned off through spec["checks"]["disabled"].
CHECKS = ("input_mutated", "output_reused", "no_own_kernel", "zeros_would_pass", "input_would_pass",
          "nondeterministic", "seed_sensitive", "timed_output_mismatch", "timer_disagrees", "implausible_speedup")
# Timing flags, raised whatever the battery's settings: they describe the measurement itself.
TIMING_FLAGS = ("launch_bound", "beyond_peak")
RESULT_FLAG_ORDER = CHECKS + TIMING_FLAGS
CHECK_DEFAULTS = {"disabled": [], "seeds": 3, "implausible_speedup": 10.0}

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
# On the cpu profile: a candidate extension whose call spends at least this share in ATen compute ops has no
# code of its own doing the work (measured here: 0.67 for ATen calls, 0.0 for own loops; pybind overhead is "own").
LIBRARY_SHARE = 0.35
# ATen ops that allocate or reshape; on the cpu profile they do not count as library work.
CPU_BOOKKEEPING_OPS = re.compile(r"^aten::(empty|empty_like|empty_strided|zeros|zeros_like|view|reshape|as_strided|"
                                 r"resize_|detach|alias|contiguous|to|_to_copy|lift|lift_fresh|select|slice|"
                                 r"unsqueeze|squeeze|expand|t|transpose|permute|size|stride|item|_local_scalar_dense)$")
BOOTSTRAP_SAMPLES = 1000
DEFAULT_FLUSH_BYTES = 256 << 20  # when the device's last-level cache size cannot be read
# Inputs of earlier repetitions kept alive, up to this many bytes, so each repetition's fresh copy lands at a
# new address: a result cache keyed by address then misses, as it would in real use.
KEEP_INPUTS_BYTES = 256 << 20
# Timed repetition n (from 1) draws its inputs with seed TIMED_SEED_BASE + n: far above the seed check's 1…N, so
# no timed call sees the values a check, or another repetition, saw, and a result cache keyed by contents misses.
TIMED_SEED_BASE = 1 << 20
# Timed repetitions whose outputs are compared with the baseline's, besides the first and the last.
TIMED_SAMPLE_RANDOM = 3
PEAKS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "device_peaks.json")


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


# ---------------------------------------------------------------- replaying calls

class Replay:
    """Both sides' functions in one process, and the recorded calls with fresh inputs for every use."""

    def __init__(self, torch, spec, calls):
        self.torch, self.spec, self.device = torch, spec, spec["device"]
        self.functions = {side: public_routines(load_side_module(spec[side], side)) for side in SIDES}
        self.calls = calls

    def function(self, side, call):
        return self.functions[side].get(call["name"])

    def usable(self, call):
        return "error" not in call and all(self.function(side, call) for side in SIDES)

    def fresh(self, call):
        """New copies of the recorded arguments: nothing a previous use wrote into them, or cached
        under their identity, carries over."""
        return snapshot(self.torch, (call["args"], call["kwargs"]))

    def sync(self):
        if self.device == "cuda":
            self.torch.cuda.synchronize()

    def invoke(self, side, call, arguments):
        args, kwargs = arguments
        out = self.function(side, call)(*args, **kwargs)
        self.sync()
        return out


def storage_of(torch, tensor):
    storage = tensor.untyped_storage() if hasattr(tensor, "untyped_storage") else tensor.storage()
    return storage.data_ptr()


def tensor_paths(torch, value, path="args"):
    """(path, tensor) for every tensor in a call's arguments, e.g. ('args[0]', x), ('kwargs.bias', b)."""
    if isinstance(value, torch.Tensor):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from tensor_paths(torch, v, f"{path}.{k}")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from tensor_paths(torch, v, f"{path}[{i}]")


def argument_paths(torch, arguments):
    args, kwargs = arguments
    return [*tensor_paths(torch, list(args), "args"), *tensor_paths(torch, kwargs, "kwargs")]


def same_bits(torch, a, b):
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.is_floating_point() or a.is_complex():
        return bool(((a == b) | (a.isnan() & b.isnan())).all())
    return bool(torch.equal(a, b))


class Redraw:
    """New random values for a call's arguments, one set per seed, for the seed check and the timed repetitions:
    every floating-point tensor is replaced by normal values with the original's mean and spread, of the same
    shape, dtype, device and strides; integer tensors (often indices or sizes) and scalars stay as they are. The
    originals' mean and spread are measured once."""

    def __init__(self, torch, arguments):
        self.torch, self.arguments = torch, arguments
        self.moments = [self.measure(t) for t in tensors_in(torch, arguments) if self.redrawn(t)]

    @staticmethod
    def redrawn(value):
        return value.is_floating_point() and value.numel() > 0

    def measure(self, value):
        wide = value.detach().to("cpu", self.torch.float64)
        finite = wide[wide.isfinite()]
        mean = float(finite.mean()) if finite.numel() else 0.0
        spread = float(finite.std()) if finite.numel() > 1 else 1.0
        spread = spread if math.isfinite(spread) and spread > 0 else 1.0
        return mean, spread

    def __call__(self, seed, on_device=False):
        """The arguments drawn with `seed`. By default from one CPU generator in float64, so a seed gives the same
        values on every device; on_device: from a generator on each tensor's device, in float32 (float64 for
        float64 tensors), fast enough to draw before every timed repetition."""
        torch = self.torch
        moments = iter(self.moments)
        generators = {}

        def generator(device):
            if device not in generators:
                generators[device] = torch.Generator(device=device).manual_seed(seed)
            return generators[device]

        def redraw(value):
            if isinstance(value, torch.Tensor) and self.redrawn(value):
                mean, spread = next(moments)
                target = value.detach().clone()  # same strides, so layout-dependent kernels see what they expect
                if on_device:
                    work = torch.float64 if value.dtype == torch.float64 else torch.float32
                    fresh = torch.empty(value.shape, dtype=work, device=value.device)
                    fresh.normal_(mean, spread, generator=generator(value.device))
                else:
                    fresh = torch.randn(value.shape, generator=generator("cpu"), dtype=torch.float64) * spread + mean
                target.copy_(fresh.to(value.dtype))
                return target
            if isinstance(value, torch.Tensor):
                return value.detach().clone()
            if isinstance(value, dict):
                return {k: redraw(v) for k, v in value.items()}
            if isinstance(value, (list, tuple)):
                items = [redraw(v) for v in value]
                return items if isinstance(value, list) else tuple(items)
            return value
        return redraw(self.arguments)


def failure_text(side, e):
    return f"{side}: {type(e).__name__}: {e}"


def raise_flag(row, flag, note):
    if flag not in row["flags"]:
        row["flags"].append(flag)
    row["notes"].setdefault(flag, note)


# ---------------------------------------------------------------- the battery's call-level checks

def own_kernel_names(side_spec):
    """Names of the kernels the side's source defines: Triton @jit functions, or HIP/CUDA __global__ ones."""
    path = side_spec.get("source_file")
    if not path:
        return None  # unknown: the C++ runner did not say where the source is
    with open(path, encoding="utf-8", errors="replace") as f:
        source = f.read()
    names = set()
    if side_spec["kind"] == "python":
        with contextlib.suppress(SyntaxError):
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.FunctionDef) and any("jit" in ast.unparse(d) for d in node.decorator_list):
                    names.add(node.name)
        return sorted(names)
    source = re.sub(r"__launch_bounds__\s*\([^)]*\)", " ", source)
    names.update(re.findall(r"__global__[^;{(]*?\b([A-Za-z_]\w*)\s*\(", source))
    return sorted(names)


def is_own(kernel_name, own_names):
    return any(name in kernel_name for name in own_names)


def check_input_mutation(replay, call, row):
    """Which argument tensors each side wrote into; the candidate is flagged for those the baseline left alone."""
    torch = replay.torch
    mutated = {}
    for side in SIDES:
        arguments = replay.fresh(call)
        before = replay.fresh({"args": arguments[0], "kwargs": arguments[1]})
        replay.invoke(side, call, arguments)
        mutated[side] = [path for (path, after), (_, was) in zip(argument_paths(torch, arguments),
                                                                   argument_paths(torch, before))
                         if not same_bits(torch, after, was)]
    row["mutated"] = mutated
    own = [p for p in mutated["candidate"] if p not in mutated["baseline"]]
    if own:
        raise_flag(row, "input_mutated", f"the candidate overwrote {', '.join(own)}, which the baseline leaves unchanged")


def check_output_reuse(replay, call, row):
    """The same storage returned twice for the same inputs while the first result is still alive: a cache
    of results (a fresh result cannot share memory with a live one). Outputs that alias an input are fine."""
    torch = replay.torch
    arguments = replay.fresh(call)
    inputs = {storage_of(torch, t) for _, t in argument_paths(torch, arguments)}
    first = replay.invoke("candidate", call, arguments)
    live = {storage_of(torch, t) for t in tensors_in(torch, first) if t.numel() > 0} - inputs
    second = replay.invoke("candidate", call, arguments)
    shared = [t for t in tensors_in(torch, second) if t.numel() > 0 and storage_of(torch, t) in live]
    if shared:
        raise_flag(row, "output_reused", "called twice on the same inputs, the candidate returned memory it had"
                                         " already returned (a cache of results)")
    del first, second


def check_determinism(replay, call, row, rtol, atol):
    torch = replay.torch
    first = replay.invoke("candidate", call, replay.fresh(call))
    second = replay.invoke("candidate", call, replay.fresh(call))
    agreement = compare_results(torch, first, second, [], rtol, atol, loose_checks=False, root="output")
    if not agreement["ok"]:
        bad = [o["name"] for o in agreement["outputs"] if not o["ok"]]
        raise_flag(row, "nondeterministic", f"two runs on the same inputs disagree beyond the tolerance in {', '.join(bad)}")


def check_seeds(replay, call, row, seeds, rtol, atol, check_reuse):
    """Correctness on new random inputs. Also catches results that ignore their inputs: the same values for
    different inputs where the baseline's differ."""
    torch = replay.torch
    original = replay.invoke("candidate", call, replay.fresh(call)) if check_reuse else None
    original_base = replay.invoke("baseline", call, replay.fresh(call)) if check_reuse else None
    redraw = Redraw(torch, replay.fresh(call))
    for seed in range(1, seeds + 1):
        arguments = redraw(seed)
        entry = {"seed": seed, "ok": None, "failed_outputs": [], "max_abs_err": None, "note": None}
        row["seeds"].append(entry)
        try:
            base = replay.invoke("baseline", call, snapshot(torch, arguments))
        except Exception as e:  # the inputs may break the baseline's assumptions: say so, do not judge
            entry["note"] = f"skipped: the baseline fails on these inputs ({failure_text('baseline', e)})"
            continue
        try:
            cand = replay.invoke("candidate", call, snapshot(torch, arguments))
        except Exception as e:
            entry.update(ok=False, note=failure_text("candidate", e))
            continue
        agreement = compare_results(torch, base, cand, [], rtol, atol, loose_checks=False, root="output")
        errors = [o["max_abs_err"] for o in agreement["outputs"] if o["max_abs_err"] is not None]
        entry.update(ok=agreement["ok"], failed_outputs=[o["name"] for o in agreement["outputs"] if not o["ok"]],
                     max_abs_err=max(errors) if errors else None)
        if check_reuse and "output_reused" not in row["flags"]:
            base_moved = not compare_results(torch, original_base, base, [], rtol, atol, loose_checks=False, root="output")["ok"]
            cand_same = all(same_bits(torch, a, b) for a, b in zip(tensors_in(torch, original), tensors_in(torch, cand)))
            if base_moved and cand_same and next(tensors_in(torch, cand), None) is not None:
                raise_flag(row, "output_reused", f"for new inputs (seed {seed}) the candidate returned the same values"
                                                 " as before, while the baseline's changed")
    failed = [e["seed"] for e in row["seeds"] if e["ok"] is False]
    if failed:
        raise_flag(row, "seed_sensitive", f"wrong on new random inputs with seed(s) {', '.join(map(str, failed))}")


def run_checks(replay, spec):
    """One row per recorded call; the checks the spec leaves on. A check that itself fails (the candidate
    raises on a replay) is reported in the row's notes, not as a clean result."""
    settings = check_settings(spec)
    rows = []
    for index, call in enumerate(replay.calls):
        row = {"name": call["name"], "index": index, "flags": [], "notes": {}, "mutated": None, "seeds": [],
               "check_errors": {}, "error": None}
        rows.append(row)
        if not replay.usable(call):
            row["error"] = call.get("error") or f"both sides need a function '{call['name']}'"
            continue
        steps = [("input_mutated", lambda: check_input_mutation(replay, call, row)),
                 ("output_reused", lambda: check_output_reuse(replay, call, row)),
                 ("nondeterministic", lambda: check_determinism(replay, call, row, spec["rtol"], spec["atol"]))]
        if settings["seeds"] > 0 and (enabled(spec, "seed_sensitive") or enabled(spec, "output_reused")):
            steps.append(("seed_sensitive", lambda: check_seeds(
                replay, call, row, settings["seeds"] if enabled(spec, "seed_sensitive") else 1, spec["rtol"],
                spec["atol"], enabled(spec, "output_reused"))))
        for check, step in steps:
            if check != "seed_sensitive" and not enabled(spec, check):
                continue
            try:
                seed_everything(replay.torch, spec["seed"])
                step()
            except Exception as e:
                row["check_errors"][check] = f"could not run: {type(e).__name__}: {e}"
        if not enabled(spec, "seed_sensitive"):
            row["seeds"] = []
            row["flags"] = [f for f in row["flags"] if f != "seed_sensitive"]
            row["notes"].pop("seed_sensitive", None)
    return rows


# ---------------------------------------------------------------- clocks, cache flush, profiler

def llc_bytes(torch, device):
    """The last-level cache's size, and where the figure came from."""
    if device == "cuda":
        size = getattr(torch.cuda.get_device_properties(0), "L2_cache_size", 0)
        return (size, "torch.cuda.get_device_properties().L2_cache_size") if size else (None, "not reported")
    sizes = []
    base = "/sys/devices/system/cpu/cpu0/cache"
    with contextlib.suppress(OSError):
        for entry in os.listdir(base):
            with contextlib.suppress(OSError, ValueError):
                with open(os.path.join(base, entry, "size"), encoding="ascii") as f:
                    text = f.read().strip()
                units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
                sizes.append(int(text[:-1]) * units[text[-1]] if text[-1] in units else int(text))
    return (max(sizes), base) if sizes else (None, "not reported")


class CacheFlush:
    """Run before every repetition, outside the timed region, so no repetition finds its inputs (or a previous
    result) in the last-level cache, and none pays for the flush itself.

    method "write_read" (the default): write a buffer twice the cache's size, which evicts what is there, then read
    a second buffer of that size, which writes the lines the first pass left dirty back to memory and leaves the
    cache holding clean lines nobody asks for. method "write": the first pass alone; the timed kernel then found the
    cache full of dirty lines and paid for writing them back (on an H200, +7% to +15% against Nsight Compute's
    flushed cache, docs/validation/flush-h200.md). "none" is the same as enabled_=False."""

    METHODS = ("write_read", "write", "none")

    def __init__(self, torch, device, enabled_, method="write_read"):
        if method not in self.METHODS:
            raise ValueError(f"unknown cache flush method {method!r} (one of {', '.join(self.METHODS)})")
        if not enabled_:
            method = "none"
        self.torch, self.device = torch, device
        llc, source = llc_bytes(torch, device)
        self.info = {"enabled": method != "none", "method": method, "llc_bytes": llc, "llc_source": source, "bytes": 0}
        self.dirty = self.clean = None
        if method != "none":
            size = 2 * llc if llc else DEFAULT_FLUSH_BYTES
            self.dirty = torch.empty(size, dtype=torch.uint8, device=device)
            self.info["bytes"] = size
            if method == "write_read":
                self.clean = torch.ones(size // 4, dtype=torch.float32, device=device)
                self.info["bytes"] = 2 * size

    def __call__(self):
        if self.dirty is not None:
            self.dirty.zero_()
        if self.clean is not None:
            self.clean.sum()  # reads every line; the scalar it makes is dropped


def kernel_events(prof):
    """(name, duration in ms, stream) of every device activity the profiler saw: kernels, memsets, copies."""
    events = []
    results = prof.profiler.kineto_results
    for event in results.events():
        device_type = str(event.device_type())
        if "CPU" in device_type:
            continue
        if hasattr(event, "duration_ns"):
            duration = event.duration_ns() / 1e6
        else:
            duration = event.duration_us() / 1e3
        stream = event.device_resource_id() if hasattr(event, "device_resource_id") else None
        events.append((event.name(), duration, stream))
    return events


class Clock:
    """Measures one call. call_ms: host wall time around the call and a device-wide synchronise (launch
    overhead included). On cuda also events_ms (stream events around the call) and, in profiled
    repetitions, device_ms (the sum of the device activities the call caused, from the profiler)."""

    def __init__(self, torch, device):
        self.torch, self.device = torch, device
        self.profiler_error = None
        self.caller_stream = None  # the profiler's id of the stream the harness calls on
        if device == "cuda":
            self.start, self.end = (torch.cuda.Event(enable_timing=True) for _ in range(2))
            probe = torch.zeros(1, device="cuda")
            found = self.profile(probe.zero_)
            streams = {stream for _, _, stream in found["kernels"]} if found else set()
            self.caller_stream = streams.pop() if len(streams) == 1 else None

    def measure(self, thunk):
        t = self.torch
        if self.device == "cpu":
            began = time.perf_counter_ns()
            thunk()
            ms = (time.perf_counter_ns() - began) / 1e6
            return {"call_ms": ms, "device_ms": ms}
        t.cuda.synchronize()
        began = time.perf_counter_ns()
        self.start.record()
        thunk()
        self.end.record()
        t.cuda.synchronize()  # device-wide: work left on other streams is waited for too
        call_ms = (time.perf_counter_ns() - began) / 1e6
        return {"call_ms": call_ms, "events_ms": self.start.elapsed_time(self.end)}

    def profile(self, thunk):
        """device_ms and the kernels of one call, or None when the profiler cannot be used here."""
        if self.device == "cpu" or self.profiler_error:
            return None
        t = self.torch
        try:
            from torch.profiler import ProfilerActivity, profile
            t.cuda.synchronize()
            with profile(activities=[ProfilerActivity.CUDA]) as prof:
                thunk()
                t.cuda.synchronize()
            kernels = kernel_events(prof)
        except Exception as e:
            self.profiler_error = f"{type(e).__name__}: {e}"
            return None
        off_stream = sum(ms for _, ms, stream in kernels
                         if self.caller_stream is not None and stream is not None and stream != self.caller_stream)
        return {"device_ms": sum(ms for _, ms, _ in kernels), "kernels": kernels, "off_stream_ms": off_stream}


def library_share_cpu(torch, function, arguments):
    """On the cpu profile: the share of one call's time spent in ATen compute ops (profiler, CPU activity)."""
    from torch.profiler import ProfilerActivity, profile, record_function
    args, kwargs = arguments
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        with record_function("krw_call"):
            function(*args, **kwargs)
    events = list(prof.events())
    marker = next((e for e in events if e.name == "krw_call"), None)
    if marker is None or marker.cpu_time_total <= 0:
        return None, []
    ops = collections.Counter()
    for e in events:  # the ops the call itself made; time in ops they call is inside their total
        if e.cpu_parent is marker and e.name.startswith("aten::") and not CPU_BOOKKEEPING_OPS.match(e.name):
            ops[e.name] += e.cpu_time_total
    return min(1.0, sum(ops.values()) / marker.cpu_time_total), [name for name, _ in ops.most_common(5)]


# ---------------------------------------------------------------- timing

def stats(samples):
    if not samples:
        return None
    ordered = sorted(samples)
    return {"p10": percentile(ordered, 10), "p50": percentile(ordered, 50), "p90": percentile(ordered, 90),
            "reps": len(ordered)}


def output_bytes(torch, value):
    return sum(t.numel() * t.element_size() for t in tensors_in(torch, value))


class TimedSample:
    """The timed repetitions whose outputs are compared with the baseline's on the same inputs: the first, the
    last and TIMED_SAMPLE_RANDOM of the others, chosen uniformly by reservoir sampling with a fixed seed (the same
    number of repetitions always compares the same ones). Each is kept as a host copy made right after its
    repetition, before either side runs again (a side may hand out the same buffer every call); the outputs of
    the repetitions not chosen are dropped."""

    def __init__(self, torch, seed):
        self.torch = torch
        self.rng = random.Random(seed)
        self.kept = {}  # repetition -> {side: output}
        self.drawn = []  # the reservoir: repetitions other than the first and the last
        self.offered = 0

    def offer(self, rep, outputs, last):
        if rep > 1 and not last:
            self.offered += 1
            if len(self.drawn) < TIMED_SAMPLE_RANDOM:
                self.drawn.append(rep)
            else:
                slot = self.rng.randrange(self.offered)
                if slot >= TIMED_SAMPLE_RANDOM:
                    return
                del self.kept[self.drawn[slot]]
                self.drawn[slot] = rep
        self.kept[rep] = snapshot(self.torch, outputs, "cpu")

    def compare(self, rtol, atol):
        """The repetitions compared, and those whose candidate output differs from the baseline's."""
        differing = []
        for rep, outputs in sorted(self.kept.items()):
            agreement = compare_results(self.torch, outputs["baseline"], outputs["candidate"], [], rtol, atol,
                                        loose_checks=False, root="output")
            if agreement["ok"]:
                continue
            bad = [o for o in agreement["outputs"] if not o["ok"]]
            errors = [o["max_abs_err"] for o in bad if o["max_abs_err"] is not None]
            differing.append({
                "repetition": rep, "outputs": [o["name"] for o in bad], "max_abs_err": max(errors) if errors else None,
                "mismatched": sum((o["total"] or 0) if o["mismatched"] is None else o["mismatched"] for o in bad),
                "total": sum(o["total"] or 0 for o in agreement["outputs"]),
                "flags": sorted({f for o in bad for f in o["flags"]})})
        return {"compared": sorted(self.kept), "differing": differing}


def time_call(replay, call, settings, clock, flush):
    """Interleaved repetitions of both sides on fresh inputs, the cache flushed before each. Each timed
    repetition draws new values (seed TIMED_SEED_BASE + its number) before either side runs on them; a sample
    of the repetitions' outputs is compared with the baseline's after the last (timed_output_mismatch)."""
    torch = replay.torch
    samples = {side: collections.defaultdict(list) for side in SIDES}
    kernels = {side: collections.Counter() for side in SIDES}
    io_bytes = {}
    input_bytes = max(1, output_bytes(torch, (call["args"], call["kwargs"])))
    kept = collections.deque(maxlen=max(1, min(4096, KEEP_INPUTS_BYTES // input_bytes)))
    redraw = Redraw(torch, (call["args"], call["kwargs"]))
    inputs = {"redrawn": True, "seeds": None, "note": None}
    sample = TimedSample(torch, replay.spec["seed"]) if enabled(replay.spec, "timed_output_mismatch") else None

    def drawn(rep):
        return redraw(TIMED_SEED_BASE + rep, on_device=True) if inputs["redrawn"] else replay.fresh(call)

    try:  # the new values may break the baseline's assumptions (positive only, sorted, ...)
        replay.invoke("baseline", call, drawn(1))
    except Exception as e:
        inputs.update(redrawn=False, note="timed on the recorded inputs: the baseline fails on redrawn ones"
                                          f" ({failure_text('baseline', e)})")

    def one(side, arguments, profiled=False):
        kept.append(arguments)
        flush()
        replay.sync()
        function = replay.function(side, call)
        box = {}

        def thunk():
            box["out"] = function(*arguments[0], **arguments[1])
        if profiled:
            measured = clock.profile(thunk)
            if measured is None:
                return None
            samples[side]["device_ms"].append(measured["device_ms"])
            samples[side]["off_stream_ms"].append(measured["off_stream_ms"])
            for name, ms, _ in measured["kernels"]:
                kernels[side][name] += ms
            return box
        for key, value in clock.measure(thunk).items():
            samples[side][key].append(value)
        if side not in io_bytes:
            io_bytes[side] = output_bytes(torch, arguments) + output_bytes(torch, box.get("out"))
        return box

    def timed_round(rep, order, profiled=False):
        """Both sides on repetition rep's inputs, drawn before either runs: {side: output}, or None when the
        profiler failed. Each side gets its own copy: the first may write into its arguments."""
        arguments = drawn(rep)
        outputs = {}
        for position, side in enumerate(order):
            box = one(side, snapshot(torch, arguments) if position == 0 else arguments, profiled)
            if box is None:
                return None
            outputs[side] = box.get("out")
        return outputs

    for side in SIDES:  # at least one call each before measuring: JIT compilation and caches
        one(side, replay.fresh(call))
        samples[side].clear()
    deadline = time.perf_counter() + 2 * settings["warmup_ms"] / 1000
    while time.perf_counter() < deadline:
        for side in SIDES:
            one(side, replay.fresh(call))
    for side in SIDES:
        samples[side].clear()
    profiling = replay.device == "cuda" and settings["profile_reps"] > 0 and clock.profiler_error is None
    began = time.perf_counter()

    def more(rounds):
        return rounds < settings["max_reps"] and (
            rounds < settings["min_reps"] or (time.perf_counter() - began) * 1000 < 2 * settings["rep_ms"])
    rounds = 0
    going = more(rounds)
    while going:
        outputs = timed_round(rounds + 1, SIDES if rounds % 2 == 0 else SIDES[::-1])  # neither side always first
        rounds += 1
        going = more(rounds)
        if sample:
            sample.offer(rounds, outputs, last=not (going or profiling))
    timed = rounds
    if replay.device == "cuda":
        for rep in range(settings["profile_reps"]):
            outputs = timed_round(timed + 1, SIDES if rep % 2 == 0 else SIDES[::-1], profiled=True)
            if outputs is None:
                break
            timed += 1
            if sample:
                sample.offer(timed, outputs, last=rep + 1 == settings["profile_reps"])
    reps = rounds
    out = {}
    for side in SIDES:
        side_samples = samples[side]
        own = own_kernel_names(replay.spec[side])
        out[side] = {
            "device": stats(side_samples.get("device_ms")), "call": stats(side_samples["call_ms"]),
            "events": stats(side_samples.get("events_ms")), "reps": reps, "bytes": io_bytes.get(side),
            "off_stream_ms": statistics.median(side_samples["off_stream_ms"]) if side_samples.get("off_stream_ms") else None,
            "kernels": [{"name": name, "ms": ms / max(1, len(side_samples.get("device_ms", []))),
                         "own": is_own(name, own) if own is not None else None}
                        for name, ms in kernels[side].most_common(8)],
            "device_samples": side_samples.get("device_ms") or side_samples.get("events_ms") or side_samples["call_ms"],
        }
    if inputs["redrawn"] and timed:
        inputs["seeds"] = [TIMED_SEED_BASE + 1, TIMED_SEED_BASE + timed]
    out["timed_inputs"] = inputs
    if sample:
        try:
            out["timed_outputs"] = {"repetitions": timed, **sample.compare(replay.spec["rtol"], replay.spec["atol"]),
                                    "error": None}
        except Exception as e:
            out["timed_outputs"] = {"repetitions": timed, "compared": [], "differing": [],
                                    "error": f"could not run: comparing the outputs: {type(e).__name__}: {e}"}
    return out


def measure_timing(replay, spec, clock):
    settings = spec["timing"]
    flush = CacheFlush(replay.torch, replay.device, settings["flush"])
    rows = []
    for index, call in enumerate(replay.calls):
        row = {"name": call["name"], "index": index, "baseline": None, "candidate": None, "error": call.get("error")}
        rows.append(row)
        if row["error"] is None:
            missing = [side for side in SIDES if replay.function(side, call) is None]
            if missing:
                row["error"] = "; ".join(f"the {side} has no function '{call['name']}'" for side in missing)
        if row["error"] is not None:
            continue
        try:
            row.update(time_call(replay, call, settings, clock, flush))
        except Exception as e:
            row["error"] = f"timing: {type(e).__name__}: {e}"
            if enabled(spec, "timed_output_mismatch"):
                row["timed_outputs"] = {"repetitions": None, "compared": [], "differing": [],
                                        "error": f"could not run: {row['error']}"}
    source = "the call's own time (cpu)" if replay.device == "cpu" else "torch.profiler (device activities)"
    if clock.profiler_error:
        source = f"cuda events: the profiler failed ({clock.profiler_error})"
    return {"calls": rows, "flush": flush.info, "device_time_source": source}


def own_kernel_check(replay, spec, timing_rows, clock):
    """no_own_kernel, from the profiled kernels on cuda or the ATen share on cpu."""
    result = {"flagged": False, "note": None, "own_names": own_kernel_names(spec["candidate"])}
    usable = [c for c in replay.calls if replay.usable(c)]
    if not usable:
        return result
    if replay.device == "cpu" and (spec["candidate"]["kind"] == "extension" or result["own_names"]):
        shares, ops = [], []
        for call in usable:
            share, names = library_share_cpu(replay.torch, replay.function("candidate", call), replay.fresh(call))
            if share is not None:
                shares.append(share)
                ops += names
        result["library_share"] = statistics.median(shares) if shares else None
        if shares and result["library_share"] >= LIBRARY_SHARE:
            result.update(flagged=True, note=f"{result['library_share']:.0%} of the candidate's call time is in"
                                             f" library ops ({', '.join(dict.fromkeys(ops))})")
        return result
    if replay.device == "cpu":  # Python without a kernel of its own: its work is library ops (or Python)
        if result["own_names"] is not None:
            result.update(flagged=True, note="the candidate's source defines no kernel (no @triton.jit function):"
                                             " its work is done by library ops")
        return result
    kernels = [k for row in timing_rows if row.get("candidate") for k in row["candidate"]["kernels"]]
    if not kernels and clock.profiler_error is None:
        for call in usable:  # timing was off: profile one call of each
            function = replay.function("candidate", call)
            arguments = replay.fresh(call)
            measured = clock.profile(lambda: function(*arguments[0], **arguments[1]))
            if measured:
                kernels += [{"name": n, "ms": ms, "own": is_own(n, result["own_names"] or [])}
                            for n, ms, _ in measured["kernels"]]
    if clock.profiler_error and not kernels:
        result["note"] = f"could not run: the profiler failed ({clock.profiler_error})"
        result["error"] = True
        return result
    own = [k for k in kernels if k["own"]]
    if not own:
        names = ", ".join(dict.fromkeys(k["name"][:60] for k in kernels)) or "none"
        defined = ", ".join(result["own_names"] or []) or "no kernel"
        result.update(flagged=True, note=f"the candidate's source defines {defined}; the device ran only: {names}")
    return result


def measure_main(args, spec):
    die_with_parent()
    import torch
    calls = torch_load(torch, args.calls)
    seed_everything(torch, spec["seed"])
    replay = Replay(torch, spec, calls)
    clock = Clock(torch, spec["device"])
    write_json_atomic(args.checks_out, {"calls": run_checks(replay, spec)})
    timing = {"calls": [], "flush": None, "device_time_source": None}
    if spec["timing"]["enabled"]:
        seed_everything(torch, spec["seed"])
        timing = measure_timing(replay, spec, clock)
    own = own_kernel_check(replay, spec, timing["calls"], clock) if enabled(spec, "no_own_kernel") else None
    write_json_atomic(args.timing_out, {**timing, "own_kernel": own})
    return 0


# ---------------------------------------------------------------- summaries (parent process)

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
            call["flags"] = [f for f in dict.fromkeys(row.get("flags", []) + call["flags"])
                             if f in TIMING_FLAGS or enabled(spec, f)]
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
