# SPDX-License-Identifier: MIT
"""Kernel Review Workbench harness: runs a case's test against a baseline and a candidate.

The contract (spec and result JSON) is docs/RUNNER.md, "Harness protocol". Subcommands:

  run --spec SPEC.json --out RESULT.json   the whole pipeline; what the C++ runner calls
  probe                                    prints one JSON object describing this Python
  side, measure                            internal: one side's test run, or the checks and
                                           timing of both; each in a fresh process started by `run`

Modules: krw_common.py (shared helpers), krw_checks.py (the battery's names and settings), krw_compare.py
(comparing results), krw_measure.py (the measuring process: the battery's replays and timing), krw_summary.py
(the parent's summaries of what it measured), device_peaks.json (peak memory bandwidth by device).

Python 3.11 standard library plus torch; Triton only where the code under test imports it.
"""
import argparse
import collections
import contextlib
import functools
import hashlib
import io
import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import sysconfig
import threading
import time
import traceback

import krw_checks
import krw_measure
import krw_summary
from krw_common import (ERROR_TAIL_LINES, check_spec_keys, die_with_parent, json_safe, load_side_module,
                        public_routines, remove_stale, seed_everything, snapshot, spec_defaults, spec_schema, stage,
                        tail_text, tensors_in, torch_load, write_json_atomic)
from krw_compare import compare_results

HARNESS = os.path.abspath(__file__)
HARNESS_DIR = os.path.dirname(HARNESS)
SIDES = krw_checks.SIDES


# ---------------------------------------------------------------- the spec

def load_spec(path):
    with open(path, encoding="utf-8") as f:
        spec = json.load(f)
    schema = spec_schema()
    for key in schema["required"]:
        if key not in spec:
            raise ValueError(f"the spec has no '{key}'")
    devices = schema["properties"]["device"]["enum"]
    if spec["device"] not in devices:
        raise ValueError(f"device must be {' or '.join(map(repr, devices))}, not {spec['device']!r}")
    check_spec_keys(spec)
    spec = {**spec_defaults(), **spec}
    spec["timing"] = {**spec_defaults("timing"), **spec.get("timing", {})}
    spec["checks"] = krw_checks.check_settings(spec)  # rejects unknown check names
    return spec


def triton_version():
    try:
        import triton
    except Exception:  # absent, or present but broken: either way there is no usable Triton
        return None
    return getattr(triton, "__version__", None)



# ---------------------------------------------------------------- running the test against one side (child process)

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


def measure_timeout_s(spec, call_count):
    """side_timeout_s covers loading and compiling, as for the test run; on top of it the checks replay each
    call a few times per seed, and timing measures both sides for 2 x (warmup_ms + rep_ms) per call, doubled
    for slow calls that min_reps stretches, plus the profiled repetitions."""
    settings = spec["timing"]
    seconds = spec["side_timeout_s"] * 2
    if settings["enabled"]:
        seconds += 4 * call_count * (settings["warmup_ms"] + settings["rep_ms"]) / 1000 + call_count * 10
    return seconds


def measure(spec, spec_path, calls_file, calls, result):
    """The checks and timing, in one child process that loads both sides; folds both into the result."""
    files = {name: os.path.join(spec["work_dir"], f"{name}.json") for name in ("checks", "timing")}
    remove_stale(*files.values())
    errors = []
    if not calls:
        errors.append("the test made no calls to the candidate's module: nothing to replay or time")
    else:
        error, _ = run_child(["measure", "--spec", spec_path, "--calls", calls_file, "--checks-out", files["checks"],
                              "--timing-out", files["timing"]], measure_timeout_s(spec, len(calls)), spec["device"])
        if error:
            errors.append(f"checks and timing failed: {error}")
    written = {}
    for name, path in files.items():
        with contextlib.suppress(FileNotFoundError):
            with open(path, encoding="utf-8") as f:
                written[name] = json.load(f)
    checks = written.get("checks", {}).get("calls", [])
    timing = None
    if spec["timing"]["enabled"]:
        peak = krw_summary.load_peak(device_name(spec["device"]), spec["peak_bandwidth_gbs"])
        timing = krw_summary.summarize_timing(written.get("timing"), spec["device"], peak, errors, spec["seed"])
        result["timing"] = timing
    own_kernel = written.get("timing", {}).get("own_kernel")
    summary = krw_summary.fold_checks(checks, timing, own_kernel, result["accuracy"], spec)
    if "checks" not in written:
        for entry in summary.values():
            if entry["enabled"]:
                entry["errors"].append("; ".join(errors) or "the checks did not run")
    result["checks"] = [{"name": name, **entry} for name, entry in summary.items()]
    result["flags"] = krw_summary.result_flags(summary, timing)


