#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write a run of eight device-agnostic cases (tests/data/runner/cpu_cases/scale_shift) that the cpu
profile can rerun, for measuring batch reruns on a machine without a GPU (docs/RUNNER.md).

Usage: python3 cpu_batch_run.py OUT_FOLDER
Seven cases predict a C++ extension (compiled with g++ against PyTorch), one a Python candidate;
every case's label and test code are scale_shift's. Writes OUT_FOLDER/cpu_batch_0.jsonl.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CASE = os.path.join(os.path.dirname(HERE), "data", "runner", "cpu_cases", "scale_shift")
EXTENSIONS = ["right", "off_by_one", "zeros", "nan", "wrong_shape", "missing_key", "right_loop"]
PYTHON = ["cached"]


def read(*parts):
    with open(os.path.join(CASE, *parts), encoding="utf-8") as f:
        return f.read()


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    label, test = read("label.py"), read("test_code.py")
    rows = []
    for name in EXTENSIONS:
        rows.append((name, read("extensions", name + ".cpp")))
    for name in PYTHON:
        rows.append((name, read("candidates", name + ".py")))
    with open(os.path.join(out, "cpu_batch_0.jsonl"), "w", encoding="utf-8") as f:
        for name, predict in rows:
            f.write(json.dumps({"instruction": "scale_shift, candidate " + name, "label": label, "filename": "scale_shift_%s.py" % name,
                                "test_code": test, "predict": predict}) + "\n")
    print("wrote %d cases to %s" % (len(rows), os.path.join(out, "cpu_batch_0.jsonl")))


if __name__ == "__main__":
    main()
