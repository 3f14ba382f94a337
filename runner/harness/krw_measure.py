# SPDX-License-Identifier: MIT
"""The harness's measuring process: baseline and candidate loaded side by side, replaying the calls the
test made, for the cheat battery's call-level checks and for timing. The contract (spec, result keys,
every flag and how it is computed) is docs/RUNNER.md, "Checks" and "Timing".

`measure_main` runs in a child process started by krw_harness.py; it writes the checks first and the
timing second, each atomically, so a crash while timing keeps the checks. The parent summarizes them with
krw_summary.py; the battery's names and settings are krw_checks.py.
"""
import ast
import collections
import contextlib
import math
import os
import random
import re
import statistics
import time

from krw_checks import SIDES, TIMED_SEED_BASE, active_flags, check_settings, enabled
from krw_common import (die_with_parent, load_side_module, percentile, public_routines, seed_everything, snapshot,
                        tensors_in, torch_load, write_json_atomic)
from krw_compare import compare_results

# On the cpu profile: a candidate extension whose call spends at least this share in ATen compute ops has no
# code of its own doing the work (measured here: 0.67 for ATen calls, 0.0 for own loops; pybind overhead is "own").
LIBRARY_SHARE = 0.35
# ATen ops that allocate or reshape; on the cpu profile they do not count as library work.
CPU_BOOKKEEPING_OPS = re.compile(r"^aten::(empty|empty_like|empty_strided|zeros|zeros_like|view|reshape|as_strided|"
                                 r"resize_|detach|alias|contiguous|to|_to_copy|lift|lift_fresh|select|slice|"
                                 r"unsqueeze|squeeze|expand|t|transpose|permute|size|stride|item|_local_scalar_dense)$")
DEFAULT_FLUSH_BYTES = 256 << 20  # when the device's last-level cache size cannot be read
# Inputs of earlier repetitions kept alive, up to this many bytes, so each repetition's fresh copy lands at a
# new address: a result cache keyed by address then misses, as it would in real use.
KEEP_INPUTS_BYTES = 256 << 20
# Timed repetitions whose outputs are compared with the baseline's, besides the first and the last.
TIMED_SAMPLE_RANDOM = 3



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
            row["flags"] = active_flags(spec, row["flags"])
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
