# SPDX-License-Identifier: MIT
"""Kernel Review Workbench harness: runs a case's test against a baseline and a candidate.

The contract (spec and result JSON) is docs/RUNNER.md, "Harness protocol". Subcommands:

  run --spec SPEC.json --out RESULT.json   the whole pipeline; what the C++ runner calls
  probe                                    prints one JSON object describing this Python
  side, time                               internal: one side's test run or timing, each
                                           in a fresh process started by `run`

Python 3.11 standard library plus torch; Triton only where the code under test imports it.
"""
import argparse
import collections
import contextlib
import functools
import importlib.machinery
import importlib.util
import inspect
import io
import json
import math
import os
import platform
import random
import signal
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
import traceback

HARNESS = os.path.abspath(__file__)
SIDES = ("baseline", "candidate")
ERROR_TAIL_LINES = 30
SPEC_DEFAULTS = {"seed": 42, "rtol": 1e-05, "atol": 1e-03, "side_timeout_s": 120}
TIMING_DEFAULTS = {"enabled": True, "warmup_ms": 25, "rep_ms": 100, "min_reps": 5, "max_reps": 1000}
# Canonical order, so results (and tests) do not depend on the order checks ran in.
FLAG_ORDER = ("nan", "inf", "all_zero", "constant", "identical_to_input", "missing_key", "extra_key",
              "shape_mismatch", "dtype_mismatch", "type_mismatch")
# Flags that make an output wrong whatever its values; the others are warnings for the reviewer.
STRUCTURAL_FLAGS = {"missing_key", "extra_key", "shape_mismatch", "dtype_mismatch", "type_mismatch"}
# Floor of |baseline| in the relative error; float32's so that exact zeros give big but finite ratios.
REL_ERR_TINY = 1.1754943508222875e-38
MISSING = object()  # one side has no value under a name (None is a legitimate value)


# ---------------------------------------------------------------- shared helpers

def stage(name):
    print(f"KRW-STAGE {name}", file=sys.stderr, flush=True)


def tail_text(text, lines=ERROR_TAIL_LINES):
    return "\n".join(text.rstrip("\n").splitlines()[-lines:])


def json_safe(value):
    """JSON has no NaN or infinity (Qt's parser rejects them): those become null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return value


def write_json_atomic(path, obj):
    """A reader never sees half a file: a missing result must mean the harness did not finish."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".krw-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(json_safe(obj), f, indent=1, allow_nan=False)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def load_spec(path):
    with open(path, encoding="utf-8") as f:
        spec = json.load(f)
    for key in ("work_dir", "baseline", "candidate", "test_file", "device"):
        if key not in spec:
            raise ValueError(f"the spec has no '{key}'")
    if spec["device"] not in ("cuda", "cpu"):
        raise ValueError(f"device must be 'cuda' or 'cpu', not {spec['device']!r}")
    for side in SIDES:
        check_side_spec(side, spec[side])
    spec = {**SPEC_DEFAULTS, **spec}
    spec["timing"] = {**TIMING_DEFAULTS, **spec.get("timing", {})}
    return spec


def check_side_spec(side, side_spec):
    needed = {"python": ("source_file",), "extension": ("module_file", "module_name")}
    kind = side_spec.get("kind")
    if kind not in needed:
        raise ValueError(f"{side}: kind must be 'python' or 'extension', not {kind!r}")
    for key in needed[kind]:
        if key not in side_spec:
            raise ValueError(f"{side}: a {kind} side needs '{key}'")


def triton_version():
    try:
        import triton
    except Exception:  # absent, or present but broken: either way there is no usable Triton
        return None
    return getattr(triton, "__version__", None)


def torch_load(torch, path, **kwargs):
    # Our own files, holding dtypes and arbitrary test values: torch >= 2.6 would refuse them by default.
    return torch.load(path, weights_only=False, **kwargs)


# ---------------------------------------------------------------- loading a side (child processes)

