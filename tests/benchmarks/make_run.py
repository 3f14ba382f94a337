#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes a synthetic TritonBench-G-shaped agent run for the benchmark suite (docs/PERFORMANCE.md).

    make_run.py --cases N [--iterations K] [--seed S] OUT_DIR

OUT_DIR receives `<name>_<it>.jsonl` + `<name>_mem_<it>.json` for it = 0..K-1 (the layout of
shared/FORMAT.md that the run locator accepts). Every text comes from the repository's own sample
run (resources/sample/run, committed), so the records have the real shapes: HIP sources, Triton
labels, Python tests, compiler logs and tracebacks, Markdown strategies and reflections, profiling
items. Per case the texts are renamed with the case number, pieced together from several sample
cases to a realistic length that varies by +-30 %, and lightly shuffled, so no two cases hold the
same text and search and diff see realistic content.

Average sizes per case (one iteration), from real TritonBench-G records and GEAK agent output:
JSONL line ~11.8 KB (instruction 1.9 KB, label 4.7 KB, test_code 1.4 KB, predict 3.9 KB), memory
entry ~20 KB (oneshot, call/exe candidates when those stages passed, exactly two perf candidates
in the current layout [code, speedup, 0.0, reflection_md, profiling_or_null], a strategy or a
reflection, error messages when a stage failed). 10,000 cases = ~118 MB JSONL + ~202 MB memory.

