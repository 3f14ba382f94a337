#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Build the sample's second run: the same benchmark rerun by a later agent version.

Usage: python3 build_second_run.py [OUTDIR]      (default: run_v2/ beside this script)

Comparing runs (issue 13) needs two runs of one benchmark in which some cases got fixed and
some regressed. This script derives one from the sample's own sources, so both runs stay real
and in step: second_run/second_run.json lists the second run's cases in its dataset order, and
for each case its iterations, each either
  - a number N: iteration N of the sample's cases/<case>/case.json, as it is, or
  - an iteration object (the layout of case.json): its '@file' references are looked up in
    second_run/cases/<case>/ first, then in the sample's cases/<case>/;
or "new": true for a case the sample lacks, whose folder second_run/cases/<case>/ is a whole
case in the sample's layout. A sample case the list leaves out is only in the first run.
Every case is checked exactly as build_sample.py checks the sample, and the output is written
and read back the same way (byte-identical for the same input). README.md, "Second run", says
which cases are fixed, regressed, still failing, still passing, only in A and only in B.
"""

import json
import os
import sys

import build_sample

HERE = os.path.dirname(os.path.abspath(__file__))
SECOND = os.path.join(HERE, "second_run")


class DerivedCase(build_sample.Case):
    """A sample case whose iterations come from second_run.json, with an overlay folder."""

    def __init__(self, sample_dir, oneshot_dir, name, iterations):
        super().__init__(sample_dir, oneshot_dir, name)
        self.overlay = os.path.join(SECOND, "cases", name)
        picked = []
        for i, it in enumerate(iterations):
            if isinstance(it, int):
                if not 0 <= it < len(self.iterations):
                    self.err("second_run.json iteration %d" % i, "the sample has no iteration %d" % it)
                    continue
                # A sample iteration's references stay in the sample's folder, even where the
                # overlay has a file of that name.
                picked.append(dict(self.iterations[it], _from_sample=True))
            elif isinstance(it, dict):
                picked.append(dict(it))
            else:
                self.err("second_run.json iteration %d" % i, "must be a number or an iteration object")
        self.iterations = picked

    def records(self):
        out = []
        for n, it in enumerate(self.iterations):
            self._from_sample = it.pop("_from_sample", False)
            out += self._records_of([it], n)
        return out

    def _records_of(self, iterations, n):
        saved = self.iterations
        self.iterations = iterations
        try:
            records = build_sample.Case.records(self)
        finally:
            self.iterations = saved
        return records

    def resolve(self, value, where):
        if isinstance(value, str) and value.startswith("@") and not self._from_sample:
            path = os.path.join(self.overlay, value[1:])
            if os.path.isfile(path):
                return build_sample.read_text(path)
        return super().resolve(value, where)


def build(out_dir):
    spec = json.loads(build_sample.read_text(os.path.join(SECOND, "second_run.json")))
    manifest = json.loads(build_sample.read_text(os.path.join(HERE, "sample.json")))
    oneshot_dir = os.path.join(HERE, manifest["oneshot_dir"])
    cases = []
    problems = []
    for entry in spec["cases"]:
        name = entry["case"]
        if entry.get("new"):
            cases.append(build_sample.Case(SECOND, oneshot_dir, name))
        elif name in manifest["cases"]:
            cases.append(DerivedCase(HERE, oneshot_dir, name, entry["iterations"]))
        else:
            problems.append("second_run.json: %s is neither a sample case nor marked new" % name)
    return build_sample.check_and_write(out_dir, spec["run_root"], cases, problems)


def main(argv):
    if len(argv) > 2:
        sys.stderr.write("usage: %s [OUTDIR]\n" % argv[0])
        return 2
    out_dir = os.path.abspath(argv[1]) if len(argv) == 2 else os.path.join(HERE, "run_v2")
    try:
        written = build(out_dir)
    except build_sample.CaseError as e:
        sys.stderr.write("build_second_run: the second run has problems:\n%s\n" % e)
        return 1
    for path in written:
        print("wrote %s (%d bytes)" % (os.path.relpath(path), os.path.getsize(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