def die_with_parent():
    """When the harness is killed (the GUI cancels a job) its side processes must not live on."""
    try:
        import ctypes
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # 1 = PR_SET_PDEATHSIG; Linux only
    except (OSError, AttributeError):
        pass


def load_side_module(side_spec, side):
    if side_spec["kind"] == "python":
        # A fixed name: a source file called e.g. random.py must not shadow a real module.
        name = f"krw_{side}"
        spec = importlib.util.spec_from_file_location(name, side_spec["source_file"])
    else:
        name = side_spec["module_name"]  # must match the PyInit_<name> the module was built with
        loader = importlib.machinery.ExtensionFileLoader(name, side_spec["module_file"])
        spec = importlib.util.spec_from_file_location(name, side_spec["module_file"], loader=loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # Triton and pickle look functions' modules up by name
    spec.loader.exec_module(module)
    return module


def public_routines(module):
    """The functions the test may call. Routines only: wrapping classes would break isinstance,
    and wrapping typing forms or Triton kernels would break subscripting them."""
    return {name: value for name, value in vars(module).items()
            if not name.startswith("_") and inspect.isroutine(value)}


def seed_everything(torch, seed):
    random.seed(seed)
    torch.manual_seed(seed)
    if torch.cuda.is_available():
        torch.cuda.manual_seed_all(seed)
    try:
        import numpy
    except ImportError:
        return
    numpy.random.seed(seed)


def snapshot(torch, value):
    """The arguments as they were when passed: the call may write into them."""
    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, dict):
        return {k: snapshot(torch, v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        items = [snapshot(torch, v) for v in value]
        return items if isinstance(value, list) else tuple(items)
    return value


def recording(torch, name, function, calls):
    @functools.wraps(function)
    def record_call(*args, **kwargs):
        arguments = snapshot(torch, (args, kwargs))
        out = function(*args, **kwargs)
        calls.append({"name": name, "args": arguments[0], "kwargs": arguments[1]})  # replayable calls only
        return out
    return record_call


def test_namespace(torch, module, kind, test_file, calls):
    """What the test code sees: the module's globals (python) or torch plus its public attributes
    (extension), with the module's functions replaced by recording wrappers. The module itself is
    untouched, so its functions calling each other are not recorded."""
    if kind == "python":
        namespace = dict(vars(module))
    else:
        namespace = {"torch": torch, **{k: v for k, v in vars(module).items() if not k.startswith("_")}}
    for name, function in public_routines(module).items():
        namespace[name] = recording(torch, name, function, calls)
    # The agent's harness ran label/candidate and test as one program.
    namespace.update(__name__="__main__", __file__=test_file)
    return namespace


def run_test_code(test_file, namespace):
    with open(test_file, encoding="utf-8") as f:
        code = compile(f.read(), test_file, "exec")
    try:
        exec(code, namespace)
    except SystemExit as e:
        if "result_gold" not in namespace:
            raise RuntimeError(f"the test code called sys.exit({e.code!r}) before setting result_gold") from None
    if "result_gold" not in namespace:
        raise RuntimeError("the test code did not set result_gold")
    return namespace["result_gold"]


def portable(torch, value):
    """result_gold as the parent can load it without a GPU: tensors on the CPU, numpy as tensors."""
    numpy = sys.modules.get("numpy")  # only a test that imported numpy can return numpy values
    if isinstance(value, torch.Tensor):
        return value.detach().cpu()
    if isinstance(value, dict):
        return {k: portable(torch, v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        items = [portable(torch, v) for v in value]
        return items if isinstance(value, list) else tuple(items)
    if numpy is not None and isinstance(value, numpy.ndarray):
        return torch.from_numpy(value.copy())
    if numpy is not None and isinstance(value, numpy.generic):
        return value.item()
    return value


def replayable(torch, calls):
    """Calls whose arguments cannot be saved stay in the list, as an explanation, so indexes hold."""
    saved = []
    for call in calls:
        try:
            torch.save(call, io.BytesIO())
            saved.append(call)
        except Exception as e:
            saved.append({"name": call["name"], "error": f"arguments could not be saved for replay: {e}"})
    return saved


def side_main(args):
    die_with_parent()
    spec = load_spec(args.spec)
    import torch
    side_spec = spec[args.side]
    module = load_side_module(side_spec, args.side)
    calls = []
    namespace = test_namespace(torch, module, side_spec["kind"], spec["test_file"], calls)
    seed_everything(torch, spec["seed"])
    result = run_test_code(spec["test_file"], namespace)
    torch.save(portable(torch, result), args.out)
    if args.calls_out:
        # Saved where the tensors live, so the timing replay runs on the same device.
        torch.save(replayable(torch, calls), args.calls_out)
    return 0


# ---------------------------------------------------------------- timing (child processes)

def percentile(ordered, q):
    """Linear interpolation between closest ranks (numpy's default)."""
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def device_clock(torch, device):
    """A function that runs a call once and returns its duration in ms."""
    if device == "cpu":
        def cpu_ms(call):
            start = time.perf_counter_ns()
            call()
            return (time.perf_counter_ns() - start) / 1e6
        return cpu_ms
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)

    def cuda_ms(call):
        torch.cuda.synchronize()  # nothing queued earlier may land inside the measurement
        start.record()
        call()
        end.record()
        end.synchronize()
        return start.elapsed_time(end)
    return cuda_ms


def time_call(function, call, settings, clock):
    def once():
        return clock(lambda: function(*call["args"], **call["kwargs"]))

    once()  # at least one call before measuring: JIT compilation and caches
    deadline = time.perf_counter() + settings["warmup_ms"] / 1000
    while time.perf_counter() < deadline:
        once()
    samples = []
    start = time.perf_counter()
    while len(samples) < settings["max_reps"] and (
            len(samples) < settings["min_reps"] or (time.perf_counter() - start) * 1000 < settings["rep_ms"]):
        samples.append(once())
    samples.sort()
    return {"p10": percentile(samples, 10), "p50": percentile(samples, 50), "p90": percentile(samples, 90),
            "reps": len(samples)}


def time_main(args):
    die_with_parent()
    spec = load_spec(args.spec)
    import torch
    functions = public_routines(load_side_module(spec[args.side], args.side))
    calls = torch_load(torch, args.calls)
    seed_everything(torch, spec["seed"])
    clock = device_clock(torch, spec["device"])
    rows = []
    for call in calls:
        row = {"name": call["name"], "stats": None, "error": call.get("error")}
        function = functions.get(call["name"])
        if row["error"] is None and function is None:
            row["error"] = f"the {args.side} has no function '{call['name']}'"
        elif row["error"] is None:
            try:
                row["stats"] = time_call(function, call, spec["timing"], clock)
            except Exception as e:
                row["error"] = f"{args.side}: {type(e).__name__}: {e}"
        rows.append(row)
    write_json_atomic(args.out, {"calls": rows})
    return 0


# ---------------------------------------------------------------- child process management

def child_env(device):
    # Unbuffered: what the test printed survives a crash. Fault handler: a segfault shows where.
    env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONFAULTHANDLER="1")
    if device == "cpu":
        env["CUDA_VISIBLE_DEVICES"] = ""  # device-agnostic tests then pick the CPU (ROCm honours it too)
    return env


def forward_stderr(pipe, tail):
    """Pass the child's stderr through as log text, keeping its end for the error message."""
    for raw in iter(pipe.readline, b""):
        line = raw.decode("utf-8", "replace")
        sys.stderr.write(line)
        sys.stderr.flush()
        tail.append(line.rstrip("\n"))
    pipe.close()


def kill_group(pid):
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def run_child(argv, timeout_s, device):
    """Runs `krw_harness.py ARGV` in a fresh process; returns (error text or None, seconds).
    stdout is inherited, so what the test prints reaches our stdout and never the result file."""
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, HARNESS, *argv], stdin=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=child_env(device), start_new_session=True)  # own group: kill helpers too
    tail = collections.deque(maxlen=ERROR_TAIL_LINES)
    reader = threading.Thread(target=forward_stderr, args=(proc.stderr, tail), daemon=True)
    reader.start()
    try:
        code = proc.wait(timeout=timeout_s)
        summary = None if code == 0 else exit_summary(code)
    except subprocess.TimeoutExpired:
        kill_group(proc.pid)
        proc.wait()
        summary = f"timed out after {timeout_s:g} s"
    kill_group(proc.pid)  # leftover grandchildren would hold the stderr pipe open
    reader.join(timeout=5)
    seconds = time.monotonic() - started
    if summary is None:
        return None, seconds
    return "\n".join([summary, *tail]), seconds


