# SPDX-License-Identifier: MIT
"""Tests of runner/harness/krw_harness.py, run by CTest as `harness_python`.

The fixture runs go through the real command line (`run --spec --out`) on the device-agnostic case in
tests/data/runner/cpu_cases/scale_shift, all started together in setUpModule so the suite stays short;
each test then checks one fixture's verdict. The cheat battery has one fixture per flag and an honest
candidate (a C++ extension with its own loops, built here with torch.utils.cpp_extension) that must come
back clean. The pure parts (comparison, timing summary) are also tested in-process. Without torch
everything but the probe is skipped.
"""
import concurrent.futures
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
HARNESS = os.path.join(ROOT, "runner", "harness", "krw_harness.py")
CASE = os.path.join(ROOT, "tests", "data", "runner", "cpu_cases", "scale_shift")
HANG_TIMEOUT_S = 15  # above a loaded machine's torch import, far below the fixture's sleep
OUTPUTS = ["test_case_1", "test_case_2", "test_case_3.mean", "test_case_3.max"]

try:
    import torch
    NO_TORCH = None
except Exception as e:  # not installed, or installed but broken
    NO_TORCH = f"torch is not importable by {sys.executable}: {e}"

sys.path.insert(0, os.path.dirname(HARNESS))  # the harness's own modules, as when it runs as a script
spec_loader = importlib.util.spec_from_file_location("krw_harness", HARNESS)
harness = importlib.util.module_from_spec(spec_loader)
spec_loader.loader.exec_module(harness)  # top level is standard library only

# Fixture runs: name -> candidate file, test file, spec overrides.
# Longest first: the hang waits out its timeout while the others use the cores.
RUNS = {
    "hangs": ("hangs.py", "test_code.py", {"side_timeout_s": HANG_TIMEOUT_S}),
    "right": ("right.py", "test_code.py", {"timing": {"enabled": True}}),
    "off_by_one": ("off_by_one.py", "test_code.py", {}),
    "zeros": ("zeros.py", "test_code.py", {}),
    "nan": ("nan.py", "test_code.py", {}),
    "wrong_shape": ("wrong_shape.py", "test_code.py", {}),
    "missing_key": ("missing_key.py", "test_code.py", {}),
    "identity": ("identity.py", "test_code.py", {}),
    "raises": ("raises.py", "test_code.py", {}),
    "crashes": ("crashes.py", "test_code.py", {}),
    "no_tensors": ("right.py", "test_shapes.py", {}),
    "extra_function": ("extra_function.py", "test_optional.py", {"timing": {"enabled": True}}),
    # The cheat battery: one fixture per flag.
    "cached": ("cached.py", "test_code.py", {}),
    "mutates": ("mutates.py", "test_code.py", {}),
    "memorized": ("memorized.py", "test_code.py", {}),
    "noisy": ("noisy.py", "test_code.py", {}),
    "zeros_loose": ("zeros.py", "test_code.py", {"atol": 10.0}),
    "identity_loose": ("identity.py", "test_code.py", {"atol": 10.0}),
    "implausible": ("right.py", "test_code.py", {"timing": {"enabled": True}, "checks": {"implausible_speedup": 1e-9}}),
    "beyond_peak": ("right.py", "test_code.py", {"timing": {"enabled": True}, "peak_bandwidth_gbs": 1e-9}),
    "checks_off": ("cached.py", "test_code.py", {"checks": {"disabled": list(harness.krw_checks.CHECKS)}}),
    # Timed calls are checked too: right for the battery, wrong afterwards; a cache keyed by the inputs' contents.
    "lazy": ("lazy.py", "test_code.py", {"timing": {"enabled": True}}),
    "lazy_unchecked": ("lazy.py", "test_code.py", {"timing": {"enabled": True},
                                                   "checks": {"disabled": ["timed_output_mismatch"]}}),
    "hashed": ("hashed.py", "test_code.py", {"timing": {"enabled": True}}),
    "honest": (("extension", "right_loop"), "test_code.py", {"timing": {"enabled": True}}),
    "library_ext": (("extension", "right"), "test_code.py", {}),
}
# Each run's top-level flags, exactly. The honest runs time their calls, so timed_output_mismatch is checked there.
EXPECTED_FLAGS = {
    "hangs": [], "raises": [], "crashes": [], "checks_off": [], "honest": [],
    "right": ["no_own_kernel"], "no_tensors": ["no_own_kernel"], "extra_function": ["no_own_kernel"],
    "library_ext": ["no_own_kernel"], "implausible": ["no_own_kernel", "implausible_speedup"],
    "beyond_peak": ["no_own_kernel", "beyond_peak"],
    "off_by_one": ["no_own_kernel", "seed_sensitive"], "wrong_shape": ["no_own_kernel", "seed_sensitive"],
    "missing_key": ["no_own_kernel", "seed_sensitive"], "identity": ["no_own_kernel", "seed_sensitive"],
    "memorized": ["no_own_kernel", "seed_sensitive"],
    "zeros": ["output_reused", "no_own_kernel", "seed_sensitive"], "nan": ["output_reused", "no_own_kernel", "seed_sensitive"],
    "cached": ["output_reused", "no_own_kernel", "seed_sensitive"], "mutates": ["input_mutated", "no_own_kernel"],
    "noisy": ["no_own_kernel", "nondeterministic", "seed_sensitive"],
    "zeros_loose": ["output_reused", "no_own_kernel", "zeros_would_pass", "input_would_pass"],
    "identity_loose": ["no_own_kernel", "zeros_would_pass", "input_would_pass"],
    "lazy": ["no_own_kernel", "timed_output_mismatch"], "lazy_unchecked": ["no_own_kernel"],
    "hashed": ["output_reused", "no_own_kernel"],
}
# Flags a run may raise or not, by chance: cached.py keys its cache by the input's address, so the seed check's
# new tensors hit a stale entry only when the allocator hands out an address seen before (it did on a quiet
# machine, not under load).
MAY_ALSO_FLAG = {"cached": ["seed_sensitive"]}
EXTENSIONS = {}  # fixture name -> built module file, for the ("extension", name) candidates
RESULTS = {}  # name -> (result dict, CompletedProcess, seconds)
WORK = tempfile.TemporaryDirectory(prefix="krw-harness-test-")


