# SPDX-License-Identifier: MIT
"""Tests of runner/harness/krw_harness.py, run by CTest as `harness_python`.

The fixture runs go through the real command line (`run --spec --out`) on the device-agnostic case in
tests/data/runner/cpu_cases/scale_shift, all started together in setUpModule so the suite stays short;
each test then checks one fixture's verdict. The pure parts (comparison, timing summary) are also
tested in-process. Without torch everything but the probe is skipped.
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
}
RESULTS = {}  # name -> (result dict, CompletedProcess, seconds)
WORK = tempfile.TemporaryDirectory(prefix="krw-harness-test-")


def write_spec(name, candidate, test_file, overrides):
    work_dir = os.path.join(WORK.name, name)
    os.makedirs(work_dir)
    spec = {
        "case": "scale_shift.py", "work_dir": work_dir,
        "baseline": {"kind": "python", "source_file": os.path.join(CASE, "label.py")},
        "candidate": {"kind": "python", "source_file": os.path.join(CASE, "candidates", candidate)},
        "test_file": os.path.join(CASE, test_file), "device": "cpu", "seed": 42, "rtol": 1e-05, "atol": 1e-03,
        "side_timeout_s": 60,
        "timing": {"enabled": False, "warmup_ms": 5, "rep_ms": 20, "min_reps": 5, "max_reps": 200},
    }
    for key, value in overrides.items():
        spec[key] = {**spec[key], **value} if isinstance(value, dict) else value
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


def setUpModule():
    if NO_TORCH:
        return
    # Each run is mostly torch imports in fresh processes: four at a time keep two cores busy.
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        for name, outcome in zip(RUNS, pool.map(run_fixture, RUNS)):
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
                stats = call[side]
                self.assertLessEqual(stats["p10"], stats["p50"])
                self.assertLessEqual(stats["p50"], stats["p90"])
                self.assertGreaterEqual(stats["reps"], 5)
                self.assertLessEqual(stats["reps"], 200)
            self.assertGreater(call["speedup"], 0)
            self.assertIsInstance(call["within_noise"], bool)
        self.assertGreater(timing["speedup"], 0)
        self.assertAlmostEqual(timing["baseline_ms"], sum(c["baseline"]["p50"] for c in timing["calls"]))
        self.assertAlmostEqual(timing["speedup"], timing["baseline_ms"] / timing["candidate_ms"])

    def test_stages_and_prints_stay_out_of_the_result(self):
        _, proc, _ = RESULTS["right"]
        stages = [line.split()[1] for line in proc.stderr.splitlines() if line.startswith("KRW-STAGE ")]
        self.assertEqual(stages, ["baseline", "candidate", "compare", "timing"])
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
        self.assertIsNotNone(calls[1]["candidate"])
        self.assertIsNone(calls[1]["speedup"])
        self.assertIn("the baseline has no function 'scale_shift_fused'", calls[1]["error"])
        self.assertAlmostEqual(result["timing"]["candidate_ms"], calls[0]["candidate"]["p50"])

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


class TimingSummary(unittest.TestCase):
    def test_total_within_noise_from_the_summed_ranges(self):
        row = lambda p10, p50, p90: {"stats": {"p10": p10, "p50": p50, "p90": p90, "reps": 9}, "error": None}
        timing = harness.summarize_timing(
            ["f", "g"], {"baseline": [row(1.0, 2.0, 3.0), row(1.0, 1.0, 1.0)],
                         "candidate": [row(1.5, 2.0, 2.5), row(4.0, 4.0, 4.0)]}, [])
        self.assertEqual([c["within_noise"] for c in timing["calls"]], [True, False])
        self.assertEqual([c["speedup"] for c in timing["calls"]], [1.0, 0.25])
        self.assertEqual((timing["baseline_ms"], timing["candidate_ms"], timing["speedup"]), (3.0, 6.0, 0.5))
        self.assertFalse(timing["within_noise"])  # [2/6.5, 4/5.5] excludes 1

    def test_a_failed_side_leaves_nothing_to_sum(self):
        timing = harness.summarize_timing(["f"], {"baseline": None, "candidate": None}, ["baseline timing failed"])
        self.assertEqual((timing["speedup"], timing["within_noise"], timing["error"]),
                         (None, None, "baseline timing failed"))

    def test_percentile_interpolates(self):
        self.assertEqual(harness.percentile([1.0, 2.0, 3.0, 4.0, 5.0], 50), 3.0)
        self.assertAlmostEqual(harness.percentile([1.0, 2.0], 10), 1.1)
        self.assertEqual(harness.percentile([7.0], 90), 7.0)


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
