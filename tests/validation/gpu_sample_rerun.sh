#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Rerun the bundled sample's predictions with the hip-nvidia profile through kernel-review-cli on a GPU
# machine, as docs/validation/README.md describes: modules built first (in parallel, correctness only) so
# the timed reruns, two at a time, find them in the module cache. Results: $OUT/sample/<case>.json.
# Needs: build/gpu-carry/krw.tar.xz (the stripped CLI + its libraries) and Debian's hipcc, libamdhip64-dev,
# libfile-which-perl and liburi-encode-perl .debs in build/gpu-carry; PY = a Python with CUDA torch + Triton.
set -euo pipefail
C=build/gpu-carry
PY=${PY:-/opt/torch/.venv/bin/python3}
mkdir -p /tmp/hipx /tmp/k /tmp/home "$OUT/sample"
for d in "$C"/*.deb; do dpkg -x "$d" /tmp/hipx; done
tar xJf "$C/krw.tar.xz" -C /tmp/k
export HIP_PATH=/tmp/hipx/usr PERL5LIB=/tmp/hipx/usr/share/perl5 PATH=/tmp/hipx/usr/bin:/usr/local/cuda/bin:$PATH \
    LD_LIBRARY_PATH=/tmp/k/krw/lib KRW_RUNNER_DIR=$PWD/runner CUDA_PATH=/usr/local/cuda HOME=/tmp/home
CLI=/tmp/k/krw/kernel-review-cli
# The GPU machine has no bubblewrap; the CLI refuses to run code unsandboxed unless told to (exit 3).
SANDBOX=(); command -v bwrap >/dev/null || SANDBOX=(--no-sandbox)
CASES=(sin_kernel softmax_row embedding_gather layer_norm_fwd flash_decode_stage2 leaky_relu block_sum rms_norm)
rerun() { # case [extra args]
    local c=$1; shift
    "$CLI" rerun resources/sample/run --case "$c.py" --version predict --profile hip-nvidia --python "$PY" --json "${SANDBOX[@]}" "$@"
}
for c in "${CASES[@]}"; do rerun "$c" --no-timing > "/tmp/build-$c.json" 2> "/tmp/build-$c.err" & done
wait || true
for ((i = 0; i < ${#CASES[@]}; i += 2)); do
    for c in "${CASES[@]:i:2}"; do rerun "$c" > "$OUT/sample/$c.json" 2> "/tmp/timed-$c.err" & done
    wait || true
done
for c in "${CASES[@]}"; do
    python3 - "$OUT/sample/$c.json" <<'PY' || tail -5 "/tmp/timed-$c.err"
import json, sys
r = json.load(open(sys.argv[1]))
t = r["stages"].get("timing") or {}
k = (r["stages"].get("compile") or {}).get("kernels") or []
print(r["case"], "|", r["verdict_line"], "| device", t.get("speedup"), t.get("ci95"), "| call", t.get("call_speedup"),
      "| kernels", [{key: v for key, v in x.items() if v not in (None, [], "")} for x in k][:2])
PY
done