def exit_summary(code):
    if code < 0:
        try:
            return f"killed by signal {signal.Signals(-code).name} ({-code})"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exited with code {code}"


def remove_stale(*paths):
    for path in paths:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)


# ---------------------------------------------------------------- comparison (parent process)

def kind_of(torch, value):
    if isinstance(value, torch.Tensor):
        return "tensor"
    if isinstance(value, dict):
        return "dict"
    if isinstance(value, (list, tuple)):
        return "sequence"  # a tuple where the baseline has a list holds the same values
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return "number"
    return type(value).__name__  # str, bool, None, anything else: compared with ==


def dtype_name(torch, value):
    if value is MISSING:
        return None
    if isinstance(value, torch.Tensor):
        return str(value.dtype).removeprefix("torch.")
    return type(value).__name__


def shape_of(torch, value):
    return list(value.shape) if isinstance(value, torch.Tensor) else None


class Comparison:
    """Walks baseline and candidate results together, one output entry per leaf name."""

    def __init__(self, torch, rtol, atol, inputs):
        self.torch, self.rtol, self.atol, self.inputs = torch, rtol, atol, inputs
        self.outputs = []

    def entry(self, name, base, cand, flags):
        t = self.torch
        self.outputs.append({
            "name": name, "ok": False, "shape": shape_of(t, cand), "baseline_shape": shape_of(t, base),
            "dtype": dtype_name(t, cand), "baseline_dtype": dtype_name(t, base), "max_abs_err": None,
            "max_rel_err": None, "mismatched": None, "total": None, "allclose": False, "flags": flags})
        return self.outputs[-1]

    @staticmethod
    def finish(entry):
        entry["flags"] = sorted(set(entry["flags"]), key=FLAG_ORDER.index)
        entry["ok"] = entry["allclose"] and not STRUCTURAL_FLAGS.intersection(entry["flags"])

    def walk(self, base, cand, name):
        kind, cand_kind = kind_of(self.torch, base), kind_of(self.torch, cand)
        if kind != cand_kind:
            self.finish(self.entry(name or "result_gold", base, cand, ["type_mismatch"]))
        elif kind == "dict":
            self.walk_items(base, cand, lambda key: str(key) if name is None else f"{name}.{key}")
        elif kind == "sequence":
            self.walk_items(dict(enumerate(base)), dict(enumerate(cand)),
                            lambda i: f"{name or 'result_gold'}[{i}]")
        elif kind == "tensor":
            self.compare_tensors(name or "result_gold", base, cand)
        elif kind == "number":
            self.compare_numbers(name or "result_gold", base, cand)
        else:
            self.compare_values(name or "result_gold", base, cand)

    def walk_items(self, base, cand, child_name):
        for key, value in base.items():
            if key in cand:
                self.walk(value, cand[key], child_name(key))
            else:
                self.finish(self.entry(child_name(key), value, MISSING, ["missing_key"]))
        for key, value in cand.items():
            if key not in base:
                self.finish(self.entry(child_name(key), MISSING, value, ["extra_key"]))

    def compare_tensors(self, name, base, cand):
        entry = self.entry(name, base, cand, self.content_flags(base, cand))
        entry["total"] = base.numel()
        if base.shape != cand.shape:
            entry["flags"].append("shape_mismatch")
        else:
            entry.update(self.error_stats(base, cand))
        if base.dtype != cand.dtype:
            entry["flags"].append("dtype_mismatch")
        self.finish(entry)

    def content_flags(self, base, cand):
        t = self.torch
        flags = []
        if self.new_in_candidate(t.isnan, base, cand):
            flags.append("nan")
        if self.new_in_candidate(t.isinf, base, cand):
            flags.append("inf")
        if cand.numel() > 0 and int(t.count_nonzero(cand)) == 0:
            flags.append("all_zero")
        elif cand.numel() > 1 and bool((cand == cand.reshape(-1)[0]).all()):
            flags.append("constant")
        if any(i.shape == cand.shape and i.dtype == cand.dtype and t.equal(i, cand) for i in self.inputs):
            flags.append("identical_to_input")
        return flags

    @staticmethod
    def new_in_candidate(predicate, base, cand):
        """Elementwise where the shapes agree; otherwise 'the candidate has some, the baseline none'."""
        if base.shape == cand.shape:
            return bool((predicate(cand) & ~predicate(base)).any())
        return bool(predicate(cand).any()) and not bool(predicate(base).any())

    def error_stats(self, base, cand):
        t = self.torch
        wide = t.complex128 if base.is_complex() or cand.is_complex() else t.float64
        b, c = base.to(wide), cand.to(wide)
        close = t.isclose(c, b, rtol=self.rtol, atol=self.atol, equal_nan=True)
        mismatched = int((~close).sum())
        # Errors are measured where both are finite; NaN/inf elsewhere show in mismatched and flags.
        finite = t.isfinite(b) & t.isfinite(c)
        abs_err = (c - b).abs()[finite]
        rel_err = abs_err / b.abs()[finite].clamp_min(REL_ERR_TINY)
        measured = abs_err.numel() > 0
        return {"max_abs_err": float(abs_err.max()) if measured else None,
                "max_rel_err": float(rel_err.max()) if measured else None,
                "mismatched": mismatched, "allclose": mismatched == 0}

    def compare_numbers(self, name, base, cand):
        flags = [flag for flag, test in (("nan", math.isnan), ("inf", math.isinf)) if test(cand) and not test(base)]
        if type(base) is not type(cand):
            flags.append("dtype_mismatch")
        entry = self.entry(name, base, cand, flags)
        both_nan = math.isnan(base) and math.isnan(cand)
        close = both_nan or base == cand
        if math.isfinite(base) and math.isfinite(cand):
            abs_err = abs(cand - base)
            close = abs_err <= self.atol + self.rtol * abs(base)
            entry.update(max_abs_err=abs_err, max_rel_err=abs_err / max(abs(base), REL_ERR_TINY))
        entry.update(total=1, mismatched=0 if close else 1, allclose=close)
        self.finish(entry)

    def compare_values(self, name, base, cand):
        try:
            equal = bool(base == cand)
        except Exception:  # an object whose == does not give a truth value
            equal = repr(base) == repr(cand)
        entry = self.entry(name, base, cand, [])
        entry.update(total=1, mismatched=0 if equal else 1, allclose=equal)
        self.finish(entry)


