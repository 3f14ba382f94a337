#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# The .deb on a clean Debian 12: mmdebstrap makes a fresh bookworm root (variant apt, no
# Recommends) and installs the package into it with apt, which resolves its Depends from Debian's
# archive, plus its Recommends that reruns need (hipcc, bubblewrap, PyTorch and the headers a
# compile-check reads). The monospace face code is drawn in when the system has no fixed-pitch
# default (fonts-dejavu-core, widgets/settings/settings.cpp) must come with the package. Then, inside that root (bwrap, so the app's own sandbox
# can nest), the installed programs run from /usr with no build tree in reach:
#   kernel-review-cli summary on the installed sample run,
#   kernel-review-cli export --format pdf of it (through the installed report renderer module),
#   kernel-review --sample --screenshot under the offscreen platform,
#   kernel-review-cli rerun --profile compile-check of a sample case (hipcc, sandboxed),
# and the installed desktop entry and metainfo pass desktop-file-validate / appstreamcli (run
# outside, on the files the package installed). Needs root, mmdebstrap, bwrap and the network to
# Debian's archive. The root is made and entered by packaging/clean-root.sh, which keeps the
# downloaded .debs in KRW_APT_CACHE (default ~/.cache/kernel-review/apt) so a second run downloads
# only what changed.
#
# Usage: packaging/check-clean-install.sh PACKAGE.deb [WORK_DIR]
# Exit 0: every check passed; 1: a check failed (named); 2: usage or a missing tool.
set -euo pipefail

[ $# -ge 1 ] && [ -f "$1" ] || { echo "usage: $0 PACKAGE.deb [WORK_DIR]" >&2; exit 2; }
# shellcheck source=packaging/clean-root.sh
. "$(dirname "$0")/clean-root.sh"
clean_root_check_tools || exit 2

deb=$(realpath "$1")
package=$(dpkg-deb -f "$deb" Package)
work=$(realpath -m "${2:-$(mktemp -d /tmp/krw-clean-install.XXXXXX)}")
root=$work/root
out=$work/out
mkdir -p "$work" "$out"
started=$(date +%s)

echo "== a fresh bookworm root with $package ($(basename "$deb")) and what it needs, from Debian's archive"
clean_root_make "$root" "$work/mmdebstrap.log" "$deb" hipcc bubblewrap python3-torch libtorch-dev pybind11-dev \
    libthrust-dev python3-setuptools || {
    echo "FAIL: the package does not install into a fresh bookworm root (log: $work/mmdebstrap.log)" >&2
    exit 1
}
echo "root ready in $(($(date +%s) - started)) s; $package $(chroot "$root" dpkg-query -W -f='${Version}' "$package") installed"

# Run a command in the root (packaging/clean-root.sh): the build tree and this machine's /usr out
# of reach.
inside() {
    clean_root_run "$root" --bind "$out" /out --setenv QT_QPA_PLATFORM offscreen -- "$@"
}
fail() { echo "FAIL: $*" >&2; exit 1; }

chroot "$root" dpkg-query -W -f='${Status}' fonts-dejavu-core 2>/dev/null | grep -q "install ok installed" \
    || fail "fonts-dejavu-core (the code font's fallback) did not come with the package"

sample=$(chroot "$root" dpkg -L "$package" | grep -E '/sample/run$' | head -1)
[ -n "$sample" ] || fail "the package installs no sample run (…/sample/run)"
echo "== kernel-review-cli summary $sample"
inside kernel-review-cli summary "$sample" | tee "$out/summary.txt"
grep -Eq '^Cases: [1-9]' "$out/summary.txt" || fail "summary counted no cases"

echo "== kernel-review-cli export --format pdf (the report renderer module)"
inside kernel-review-cli export "$sample" --format pdf --out /out/report.pdf
head -c 5 "$out/report.pdf" | grep -q '^%PDF-' || fail "export --format pdf wrote no PDF"

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