The output is a function of (cases, iterations, seed) alone: the same arguments give byte-identical
files. Python 3 standard library only.
"""

import argparse
import json
import os
import random
import re
import sys
import time
from pathlib import Path

SAMPLE_RUN = Path(__file__).resolve().parent.parent.parent / "resources" / "sample" / "run"
RUN_NAME = "bench_tritonbench_g"

# Mean target length of each text kind, in characters before JSON escaping (tuned so that the
# escaped output matches the sizes in the module docstring).
TARGET = {
    "instruction": 2050,
    "label": 4500,
    "test_code": 1350,
    "hip": 3900,
    "oneshot": 3400,
    "md": 850,
    "profiling": 600,
    "call_err": 2400,
}

# Newest outcome of a case: (weight, pass_call, pass_exe, pass_perf, empty predict).
OUTCOMES = [
    (35, True, True, True, False),  # full pass
    (10, True, True, False, False),  # perf stage failed
    (30, True, False, False, False),  # wrong results
    (22, False, False, False, False),  # compile / call failure
    (3, False, False, False, True),  # nothing generated this iteration
]

IDENT = re.compile(r"\b(?:def|void|class)\s+([A-Za-z_]\w*)")


class Pools:
    """The sample's texts by kind, each with the base case it came from and that case's names."""

    def __init__(self, run_dir):
        jsonl = sorted(run_dir.glob("*.jsonl"))
        mem = sorted(run_dir.glob("*_mem_*.json"))
        if not jsonl or not mem:
            sys.exit(f"make_run.py: no sample run in {run_dir} (resources/sample/run is committed with the repository)")
        self.kinds = {k: [] for k in TARGET}
        self.exe_err = []
        seen = set()
        cases = {}
        for path in jsonl:
            with open(path, encoding="utf-8") as f:
                for line in f:
                    rec = json.loads(line)
                    cases.setdefault(rec["filename"], rec)
                    for field, kind in (("instruction", "instruction"), ("label", "label"),
                                        ("test_code", "test_code"), ("predict", "hip")):
                        self._add(kind, rec["filename"], rec.get(field), seen)
        for path in mem:
            with open(path, encoding="utf-8") as f:
                entries = json.load(f)
            for name, e in entries.items():
                for field, kind in (("call_candidate", "hip"), ("exe_candidate", "hip"), ("oneshot", "oneshot"),
                                    ("temp_strategy", "md"), ("reflection", "md")):
                    self._add(kind, name, e.get(field), seen)
                if e.get("call_err_msg") not in (None, "None"):
                    self._add("call_err", name, e["call_err_msg"], seen)
                if e.get("exe_err_msg") not in (None, "None"):
                    self.exe_err.append((name, e["exe_err_msg"]))
                for cand in e.get("perf_candidates") or []:
                    self._add("hip", name, cand[0], seen)
                    md = cand[3] if len(cand) >= 5 else cand[2] if len(cand) == 3 else None
                    self._add("md", name, md, seen)
                    if len(cand) >= 5:
                        self._add("profiling", name, cand[4], seen)
        self.bases = sorted(cases)
        # Names defined by each base case (kernels, wrappers, test functions) plus its stem: they are
        # renamed per synthetic case so that every case has its own identifiers.
        self.names = {}
        for name in self.bases:
            stem = name[:-3] if name.endswith(".py") else name
            texts = [t for kind in self.kinds.values() for (n, t) in kind if n == name]
            found = {stem}
            for t in texts:
                found.update(m.group(1) for m in IDENT.finditer(t))
            found = {n for n in found if len(n) > 3 and not n.startswith("__")}
            self.names[name] = sorted(found, key=len, reverse=True)
        # Templates: each text once as a str.format pattern, renaming with "{s}" appended to every name.
        self.templates = {}
        for kind, items in self.kinds.items():
            self.templates[kind] = [(n, self._template(n, t)) for n, t in items]
        self.exe_err = [(n, self._template(n, t)) for n, t in self.exe_err]
        self.by_base = {kind: {} for kind in self.templates}
        for kind, items in self.templates.items():
            for n, t in items:
                self.by_base[kind].setdefault(n, []).append(t)

    def _add(self, kind, name, text, seen):
        if isinstance(text, str) and text.strip() and (kind, text) not in seen:
            seen.add((kind, text))
            self.kinds[kind].append((name, text))

    def _template(self, name, text):
        escaped = text.replace("{", "{{").replace("}", "}}")
        names = self.names[name]
        if not names:
            return escaped
        pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b")
        return pattern.sub(lambda m: m.group(1) + "{s}", escaped)


def vary_lines(text, rng, fraction):
    """Swaps a few neighbouring lines and changes some numbers: realistic small edits."""
    lines = text.split("\n")
    n = len(lines)
    if n < 4:
        return text
    for _ in range(max(1, int(n * fraction))):
        i = rng.randrange(n - 1)
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    for _ in range(max(1, int(n * fraction))):
        i = rng.randrange(n)
        lines[i] = re.sub(r"\b(\d+)\b", lambda m: str(int(m.group(1)) + rng.randint(1, 7)), lines[i], count=1)
    return "\n".join(lines)


def build(pools, kind, base, suffix, rng, fraction=0.03, scale=1.0):
    """A text of `kind` for a case renamed with `suffix`: the base case's own text first, then
    texts of other sample cases (renamed too) until a length of TARGET +-30 % is reached."""
    target = int(TARGET[kind] * scale * rng.uniform(0.7, 1.3))
    own = pools.by_base[kind].get(base)
    first = rng.choice(own) if own else rng.choice(pools.templates[kind])[1]
    parts = [first.format(s=suffix)]
    size = len(parts[0])
    k = 1
    while size < target:
        extra = rng.choice(pools.templates[kind])[1].format(s=f"{suffix}_{k}")
        parts.append(extra)
        size += len(extra) + 2
        k += 1
    text = "\n\n".join(parts)
    if len(text) > target:
        cut = text.rfind("\n", 0, target)
        text = text[: cut if cut > target // 2 else target]
    return vary_lines(text, rng, fraction)


def make_case(pools, index, iteration, seed):
    """One case's JSONL record and memory entry for one iteration."""
    base = pools.bases[index % len(pools.bases)]
    stem = base[:-3]
    suffix = f"_{index}"
    filename = f"{stem}{suffix}.py"
    # The dataset part (instruction, label, test) is the same in every iteration; the model's part changes.
    data_rng = random.Random(f"{seed}:{index}:data")
    rng = random.Random(f"{seed}:{index}:{iteration}")
    record = {
        "instruction": build(pools, "instruction", base, suffix, data_rng, 0.0),
        "label": build(pools, "label", base, suffix, data_rng),
        "filename": filename,
        "test_code": build(pools, "test_code", base, suffix, data_rng, 0.0),
    }
    weights = [o[0] for o in OUTCOMES]
    _, pass_call, pass_exe, pass_perf, empty = rng.choices(OUTCOMES, weights=weights)[0]
    # The model's code evolves over iterations: same base text, different small edits per iteration.
    code_rng = random.Random(f"{seed}:{index}:code")
    predict_base = build(pools, "hip", base, suffix, code_rng, 0.0)
    predict = "" if empty else vary_lines(predict_base, rng, 0.05)
    record["predict"] = predict
    record["_difficulty"] = data_rng.randint(1, 5)

    def perf_candidate(speedup):
        code = vary_lines(predict_base, rng, 0.08)
        profiling = build(pools, "profiling", base, suffix, rng) if rng.random() < 0.5 else None
        return [code, speedup, 0.0, build(pools, "md", base, suffix, rng), profiling]

    speedups = sorted((round(rng.uniform(0.6, 2.2), 2) for _ in range(2)), reverse=True)
    call_err = "None"
    exe_err = "None"
    if empty:
        call_err = f"No code was generated for {filename}: the model's answer held no code block."
    elif not pass_call:
        call_err = build(pools, "call_err", base, suffix, rng, 0.0)
    elif not pass_exe:
        call_err = "None"
        exe_err = rng.choice(pools.exe_err)[1].format(s=suffix)
        exe_err = re.sub(r"file: \S+", "file: " + filename, exe_err)
    reflective = iteration > 0 and rng.random() < 0.6
    strategy = build(pools, "md", base, suffix, rng)
    entry = {
        "call_err_msg": call_err,
        "exe_err_msg": exe_err,
        "reflection": strategy if reflective else None,
        "oneshot": build(pools, "oneshot", pools.bases[(index * 7 + 3) % len(pools.bases)], "", data_rng, 0.0),
        "perf_candidates": [perf_candidate(s) for s in speedups],
        "perf_strategy": None,
        "call_candidate": predict if pass_call else None,
        "exe_candidate": predict if pass_exe else None,
        "temp_strategy": None if reflective else strategy,
        "perf_debug_num": 0 if pass_perf else rng.randint(0, 5),
        "pass_call": pass_call,
        "pass_exe": pass_exe,
        "pass_perf": pass_perf,
    }
    return record, entry


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, required=True, help="number of cases (JSONL lines per iteration)")
    parser.add_argument("--iterations", type=int, default=1, help="iterations 0..K-1 (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("out_dir", help="folder to write the run into (created if missing)")
    args = parser.parse_args()
    if args.cases < 1 or args.iterations < 1:
        parser.error("--cases and --iterations must be at least 1")

    start = time.monotonic()
    pools = Pools(SAMPLE_RUN)
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    total_jsonl = total_mem = 0
    for it in range(args.iterations):
        jsonl_path = out / f"{RUN_NAME}_{it}.jsonl"
        mem_path = out / f"{RUN_NAME}_mem_{it}.json"
        memory = {}
        with open(jsonl_path, "w", encoding="utf-8") as jf:
            for c in range(args.cases):
                record, entry = make_case(pools, c, it, args.seed)
                jf.write(json.dumps(record) + "\n")
                memory[record["filename"]] = entry
        with open(mem_path, "w", encoding="utf-8") as mf:
            json.dump(memory, mf, indent=4)
        j, m = os.path.getsize(jsonl_path), os.path.getsize(mem_path)
        total_jsonl += j
        total_mem += m
        print(f"iteration {it}: {jsonl_path.name} {j / 1e6:.1f} MB ({j / args.cases / 1e3:.1f} KB/case), "
              f"{mem_path.name} {m / 1e6:.1f} MB ({m / args.cases / 1e3:.1f} KB/case)")
    total = total_jsonl + total_mem
    print(f"run: {args.cases} cases x {args.iterations} iterations in {out}: JSONL {total_jsonl / 1e6:.1f} MB + "
          f"memory {total_mem / 1e6:.1f} MB = {total / 1e6:.1f} MB "
          f"({total / args.cases / args.iterations / 1e3:.1f} KB/case), {time.monotonic() - start:.1f} s")


if __name__ == "__main__":
    main()