# ---------------------------------------------------------------- environment

def device_name(device):
    if device == "cpu":
        return cpu_model() or platform.machine()
    try:
        import torch
        return torch.cuda.get_device_name(0) if torch.cuda.is_available() else None
    except Exception:
        return None


def cpu_model():
    with contextlib.suppress(OSError):
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    return None


def harness_hash():
    """sha256 over the harness's own files, so a result names the exact code that measured it."""
    digest = hashlib.sha256()
    for name in sorted(os.listdir(HARNESS_DIR)):
        if name.endswith((".py", ".json")):
            with open(os.path.join(HARNESS_DIR, name), "rb") as f:
                digest.update(name.encode() + b"\0" + f.read())
    return digest.hexdigest()


def tool_output(argv, timeout_s=10):
    if not shutil.which(argv[0]):
        return None
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout_s)
        if proc.returncode == 0:
            return proc.stdout.strip()
    return None


def gpu_clocks():
    """Driver and clocks as the vendor tool reports them (current and maximum), where it is installed."""
    info = {}
    text = tool_output(["nvidia-smi", "--query-gpu=driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem",
                        "--format=csv,noheader", "--id=0"])
    if text:
        values = [v.strip() for v in text.splitlines()[0].split(",")]
        keys = ("driver", "clock_sm", "clock_mem", "clock_sm_max", "clock_mem_max")
        info.update(zip(keys, values))
        info["clocks_source"] = "nvidia-smi"
    text = tool_output(["rocm-smi", "--showclocks", "--showdriverversion", "--json"])
    if text:
        with contextlib.suppress(ValueError):
            data = json.loads(text)
            card = next((v for k, v in data.items() if k.startswith("card")), {})
            for key, value in card.items():
                if "clock" in key.lower() and isinstance(value, str):
                    info["clock_" + key.lower().replace(" ", "_").replace("(", "").replace(")", "")] = value
            driver = data.get("system", {}).get("Driver version")
            if driver:
                info["driver"] = driver
            info["clocks_source"] = "rocm-smi"
    return info


def environment(device):
    info = {"python": platform.python_version(), "torch": None, "triton": None, "numpy": None, "device": device,
            "device_name": None, "cuda": None, "hip": None, "harness_sha256": harness_hash(), "host": platform.node(),
            "cpu": cpu_model()}
    try:
        import torch
    except Exception:  # the result's error says why the pipeline could not run
        return info
    numpy = sys.modules.get("numpy")
    info.update(torch=torch.__version__, triton=triton_version(), cuda=torch.version.cuda,
                hip=getattr(torch.version, "hip", None), numpy=getattr(numpy, "__version__", None),
                device_name=device_name(device))
    if device == "cuda":
        info.update(gpu_clocks())
    return info


# ---------------------------------------------------------------- run

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
    loose = any(krw_checks.enabled(spec, c) for c in ("zeros_would_pass", "input_would_pass"))
    result["accuracy"] = compare_results(torch, base, cand, inputs, spec["rtol"], spec["atol"], loose)
    for output in result["accuracy"]["outputs"]:
        output["flags"] = krw_checks.active_flags(spec, output["flags"])
    stage("checks")
    if spec["timing"]["enabled"]:
        stage("timing")  # the measuring process runs the checks, then times; the GUI shows one stage for both
    measure(spec, spec_path, files["calls"], calls, result)


def run_main(args):
    result = {"ok": True, "error": None, "environment": None, "sides": {}, "flags": []}
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


def measure_child(args):
    return krw_measure.measure_main(args, load_spec(args.spec))


# ---------------------------------------------------------------- probe, command line

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
    measuring = commands.add_parser("measure", help="internal: the checks and timing on the recorded calls")
    measuring.add_argument("--spec", required=True)
    measuring.add_argument("--calls", required=True)
    measuring.add_argument("--checks-out", required=True)
    measuring.add_argument("--timing-out", required=True)
    measuring.set_defaults(main=measure_child)
    return parser.parse_args(argv)


if __name__ == "__main__":
    arguments = parse_args(sys.argv[1:])
    sys.exit(arguments.main(arguments))
