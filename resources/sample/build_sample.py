#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Build the bundled sample run of Kernel Review Workbench from the readable case folders.

Usage: python3 build_sample.py [OUTDIR]      (default: run/ beside this script)

Reads sample.json and cases/<case>/case.json (layout: README.md) and writes, for every
iteration N, OUTDIR/<run_root>_N.jsonl and OUTDIR/<run_root>_mem_N.json in the shape the GEAK
agent writes (FORMAT.md). Python 3 standard library only; the same input gives byte-identical
output. Before writing anything it checks the cases and stops with a list of problems:
labels and tests compile, names line up, compiler messages and tracebacks point at the lines
they quote, perf candidates are sorted best first.
"""

import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Field order of the real agent output (tutorial_results_*.jsonl / *_mem_*.json).
JSONL_FIELDS = ("instruction", "label", "filename", "test_code", "predict")
MEMORY_FIELDS = (
    "call_err_msg", "exe_err_msg", "reflection", "oneshot", "perf_candidates", "perf_strategy",
    "call_candidate", "exe_candidate", "temp_strategy", "perf_debug_num", "pass_call", "pass_exe", "pass_perf",
)
# Keys of one iteration in case.json: the memory fields that change per iteration, plus predict.
ITERATION_KEYS = (
    "predict", "pass_call", "pass_exe", "pass_perf", "call_err_msg", "exe_err_msg", "call_candidate",
    "exe_candidate", "perf_candidates", "perf_debug_num", "temp_strategy", "reflection",
)
# Build-time only, never written out. error_source: the code a message's diagnostics quote, when it
# is not the prediction. lacks_extension_header: the prediction binds tensors without
# <torch/extension.h> on purpose (the lint check extension-include, docs/LINT.md).
OPTIONAL_ITERATION_KEYS = ("error_source", "lacks_extension_header")

MAX_TOTAL_BYTES = 200_000  # 200 KB, whichever way KB is read
LOOKS_LIKE_FILE = re.compile(r"^[\w.-]+\.(hip|md|txt|py|json)$")
# clang/hipcc diagnostics: /path/file.hip:LINE:COL: error: message
DIAG = re.compile(r"^(?P<path>\S+\.hip):(?P<line>\d+):(?P<col>\d+): (?P<kind>error|warning|note): (?P<msg>.*)$")
EXCERPT = re.compile(r"^ *(?P<line>\d+) \| (?P<text>.*)$")
QUOTED = re.compile(r"'([A-Za-z_][\w:]*)'")
# Python traceback frames in the harness program that ran the test (see call_program).
FRAME = re.compile(r'^  File "/tmp/kr_run/(?P<stem>[\w.-]+)/run_call\.py", line (?P<line>\d+), in \S+$')


class CaseError(Exception):
    pass


def read_text(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def call_program(stem, names, test_code):
    """The program the harness ran for the call stage: build + bind the names the test uses, then the test.

    Tracebacks in call_err_msg quote lines of this program; check_tracebacks() holds them to it.
    """
    lines = [
        "import torch",
        "from torch.utils.cpp_extension import load",
        '_ext = load(name="%s_hip", sources=["/tmp/kr_build/%s.hip"])' % (stem, stem),
    ]
    lines += ["%s = _ext.%s" % (name, name) for name in names]
    lines.append("")
    return "\n".join(lines) + "\n" + test_code


class Case:
    def __init__(self, sample_dir, oneshot_dir, name):
        self.name = name
        self.dir = os.path.join(sample_dir, "cases", name)
        self.errors = []
        spec = json.loads(read_text(os.path.join(self.dir, "case.json")))
        self.filename = spec["filename"]
        self.stem = self.filename[:-3] if self.filename.endswith(".py") else self.filename
        self.names = spec["names"]
        self.jsonl_extra = spec.get("jsonl_extra", {})
        self.instruction = read_text(os.path.join(self.dir, "instruction.md"))
        self.label = read_text(os.path.join(self.dir, "label.py"))
        self.test_code = read_text(os.path.join(self.dir, "test_code.py"))
        self.oneshot = read_text(os.path.join(oneshot_dir, spec["oneshot"]))
        self.iterations = spec["iterations"]

    def err(self, where, message):
        self.errors.append("%s: %s: %s" % (self.name, where, message))

    def resolve(self, value, where):
        """'@file' -> that file's text; other values as they are."""
        if isinstance(value, str):
            if value.startswith("@"):
                path = os.path.join(self.dir, value[1:])
                if not os.path.isfile(path):
                    self.err(where, "missing file %s" % value[1:])
                    return ""
                return read_text(path)
            if LOOKS_LIKE_FILE.match(value):
                self.err(where, "%r looks like a file name; file references start with '@'" % value)
            return value
        if isinstance(value, list):
            return [self.resolve(v, "%s[%d]" % (where, i)) for i, v in enumerate(value)]
        return value

    # --- checks -----------------------------------------------------------------------------
    def check_static(self):
        for what, src in (("label.py", self.label), ("test_code.py", self.test_code), ("oneshot", self.oneshot)):
            try:
                compile(src, "%s/%s" % (self.name, what), "exec")
            except SyntaxError as e:
                self.err(what, "does not compile: %s" % e)
        if "torch.manual_seed(42)" not in self.test_code:
            self.err("test_code.py", "does not seed with torch.manual_seed(42)")
        if not re.search(r"^result_gold = test_\w+\(\)\s*$", self.test_code, re.M):
            self.err("test_code.py", "does not end with result_gold = test_xxx()")
        for name in self.names:
            if not re.search(r"\b%s\(" % re.escape(name), self.test_code):
                self.err("test_code.py", "never calls %s" % name)
            if not re.search(r"^def %s\(" % re.escape(name), self.label, re.M):
                self.err("label.py", "defines no wrapper %s" % name)
        if "@triton.jit" not in self.label:
            self.err("label.py", "has no @triton.jit kernel")
        if self.oneshot.strip() == self.label.strip():
            self.err("oneshot", "is the label")

    def check_iteration(self, n, it, resolved):
        where = "iteration %d" % n
        missing = [k for k in ITERATION_KEYS if k not in it]
        unknown = [k for k in it if k not in ITERATION_KEYS and k not in OPTIONAL_ITERATION_KEYS]
        if missing:
            self.err(where, "missing keys %s" % ", ".join(missing))
            return
        if unknown:
            self.err(where, "unknown keys %s" % ", ".join(unknown))
        for key in ("pass_call", "pass_exe", "pass_perf"):
            if not isinstance(it[key], bool):
                self.err(where, "%s must be true or false" % key)
        if not isinstance(it["perf_debug_num"], int) or not 0 <= it["perf_debug_num"] <= 5:
            self.err(where, "perf_debug_num must be an int in 0..5")
        for key in ("call_err_msg", "exe_err_msg"):
            if not isinstance(resolved[key], str) or not resolved[key]:
                self.err(where, '%s must be a non-empty string ("None" for no error)' % key)
        predict = resolved["predict"]
        if it["pass_call"] and resolved["call_err_msg"] != "None" and "error_source" not in it:
            self.err(where, "pass_call is true but call_err_msg is set")
        if predict == "" and it["pass_call"]:
            self.err(where, "an empty prediction cannot pass the call stage")
        for key in ("predict", "call_candidate", "exe_candidate"):
            code = resolved[key]
            if code:
                self.check_hip(code, "%s %s" % (where, key), key == "predict" and it.get("lacks_extension_header", False))
        # A prediction that passed the call stage binds every name the test calls.
        if it["pass_call"] and predict and "error_source" not in it:
            for name in self.names:
                if 'm.def("%s"' % name not in predict:
                    self.err(where, "pass_call is true but predict binds no %s" % name)
        self.check_perf(where, resolved["perf_candidates"])
        source = resolved.get("error_source", predict)
        for key in ("call_err_msg", "exe_err_msg"):
            self.check_diagnostics("%s %s" % (where, key), resolved[key], source)
            self.check_tracebacks("%s %s" % (where, key), resolved[key])

    def check_hip(self, code, where, lacks_extension_header=False):
        needles = ["#include <hip/hip_runtime.h>", "#include <ATen/hip/HIPContext.h>", "__global__",
                   "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m)", "at::hip::getCurrentHIPStream()"]
        if lacks_extension_header:
            # Tensors bound without the header that brings pybind11 their caster.
            needles += ["#include <ATen/ATen.h>", "#include <pybind11/pybind11.h>", "at::Tensor"]
            if "torch/extension.h" in code:
                self.err(where, "lacks_extension_header is set but the source includes torch/extension.h")
        else:
            needles.insert(0, "#include <torch/extension.h>")
        for needle in needles:
            if needle not in code:
                self.err(where, "HIP source lacks %s" % needle)

    def check_perf(self, where, entries):
        if not isinstance(entries, list):
            self.err(where, "perf_candidates must be a list")
            return
        speedups = []
        for i, entry in enumerate(entries):
            if not isinstance(entry, list) or not entry or not isinstance(entry[0], str):
                self.err(where, "perf_candidates[%d] must be a list starting with code" % i)
                continue
            self.check_hip(entry[0], "%s perf_candidates[%d]" % (where, i))
            if len(entry) == 5 and isinstance(entry[1], (int, float)):
                speedups.append(entry[1])
            elif len(entry) == 3 and isinstance(entry[1], list):
                pass  # HIP layout [code, [n1, n2], analysis_md]
            else:
                self.err(where, "perf_candidates[%d] has an unknown layout" % i)
        if speedups != sorted(speedups, reverse=True):
            self.err(where, "perf_candidates are not sorted best first")

    def check_diagnostics(self, where, message, source):
        """file:line:col: messages must point at a real line of the code they refer to."""
        lines = message.split("\n")
        code_lines = source.split("\n") if source else []
        for i, text in enumerate(lines):
            m = DIAG.match(text)
            if not m:
                continue
            tag = "%s line %d" % (where, i + 1)
            if os.path.basename(m.group("path")) != self.stem + ".hip":
                self.err(tag, "diagnostic names %s, expected %s.hip" % (m.group("path"), self.stem))
            line_no, col = int(m.group("line")), int(m.group("col"))
            if not 1 <= line_no <= len(code_lines):
                self.err(tag, "diagnostic line %d does not exist (code has %d lines)" % (line_no, len(code_lines)))
                continue
            line = code_lines[line_no - 1]
            if not 1 <= col <= len(line):
                self.err(tag, "column %d is outside line %d" % (col, line_no))
            for token in QUOTED.findall(m.group("msg")):
                if token not in line:
                    self.err(tag, "line %d does not contain %r: %r" % (line_no, token, line))
                elif m.group("kind") == "error" and not line[col - 1:].startswith(token):
                    self.err(tag, "column %d of line %d is not at %r" % (col, line_no, token))
            if i + 1 < len(lines):
                ex = EXCERPT.match(lines[i + 1])
                if ex and (int(ex.group("line")) != line_no or ex.group("text") != line):
                    self.err(tag, "quoted source differs from line %d of the code" % line_no)

    def check_tracebacks(self, where, message):
        lines = message.split("\n")
        program = call_program(self.stem, self.names, self.test_code).split("\n")
        for i, text in enumerate(lines):
            m = FRAME.match(text)
            if not m:
                continue
            tag = "%s line %d" % (where, i + 1)
            if m.group("stem") != self.stem:
                self.err(tag, "traceback names case %s" % m.group("stem"))
            n = int(m.group("line"))
            quoted = lines[i + 1].strip() if i + 1 < len(lines) else ""
            if not 1 <= n <= len(program) or program[n - 1].strip() != quoted:
                actual = program[n - 1].strip() if 1 <= n <= len(program) else "<none>"
                self.err(tag, "line %d of run_call.py is %r, traceback quotes %r" % (n, actual, quoted))

    # --- output -----------------------------------------------------------------------------
    def records(self):
        """[(jsonl_object, memory_object)] per iteration; check() must have run."""
        out = []
        for n, it in enumerate(self.iterations):
            resolved = {k: self.resolve(v, "iteration %d %s" % (n, k)) for k, v in it.items()}
            self.check_iteration(n, it, resolved)
            line = {
                "instruction": self.instruction,
                "label": self.label,
                "filename": self.filename,
                "test_code": self.test_code,
                "predict": resolved.get("predict", ""),
            }
            line.update(self.jsonl_extra)
            memory = {
                "call_err_msg": resolved.get("call_err_msg"),
                "exe_err_msg": resolved.get("exe_err_msg"),
                "reflection": resolved.get("reflection"),
                "oneshot": self.oneshot,
                "perf_candidates": resolved.get("perf_candidates", []),
                "perf_strategy": None,
                "call_candidate": resolved.get("call_candidate"),
                "exe_candidate": resolved.get("exe_candidate"),
                "temp_strategy": resolved.get("temp_strategy"),
                "perf_debug_num": resolved.get("perf_debug_num"),
                "pass_call": resolved.get("pass_call"),
                "pass_exe": resolved.get("pass_exe"),
                "pass_perf": resolved.get("pass_perf"),
            }
            assert tuple(memory) == MEMORY_FIELDS
            out.append((line, memory))
        return out


