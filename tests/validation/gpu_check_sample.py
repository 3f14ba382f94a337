#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Build the bundled sample's HIP sources for an NVIDIA GPU through the hip-nvidia header set and
check them against the Triton labels: the hip-nvidia profile, end to end, on one machine.

Usage: python3 gpu_check_sample.py --out DIR [--hipcc PATH] [--nvcc PATH] [--jobs N]
                                   [--test-jobs N] [--only CASE/FILE.hip ...]

1. Build: every `cases/*/*.hip` is copied to DIR/build/<case>/<file>/<stem>.hip and compiled with
   `hipcc -x cu -c` (HIP_PLATFORM=nvidia, so hipcc drives nvcc) or, without a working hipcc, with
   `nvcc -x cu -c`; both with runner/compat/hip-nvidia first on the include path and the flags a
   CUDA torch extension gets. The object is linked to `<stem>_hip.so` with `nvcc -shared`.
2. Test: each built module runs in a fresh process: the label (Triton) and its test_code give the
   baseline `result_gold`, the module and the same test_code give the candidate's; outputs are
   compared by key with torch.allclose(rtol=1e-5, atol=1e-3) (NaN never matches).
3. Writes DIR/results.json, DIR/results.md and the build logs; prints one line per source.

Expectations come from the sample's case.json flags (see expected()). Exit status 0 when every
source behaves as the sample says. Needs torch with CUDA and triton (for the labels).
"""

import argparse
import concurrent.futures
import importlib.machinery
import importlib.util
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SHIM = os.path.join(REPO, "runner", "compat", "hip-nvidia")
RTOL, ATOL = 1e-5, 1e-3


# ---- expectations ------------------------------------------------------------------------------

def load_case(case_dir):
    with open(os.path.join(case_dir, "case.json"), encoding="utf-8") as f:
        return json.load(f)


def expected(case_dir, name):
    """What the sample says this source does: compile_error, call_error, none, mismatch or match."""
    spec = load_case(case_dir)
    ref = "@" + name
    for it in spec["iterations"]:
        if it.get("error_source") == ref:
            return "compile_error"
    for it in reversed(spec["iterations"]):
        if it.get("predict") != ref:
            continue
        if it["pass_exe"]:
            return "match"
        if it["pass_call"]:
            return "none" if it["exe_err_msg"] == "Generated output is None" else "mismatch"
        msg = it["call_err_msg"]
        if msg.startswith("@"):
            with open(os.path.join(case_dir, msg[1:]), encoding="utf-8") as f:
                msg = f.read()
        return "compile_error" if re.search(r"\.hip:\d+:\d+: error:", msg) else "call_error"
    for it in spec["iterations"]:
        for cand in it.get("perf_candidates") or []:
            if cand and cand[0] == ref:
                return "match"  # a perf candidate passed the correctness check first
    return "unknown"


# ---- build ----------------------------------------------------------------------------------------

def torch_build_info(gpu_arch=None):
    import torch
    from torch.utils import cpp_extension as ce
    try:
        incs = ce.include_paths(device_type="cuda")
    except TypeError:
        incs = ce.include_paths(cuda=True)
    try:
        libs = ce.library_paths(device_type="cuda")
    except TypeError:
        libs = ce.library_paths(cuda=True)
    src = inspect.getsource(ce)
    major, minor = divmod(int(gpu_arch), 10) if gpu_arch else torch.cuda.get_device_capability()
    import sysconfig
    return {
        "torch": torch.__version__,
        "torch_cuda": torch.version.cuda,
        "std": "c++20" if "-std=c++20" in src else "c++17",
        "nvcc_flags": list(getattr(ce, "COMMON_NVCC_FLAGS", [])),
        "arch": "-gencode=arch=compute_%d%d,code=sm_%d%d" % (major, minor, major, minor),
        "include_paths": [p for p in incs if os.path.isdir(p)],
        "library_paths": [p for p in libs if os.path.isdir(p)],
        "python_include": sysconfig.get_paths()["include"],
        "cxx11_abi": int(torch._C._GLIBCXX_USE_CXX11_ABI),
        "pybind11": {n: getattr(torch._C, "_PYBIND11_" + n, None) for n in ("COMPILER_TYPE", "STDLIB", "BUILD_ABI")},
    }


def compile_args(info, ext_name, src, obj):
    """Arguments after the compiler (hipcc or nvcc); README.md, profile hip-nvidia."""
    args = ["-x", "cu", "-c", "-Xcompiler=-fPIC", "-std=" + info["std"], "-O3", info["arch"]]
    args += info["nvcc_flags"]
    args += ["-DTORCH_EXTENSION_NAME=" + ext_name, "-DTORCH_API_INCLUDE_EXTENSION_H"]
    args += ['-DPYBIND11_%s="%s"' % (k, v) for k, v in info["pybind11"].items() if v is not None]
    args += ["-D_GLIBCXX_USE_CXX11_ABI=%d" % info["cxx11_abi"], "-I" + SHIM]
    for p in info["include_paths"] + [info["python_include"]]:
        args += ["-isystem", p]
    return args + [src, "-o", obj]


def link_args(info, obj, so):
    args = ["-shared", obj, "-o", so]
    for p in info["library_paths"]:
        args += ["-L" + p]
    return args + ["-lc10", "-lc10_cuda", "-ltorch_cpu", "-ltorch_cuda", "-ltorch", "-ltorch_python"]


def run_cmd(cmd, env, log_path, timeout):
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
        rc, out = p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired as e:
        rc, out = 124, "timeout after %d s\n%s" % (timeout, e.stdout or "")
    seconds = time.monotonic() - t0
    with open(log_path, "a", encoding="utf-8") as f:
        f.write("$ " + " ".join(cmd) + "\n" + out + "\n[rc=%d, %.1f s]\n" % (rc, seconds))
    return rc, out, seconds


def first_error(output):
    for line in output.splitlines():
        if re.search(r"\berror\b", line) and not line.startswith("$ "):
            return line.strip()[:300]
    return None


# ---- test (runs in a child process) ------------------------------------------------------------

def import_file(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def run_test(test_path, bindings):
    g = {"__name__": "krw_test", "__file__": test_path}
    g.update(bindings)
    with open(test_path, encoding="utf-8") as f:
        code = compile(f.read(), test_path, "exec")
    exec(code, g)
    import torch
    torch.cuda.synchronize()
    return g.get("result_gold", "<no result_gold>")


def compare(base, cand, name, rows):
    import torch
    if isinstance(base, torch.Tensor):
        if not isinstance(cand, torch.Tensor):
            rows.append({"name": name, "ok": False, "why": "candidate is %s" % type(cand).__name__})
        elif tuple(base.shape) != tuple(cand.shape):
            rows.append({"name": name, "ok": False, "why": "shape %s vs %s" % (list(cand.shape), list(base.shape))})
        else:
            b, c = base.detach().double().cpu(), cand.detach().double().cpu()
            ok = bool(torch.allclose(c, b, rtol=RTOL, atol=ATOL, equal_nan=False))
            diff = (c - b).abs()
            finite = torch.isfinite(diff)
            rows.append({"name": name, "ok": ok and base.dtype == cand.dtype,
                         "max_abs_err": float(diff[finite].max()) if finite.any() else None,
                         "nan": bool(torch.isnan(c).any()), "shape": list(base.shape),
                         "dtype": str(cand.dtype), "why": None if base.dtype == cand.dtype else "dtype"})
    elif isinstance(base, dict):
        if not isinstance(cand, dict):
            rows.append({"name": name, "ok": False, "why": "candidate is %s" % type(cand).__name__})
            return
        for k in base:
            key = "%s.%s" % (name, k) if name else str(k)
            if k not in cand:
                rows.append({"name": key, "ok": False, "why": "missing_key"})
            else:
                compare(base[k], cand[k], key, rows)
        for k in cand:
            if k not in base:
                rows.append({"name": "%s.%s" % (name, k) if name else str(k), "ok": False, "why": "extra_key"})
    elif isinstance(base, (list, tuple)):
        if not isinstance(cand, (list, tuple)) or len(cand) != len(base):
            rows.append({"name": name, "ok": False, "why": "candidate is not a sequence of %d" % len(base)})
            return
        for i, (b, c) in enumerate(zip(base, cand)):
            compare(b, c, "%s[%d]" % (name, i), rows)
    else:
        rows.append({"name": name, "ok": base == cand, "why": None if base == cand else "%r vs %r" % (cand, base)})


def child(args):
    """One source: label + test, module + test, compare. Prints one JSON line."""
    import torch
    case_dir, so, ext_name = args.case_dir, args.module, args.ext_name
    spec = load_case(case_dir)
    test_path = os.path.join(case_dir, "test_code.py")
    res = {"baseline_ok": False, "candidate_ok": False, "outputs": []}
    t0 = time.monotonic()
    try:
        label = import_file("krw_label_" + ext_name, os.path.join(case_dir, "label.py"))
        base = run_test(test_path, {n: getattr(label, n) for n in spec["names"]})
        res["baseline_ok"] = True
    except Exception:
        res["baseline_error"] = " ".join("".join(traceback.format_exception_only(*sys.exc_info()[:2])).split())[:400]
        print("KRW-RESULT " + json.dumps(res))
        return
    res["baseline_s"] = round(time.monotonic() - t0, 2)
    t0 = time.monotonic()
    try:
        loader = importlib.machinery.ExtensionFileLoader(ext_name, so)
        mod = importlib.util.module_from_spec(importlib.util.spec_from_loader(ext_name, loader))
        loader.exec_module(mod)
        bindings = {}
        for n in spec["names"]:
            bindings[n] = getattr(mod, n)  # AttributeError as in the agent's harness
        cand = run_test(test_path, bindings)
        res["candidate_ok"] = True
    except Exception:
        res["candidate_error"] = " ".join("".join(traceback.format_exception_only(*sys.exc_info()[:2])).split())[:400]
        print("KRW-RESULT " + json.dumps(res))
        return
    res["candidate_s"] = round(time.monotonic() - t0, 2)
    if cand is None:
        res["candidate_none"] = True
    else:
        compare(base, cand, "", res["outputs"])
    print("KRW-RESULT " + json.dumps(res))


def outcome(build_ok, res):
    if not build_ok:
        return "compile_error"
    if res is not None and res.get("not_run"):
        return "built"
    if res is None or not res.get("baseline_ok", False):
        return "harness_error"
    if not res["candidate_ok"]:
        return "call_error"
    outs = res.get("outputs", [])
    if res.get("candidate_none") or (outs and all(o.get("why") == "candidate is NoneType" for o in outs)):
        return "none"  # the agent's "Generated output is None": every output the test collected is None
    return "match" if res["outputs"] and all(o["ok"] for o in res["outputs"]) else "mismatch"


# ---- main -------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--sample", default=os.path.join(REPO, "resources", "sample"))
    ap.add_argument("--hipcc", help="hipcc to try first (HIP_PLATFORM=nvidia); nvcc alone without it")
    ap.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--test-jobs", type=int, default=4)
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--build-only", action="store_true", help="build, do not test (no GPU needed)")
    ap.add_argument("--gpu-arch", help="compute capability as in 90; default: the GPU's")
    ap.add_argument("--extra-include", action="append", default=[], help="another -isystem folder")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--case-dir", help=argparse.SUPPRESS)
    ap.add_argument("--module", help=argparse.SUPPRESS)
    ap.add_argument("--ext-name", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args)
        return 0

    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    progress = open(os.path.join(out, "progress.log"), "a", encoding="utf-8")

    def say(msg):
        line = "[%7.1f] %s" % (time.monotonic() - T0, msg)
        print(line, flush=True)
        progress.write(line + "\n")
        progress.flush()

    info = torch_build_info(args.gpu_arch)
    info["include_paths"] += args.extra_include
    cuda_path = os.path.dirname(os.path.dirname(os.path.realpath(args.nvcc)))
    env = dict(os.environ)
    env.update({"HIP_PLATFORM": "nvidia", "HIP_COMPILER": "nvcc", "HIP_RUNTIME": "cuda", "CUDA_PATH": cuda_path})
    nvcc_version = subprocess.run([args.nvcc, "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-1]
    compiler, compiler_name = [args.nvcc], "nvcc"
    if args.hipcc:
        try:
            p = subprocess.run(["perl", args.hipcc, "--version"], env=env, capture_output=True, text=True, timeout=60)
            rc, text = p.returncode, p.stdout + p.stderr
        except (OSError, subprocess.TimeoutExpired) as e:
            rc, text = -1, str(e)
        say("hipcc --version (HIP_PLATFORM=nvidia): rc=%d %s" % (rc, text.strip()[-600:]))
        if rc == 0:
            compiler, compiler_name = ["perl", args.hipcc], "hipcc"
    import torch
    try:
        import triton
        triton_version = triton.__version__
    except Exception as e:  # the labels cannot run without it
        triton_version = "missing: %s" % e
    env_info = {"device": torch.cuda.get_device_name(0) if torch.cuda.is_available() else "none", "torch": info["torch"], "torch_cuda": info["torch_cuda"],
                "triton": triton_version, "nvcc": nvcc_version, "python": sys.version.split()[0],
                "compiler": compiler_name, "std": info["std"], "arch": info["arch"], "cuda_path": cuda_path}
    say("environment: " + json.dumps(env_info))

    jobs = []
    cases_dir = os.path.join(args.sample, "cases")
    for case in sorted(os.listdir(cases_dir)):
        case_dir = os.path.join(cases_dir, case)
        spec = load_case(case_dir)
        stem = spec["filename"][:-3]
        for name in sorted(os.listdir(case_dir)):
            if not name.endswith(".hip") or (args.only and "%s/%s" % (case, name) not in args.only):
                continue
            folder = os.path.join(out, "build", case, name[:-4])
            os.makedirs(folder, exist_ok=True)
            src = os.path.join(folder, stem + ".hip")
            shutil.copyfile(os.path.join(case_dir, name), src)
            jobs.append({"case": case, "file": name, "case_dir": case_dir, "ext": stem + "_hip", "src": src,
                         "obj": os.path.join(folder, stem + ".o"), "so": os.path.join(folder, stem + "_hip.so"),
                         "log": os.path.join(folder, "build.log"), "expected": expected(case_dir, name)})
    say("building %d sources with %s, %d at a time" % (len(jobs), compiler_name, args.jobs))
    say("compile command: " + " ".join(compiler + compile_args(info, jobs[0]["ext"], jobs[0]["src"], jobs[0]["obj"])))

    def build(job):
        rc, output, secs = run_cmd(compiler + compile_args(info, job["ext"], job["src"], job["obj"]), env,
                                   job["log"], 300)
        err = first_error(output) or ""
        if rc != 0 and os.path.basename(job["src"]) not in err:
            # The first error is in a torch or CUDA header, not in the source: try the other C++ standard
            # (torch >= 2.10 headers want C++20 under some nvcc versions; older ones were built as C++17).
            other = dict(info, std="c++17" if info["std"] == "c++20" else "c++20")
            job["std_retry"] = other["std"]
            rc, output, secs2 = run_cmd(compiler + compile_args(other, job["ext"], job["src"], job["obj"]), env,
                                        job["log"], 300)
            secs += secs2
        job["compile_s"] = round(secs, 1)
        job["build_ok"] = rc == 0
        if rc == 0:
            rc, output, secs = run_cmd([args.nvcc] + link_args(info, job["obj"], job["so"]), env, job["log"], 120)
            job["link_s"] = round(secs, 1)
            job["build_ok"] = rc == 0
        job["build_error"] = None if job["build_ok"] else first_error(output)
        say("built %-20s %-22s %s %.1f s%s" % (job["case"], job["file"], "ok" if job["build_ok"] else "FAILED",
                                               job["compile_s"], "" if job["build_ok"] else ": %s" % job["build_error"]))
        return job

    t_build = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        list(pool.map(build, jobs))
    build_wall = time.monotonic() - t_build
    say("build wall %.1f s" % build_wall)

    def test(job):
        if not job["build_ok"]:
            job["result"] = None
            return job
        cmd = [sys.executable, os.path.abspath(__file__), "--child", "--out", out, "--case-dir", job["case_dir"],
               "--module", job["so"], "--ext-name", job["ext"]]
        t0 = time.monotonic()
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=240)
            text = p.stdout + p.stderr
        except subprocess.TimeoutExpired:
            text = "timeout"
        job["test_s"] = round(time.monotonic() - t0, 1)
        with open(os.path.join(os.path.dirname(job["so"]), "test.log"), "w", encoding="utf-8") as f:
            f.write(text)
        job["result"] = None
        for line in text.splitlines():
            if line.startswith("KRW-RESULT "):
                job["result"] = json.loads(line[len("KRW-RESULT "):])
        if job["result"] is None:
            job["result"] = {"baseline_ok": False, "baseline_error": text.strip()[-400:]}
        say("tested %-20s %-22s %s" % (job["case"], job["file"], outcome(True, job["result"])))
        return job

    t_test = time.monotonic()
    if args.build_only:
        jobs_to_test = []
        for job in jobs:
            job["result"] = {"baseline_ok": True, "candidate_ok": True, "outputs": [], "not_run": True}
    else:
        jobs_to_test = jobs
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.test_jobs) as pool:
        list(pool.map(test, jobs_to_test))
    test_wall = time.monotonic() - t_test

    bad = 0
    lines = ["| case | source | expected | got | as expected | max abs err | detail | compile s |",
             "|---|---|---|---|---|---|---|---|"]
    for job in jobs:
        got = outcome(job["build_ok"], job.get("result"))
        job["outcome"] = got
        job["as_expected"] = got == job["expected"] or (got == "built" and job["expected"] != "compile_error")
        bad += not job["as_expected"]
        res = job.get("result") or {}
        errs = [o.get("max_abs_err") for o in res.get("outputs", []) if o.get("max_abs_err") is not None]
        detail = (job.get("build_error") or res.get("candidate_error") or res.get("baseline_error") or
                  ", ".join("%s: %s" % (o["name"], o.get("why") or ("NaN" if o.get("nan") else "differs"))
                            for o in res.get("outputs", []) if not o["ok"]) or "")
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            job["case"], job["file"], job["expected"], got, "yes" if job["as_expected"] else "**no**",
            "%.3g" % max(errs) if errs else "", detail.replace("|", "\\|")[:160], job.get("compile_s", "")))
    summary = "%d sources, %d as expected, %d not; build wall %.1f s, test wall %.1f s, total %.1f s" % (
        len(jobs), len(jobs) - bad, bad, build_wall, test_wall, time.monotonic() - T0)
    lines += ["", summary]
    with open(os.path.join(out, "results.md"), "w", encoding="utf-8") as f:
        f.write("environment: `%s`\n\n" % json.dumps(env_info) + "\n".join(lines) + "\n")
    with open(os.path.join(out, "results.json"), "w", encoding="utf-8") as f:
        json.dump({"environment": env_info, "build_info": info, "build_wall_s": round(build_wall, 1),
                   "test_wall_s": round(test_wall, 1), "sources": jobs}, f, indent=1)
    print("\n".join(lines))
    say(summary)
    return 1 if bad else 0


T0 = time.monotonic()

if __name__ == "__main__":
    sys.exit(main())
