# SPDX-License-Identifier: MIT
"""Comparing a candidate's results with the baseline's, by key and recursively (docs/RUNNER.md,
"Result"). Used by the harness's parent process (result_gold) and by krw_measure.py (call outputs)."""
import math

from krw_common import tensors_in

# Canonical order, so results (and tests) do not depend on the order checks ran in.
FLAG_ORDER = ("nan", "inf", "all_zero", "constant", "identical_to_input", "missing_key", "extra_key",
              "shape_mismatch", "dtype_mismatch", "type_mismatch", "zeros_would_pass", "input_would_pass")
# Flags that make an output wrong whatever its values; the others are warnings for the reviewer.
STRUCTURAL_FLAGS = {"missing_key", "extra_key", "shape_mismatch", "dtype_mismatch", "type_mismatch"}
# Floor of |baseline| in the relative error; float32's so that exact zeros give big but finite ratios.
REL_ERR_TINY = 1.1754943508222875e-38
MISSING = object()  # one side has no value under a name (None is a legitimate value)


def kind_of(torch, value):
    if isinstance(value, torch.Tensor):
        return "tensor"
    if isinstance(value, dict):
        return "dict"
    if isinstance(value, (list, tuple)):
        return "sequence"  # a tuple where the baseline has a list holds the same values
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return "number"
    return type(value).__name__  # str, bool, None, anything else: compared with ==


def dtype_name(torch, value):
    if value is MISSING:
        return None
    if isinstance(value, torch.Tensor):
        return str(value.dtype).removeprefix("torch.")
    return type(value).__name__


def shape_of(torch, value):
    return list(value.shape) if isinstance(value, torch.Tensor) else None


