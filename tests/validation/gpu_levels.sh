#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs gpu_levels.py on a GPU machine that has neither Qt nor hipcc: unpacks build/gpu-carry
# (tests/validation/pack_gpu_carry.sh) and Debian's hipcc into /tmp, then passes its arguments on
# (--phase rerun|ncu|report, --only ...) under a time limit (LIMIT_S, default 540), so that what is done
# comes back as $OUT/levels.tar.xz whatever happens. Results of an earlier call, unpacked into
# build/levels and carried, are kept: a run or profile already there is not repeated.
# PY = a Python with CUDA torch + Triton (default: the device machine's venv).
set -euo pipefail
C=build/gpu-carry
PY=${PY:-/opt/torch/.venv/bin/python3}
RESULTS=/tmp/levels
mkdir -p /tmp/hipx /tmp/k /tmp/home "$RESULTS"
[ -d build/levels ] && cp -r build/levels/. "$RESULTS"/
for d in "$C"/*.deb; do dpkg -x "$d" /tmp/hipx; done
tar xJf "$C/krw.tar.xz" -C /tmp/k
export HIP_PATH=/tmp/hipx/usr PERL5LIB=/tmp/hipx/usr/share/perl5 PATH=/tmp/hipx/usr/bin:/usr/local/cuda/bin:$PATH \
    LD_LIBRARY_PATH=/tmp/k/krw/lib KRW_RUNNER_DIR=$PWD/runner CUDA_PATH=/usr/local/cuda HOME=/tmp/home
rc=0
timeout "${LIMIT_S:-540}" "$PY" tests/validation/gpu_levels.py --cli /tmp/k/krw/kernel-review-cli --python "$PY" --out "$RESULTS" "$@" || rc=$?
tar cJf "$OUT/levels.tar.xz" -C "$RESULTS" .
exit $rc
