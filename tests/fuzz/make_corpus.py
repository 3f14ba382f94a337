#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Seed corpora and dictionaries for the fuzz targets (tests/fuzz, docs/RELIABILITY.md).

Extracts lines, memory entries, perf candidates, index files, compile logs and harness results from
the sample run (resources/sample/run), our fixtures (tests/data, docs/validation) and the real runs
in ../shared/data (SOURCES.md; skipped with a note when absent) into tests/fuzz/corpus/<target>/.

    tests/fuzz/make_corpus.py            # the committed corpus: strings cut to 240 characters, lists to 8 items
    tests/fuzz/make_corpus.py --full OUT # everything uncut into OUT/<target>/ (a bigger, local corpus)

Files are named by the SHA-1 of their content, as libFuzzer names the inputs it adds.
"""
import argparse
import glob
import hashlib
import json
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SHARED = os.path.abspath(os.path.join(ROOT, "..", "shared", "data"))
TARGETS = ["jsonlreader", "memoryfilereader", "perfcandidates", "debugfolderindex", "diagnosticparser", "harnessresult"]


def cut(value, limit):
    """The value with every string cut to limit characters and every list to 8 items (the shapes
    stay, the bulk goes)."""
    if limit is None:
        return value
    if isinstance(value, str):
        return value[:limit]
    if isinstance(value, list):
        return [cut(v, limit) for v in value[:8]]
    if isinstance(value, dict):
        return {k: cut(v, limit) for k, v in value.items()}
    return value


class Corpus:
    def __init__(self, out, limit):
        self.out, self.limit, self.counts = out, limit, {t: 0 for t in TARGETS}
        for t in TARGETS:
            os.makedirs(os.path.join(out, t), exist_ok=True)

    def add(self, target, data):
        if isinstance(data, str):
            data = data.encode("utf-8")
        path = os.path.join(self.out, target, hashlib.sha1(data).hexdigest())
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(data)
            self.counts[target] += 1

    def add_json(self, target, value, indent=None):
        self.add(target, json.dumps(cut(value, self.limit), ensure_ascii=False, indent=indent))


def files(*patterns):
    found = []
    for p in patterns:
        found += sorted(glob.glob(os.path.join(ROOT, p)))
    return found


def shared(pattern):
    if not os.path.isdir(SHARED):
        return []
    return sorted(glob.glob(os.path.join(SHARED, pattern)))


def jsonl_seeds(c, max_lines):
    paths = files("resources/sample/run/*.jsonl", "tests/data/*/*.jsonl") + shared("*/*.jsonl")
    for path in paths:
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
        for line in lines[:max_lines]:
            try:
                c.add_json("jsonlreader", json.loads(line))
            except ValueError:
                c.add("jsonlreader", line[:4096])  # the fixtures' broken lines, as they are
        # Two lines together reach duplicates and line numbering.
        if len(lines) > 1 and c.limit is not None:
            try:
                first = json.dumps(cut(json.loads(lines[0]), 40), ensure_ascii=False)
                c.add("jsonlreader", first + "\n" + first + "\n\n  {\"filename\": 3}\n")
            except ValueError:
                pass


def memory_seeds(c, max_entries):
    paths = files("resources/sample/run/*_mem_*.json", "tests/data/*/*_mem_*.json") + shared("*/*_mem_*.json")
    for path in paths:
        with open(path, "rb") as f:
            raw = f.read()
        try:
            memory = json.loads(raw)
        except ValueError:
            c.add("memoryfilereader", raw[:4096])
            continue
        if not isinstance(memory, dict):
            continue
        for name, entry in list(memory.items())[:max_entries]:
            c.add_json("memoryfilereader", {name: entry}, indent=2)
            if isinstance(entry, dict) and entry.get("perf_candidates") is not None:
                c.add_json("perfcandidates", entry["perf_candidates"])
                for candidate in entry["perf_candidates"]:
                    c.add_json("perfcandidates", [candidate])
    # The fuzz target's own JSONL names a.py and b.py: entries for them reach the joining code.
    c.add("memoryfilereader", '{"a.py": {"pass_call": true, "perf_debug_num": 2}, "c.py": {}, "a.py": {}}')


def index_seeds(c):
    for path in files("tests/cli/golden/*.index.json"):
        with open(path, encoding="utf-8") as f:
            index = json.load(f)
        c.add_json("debugfolderindex", index, indent=4)
    # The fuzz target's case folders are a_py and b.
    c.add("debugfolderindex", json.dumps({"format": "kernel-review-workspace", "cases": [
        {"filename": "a.py", "folder": "a_py", "renamed": None},
        {"filename": "a.py", "folder": "b", "renamed": "a.py"},
        {"folder": 3}]}))


def log_seeds(c, max_bytes):
    logs = files("tests/data/rerun/kernelresources/*.log", "resources/sample/cases/*/call_err_*.txt",
                 "resources/sample/cases/*/exe_err_*.txt")
    for i, path in enumerate(logs):
        with open(path, "rb") as f:
            data = f.read()
        if max_bytes:
            data = data[:max_bytes]
        # The first byte steers the target (piece size, GPU target): vary it.
        c.add("diagnosticparser", bytes([(i * 37) % 256]) + data)
    for path in files("resources/sample/run/*_mem_*.json") + shared("*/*_mem_*.json"):
        with open(path, encoding="utf-8") as f:
            memory = json.load(f)
        for entry in memory.values():
            for key in ("call_err_msg", "exe_err_msg"):
                text = entry.get(key) if isinstance(entry, dict) else None
                if isinstance(text, str) and text != "None":
                    c.add("diagnosticparser", b"\x07" + text.encode("utf-8")[: max_bytes or None])


def harness_seeds(c):
    for path in files("docs/validation/*/*.json"):
        with open(path, encoding="utf-8") as f:
            result = json.load(f)
        c.add_json("harnessresult", result)
        if isinstance(result, dict):
            # The result store's shape (rerunToJson): the harness's parts under "stages".
            stored = {"case": os.path.basename(path), "version": "it0.predict", "status": "passed", "started":
                      "2026-11-01T10:00:00.000Z", "seconds": 12.5, "flags": result.get("flags", []),
                      "checks": result.get("checks", []), "environment": result.get("environment", {}),
                      "stages": {"run": result.get("sides", {}), "accuracy": result.get("accuracy"),
                                 "timing": result.get("timing"),
                                 "compile": {"ok": True, "seconds": 1.5, "log": "", "diagnostics": [], "kernels": []}}}
            c.add_json("harnessresult", stored)
    c.add("harnessresult", '[{"name": "k", "vgpr": 32, "sgpr": 12, "lds_bytes": 1024, "spill_vgpr": 0}]')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", metavar="OUT", help="write every record uncut into OUT instead of the committed corpus")
    args = parser.parse_args()
    if not os.path.isdir(SHARED):
        print(f"note: {SHARED} is absent; seeds from the sample and fixtures only", file=sys.stderr)
    if args.full:
        c = Corpus(args.full, None)
        jsonl_seeds(c, 1 << 30)
        memory_seeds(c, 1 << 30)
        log_seeds(c, 0)
    else:
        c = Corpus(os.path.join(ROOT, "tests", "fuzz", "corpus"), 240)
        jsonl_seeds(c, 6)
        memory_seeds(c, 4)
        log_seeds(c, 6000)
    index_seeds(c)
    harness_seeds(c)
    for t in TARGETS:
        print(f"{t}: {c.counts[t]} new seeds")


if __name__ == "__main__":
    main()
