# SPDX-License-Identifier: MIT
"""Helpers shared by the harness's processes (krw_harness.py, krw_measure.py). Standard library only
at import time; torch is passed in by the callers that have imported it."""
import contextlib
import importlib.machinery
import importlib.util
import inspect
import json
import math
import os
import random
import signal
import sys
import tempfile

ERROR_TAIL_LINES = 30
SPEC_SCHEMA_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "spec.schema.json")
_schema = None


def spec_schema():
    """spec.schema.json: the spec's names, types and defaults, the one statement of them for both the harness
    and the C++ runner (runner/harness/harnesscontract.h)."""
    global _schema
    if _schema is None:
        with open(SPEC_SCHEMA_FILE, encoding="utf-8") as f:
            _schema = json.load(f)
    return _schema


def spec_defaults(section=None):
    """{name: default} of the spec's top level, or of one of its objects ("timing", "checks")."""
    node = spec_schema() if section is None else spec_schema()["properties"][section]
    return {name: prop["default"] for name, prop in node["properties"].items() if "default" in prop}


def check_spec_keys(spec):
    """Raises ValueError naming the first key the schema does not know, at the top level, in an object the
    schema describes, or in a side: a key one side of the contract writes and the other ignores is an error."""
    schema = spec_schema()
    def unknown(obj, node, where):
        extra = sorted(set(obj) - set(node["properties"]))
        if extra:
            raise ValueError(f"the spec's {where} has a key the harness does not know: {extra[0]!r}"
                             " (runner/harness/spec.schema.json)")
    unknown(spec, schema, "top level")
    for section in ("timing", "checks"):
        if isinstance(spec.get(section), dict):
            unknown(spec[section], schema["properties"][section], f"'{section}'")
    for side in ("baseline", "candidate"):
        kind = (spec.get(side) or {}).get("kind")
        node = schema["$defs"].get(f"{kind}_side")
        if node is None:
            raise ValueError(f"{side}: kind must be 'python' or 'extension', not {kind!r}")
        unknown(spec[side], node, f"'{side}'")
        for key in node["required"]:
            if key not in spec[side]:
                raise ValueError(f"{side}: a {kind} side needs '{key}'")

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



def torch_load(torch, path, **kwargs):
    # Our own files, holding dtypes and arbitrary test values: torch >= 2.6 would refuse them by default.
    return torch.load(path, weights_only=False, **kwargs)



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


def snapshot(torch, value, device=None):
    """The arguments as they were when passed: the call may write into them. With `device` (e.g. "cpu"), the
    copies are made there."""
    if isinstance(value, torch.Tensor):
        return value.detach().clone() if device is None else value.detach().to(device, copy=True)
    if isinstance(value, dict):
        return {k: snapshot(torch, v, device) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        items = [snapshot(torch, v, device) for v in value]
        return items if isinstance(value, list) else tuple(items)
    return value



def percentile(ordered, q):
    """Linear interpolation between closest ranks (numpy's default)."""
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)



def tensors_in(torch, value):
    if isinstance(value, torch.Tensor):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from tensors_in(torch, v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from tensors_in(torch, v)



def remove_stale(*paths):
    for path in paths:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