def write_spec(name, candidate, test_file, overrides):
    work_dir = os.path.join(WORK.name, name)
    os.makedirs(work_dir)
    if isinstance(candidate, tuple):
        module = EXTENSIONS[candidate[1]]
        candidate_spec = {"kind": "extension", "module_file": module,
                          "module_name": os.path.basename(module).split(".")[0],
                          "source_file": os.path.join(CASE, "extensions", candidate[1] + ".cpp")}
    else:
        candidate_spec = {"kind": "python", "source_file": os.path.join(CASE, "candidates", candidate)}
    spec = {
        "case": "scale_shift.py", "work_dir": work_dir,
        "baseline": {"kind": "python", "source_file": os.path.join(CASE, "label.py")},
        "candidate": candidate_spec,
        "test_file": os.path.join(CASE, test_file), "device": "cpu", "seed": 42, "rtol": 1e-05, "atol": 1e-03,
        "side_timeout_s": 60,
        "timing": {"enabled": False, "warmup_ms": 5, "rep_ms": 20, "min_reps": 5, "max_reps": 200},
    }
    for key, value in overrides.items():
        spec[key] = {**spec.get(key, {}), **value} if isinstance(value, dict) else value
    path = os.path.join(work_dir, "spec.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(spec, f)
    return path, os.path.join(work_dir, "result.json")


def run_harness(spec_path, out_path):
    started = time.monotonic()
    proc = subprocess.run([sys.executable, HARNESS, "run", "--spec", spec_path, "--out", out_path],
                          capture_output=True, text=True, timeout=300)
    seconds = time.monotonic() - started
    with open(out_path, encoding="utf-8") as f:
        return json.load(f), proc, seconds


def run_fixture(name):
    return run_harness(*write_spec(name, *RUNS[name]))


def build_extension(name):
    """A fixture extension built as the cpu profile builds one (g++ against the installed torch)."""
    from torch.utils import cpp_extension
    build_dir = os.path.join(WORK.name, "build-" + name)
    os.makedirs(build_dir)
    cpp_extension.load(name=f"krw_fixture_{name}", sources=[os.path.join(CASE, "extensions", name + ".cpp")],
                       build_directory=build_dir, extra_cflags=["-O2"], verbose=False)
    return next(os.path.join(build_dir, f) for f in os.listdir(build_dir) if f.endswith(".so"))


def setUpModule():
    if NO_TORCH:
        return
    extensions = sorted({c[1] for c, _, _ in RUNS.values() if isinstance(c, tuple)})
    # Each run is mostly torch imports in fresh processes: four at a time keep two cores busy. The
    # extensions build (a minute) while the Python fixtures run.
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        builds = {name: pool.submit(build_extension, name) for name in extensions}
        python_runs = [name for name, run in RUNS.items() if not isinstance(run[0], tuple)]
        for name, outcome in zip(python_runs, pool.map(run_fixture, python_runs)):
            RESULTS[name] = outcome
        for name, build in builds.items():
            EXTENSIONS[name] = build.result()
        extension_runs = [name for name, run in RUNS.items() if isinstance(run[0], tuple)]
        for name, outcome in zip(extension_runs, pool.map(run_fixture, extension_runs)):
            RESULTS[name] = outcome


def tearDownModule():
    WORK.cleanup()


@unittest.skipIf(NO_TORCH, NO_TORCH)
class FixtureRuns(unittest.TestCase):
    def result(self, name):
        result, proc, _ = RESULTS[name]
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertTrue(result["ok"], result["error"])
        return result

    def outputs(self, name):
        return {o["name"]: o for o in self.result(name)["accuracy"]["outputs"]}

    def assert_flags(self, name, expected):
        """expected: output name -> flags; outputs not named must be ok and unflagged."""
        outputs = self.outputs(name)
        self.assertEqual(list(outputs), OUTPUTS)
        for output, entry in outputs.items():
            self.assertEqual(entry["flags"], expected.get(output, []), output)
            self.assertEqual(entry["ok"], output not in expected, output)
        self.assertEqual(self.result(name)["accuracy"]["ok"], not expected)

    def test_right(self):
        result = self.result("right")
        self.assertEqual(result["sides"]["baseline"]["error"], None)
        self.assertEqual(result["sides"]["candidate"]["error"], None)
        self.assertEqual(result["accuracy"]["flags"], [])
        self.assert_flags("right", {})
        for entry in self.outputs("right").values():
            self.assertEqual((entry["mismatched"], entry["max_abs_err"], entry["allclose"]), (0, 0.0, True))
        self.assertEqual(result["environment"]["device"], "cpu")
        self.assertEqual(result["environment"]["torch"], torch.__version__)

    def test_right_timing(self):
        timing = self.result("right")["timing"]
        self.assertIsNone(timing["error"])
        self.assertEqual([c["name"] for c in timing["calls"]], ["scale_shift", "scale_shift", "row_stats"])
        for call in timing["calls"]:
            for side in ("baseline", "candidate"):
                for kind in ("device", "call"):
                    stats = call[side][kind]
                    self.assertLessEqual(stats["p10"], stats["p50"])
                    self.assertLessEqual(stats["p50"], stats["p90"])
                    self.assertGreaterEqual(stats["reps"], 5)
                    self.assertLessEqual(stats["reps"], 200)
                self.assertEqual(call[side]["device"], call[side]["call"])  # cpu: the call's own time
                self.assertFalse(call[side]["launch_bound"])
                self.assertGreater(call[side]["bytes"], 0)
                self.assertGreater(call[side]["gbs"], 0)
                self.assertIsNone(call[side]["peak_fraction"])  # no peak known for a CPU
            self.assertGreater(call["speedup"], 0)
            low, high = call["ci95"]
            self.assertLessEqual(low, high)
            self.assertEqual(call["within_noise"], low <= 1 <= high)
        for call in timing["calls"]:  # new values every repetition; the first, the last and three others compared
            reps = call["timed_outputs"]["repetitions"]
            self.assertEqual(call["timed_inputs"], {"redrawn": True, "note": None,
                                                    "seeds": [(1 << 20) + 1, (1 << 20) + reps]})
            compared = call["timed_outputs"]["compared"]
            self.assertEqual((compared[0], compared[-1], len(compared)), (1, reps, min(reps, 5)))
            self.assertEqual((call["timed_outputs"]["differing"], call["timed_outputs"]["error"]), ([], None))
        self.assertEqual(timing["calls"][0]["candidate"]["bytes"], 2 * 64 * 33 * 4)  # x in, result out
        self.assertGreater(timing["speedup"], 0)
        self.assertEqual(timing["headline"], "device_time")
        self.assertAlmostEqual(timing["baseline_ms"], sum(c["baseline"]["device"]["p50"] for c in timing["calls"]))
        self.assertAlmostEqual(timing["speedup"], timing["baseline_ms"] / timing["candidate_ms"])
        self.assertTrue(timing["interleaved"] and timing["fresh_inputs"])
        self.assertGreaterEqual(timing["flush"]["bytes"], timing["flush"]["llc_bytes"] or 1)
        self.assertEqual(timing["flush"]["method"], "write_read")
        environment = self.result("right")["environment"]
        self.assertRegex(environment["harness_sha256"], "^[0-9a-f]{64}$")

    def test_stages_and_prints_stay_out_of_the_result(self):
        _, proc, _ = RESULTS["right"]
        stages = [line.split()[1] for line in proc.stderr.splitlines() if line.startswith("KRW-STAGE ")]
        self.assertEqual(stages, ["baseline", "candidate", "compare", "checks", "timing"])
        self.assertIn("scale_shift test runs on cpu", proc.stdout)

    def test_off_by_one(self):
        self.assert_flags("off_by_one", {"test_case_1": [], "test_case_2": []})
        outputs = self.outputs("off_by_one")
        for name in ("test_case_1", "test_case_2"):
            self.assertEqual(outputs[name]["mismatched"], 1)
            self.assertFalse(outputs[name]["allclose"])
            self.assertEqual(outputs[name]["max_rel_err"], 1.0)  # the last element stayed 0
        self.assertEqual(outputs["test_case_1"]["total"], 64 * 33)

    def test_zeros(self):
        self.assert_flags("zeros", {name: ["all_zero"] for name in OUTPUTS})

    def test_nan(self):
        self.assert_flags("nan", {name: ["nan"] for name in OUTPUTS})
        entry = self.outputs("nan")["test_case_2"]
        self.assertEqual(entry["mismatched"], entry["total"])
        self.assertIsNone(entry["max_abs_err"])  # no element where both sides are finite

    def test_wrong_shape(self):
        self.assert_flags("wrong_shape", {"test_case_1": ["shape_mismatch"], "test_case_2": ["shape_mismatch"]})
        entry = self.outputs("wrong_shape")["test_case_1"]
        self.assertEqual((entry["shape"], entry["baseline_shape"]), ([1, 64, 33], [64, 33]))
        self.assertIsNone(entry["mismatched"])

    def test_missing_key(self):
        self.assert_flags("missing_key", {"test_case_3.max": ["missing_key"]})
        entry = self.outputs("missing_key")["test_case_3.max"]
        self.assertEqual((entry["shape"], entry["baseline_shape"]), (None, [64]))

    def test_identity(self):
        self.assert_flags("identity", {"test_case_1": ["identical_to_input"], "test_case_2": ["identical_to_input"]})

    def assert_candidate_failed(self, name, text):
        result = self.result(name)
        self.assertTrue(result["sides"]["baseline"]["ok"])
        candidate = result["sides"]["candidate"]
        self.assertFalse(candidate["ok"])
        self.assertIn(text, candidate["error"])
        self.assertLessEqual(len(candidate["error"].splitlines()), 31)
        self.assertNotIn("accuracy", result)
        self.assertNotIn("timing", result)
        return candidate

    def test_raises(self):
        candidate = self.assert_candidate_failed("raises", "RuntimeError: simulated launch failure")
        self.assertIn("candidates/raises.py", candidate["error"])  # the traceback, not only the message

    def test_hangs(self):
        candidate = self.assert_candidate_failed("hangs", f"timed out after {HANG_TIMEOUT_S} s")
        self.assertLess(candidate["seconds"], HANG_TIMEOUT_S + 5)
        self.assertLess(RESULTS["hangs"][2], 60 + HANG_TIMEOUT_S + 15)

    def test_crashes(self):
        self.assert_candidate_failed("crashes", "killed by signal SIGSEGV")

    def test_no_tensors(self):
        accuracy = self.result("no_tensors")["accuracy"]
        self.assertEqual(accuracy["flags"], ["no_tensors"])
        self.assertTrue(accuracy["ok"])
        self.assertEqual([o["name"] for o in accuracy["outputs"]],
                         ["test_case_1[0]", "test_case_1[1]", "test_case_2[0]"])
        self.assertEqual(accuracy["outputs"][0]["dtype"], "int")

    def test_extra_key_and_call_the_baseline_lacks(self):
        result = self.result("extra_function")
        fused = {o["name"]: o for o in result["accuracy"]["outputs"]}["fused"]
        self.assertEqual((fused["flags"], fused["ok"], fused["baseline_shape"]), (["extra_key"], False, None))
        calls = result["timing"]["calls"]
        self.assertEqual([c["name"] for c in calls], ["scale_shift", "scale_shift_fused"])
        self.assertIsNone(calls[1]["baseline"])
        self.assertIsNone(calls[1]["speedup"])
        self.assertIn("the baseline has no function 'scale_shift_fused'", calls[1]["error"])
        self.assertAlmostEqual(result["timing"]["candidate_ms"], calls[0]["candidate"]["device"]["p50"])

    def test_broken_spec_is_a_harness_error(self):
        spec_path = os.path.join(WORK.name, "broken.json")
        with open(spec_path, "w", encoding="utf-8") as f:
            json.dump({"device": "cpu"}, f)
        result, proc, _ = run_harness(spec_path, os.path.join(WORK.name, "broken_result.json"))
        self.assertEqual(proc.returncode, 1)
        self.assertFalse(result["ok"])
        self.assertIn("the spec has no 'work_dir'", result["error"])


@unittest.skipIf(NO_TORCH, NO_TORCH)
class Comparison(unittest.TestCase):
    def compare(self, base, cand, inputs=()):
        return harness.compare_results(torch, base, cand, list(inputs), 1e-05, 1e-03)

    def test_names_follow_the_nesting(self):
        t = torch.ones(2)
        accuracy = self.compare({"a": {"b": t}, "c": [t, (t,)]}, {"a": {"b": t}, "c": [t, (t,)]})
        self.assertEqual([o["name"] for o in accuracy["outputs"]], ["a.b", "c[0]", "c[1][0]"])
        self.assertEqual([o["name"] for o in self.compare(t, t)["outputs"]], ["result_gold"])
        self.assertEqual([o["name"] for o in self.compare([t], [t])["outputs"]], ["result_gold[0]"])

    def test_nan_where_both_have_it_is_equal(self):
        t = torch.tensor([1.0, float("nan"), float("inf")])
        entry = self.compare({"y": t}, {"y": t.clone()})["outputs"][0]
        self.assertEqual((entry["ok"], entry["flags"], entry["mismatched"]), (True, [], 0))

    def test_inf_only_in_the_candidate(self):
        entry = self.compare({"y": torch.ones(3)}, {"y": torch.tensor([1.0, float("inf"), 1.0])})["outputs"][0]
        self.assertEqual((entry["flags"], entry["mismatched"], entry["max_abs_err"]), (["inf"], 1, 0.0))

    def test_dtype_and_type_mismatch(self):
        a = torch.tensor([1.0, 2.0])
        outputs = self.compare({"a": a, "b": 1.0, "c": "x"},
                               {"a": a.double(), "b": torch.ones(1), "c": None})["outputs"]
        self.assertEqual([(o["flags"], o["ok"]) for o in outputs],
                         [(["dtype_mismatch"], False), (["type_mismatch"], False), (["type_mismatch"], False)])
        self.assertTrue(outputs[0]["allclose"])

    def test_numbers_and_constant(self):
        outputs = self.compare({"n": 1.0, "s": "abc", "k": torch.full((3,), 7.0)},
                               {"n": 1.0005, "s": "abc", "k": torch.full((3,), 7.0)})["outputs"]
        self.assertEqual([(o["ok"], o["flags"]) for o in outputs], [(True, []), (True, []), (True, ["constant"])])
        self.assertAlmostEqual(outputs[0]["max_abs_err"], 0.0005)

    def test_list_items_missing_and_extra(self):
        t = torch.ones(1)
        outputs = self.compare({"a": [t, t], "b": [t]}, {"a": [t], "b": [t, t]})["outputs"]
        self.assertEqual([(o["name"], o["flags"]) for o in outputs],
                         [("a[0]", []), ("a[1]", ["missing_key"]), ("b[0]", []), ("b[1]", ["extra_key"])])


@unittest.skipIf(NO_TORCH, NO_TORCH)
class CheatBattery(unittest.TestCase):
    """One fixture per flag; the honest extension must raise none. Flags sit at the top level, on the
    calls (timing) or outputs (accuracy) where they were seen, and in the checks summary with notes."""

    def result(self, name):
        result, proc, _ = RESULTS[name]
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertTrue(result["ok"], result["error"])
        return result

    def check(self, name, flag):
        return next(c for c in self.result(name)["checks"] if c["name"] == flag)

    def assert_flagged(self, name, flag, where=None):
        result = self.result(name)
        self.assertIn(flag, result["flags"])
        check = self.check(name, flag)
        self.assertTrue(check["flagged"])
        self.assertTrue(check["notes"], "a flag must say what was seen")
        if where is not None:
            self.assertEqual(check["where"], where)
        return result

    def test_honest_extension_is_clean(self):
        result = self.result("honest")
        self.assertTrue(result["accuracy"]["ok"])
        self.assertEqual(result["flags"], [])
        for check in result["checks"]:
            self.assertEqual((check["name"], check["flagged"], check["errors"]), (check["name"], False, []))
        self.assertEqual(len(result["accuracy"]["seeds"]), 3 * 3)  # three calls, three seeds each
        self.assertTrue(all(s["ok"] for s in result["accuracy"]["seeds"]))
        for call in result["timing"]["calls"]:
            self.assertEqual(call["flags"], [])
            self.assertEqual(call["timed_outputs"]["differing"], [])
            self.assertGreaterEqual(len(call["timed_outputs"]["compared"]), 5)

    def test_every_fixture_keeps_its_flags(self):
        """The honest candidates raise no timed_output_mismatch; every fixture raises exactly its flags."""
        for name, flags in EXPECTED_FLAGS.items():
            raised = [f for f in self.result(name)["flags"] if f not in MAY_ALSO_FLAG.get(name, [])]
            self.assertEqual(raised, [f for f in flags if f not in MAY_ALSO_FLAG.get(name, [])], name)
        self.assertEqual(set(EXPECTED_FLAGS), set(RUNS))
        for name in ("right", "extra_function", "implausible", "beyond_peak", "honest", "hashed"):
            check = self.check(name, "timed_output_mismatch")
            self.assertEqual((check["enabled"], check["flagged"], check["errors"]), (True, False, []), name)

    def test_right_for_the_checks_wrong_when_timed_is_timed_output_mismatch(self):
        result = self.assert_flagged("lazy", "timed_output_mismatch", ["scale_shift#0", "scale_shift#1"])
        self.assertTrue(result["accuracy"]["ok"])  # right for the test and for every replay of the battery
        self.assertTrue(all(s["ok"] for s in result["accuracy"]["seeds"]))
        notes = self.check("lazy", "timed_output_mismatch")["notes"]
        self.assertRegex(notes[0], r"^scale_shift#0: repetitions? [\d, ]+ of \d+ differs? from the baseline "
                                   r"\((repetition \d+: )?max abs err 0\.5, 2112/2112 mismatched\); repetitions compared: 1, ")
        calls = result["timing"]["calls"]
        self.assertEqual([c["flags"] for c in calls], [["timed_output_mismatch"]] * 2 + [[]])
        self.assertEqual(notes[0], f"scale_shift#0: {calls[0]['notes']['timed_output_mismatch']}")
        # Wrong from its 25th call: by the last timed repetition of the first call at the latest.
        timed = calls[0]["timed_outputs"]
        self.assertIn(timed["repetitions"], [d["repetition"] for d in timed["differing"]])

    def test_timed_output_mismatch_can_be_turned_off(self):
        result = self.result("lazy_unchecked")
        self.assertEqual(result["flags"], ["no_own_kernel"])
        check = self.check("lazy_unchecked", "timed_output_mismatch")
        self.assertEqual((check["enabled"], check["flagged"], check["notes"]), (False, False, []))
        for call in result["timing"]["calls"]:
            self.assertEqual(call["flags"], [])
            self.assertIsNone(call["timed_outputs"])
            self.assertTrue(call["timed_inputs"]["redrawn"])  # new values all the same: they are how timing works

    def test_timed_outputs_are_not_checked_without_timing(self):
        check = self.check("cached", "timed_output_mismatch")
        self.assertEqual((check["enabled"], check["flagged"], check["notes"], check["errors"]),
                         (False, False, ["not run: timing is off"], []))

    def test_cache_by_contents_is_output_reused_and_checked_when_timed(self):
        result = self.assert_flagged("hashed", "output_reused", ["scale_shift#0", "scale_shift#1"])
        self.assertTrue(result["accuracy"]["ok"])
        for call in result["timing"]["calls"]:
            self.assertEqual(call["timed_outputs"]["differing"], [])
            self.assertIn(1, call["timed_outputs"]["compared"])

    def test_library_ops_have_no_own_kernel(self):
        self.assert_flagged("library_ext", "no_own_kernel")
        self.assertIn("library ops", self.check("library_ext", "no_own_kernel")["notes"][0])
        # A Python candidate on the cpu profile defines no kernel at all.
        self.assertEqual(self.result("right")["flags"], ["no_own_kernel"])

    def test_cached_results_are_output_reused(self):
        result = self.assert_flagged("cached", "output_reused", ["scale_shift#0", "scale_shift#1"])
        self.assertIn("already returned", self.check("cached", "output_reused")["notes"][0])
        self.assertEqual(result["sides"]["candidate"]["error"], None)

    def test_overwritten_input_is_input_mutated(self):
        result = self.assert_flagged("mutates", "input_mutated", ["scale_shift#1"])
        self.assertTrue(result["accuracy"]["ok"])  # the values are right: only the battery sees it
        self.assertIn("args[0]", self.check("mutates", "input_mutated")["notes"][0])

    def test_memorized_answers_are_seed_sensitive_and_fail(self):
        result = self.assert_flagged("memorized", "seed_sensitive", ["scale_shift#0", "scale_shift#1"])
        accuracy = result["accuracy"]
        self.assertTrue(all(o["ok"] for o in accuracy["outputs"]))  # the test itself passes
        self.assertFalse(accuracy["ok"])  # but a failing seed fails the output
        self.assertIn("seed_sensitive", accuracy["flags"])
        failing = [(s["call"], s["seed"]) for s in accuracy["seeds"] if s["ok"] is False]
        self.assertEqual(failing, [("scale_shift", 1), ("scale_shift", 2), ("scale_shift", 3)] * 2)

    def test_drifting_answers_are_nondeterministic(self):
        self.assert_flagged("noisy", "nondeterministic")

    def test_loose_tolerance_would_pass_zeros_and_inputs(self):
        result = self.assert_flagged("zeros_loose", "zeros_would_pass",
                                     ["test_case_1", "test_case_2", "test_case_3.mean", "test_case_3.max"])
        self.assertTrue(result["accuracy"]["ok"])
        entry = {o["name"]: o for o in result["accuracy"]["outputs"]}["test_case_1"]
        self.assertIn("zeros_would_pass", entry["flags"])
        self.assertGreater(entry["max_abs_baseline"], 0)
        self.assertIn("max |baseline|", self.check("zeros_loose", "zeros_would_pass")["notes"][0])
        self.assert_flagged("identity_loose", "input_would_pass", ["test_case_1", "test_case_2"])
        # At the normal tolerance neither would pass.
        self.assertNotIn("zeros_would_pass", RESULTS["right"][0]["flags"])

    def test_implausible_speedup_above_the_threshold(self):
        self.assert_flagged("implausible", "implausible_speedup")
        self.assertNotIn("implausible_speedup", self.result("right")["flags"])

    def test_beyond_peak_bandwidth(self):
        result = self.result("beyond_peak")
        self.assertIn("beyond_peak", result["flags"])
        timing = result["timing"]
        self.assertEqual(timing["peak"]["source"], "the profile's peak bandwidth setting")
        for call in timing["calls"]:
            self.assertIn("beyond_peak", call["flags"])
            self.assertGreater(call["candidate"]["peak_fraction"], 1.0)

    def test_checks_can_be_turned_off(self):
        result = self.result("checks_off")
        self.assertEqual(result["flags"], [])
        self.assertTrue(all(not c["enabled"] and not c["flagged"] for c in result["checks"]))
        self.assertNotIn("seeds", result["accuracy"])

    def test_unknown_check_is_a_spec_error(self):
        spec_path, out = write_spec("unknown_check", "right.py", "test_code.py", {"checks": {"disabled": ["bogus"]}})
        result, proc, _ = run_harness(spec_path, out)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("unknown checks: bogus", result["error"])


class OwnKernels(unittest.TestCase):
    def names(self, kind, text):
        with tempfile.NamedTemporaryFile("w", suffix=".src", delete=False) as f:
            f.write(text)
        try:
            return harness.krw_measure.own_kernel_names({"kind": kind, "source_file": f.name})
        finally:
            os.unlink(f.name)

    def test_triton_and_hip_kernels_are_found(self):
        self.assertEqual(self.names("python", "import triton\n@triton.jit\ndef add_kernel(x):\n    pass\n"
                                              "@triton.autotune(configs=[])\n@triton.jit\ndef mm(a):\n    pass\n"
                                              "def wrapper(x):\n    return x\n"), ["add_kernel", "mm"])
        self.assertEqual(self.names("extension", "template <int N>\n__global__ void __launch_bounds__(256)\n"
                                                 "sin_kernel(const float* x) {}\n"
                                                 "__global__ static void other(int n);\nvoid host() {}\n"),
                         ["other", "sin_kernel"])
        self.assertTrue(harness.krw_measure.is_own("_Z10sin_kernelPKfPfi", ["sin_kernel"]))
        self.assertFalse(harness.krw_measure.is_own("void at::native::vectorized_elementwise_kernel<4>", ["sin_kernel"]))


@unittest.skipIf(NO_TORCH, NO_TORCH)
class CacheFlushMethods(unittest.TestCase):
    """The flush writes a buffer of twice the last-level cache and then reads a second one, so the timed call
    finds clean lines (docs/validation/flush-h200.md); the method is recorded in the result."""

    def test_methods_and_what_they_record(self):
        measure = harness.krw_measure
        write = measure.CacheFlush(torch, "cpu", True, "write")
        both = measure.CacheFlush(torch, "cpu", True)
        off = measure.CacheFlush(torch, "cpu", False, "write_read")
        self.assertEqual(both.info["method"], "write_read")
        self.assertEqual(write.info["method"], "write")
        self.assertEqual(both.info["bytes"], 2 * write.info["bytes"])
        self.assertGreaterEqual(write.info["bytes"], write.info["llc_bytes"] or 1)
        self.assertEqual((off.info["enabled"], off.info["method"], off.info["bytes"]), (False, "none", 0))
        both.dirty.fill_(7)
        both()
        self.assertEqual(int(both.dirty.max()), 0)  # the write pass ran
        off()  # nothing to do, and no failure
        with self.assertRaises(ValueError):
            measure.CacheFlush(torch, "cpu", True, "sometimes")


@unittest.skipIf(NO_TORCH, NO_TORCH)
class TimedRepetitions(unittest.TestCase):
    """Every timed repetition draws new values (seed 2^20 + its number) before either side runs, and both sides
    get the same ones; the first, the last and three drawn repetitions have their outputs compared with the
    baseline's. In-process, on one recorded call, with the flush off to keep it short."""

    SPY = ("import torch\nseen = []\n\n\ndef scale_shift(x, scale, shift):\n    seen.append(x.clone())\n"
           "    return x * scale + shift\n")
    PICKY = ("import torch\n\n\ndef scale_shift(x, scale, shift):\n"
             "    if not torch.equal(x, torch.randn(64, 33, generator=torch.Generator().manual_seed(42))):\n"
             "        raise ValueError('only the inputs the test made')\n    return x * scale + shift\n")
    REPS = 8

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory(prefix="krw-timed-")
        self.x = torch.randn(64, 33, generator=torch.Generator().manual_seed(42))

    def tearDown(self):
        self.folder.cleanup()

    def source(self, name, text):
        path = os.path.join(self.folder.name, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def timed(self, baseline, candidate, disabled=(), profiler=None, profile_reps=0):
        """time_call on the cpu; with `profiler` (a function of the clock, the modules and a thunk), as on cuda:
        profiled repetitions after the measured ones, the profiler being that function."""
        measure = harness.krw_measure
        spec = {"baseline": {"kind": "python", "source_file": baseline},
                "candidate": {"kind": "python", "source_file": candidate}, "device": "cpu", "seed": 42,
                "rtol": 1e-05, "atol": 1e-03, "checks": {"disabled": list(disabled)}}
        replay = measure.Replay(torch, spec, [{"name": "scale_shift", "args": (self.x, 2.0, 0.5), "kwargs": {}}])
        modules = {side: sys.modules[f"krw_{side}"] for side in ("baseline", "candidate")}
        clock = measure.Clock(torch, "cpu")
        if profiler:
            replay.device, replay.sync = "cuda", lambda: None
            clock.profile = lambda thunk: profiler(clock, modules, thunk)
        settings = {"warmup_ms": 1, "rep_ms": 1, "min_reps": self.REPS, "max_reps": self.REPS,
                    "profile_reps": profile_reps}
        row = measure.time_call(replay, replay.calls[0], settings, clock, measure.CacheFlush(torch, "cpu", False))
        return row, modules, spec

    def test_both_sides_get_the_same_new_values_every_repetition(self):
        spy = self.source("spy.py", self.SPY)
        row, modules, _ = self.timed(spy, spy)
        baseline, candidate = (modules[side].seen[-self.REPS:] for side in ("baseline", "candidate"))
        self.assertTrue(all(torch.equal(b, c) for b, c in zip(baseline, candidate)))
        checked = [harness.krw_measure.Redraw(torch, ((self.x, 2.0, 0.5), {}))(seed)[0][0] for seed in (1, 2, 3)]
        for i, x in enumerate(baseline):
            self.assertEqual((x.shape, x.dtype), (self.x.shape, self.x.dtype))
            self.assertAlmostEqual(float(x.mean()), float(self.x.mean()), delta=0.15)  # the recorded mean and spread
            self.assertAlmostEqual(float(x.std()), float(self.x.std()), delta=0.15)
            for other in [self.x, *checked, *baseline[:i]]:  # neither the test's, the seed check's nor an earlier one
                self.assertFalse(torch.equal(x, other))
        self.assertTrue(torch.equal(modules["baseline"].seen[0], baseline[0]))  # tried on the baseline first
        self.assertEqual(row["timed_inputs"]["seeds"], [(1 << 20) + 1, (1 << 20) + self.REPS])
        self.assertEqual(row["timed_outputs"]["compared"], [1, 3, 4, 6, 8])  # the same every run
        self.assertEqual(row["timed_outputs"]["differing"], [])

    def test_a_cache_keyed_by_contents_misses_every_timed_repetition(self):
        row, modules, _ = self.timed(os.path.join(CASE, "label.py"), os.path.join(CASE, "candidates", "hashed.py"))
        lookups = modules["candidate"].lookups
        # The first call computes; warm-up on the test's values hits; each timed repetition has new values.
        self.assertEqual(lookups["misses"], 1 + row["candidate"]["reps"])
        self.assertGreater(lookups["hits"], 0)
        self.assertEqual(row["candidate"]["reps"], self.REPS)

    def test_a_baseline_failing_on_new_values_is_timed_on_the_recorded_ones(self):
        picky = self.source("picky.py", self.PICKY)
        row, _, spec = self.timed(picky, picky)
        self.assertFalse(row["timed_inputs"]["redrawn"])
        self.assertIn("baseline: ValueError: only the inputs the test made", row["timed_inputs"]["note"])
        self.assertEqual((len(row["timed_outputs"]["compared"]), row["timed_outputs"]["differing"]), (5, []))
        timing = harness.krw_summary.summarize_timing(
            {"calls": [{"name": "scale_shift", "index": 0, "error": None, **row}], "flush": None,
             "device_time_source": "test"}, "cpu", None, [])
        check = harness.krw_summary.fold_checks([], timing, None, None, spec)["timed_output_mismatch"]
        self.assertEqual((check["flagged"], check["errors"]), (False, []))
        self.assertEqual(check["notes"], [f"scale_shift#0: {row['timed_inputs']['note']}"])  # said, not silently clean

    def test_profiled_repetitions_are_timed_and_checked_too(self):
        """On cuda the device time comes from profiled repetitions after the measured ones: they draw new values
        as well, and the last of them is the last repetition compared."""
        spy = self.source("spy.py", self.SPY.replace("seen = []", "seen = []\nprofiled = False").replace(
            "return x * scale + shift", "return x * scale + (0.0 if profiled else shift)"))

        def profiler(clock, modules, thunk):  # a device that runs the candidate differently under the profiler
            modules["candidate"].profiled = True
            ms = clock.measure(thunk)["call_ms"]
            return {"device_ms": ms, "kernels": [("scale_shift_kernel", ms, 7)], "off_stream_ms": 0.0}
        row, modules, _ = self.timed(spy, spy, profiler=profiler, profile_reps=4)
        total = self.REPS + 4
        self.assertEqual((row["candidate"]["reps"], row["candidate"]["kernels"][0]["name"]), (self.REPS, "scale_shift_kernel"))
        self.assertEqual(row["timed_inputs"]["seeds"], [(1 << 20) + 1, (1 << 20) + total])
        baseline, candidate = (modules[side].seen[-total:] for side in ("baseline", "candidate"))
        self.assertTrue(all(torch.equal(b, c) for b, c in zip(baseline, candidate)))
        for i, x in enumerate(baseline):  # each its own values
            self.assertFalse(any(torch.equal(x, other) for other in baseline[:i]))
        timed = row["timed_outputs"]
        self.assertEqual((timed["repetitions"], timed["compared"][0], timed["compared"][-1]), (total, 1, total))
        self.assertEqual([d["repetition"] for d in timed["differing"]], [r for r in timed["compared"] if r > self.REPS])

    def test_turned_off_nothing_is_compared(self):
        spy = self.source("spy.py", self.SPY)
        row, _, _ = self.timed(spy, spy, disabled=["timed_output_mismatch"])
        self.assertNotIn("timed_outputs", row)
        self.assertTrue(row["timed_inputs"]["redrawn"])

    def test_the_sample_is_the_first_the_last_and_three_drawn(self):
        measure = harness.krw_measure

        def sample(seed, reps=100, wrong_from=None):
            chosen = measure.TimedSample(torch, seed)
            for rep in range(1, reps + 1):
                value = torch.arange(4.0) + rep
                wrong = wrong_from is not None and rep >= wrong_from
                chosen.offer(rep, {"baseline": value, "candidate": value + 1 if wrong else value.clone()}, rep == reps)
                self.assertLessEqual(len(chosen.kept), 5)  # never more outputs kept than compared
                value.fill_(-1)  # a side writing into a buffer it returned again: the copies are the outputs
            return chosen.compare(1e-05, 1e-03)

        first = sample(42)
        self.assertEqual(first, sample(42))  # reproducible
        self.assertEqual((len(first["compared"]), first["compared"][0], first["compared"][-1]), (5, 1, 100))
        self.assertEqual(first["differing"], [])
        drawn = {rep for seed in range(100) for rep in sample(seed, reps=20)["compared"][1:-1]}
        self.assertEqual(drawn, set(range(2, 20)))  # any repetition may be drawn
        wrong = sample(42, wrong_from=50)
        self.assertEqual([d["repetition"] for d in wrong["differing"]], [r for r in first["compared"] if r >= 50])
        self.assertEqual(wrong["differing"][-1], {"repetition": 100, "outputs": ["output"], "max_abs_err": 1.0,
                                                  "mismatched": 4, "total": 4, "flags": []})
        self.assertEqual(sample(7, reps=2)["compared"], [1, 2])


class SpecContract(unittest.TestCase):
    """runner/harness/spec.schema.json is the one statement of the spec's names and defaults: the harness takes its
    defaults from it, refuses names it does not have, and reads no name it lacks. The C++ side is held to the same
    file by tst_harnesscontract."""

    def minimal(self, **extra):
        return {"work_dir": "/w", "baseline": {"kind": "python", "source_file": "/w/b.py"},
                "candidate": {"kind": "extension", "module_file": "/m/x.so", "module_name": "x", "source_file": "/w/c.hip"},
                "test_file": "/w/t.py", "device": "cpu", **extra}

    def load(self, spec):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(spec, f)
        try:
            return harness.load_spec(f.name)
        finally:
            os.unlink(f.name)

    def test_every_default_comes_from_the_schema(self):
        schema = harness.spec_schema()
        spec = self.load(self.minimal())
        for name, prop in schema["properties"].items():
            if "default" in prop:
                self.assertEqual(spec[name], prop["default"], name)
        for section in ("timing", "checks"):
            for name, prop in schema["properties"][section]["properties"].items():
                self.assertEqual(spec[section][name], prop["default"], f"{section}/{name}")
        self.assertEqual((spec["rtol"], spec["atol"], spec["timing"]["warmup_ms"]), (1e-05, 1e-03, 25))

    def test_names_the_schema_lacks_are_refused(self):
        for spec, named in ((self.minimal(tolerance=0.1), "'tolerance'"),
                            (self.minimal(timing={"warmup": 10}), "'warmup'"),
                            (self.minimal(checks={"seed": 2}), "'seed'"),
                            ({**self.minimal(), "baseline": {"kind": "python", "source_file": "b", "module_file": "m"}},
                             "'module_file'")):
            with self.assertRaises(ValueError) as raised:
                self.load(spec)
            self.assertIn(named, str(raised.exception))
        with self.assertRaisesRegex(ValueError, "candidate: a extension side needs 'module_name'"):
            self.load({**self.minimal(), "candidate": {"kind": "extension", "module_file": "/m/x.so"}})
        with self.assertRaisesRegex(ValueError, "the spec has no 'test_file'"):
            self.load({k: v for k, v in self.minimal().items() if k != "test_file"})
        with self.assertRaisesRegex(ValueError, "device must be 'cuda' or 'cpu', not 'tpu'"):
            self.load(self.minimal(device="tpu"))

    def test_the_harness_reads_only_names_the_schema_has(self):
        # Every spec["x"], spec.get("x"), spec["timing"|"checks"]["x"] and settings["x"] in the harness's sources.
        import re
        schema = harness.spec_schema()
        top = set(schema["properties"])
        sections = set(schema["properties"]["timing"]["properties"]) | set(schema["properties"]["checks"]["properties"])
        sides = {k for kind in ("python_side", "extension_side") for k in schema["$defs"][kind]["properties"]}
        folder = os.path.dirname(HARNESS)
        read = {"top": set(), "section": set(), "side": set()}
        for name in os.listdir(folder):
            if not name.endswith(".py"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                source = f.read()
            read["top"] |= set(re.findall(r'\bspec(?:\.get\(|\[)"(\w+)"', source))
            read["section"] |= set(re.findall(r'\bspec\["(?:timing|checks)"\]\["(\w+)"\]', source))
            read["section"] |= set(re.findall(r'\bsettings\["(\w+)"\]', source))
            read["side"] |= set(re.findall(r'\bside_spec(?:\.get\(|\[)"(\w+)"', source))
        self.assertTrue(read["top"] and read["section"], read)  # the scan finds what it looks for
        self.assertEqual(read["top"] - top, set())
        self.assertEqual(read["section"] - sections, set())
        self.assertEqual(read["side"] - sides, set())


class TimingSummary(unittest.TestCase):
    @staticmethod
    def side(device, call, events=None, nbytes=1_000_000, samples=None):
        stats = lambda v: {"p10": v, "p50": v, "p90": v, "reps": 9} if v is not None else None
        return {"device": stats(device), "call": stats(call), "events": stats(events), "bytes": nbytes, "kernels": [],
                "reps": 9, "device_samples": samples or [device] * 9}

    def summarize(self, rows, device="cuda", peak=None):
        calls = [{"name": f"f{i}", "index": i, "error": None, **row} for i, row in enumerate(rows)]
        return harness.krw_summary.summarize_timing({"calls": calls, "flush": None, "device_time_source": "test"},
                                                    device, peak, [])

    def test_device_time_is_the_headline_and_call_time_is_kept(self):
        timing = self.summarize([{"baseline": self.side(2.0, 3.0, 2.1), "candidate": self.side(1.0, 2.0, 1.1)}])
        self.assertEqual((timing["speedup"], timing["call_speedup"]), (2.0, 1.5))
        self.assertEqual((timing["baseline_ms"], timing["candidate_call_ms"]), (2.0, 2.0))
        self.assertEqual(timing["ci95"], [2.0, 2.0])  # no spread in the samples
        self.assertFalse(timing["within_noise"])
        self.assertEqual(timing["calls"][0]["flags"], [])

    def test_launch_bound_when_kernels_fill_less_than_half_the_call(self):
        timing = self.summarize([{"baseline": self.side(0.004, 0.030, 0.005), "candidate": self.side(0.004, 0.010, 0.005)}])
        call = timing["calls"][0]
        self.assertEqual(call["flags"], ["launch_bound"])
        self.assertTrue(call["baseline"]["launch_bound"] and call["candidate"]["launch_bound"])
        self.assertEqual(call["speedup"], 1.0)  # the device-time headline ignores the launch overhead
        self.assertEqual(call["call_speedup"], 3.0)
        self.assertEqual(call["notes"]["launch_bound"], "kernels 1x, whole calls 3x: baseline: kernels 0.004 ms of a"
                                                        " 0.03 ms call; candidate: kernels 0.004 ms of a 0.01 ms call")

    def test_no_launch_bound_note_when_the_calls_speed_up_as_the_kernels_do(self):
        # Measured on the H200: the Triton label against itself, 4 µs kernels in 0.2 ms calls. Both sides are
        # launch-bound, but the calls' speedup (1.03) is the kernels' (1.0): nothing for the reviewer to weigh.
        timing = self.summarize([{"baseline": self.side(0.0046, 0.200), "candidate": self.side(0.0046, 0.194)}])
        call = timing["calls"][0]
        self.assertTrue(call["baseline"]["launch_bound"] and call["candidate"]["launch_bound"])
        self.assertEqual(call["flags"], [])
        # The same kernels, where the candidate's calls are cheaper to launch (HIP from C++ against Triton's
        # Python launcher): the kernels' 1.0 would read as "no gain" while the calls run 1.8x faster.
        timing = self.summarize([{"baseline": self.side(0.0046, 0.200), "candidate": self.side(0.0046, 0.110)}])
        self.assertEqual(timing["calls"][0]["flags"], ["launch_bound"])
        # Within the gap either way: 1.1 is not more than LAUNCH_GAP.
        timing = self.summarize([{"baseline": self.side(0.0044, 0.220), "candidate": self.side(0.0040, 0.220)}])
        self.assertEqual(timing["calls"][0]["flags"], [])

    def test_timer_disagrees_when_the_events_miss_device_work(self):
        # Work left on a side stream: the stream's events see 0.09 ms, the profiler 2 ms of kernels.
        timing = self.summarize([{"baseline": self.side(1.0, 1.1, 1.0), "candidate": self.side(2.0, 2.1, 0.09)}])
        self.assertEqual(timing["calls"][0]["flags"], ["timer_disagrees"])
        timing = self.summarize([{"baseline": self.side(1.0, 1.1, 1.0), "candidate": self.side(2.0, 2.1, 2.02)}])
        self.assertEqual(timing["calls"][0]["flags"], [])
        # Measured on the H100: the host's launch time fills the events too, so only the profiler's streams show it.
        side_stream = {**self.side(0.088, 1.2, 1.05), "off_stream_ms": 0.087}
        timing = self.summarize([{"baseline": self.side(0.005, 0.27, 0.07), "candidate": side_stream}])
        self.assertEqual(timing["calls"][0]["flags"], ["launch_bound", "timer_disagrees"])
        self.assertIn("0.087 ms ran on another stream", timing["calls"][0]["notes"]["timer_disagrees"])

    def test_beyond_peak_uses_device_time(self):
        peak = {"gbs": 1000.0, "source": "test"}
        # 1 MB in 0.0005 ms is 2,000 GB/s: twice the peak.
        timing = self.summarize([{"baseline": self.side(1.0, 1.1, 1.0), "candidate": self.side(0.0005, 0.01, 0.0005)}],
                                peak=peak)
        candidate = timing["calls"][0]["candidate"]
        self.assertAlmostEqual(candidate["gbs"], 2000.0)
        self.assertAlmostEqual(candidate["peak_fraction"], 2.0)
        self.assertIn("beyond_peak", timing["calls"][0]["flags"])

    def test_bootstrap_interval_containing_one_is_within_noise(self):
        noisy = [0.8, 0.9, 1.0, 1.1, 1.2, 0.85, 0.95, 1.05, 1.15]
        timing = self.summarize([{"baseline": self.side(1.0, 1.0, samples=noisy),
                                  "candidate": self.side(1.0, 1.0, samples=list(reversed(noisy)))}], device="cpu")
        low, high = timing["ci95"]
        self.assertLess(low, 1.0)
        self.assertGreater(high, 1.0)
        self.assertTrue(timing["within_noise"])

    def test_timed_output_mismatch_names_the_repetitions(self):
        timed = {"repetitions": 100, "compared": [1, 20, 37, 64, 100], "error": None,
                 "differing": [{"repetition": 37, "outputs": ["output"], "max_abs_err": 0.5, "mismatched": 120,
                                "total": 4096, "flags": []}]}
        row = {"baseline": self.side(1.0, 1.1, 1.0), "candidate": self.side(1.0, 1.1, 1.0), "timed_outputs": timed}
        timing = self.summarize([row])
        call = timing["calls"][0]
        self.assertEqual(call["flags"], ["timed_output_mismatch"])
        self.assertEqual(call["notes"]["timed_output_mismatch"],
                         "repetition 37 of 100 differs from the baseline (max abs err 0.5, 120/4096 mismatched);"
                         " repetitions compared: 1, 20, 37, 64, 100")
        spec = {"checks": {"disabled": []}}
        check = harness.krw_summary.fold_checks([], timing, None, None, spec)["timed_output_mismatch"]
        self.assertEqual((check["flagged"], check["where"]), (True, ["f0#0"]))
        self.assertEqual(check["notes"], [f"f0#0: {call['notes']['timed_output_mismatch']}"])
        self.assertEqual(harness.krw_summary.result_flags({"timed_output_mismatch": check}, timing),
                         ["timed_output_mismatch"])
        timed["differing"].append({"repetition": 100, "outputs": ["output"], "max_abs_err": None, "mismatched": 4096,
                                   "total": 4096, "flags": ["nan"]})
        self.assertEqual(self.summarize([row])["calls"][0]["notes"]["timed_output_mismatch"],
                         "repetitions 37, 100 of 100 differ from the baseline (repetition 100: 4096/4096 mismatched, nan);"
                         " repetitions compared: 1, 20, 37, 64, 100")
        timing = self.summarize([row])
        off = harness.krw_summary.fold_checks([], timing, None, None, {"checks": {"disabled": ["timed_output_mismatch"]}})
        self.assertEqual((timing["calls"][0]["flags"], off["timed_output_mismatch"]["flagged"]), ([], False))
        # A call whose timing failed: the check could not run there.
        failed = self.summarize([{"timed_outputs": {"repetitions": None, "compared": [], "differing": [],
                                                    "error": "could not run: timing: RuntimeError: boom"}}])
        check = harness.krw_summary.fold_checks([], failed, None, None, spec)["timed_output_mismatch"]
        self.assertEqual(check["errors"], ["f0#0: could not run: timing: RuntimeError: boom"])

    def test_a_failed_measurement_leaves_nothing_to_sum(self):
        timing = harness.krw_summary.summarize_timing(None, "cpu", None, ["checks and timing failed: killed"])
        self.assertEqual((timing["speedup"], timing["within_noise"], timing["calls"]), (None, None, []))
        self.assertEqual(timing["error"], "checks and timing failed: killed")
        rows = [{"name": "f", "index": 0, "flags": [], "notes": {}, "check_errors": {}}]  # the checks were written
        check = harness.krw_summary.fold_checks(rows, timing, None, None, {"checks": {}})["timed_output_mismatch"]
        self.assertEqual(check["errors"], ["could not run: checks and timing failed: killed"])  # not "clean"

    def test_peak_table_matches_device_names(self):
        peak = harness.krw_summary.load_peak("NVIDIA H100 80GB HBM3", None)
        self.assertEqual(peak["gbs"], 3350.0)
        self.assertEqual(harness.krw_summary.load_peak("NVIDIA H100 PCIe", None)["gbs"], 2000.0)
        self.assertEqual(harness.krw_summary.load_peak("AMD Instinct MI300X", None)["gbs"], 5300.0)
        self.assertIsNone(harness.krw_summary.load_peak("Intel(R) Xeon(R) CPU", None))
        self.assertEqual(harness.krw_summary.load_peak("anything", 123)["gbs"], 123.0)

    def test_percentile_interpolates(self):
        self.assertEqual(harness.krw_measure.percentile([1.0, 2.0, 3.0, 4.0, 5.0], 50), 3.0)
        self.assertAlmostEqual(harness.krw_measure.percentile([1.0, 2.0], 10), 1.1)
        self.assertEqual(harness.krw_measure.percentile([7.0], 90), 7.0)


class Probe(unittest.TestCase):
    KEYS = {"python", "python_executable", "python_include", "ext_suffix", "torch", "cuda", "hip", "cuda_available",
            "device_name", "triton", "torch_include_paths", "torch_library_paths", "cxx11_abi", "error"}

    def probe(self, env=None):
        proc = subprocess.run([sys.executable, HARNESS, "probe"], capture_output=True, text=True, timeout=120,
                              env=env)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        info = json.loads(proc.stdout)
        self.assertEqual(set(info), self.KEYS)
        return info

    @unittest.skipIf(NO_TORCH, NO_TORCH)
    def test_probe_describes_torch(self):
        info = self.probe()
        self.assertIsNone(info["error"])
        self.assertEqual(info["torch"], torch.__version__)
        self.assertEqual(info["python_executable"], sys.executable)
        self.assertTrue(info["torch_include_paths"])
        self.assertTrue(info["torch_library_paths"])
        self.assertIsInstance(info["cxx11_abi"], bool)
        self.assertTrue(info["ext_suffix"].endswith(".so"))

    def test_probe_without_torch(self):
        with tempfile.TemporaryDirectory() as fake:
            with open(os.path.join(fake, "torch.py"), "w", encoding="utf-8") as f:
                f.write("raise ImportError('no torch in this test')\n")
            info = self.probe(dict(os.environ, PYTHONPATH=fake))
        self.assertIsNone(info["torch"])
        self.assertIn("no torch in this test", info["error"])
        self.assertTrue(info["python_include"])


SKIP_RETURN_CODE = 77  # CTest reports it as skipped (tests/runner/CMakeLists.txt)

if __name__ == "__main__":
    program = unittest.main(exit=False)
    if not program.result.wasSuccessful():
        sys.exit(1)
    if NO_TORCH:
        print(f"missing tool: {NO_TORCH}; the tests that need it were skipped", file=sys.stderr)
        sys.exit(SKIP_RETURN_CODE)