class Comparison:
    """Walks baseline and candidate results together, one output entry per leaf name."""

    def __init__(self, torch, rtol, atol, inputs, loose_checks=True, root="result_gold"):
        self.torch, self.rtol, self.atol, self.inputs, self.root = torch, rtol, atol, inputs, root
        self.loose_checks = loose_checks  # zeros_would_pass / input_would_pass
        self.outputs = []

    def entry(self, name, base, cand, flags):
        t = self.torch
        self.outputs.append({
            "name": name, "ok": False, "shape": shape_of(t, cand), "baseline_shape": shape_of(t, base),
            "dtype": dtype_name(t, cand), "baseline_dtype": dtype_name(t, base), "max_abs_err": None,
            "max_rel_err": None, "max_abs_baseline": None, "mismatched": None, "total": None, "allclose": False,
            "flags": flags})
        return self.outputs[-1]

    @staticmethod
    def finish(entry):
        entry["flags"] = sorted(set(entry["flags"]), key=FLAG_ORDER.index)
        entry["ok"] = entry["allclose"] and not STRUCTURAL_FLAGS.intersection(entry["flags"])

    def walk(self, base, cand, name):
        kind, cand_kind = kind_of(self.torch, base), kind_of(self.torch, cand)
        if kind != cand_kind:
            self.finish(self.entry(name or self.root, base, cand, ["type_mismatch"]))
        elif kind == "dict":
            self.walk_items(base, cand, lambda key: str(key) if name is None else f"{name}.{key}")
        elif kind == "sequence":
            self.walk_items(dict(enumerate(base)), dict(enumerate(cand)),
                            lambda i: f"{name or self.root}[{i}]")
        elif kind == "tensor":
            self.compare_tensors(name or self.root, base, cand)
        elif kind == "number":
            self.compare_numbers(name or self.root, base, cand)
        else:
            self.compare_values(name or self.root, base, cand)

    def walk_items(self, base, cand, child_name):
        for key, value in base.items():
            if key in cand:
                self.walk(value, cand[key], child_name(key))
            else:
                self.finish(self.entry(child_name(key), value, MISSING, ["missing_key"]))
        for key, value in cand.items():
            if key not in base:
                self.finish(self.entry(child_name(key), MISSING, value, ["extra_key"]))

    def compare_tensors(self, name, base, cand):
        entry = self.entry(name, base, cand, self.content_flags(base, cand))
        entry["total"] = base.numel()
        if base.shape != cand.shape:
            entry["flags"].append("shape_mismatch")
        else:
            entry.update(self.error_stats(base, cand))
        if base.numel() > 0 and not base.is_complex() and base.dtype != self.torch.bool:
            entry["max_abs_baseline"] = float(base.detach().abs().max())
            if self.loose_checks:
                entry["flags"] += self.loose_tolerance_flags(base)
        if base.dtype != cand.dtype:
            entry["flags"].append("dtype_mismatch")
        self.finish(entry)

    def content_flags(self, base, cand):
        t = self.torch
        flags = []
        if self.new_in_candidate(t.isnan, base, cand):
            flags.append("nan")
        if self.new_in_candidate(t.isinf, base, cand):
            flags.append("inf")
        if cand.numel() > 0 and int(t.count_nonzero(cand)) == 0:
            flags.append("all_zero")
        elif cand.numel() > 1 and bool((cand == cand.reshape(-1)[0]).all()):
            flags.append("constant")
        if any(i.shape == cand.shape and i.dtype == cand.dtype and t.equal(i, cand) for i in self.inputs):
            flags.append("identical_to_input")
        return flags

    def loose_tolerance_flags(self, base):
        """Outputs the tolerance cannot tell from zeros or from an input: passing them proves little."""
        t = self.torch
        b = base.to(t.float64)

        def would_pass(values):
            return bool(t.isclose(values.to(t.float64), b, rtol=self.rtol, atol=self.atol, equal_nan=True).all())

        flags = []
        if would_pass(t.zeros_like(b)):
            flags.append("zeros_would_pass")
        if any(i.shape == base.shape and not i.is_complex() and i.dtype != t.bool and would_pass(i)
               for i in self.inputs):
            flags.append("input_would_pass")
        return flags

    @staticmethod
    def new_in_candidate(predicate, base, cand):
        """Elementwise where the shapes agree; otherwise 'the candidate has some, the baseline none'."""
        if base.shape == cand.shape:
            return bool((predicate(cand) & ~predicate(base)).any())
        return bool(predicate(cand).any()) and not bool(predicate(base).any())

    def error_stats(self, base, cand):
        t = self.torch
        wide = t.complex128 if base.is_complex() or cand.is_complex() else t.float64
        b, c = base.to(wide), cand.to(wide)
        close = t.isclose(c, b, rtol=self.rtol, atol=self.atol, equal_nan=True)
        mismatched = int((~close).sum())
        # Errors are measured where both are finite; NaN/inf elsewhere show in mismatched and flags.
        finite = t.isfinite(b) & t.isfinite(c)
        abs_err = (c - b).abs()[finite]
        rel_err = abs_err / b.abs()[finite].clamp_min(REL_ERR_TINY)
        measured = abs_err.numel() > 0
        return {"max_abs_err": float(abs_err.max()) if measured else None,
                "max_rel_err": float(rel_err.max()) if measured else None,
                "mismatched": mismatched, "allclose": mismatched == 0}

    def compare_numbers(self, name, base, cand):
        flags = [flag for flag, test in (("nan", math.isnan), ("inf", math.isinf)) if test(cand) and not test(base)]
        if type(base) is not type(cand):
            flags.append("dtype_mismatch")
        entry = self.entry(name, base, cand, flags)
        both_nan = math.isnan(base) and math.isnan(cand)
        close = both_nan or base == cand
        if math.isfinite(base) and math.isfinite(cand):
            abs_err = abs(cand - base)
            close = abs_err <= self.atol + self.rtol * abs(base)
            entry.update(max_abs_err=abs_err, max_rel_err=abs_err / max(abs(base), REL_ERR_TINY))
        entry.update(total=1, mismatched=0 if close else 1, allclose=close)
        self.finish(entry)

    def compare_values(self, name, base, cand):
        try:
            equal = bool(base == cand)
        except Exception:  # an object whose == does not give a truth value
            equal = repr(base) == repr(cand)
        entry = self.entry(name, base, cand, [])
        entry.update(total=1, mismatched=0 if equal else 1, allclose=equal)
        self.finish(entry)


def compare_results(torch, base, cand, inputs, rtol, atol, loose_checks=True, root="result_gold"):
    comparison = Comparison(torch, rtol, atol, inputs, loose_checks, root)
    comparison.walk(base, cand, None)
    outputs = comparison.outputs
    has_tensors = next(tensors_in(torch, base), None) is not None
    return {"ok": all(o["ok"] for o in outputs), "rtol": rtol, "atol": atol,
            "flags": [] if has_tensors else ["no_tensors"], "outputs": outputs}

