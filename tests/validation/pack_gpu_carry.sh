#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Packs what tests/validation/gpu_*.sh need on a GPU machine that has neither Qt nor hipcc into
# build/gpu-carry (under the device runner's carry limit): the stripped kernel-review-cli with every
# shared library it loads except glibc's (krw.tar.xz), and Debian's hipcc, libamdhip64-dev,
# libfile-which-perl and liburi-encode-perl .debs (from APT_CACHE, else apt-get download).
# Usage: tests/validation/pack_gpu_carry.sh [BUILD_DIR]   (default build/ci-qt6)
set -euo pipefail
BUILD=${1:-build/ci-qt6}
OUT=build/gpu-carry
APT_CACHE=${APT_CACHE:-$HOME/.cache/kernel-review/apt}
rm -rf "$OUT" && mkdir -p "$OUT/krw/lib"
cli="$BUILD/app/kernel-review-cli" # the one just built, not the packaging tree's copy, which may be older
[ -x "$cli" ] || { echo "no $cli" >&2; exit 1; }
strip -o "$OUT/krw/kernel-review-cli" "$cli"
# Every library but the C runtime's, which the GPU machine has in a newer version.
ldd "$cli" | awk '/=> \// { print $3 }' | grep -Ev '/(libc|libm|libpthread|libdl|librt|libgcc_s|libstdc\+\+)\.so' |
    while read -r lib; do strip -o "$OUT/krw/lib/$(basename "$lib")" "$lib"; done
tar cJf "$OUT/krw.tar.xz" -C "$OUT" krw && rm -rf "$OUT/krw"
for pkg in hipcc libamdhip64-dev libfile-which-perl liburi-encode-perl; do
    deb=$(ls "$APT_CACHE"/${pkg}_*.deb 2>/dev/null | head -1 || true)
    if [ -n "$deb" ]; then cp "$deb" "$OUT/"; else (cd "$OUT" && apt-get download "$pkg"); fi
done
du -sh "$OUT"/*
