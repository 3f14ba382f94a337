#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compile every HIP source of the bundled sample the way the compile-check profile does, and hold
the results to the sample's own claims.

Usage: python3 compile_check_sample.py [--hipcc hipcc] [--arch gfx90a] [--python python3] [--jobs N]
                                       [--opt -O3] [--keep DIR] [--print-command] [--compare-device-only]

Each source is copied to <work>/<case>/<file>/<stem>.hip (the name the agent's harness used, so
diagnostics read `<stem>.hip:LINE:COL`) and built with `hipcc ... -c` (object only, never linked or
run). The include paths, the pybind11 ABI constants and the C++ ABI come from `--python`'s torch;
when that torch is not a ROCm build, runner/compat/cpu-torch goes first on the include path
(ATen/hip/HIPContext.h and friends). The command is the template in runner/compat/README.md.

Expectations come from the sample: a source is expected to fail when a `call_err_*.txt` of its case
quotes a `<stem>.hip:LINE:COL: error:` line for it (the iteration's `error_source`, else its
`predict`); it must then fail with that first error, same line, column and message. Every other
source must compile. Exit status 0 when all sources behave as expected.

--compare-device-only is the benchmark behind the profile's `--cuda-device-only` (docs/RUNNER.md):
each source is built twice, one build after the other, with the profile's flags (host -O0, device
-O3, kernel-resource remarks): as a whole (host and device) and device-only. Both must give the same
exit status and the same diagnostics (every error, warning and note with line, column and message,
and every resource remark); the times of both are printed and summed.
Python 3 standard library only (torch is asked through `--python`).
"""

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SAMPLE = os.path.join(REPO, "resources", "sample")
SHIM = os.path.join(REPO, "runner", "compat", "cpu-torch")
DIAG = re.compile(r"^(?P<path>\S+\.hip):(?P<line>\d+):(?P<col>\d+): (?P<kind>error|warning|note): (?P<msg>.*)$",
                  re.M)

TORCH_QUERY = r"""
import json, sysconfig, torch
from torch.utils import cpp_extension as ce
info = {
    "torch": torch.__version__,
    "hip": torch.version.hip,
    "cuda": torch.version.cuda,
    "include_paths": [p for p in ce.include_paths() if __import__("os").path.isdir(p)],
    "python_include": sysconfig.get_paths()["include"],
    "cxx11_abi": int(torch._C._GLIBCXX_USE_CXX11_ABI),
    "pybind11": {n: getattr(torch._C, "_PYBIND11_" + n, None) for n in ("COMPILER_TYPE", "STDLIB", "BUILD_ABI")},
}
print(json.dumps(info))
"""


def torch_info(python):
    out = subprocess.run([python, "-c", TORCH_QUERY], check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def compile_command(hipcc, arch, opt, info, ext_name, src, obj, use_shim):
    """The compile-check command (README.md, profile compile-check)."""
    cmd = [hipcc, "--offload-arch=" + arch, "-fno-gpu-rdc", "-c", "-fPIC", "-std=c++17", opt,
           # what torch.utils.cpp_extension passes to hipcc for a HIP extension
           "-DWITH_HIP", "-D__HIP_PLATFORM_AMD__=1", "-DUSE_ROCM=1",
           "-DCUDA_HAS_FP16=1", "-D__HIP_NO_HALF_OPERATORS__=1", "-D__HIP_NO_HALF_CONVERSIONS__=1",
           "-DTORCH_EXTENSION_NAME=" + ext_name, "-DTORCH_API_INCLUDE_EXTENSION_H"]
    for name, value in info["pybind11"].items():
        if value is not None:
            cmd.append('-DPYBIND11_%s="%s"' % (name, value))
    cmd.append("-D_GLIBCXX_USE_CXX11_ABI=%d" % info["cxx11_abi"])
    if use_shim:
        # c10/util/complex.h pulls in thrust/complex.h under hipcc; Debian's thrust is NVIDIA's and
        # would include cuda_runtime_api.h for its default CUDA device system.
        cmd += ["-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP", "-I" + SHIM]
    for path in info["include_paths"]:
        cmd += ["-isystem", path]
    cmd += ["-isystem", info["python_include"], src, "-o", obj]
    return cmd


def expected_failures(case_dir):
    """{file name in the case folder: (line, col, message)} for sources a call_err text says fail to build."""
    spec = json.load(open(os.path.join(case_dir, "case.json"), encoding="utf-8"))
    result = {}
    for it in spec["iterations"]:
        msg = it.get("call_err_msg")
        if not isinstance(msg, str) or not msg.startswith("@"):
            continue
        text = open(os.path.join(case_dir, msg[1:]), encoding="utf-8").read()
        errors = [m for m in DIAG.finditer(text) if m.group("kind") == "error"]
        if not errors:
            continue
        source = it.get("error_source") or it.get("predict")
        if isinstance(source, str) and source.startswith("@"):
            m = errors[0]
            result[source[1:]] = (int(m.group("line")), int(m.group("col")), m.group("msg"))
    return result


REMARK = re.compile(r"^\S+\.hip:(\d+):(\d+): remark: (.*)$", re.M)


def diagnostics(output):
    """Everything a reader of the compile would see, without paths: sorted (kind, line, col, message)."""
    found = {(m.group("kind"), m.group("line"), m.group("col"), m.group("msg")) for m in DIAG.finditer(output)}
    found |= {("remark", m.group(1), m.group(2), m.group(3)) for m in REMARK.finditer(output)}
    return sorted(found)


def first_error(output):
    for m in DIAG.finditer(output):
        if m.group("kind") == "error":
            return int(m.group("line")), int(m.group("col")), m.group("msg")
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hipcc", default="hipcc")
    ap.add_argument("--arch", default="gfx90a")
    ap.add_argument("--python", default="python3", help="interpreter whose torch supplies the headers")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--opt", default="-O3")
    ap.add_argument("--keep", help="build here and keep the objects and logs (default: a temporary folder)")
    ap.add_argument("--print-command", action="store_true", help="print one full compile command")
    ap.add_argument("--compare-device-only", action="store_true",
                    help="build each source whole and device-only, compare diagnostics and times")
    args = ap.parse_args()
    if args.compare_device_only:
        args.opt = "-O0"

    info = torch_info(args.python)
    use_shim = not info["hip"]
    work = args.keep or tempfile.mkdtemp(prefix="krw-compile-check-")
    print("torch %s (hip=%s, cuda=%s), shim: %s, hipcc: %s, arch: %s, jobs: %d" % (
        info["torch"], info["hip"], info["cuda"], "cpu-torch" if use_shim else "none",
        shutil.which(args.hipcc), args.arch, args.jobs))

    jobs = []
    cases_dir = os.path.join(SAMPLE, "cases")
    for case in sorted(os.listdir(cases_dir)):
        case_dir = os.path.join(cases_dir, case)
        spec = json.load(open(os.path.join(case_dir, "case.json"), encoding="utf-8"))
        stem = spec["filename"][:-3] if spec["filename"].endswith(".py") else spec["filename"]
        fails = expected_failures(case_dir)
        for name in sorted(os.listdir(case_dir)):
            if not name.endswith(".hip"):
                continue
            folder = os.path.join(work, case, name[:-4])
            os.makedirs(folder, exist_ok=True)
            src = os.path.join(folder, stem + ".hip")
            shutil.copyfile(os.path.join(case_dir, name), src)
            cmd = compile_command(args.hipcc, args.arch, args.opt, info, stem + "_hip", src,
                                  os.path.join(folder, stem + ".o"), use_shim)
            jobs.append((case, name, fails.get(name), cmd))
    if args.print_command:
        print(" ".join(shlex.quote(c) for c in jobs[0][3]))

    def compare(job):
        """Whole, then device-only, with the compile-check profile's flags."""
        case, name, expect, cmd = job
        base = cmd[:-3] + ["-Xarch_device", "-O3", "-Rpass-analysis=kernel-resource-usage"] + cmd[-3:]
        runs = []
        for extra, obj in (([], cmd[-1]), (["--cuda-device-only"], cmd[-1] + ".device")):
            full = base[:-1] + [obj]
            full[1:1] = extra
            t0 = time.monotonic()
            p = subprocess.run(full, capture_output=True, text=True)
            runs.append((p.returncode, diagnostics(p.stdout + p.stderr), time.monotonic() - t0))
        return job, runs

    if args.compare_device_only:
        t_all = time.monotonic()
        same = 0
        whole_sum = device_sum = 0.0
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for (case, name, expect, cmd), runs in pool.map(compare, jobs):
                (rc_w, d_w, s_w), (rc_d, d_d, s_d) = runs
                ok = rc_w == rc_d and d_w == d_d
                same += ok
                if rc_w == 0:
                    whole_sum += s_w
                    device_sum += s_d
                print("%-4s %-20s %-22s whole %6.1f s  device-only %6.1f s  rc %d/%d  diagnostics %d/%d" % (
                    "same" if ok else "DIFF", case, name, s_w, s_d, rc_w, rc_d, len(d_w), len(d_d)), flush=True)
                if not ok:
                    print("  whole only:", [d for d in d_w if d not in d_d][:5])
                    print("  device-only only:", [d for d in d_d if d not in d_w][:5])
        print("%d sources, %d with the same exit status and diagnostics; compiling sources: whole %.1f s, "
              "device-only %.1f s (%.0f %%); wall %.1f s" % (len(jobs), same, whole_sum, device_sum,
                                                          100.0 * device_sum / max(whole_sum, 1e-9),
                                                          time.monotonic() - t_all))
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        return 0 if same == len(jobs) else 1

    def build(job):
        case, name, expect, cmd = job
        t0 = time.monotonic()
        p = subprocess.run(cmd, capture_output=True, text=True)
        seconds = time.monotonic() - t0
        with open(os.path.join(os.path.dirname(cmd[-1]), "compile.log"), "w", encoding="utf-8") as f:
            f.write(p.stdout + p.stderr)
        return job, p.returncode, p.stdout + p.stderr, seconds

    t_all = time.monotonic()
    bad = 0
    rows = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for (case, name, expect, cmd), rc, output, seconds in pool.map(build, jobs):
            got = first_error(output)
            if expect is None:
                ok = rc == 0 and os.path.exists(cmd[-1])
                what = "compiled" if rc == 0 else "FAILED: %s" % (got,)
            else:
                ok = rc != 0 and got == expect
                what = "failed as quoted %d:%d %s" % expect if ok else "expected %s, got rc=%d %s" % (expect, rc, got)
            warnings = len([m for m in DIAG.finditer(output) if m.group("kind") == "warning"])
            bad += not ok
            rows.append((case, name, ok, what, warnings, seconds))
            print("%-4s %-20s %-22s %6.1f s  warnings=%d  %s" % ("ok" if ok else "BAD", case, name, seconds,
                                                                  warnings, what), flush=True)
            if not ok:
                print(output[-3000:])
    total = time.monotonic() - t_all
    print("%d sources, %d as expected, %d not; wall %.1f s, sum of compile times %.1f s" % (
        len(rows), len(rows) - bad, bad, total, sum(r[5] for r in rows)))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
