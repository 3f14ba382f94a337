#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# The .deb on a clean Debian 12: mmdebstrap makes a fresh bookworm root (variant apt, no
# Recommends) and installs the package into it with apt, which resolves its Depends from Debian's
# archive, plus hipcc and bubblewrap (its Recommends that a compile-check needs; PyTorch is left
# out: 700 MB for the cpu profile only). Then, inside that root (bwrap, so the app's own sandbox
# can nest), the installed programs run from /usr with no build tree in reach:
#   kernel-review-cli summary on the installed sample run,
#   kernel-review --sample --screenshot under the offscreen platform,
#   kernel-review-cli rerun --profile compile-check of a sample case (hipcc, sandboxed),
# and the installed desktop entry and metainfo pass desktop-file-validate / appstreamcli (run
# outside, on the files the package installed). Needs root, mmdebstrap, bwrap and the network to
# Debian's archive. Downloaded .debs are kept in KRW_APT_CACHE (default ~/.cache/kernel-review/apt)
# so a second run downloads only what changed.
#
# Usage: packaging/check-clean-install.sh PACKAGE.deb [WORK_DIR]
# Exit 0: every check passed; 1: a check failed (named); 2: usage or a missing tool.
set -euo pipefail

[ $# -ge 1 ] && [ -f "$1" ] || { echo "usage: $0 PACKAGE.deb [WORK_DIR]" >&2; exit 2; }
for tool in mmdebstrap bwrap dpkg-deb; do
    command -v "$tool" >/dev/null || { echo "$0: needs $tool" >&2; exit 2; }
done
[ "$(id -u)" -eq 0 ] || { echo "$0: needs root (mmdebstrap's root mode)" >&2; exit 2; }

deb=$(realpath "$1")
package=$(dpkg-deb -f "$deb" Package)
work=$(realpath -m "${2:-$(mktemp -d /tmp/krw-clean-install.XXXXXX)}")
cache=${KRW_APT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kernel-review/apt}
root=$work/root
out=$work/out
mkdir -p "$work" "$cache" "$out"
rm -rf "$root"
started=$(date +%s)

echo "== a fresh bookworm root with $package ($(basename "$deb")) and what it needs, from Debian's archive"
mmdebstrap --variant=apt --aptopt='Apt::Install-Recommends "false"' \
    --include="$deb" --include=hipcc,bubblewrap,python3-torch,libtorch-dev,pybind11-dev,libthrust-dev,python3-setuptools \
    --hook-dir=/usr/share/mmdebstrap/hooks/file-mirror-automount \
    --skip=download/empty --skip=cleanup/apt/cache \
    --setup-hook='mkdir -p "$1"/var/cache/apt/archives' \
    --setup-hook="sync-in '$cache' /var/cache/apt/archives" \
    --customize-hook="sync-out /var/cache/apt/archives '$cache'" \
    bookworm "$root" >"$work/mmdebstrap.log" 2>&1 || {
    tail -30 "$work/mmdebstrap.log" >&2
    echo "FAIL: the package does not install into a fresh bookworm root (log: $work/mmdebstrap.log)" >&2
    exit 1
}
echo "root ready in $(($(date +%s) - started)) s; $package $(chroot "$root" dpkg-query -W -f='${Version}' "$package") installed"

# Run a command in the root: the build tree and this machine's /usr out of reach. The machine's
# /proc is bound, not a new one: bwrap's own /proc has read-only submounts, under which the kernel
# refuses the app's sandbox (a user namespace) a proc of its own.
inside() {
    bwrap --bind "$root" / --bind /proc /proc --dev /dev --tmpfs /tmp --bind "$out" /out \
        --setenv HOME /root --setenv PATH /usr/bin:/bin --unsetenv KRW_RUNNER_DIR --unsetenv LD_LIBRARY_PATH \
        --setenv QT_QPA_PLATFORM offscreen "$@"
}
fail() { echo "FAIL: $*" >&2; exit 1; }

sample=$(chroot "$root" dpkg -L "$package" | grep -E '/sample/run$' | head -1)
[ -n "$sample" ] || fail "the package installs no sample run (…/sample/run)"
echo "== kernel-review-cli summary $sample"
inside kernel-review-cli summary "$sample" | tee "$out/summary.txt"
grep -Eq '^Cases: [1-9]' "$out/summary.txt" || fail "summary counted no cases"

echo "== kernel-review --sample --screenshot (offscreen)"
inside kernel-review --sample --screenshot /out/screenshot.png
python3 - "$out/screenshot.png" <<'PY' || fail "the screenshot is missing or not a PNG of a window"
import struct, sys
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
width, height = struct.unpack('>II', data[16:24])
assert width >= 800 and height >= 500, (width, height)
print(f'screenshot {width}x{height}, {len(data)} bytes')
PY

echo "== kernel-review-cli rerun --profile compile-check (hipcc, sandboxed by bwrap)"
inside bash -c "cp -r '$sample' /tmp/run && kernel-review-cli rerun /tmp/run --case sin_kernel.py --profile compile-check --json" \
    | tee "$out/rerun.json"
python3 - "$out/rerun.json" <<'PY' || fail "the compile-check rerun did not compile the case"
import json, sys
r = json.load(open(sys.argv[1]))
print('rerun:', {k: r.get(k) for k in ('status', 'verdict', 'sandboxed', 'seconds', 'failure')})
assert r.get('status') == 'completed' and r.get('verdict') == 'compiled' and r.get('sandboxed') is True, r
PY

echo "== desktop entry and metainfo as installed"
desktop=$(chroot "$root" dpkg -L "$package" | grep -E '^/usr/share/applications/.*\.desktop$' | head -1)
metainfo=$(chroot "$root" dpkg -L "$package" | grep -E '^/usr/share/metainfo/.*\.xml$' | head -1)
[ -n "$desktop" ] && [ -n "$metainfo" ] || fail "no desktop entry or metainfo installed"
if command -v desktop-file-validate >/dev/null; then desktop-file-validate "$root$desktop" || fail "desktop-file-validate $desktop"; fi
if command -v appstreamcli >/dev/null; then appstreamcli validate --no-net "$root$metainfo" || fail "appstreamcli validate $metainfo"; fi

echo "clean install checks passed in $(($(date +%s) - started)) s"
rm -rf "$root"