def build(sample_dir, out_dir):
    manifest = json.loads(read_text(os.path.join(sample_dir, "sample.json")))
    oneshot_dir = os.path.join(sample_dir, manifest["oneshot_dir"])
    cases = [Case(sample_dir, oneshot_dir, name) for name in manifest["cases"]]
    return check_and_write(out_dir, manifest["run_root"], cases)


def check_and_write(out_dir, run_root, cases, problems=()):
    """Checks every case (and the problems found before), then writes the run; CaseError lists them all."""
    problems = list(problems)
    per_case = []
    for case in cases:
        case.check_static()
        per_case.append(case.records())
        problems += case.errors
    counts = {len(r) for r in per_case}
    if len(counts) != 1:
        problems.append("cases disagree on the number of iterations: %s" % sorted(counts))
    filenames = [c.filename for c in cases]
    if len(set(filenames)) != len(filenames):
        problems.append("duplicate filenames")
    if problems:
        raise CaseError("\n".join(problems))
    return write_run(out_dir, run_root, cases, per_case, counts.pop())


def write_run(out_dir, root, cases, per_case, iterations):
    """Writes the checked cases' records as an iteration series and reads it back."""
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for n in range(iterations):
        jsonl = "".join(json.dumps(records[n][0], ensure_ascii=False) + "\n" for records in per_case)
        memory = {case.filename: records[n][1] for case, records in zip(cases, per_case)}
        mem_text = json.dumps(memory, ensure_ascii=False, indent=4)
        for name, text in (("%s_%d.jsonl" % (root, n), jsonl), ("%s_mem_%d.json" % (root, n), mem_text)):
            path = os.path.join(out_dir, name)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            written.append(path)
    verify_output(out_dir, root, len(written) // 2)
    return written


def verify_output(out_dir, root, iterations):
    """Read back what was written: every line parses, memory keys equal the JSONL filenames, size cap."""
    total = 0
    for n in range(iterations):
        jsonl_path = os.path.join(out_dir, "%s_%d.jsonl" % (root, n))
        mem_path = os.path.join(out_dir, "%s_mem_%d.json" % (root, n))
        with open(jsonl_path, encoding="utf-8") as f:
            names = [json.loads(line)["filename"] for line in f]
        with open(mem_path, encoding="utf-8") as f:
            memory = json.load(f)
        if list(memory) != names:
            raise CaseError("iteration %d: memory keys %s differ from JSONL filenames %s" % (n, list(memory), names))
        for name, entry in memory.items():
            if tuple(entry) != MEMORY_FIELDS:
                raise CaseError("iteration %d: %s lacks memory fields" % (n, name))
        total += os.path.getsize(jsonl_path) + os.path.getsize(mem_path)
    if total > MAX_TOTAL_BYTES:
        raise CaseError("generated files take %d bytes, over the %d byte cap" % (total, MAX_TOTAL_BYTES))


def main(argv):
    if len(argv) > 2:
        sys.stderr.write("usage: %s [OUTDIR]\n" % argv[0])
        return 2
    out_dir = os.path.abspath(argv[1]) if len(argv) == 2 else os.path.join(HERE, "run")
    try:
        written = build(HERE, out_dir)
    except CaseError as e:
        sys.stderr.write("build_sample: the sample has problems:\n%s\n" % e)
        return 1
    for path in written:
        print("wrote %s (%d bytes)" % (os.path.relpath(path), os.path.getsize(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