def tensors_in(torch, value):
    if isinstance(value, torch.Tensor):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from tensors_in(torch, v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from tensors_in(torch, v)


def compare_results(torch, base, cand, inputs, rtol, atol):
    comparison = Comparison(torch, rtol, atol, inputs)
    comparison.walk(base, cand, None)
    outputs = comparison.outputs
    has_tensors = next(tensors_in(torch, base), None) is not None
    return {"ok": all(o["ok"] for o in outputs), "rtol": rtol, "atol": atol,
            "flags": [] if has_tensors else ["no_tensors"], "outputs": outputs}


# ---------------------------------------------------------------- timing summary (parent process)

def ratio(numerator, denominator):
    return numerator / denominator if denominator > 0 else None


def summarize_timing(names, rows_by_side, errors):
    """Per-call and total speedups; calls missing on either side are shown but not summed."""
    calls, sums = [], collections.Counter()
    for index, name in enumerate(names):
        rows = {side: (rows_by_side[side][index] if rows_by_side[side] else None) for side in SIDES}
        stats = {side: row["stats"] if row else None for side, row in rows.items()}
        notes = [row["error"] for row in rows.values() if row and row["error"]]
        call = {"name": name, "index": index, **stats, "speedup": None, "within_noise": None,
                "error": "; ".join(dict.fromkeys(notes)) or None}
        b, c = stats["baseline"], stats["candidate"]
        if b and c:
            call["speedup"] = ratio(b["p50"], c["p50"])
            call["within_noise"] = b["p10"] <= c["p90"] and c["p10"] <= b["p90"]
            for q in ("p10", "p50", "p90"):
                sums["b" + q] += b[q]
                sums["c" + q] += c[q]
        calls.append(call)
    summed = sums["cp50"] > 0
    low, high = ratio(sums["bp10"], sums["cp90"]), ratio(sums["bp90"], sums["cp10"])
    return {"baseline_ms": sums["bp50"] if summed else None, "candidate_ms": sums["cp50"] if summed else None,
            "speedup": ratio(sums["bp50"], sums["cp50"]) if summed else None,
            "within_noise": (low <= 1 <= high) if summed and low is not None and high is not None else None,
            "calls": calls, "error": "\n".join(errors) or None}


def timing_timeout_s(spec, call_count):
    """side_timeout_s covers loading and compiling, as for the test run; on top of it each call
    measures for warmup_ms + rep_ms, doubled for slow calls that min_reps stretches."""
    settings = spec["timing"]
    return spec["side_timeout_s"] + 2 * call_count * (settings["warmup_ms"] + settings["rep_ms"]) / 1000


def time_sides(spec, spec_path, calls_file, names):
    rows_by_side, errors = {}, []
    if not names:
        errors.append("the test made no calls to the candidate's module: nothing to time")
    for side in SIDES:
        out = os.path.join(spec["work_dir"], f"{side}_timing.json")
        remove_stale(out)
        error = None
        if names:
            error, _ = run_child(["time", "--spec", spec_path, "--side", side, "--calls", calls_file, "--out", out],
                                 timing_timeout_s(spec, len(names)), spec["device"])
        if error:
            errors.append(f"{side} timing failed: {error}")
        with contextlib.suppress(FileNotFoundError):
            with open(out, encoding="utf-8") as f:
                rows_by_side[side] = json.load(f)["calls"]
        rows_by_side.setdefault(side, None)
    return summarize_timing(names, rows_by_side, errors)


# ---------------------------------------------------------------- run, probe, command line

def environment(device):
    info = {"python": platform.python_version(), "torch": None, "triton": None, "device": device,
            "device_name": None, "cuda": None, "hip": None}
    try:
        import torch
    except Exception:  # the result's error says why the pipeline could not run
        return info
    info.update(torch=torch.__version__, triton=triton_version(), cuda=torch.version.cuda,
                hip=getattr(torch.version, "hip", None))
    if device == "cuda" and torch.cuda.is_available():
        info["device_name"] = torch.cuda.get_device_name(0)
    elif device == "cpu":
        info["device_name"] = platform.machine()
    return info


def run_sides(spec, spec_path, files, result):
    for side in SIDES:
        stage(side)
        argv = ["side", "--spec", spec_path, "--side", side, "--out", files[side]]
        if side == "candidate":
            argv += ["--calls-out", files["calls"]]
        error, seconds = run_child(argv, spec["side_timeout_s"], spec["device"])
        if error is None and not os.path.exists(files[side]):
            error = "the side process ended without writing its result"
        result["sides"][side] = {"ok": error is None, "error": error, "seconds": round(seconds, 3)}
    return all(s["ok"] for s in result["sides"].values())


def pipeline(spec, spec_path, result):
    import torch
    os.makedirs(spec["work_dir"], exist_ok=True)
    files = {side: os.path.join(spec["work_dir"], f"{side}_result.pt") for side in SIDES}
    files["calls"] = os.path.join(spec["work_dir"], "candidate_calls.pt")
    remove_stale(*files.values())
    if not run_sides(spec, spec_path, files, result):
        return
    stage("compare")
    calls = torch_load(torch, files["calls"], map_location="cpu")
    inputs = [t for call in calls if "error" not in call for t in tensors_in(torch, [call["args"], call["kwargs"]])]
    base, cand = (torch_load(torch, files[side]) for side in SIDES)
    result["accuracy"] = compare_results(torch, base, cand, inputs, spec["rtol"], spec["atol"])
    if spec["timing"]["enabled"]:
        stage("timing")
        result["timing"] = time_sides(spec, spec_path, files["calls"], [c["name"] for c in calls])


def run_main(args):
    result = {"ok": True, "error": None, "environment": None, "sides": {}}
    device = None
    try:
        spec_path = os.path.abspath(args.spec)
        spec = load_spec(spec_path)
        device = spec["device"]
        pipeline(spec, spec_path, result)
    except Exception:
        result["ok"] = False
        result["error"] = tail_text(traceback.format_exc())
        print(traceback.format_exc(), file=sys.stderr)
    # Last: asking for the GPU's name opens a context that should not be held while the sides run.
    result["environment"] = environment(device)
    write_json_atomic(args.out, result)
    return 0 if result["ok"] else 1


def probe_main(_args):
    info = {"python": platform.python_version(), "python_executable": sys.executable,
            "python_include": sysconfig.get_paths()["include"], "ext_suffix": sysconfig.get_config_var("EXT_SUFFIX"),
            "torch": None, "cuda": None, "hip": None, "cuda_available": None, "device_name": None, "triton": None,
            "torch_include_paths": None, "torch_library_paths": None, "cxx11_abi": None, "error": None}
    try:
        with contextlib.redirect_stdout(sys.stderr):  # stdout carries the JSON object alone
            probe_torch(info)
    except Exception as e:
        info["error"] = f"{type(e).__name__}: {e}"
    print(json.dumps(json_safe(info), indent=1))
    return 0


def probe_torch(info):
    import torch
    info.update(torch=torch.__version__, cuda=torch.version.cuda, hip=getattr(torch.version, "hip", None),
                cuda_available=torch.cuda.is_available(), cxx11_abi=bool(torch._C._GLIBCXX_USE_CXX11_ABI))
    if info["cuda_available"]:
        info["device_name"] = torch.cuda.get_device_name(0)
    info["triton"] = triton_version()
    from torch.utils import cpp_extension
    info.update(torch_include_paths=cpp_extension.include_paths(), torch_library_paths=cpp_extension.library_paths())


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="compare and time a candidate against a baseline")
    run.add_argument("--spec", required=True)
    run.add_argument("--out", required=True)
    run.set_defaults(main=run_main)
    commands.add_parser("probe", help="describe this Python environment as JSON").set_defaults(main=probe_main)
    side = commands.add_parser("side", help="internal: run the test against one side")
    side.add_argument("--spec", required=True)
    side.add_argument("--side", required=True, choices=SIDES)
    side.add_argument("--out", required=True)
    side.add_argument("--calls-out")
    side.set_defaults(main=side_main)
    timing = commands.add_parser("time", help="internal: time one side on the recorded calls")
    timing.add_argument("--spec", required=True)
    timing.add_argument("--side", required=True, choices=SIDES)
    timing.add_argument("--calls", required=True)
    timing.add_argument("--out", required=True)
    timing.set_defaults(main=time_main)
    return parser.parse_args(argv)


if __name__ == "__main__":
    arguments = parse_args(sys.argv[1:])
    sys.exit(arguments.main(arguments))
