#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# The README's test command as a new user meets it: a fresh Debian 12 root (mmdebstrap, variant
# apt: nothing but Debian's essential packages and apt), this source tree bound into it at its own
# path, and then `packaging/dev.sh test` inside, which must install everything it needs itself
# (apt-get from Debian's archive), build both Qt flavors and pass both CTest suites. Nothing of
# this machine's installed packages, fonts, home or environment is in reach, so a missing install
# step or a test that depends on the machine fails here. ../shared (the real public runs some tests
# read when present) is bound read-only beside the tree if it exists.
#
# Usage: packaging/check-clean-test.sh [COMMAND [ARG ...]]
#   COMMAND runs in the root from the tree's top (default: packaging/dev.sh test); CI passes a
#   script that runs the benchmark and fuzz steps after the test command, in the same root.
# KRW_CLEAN_ROOT: where the root is made (default /var/tmp/krw-clean-test/root); it is removed after
# a pass and kept after a failure, for a look inside. Downloads are cached (packaging/clean-root.sh).
# Exit: the command's status; 2 for usage or a missing tool; 3 when the root cannot be made.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=packaging/clean-root.sh
. packaging/clean-root.sh
clean_root_check_tools || exit 2

tree=$(pwd -P)
root=$(realpath -m "${KRW_CLEAN_ROOT:-/var/tmp/krw-clean-test/root}")
[ $# -gt 0 ] || set -- packaging/dev.sh test
mkdir -p "$(dirname "$root")"

started=$(date +%s)
echo "== a fresh bookworm root (mmdebstrap, variant apt) in $root"
clean_root_make "$root" "$root.log" || { echo "FAIL: mmdebstrap could not make the root (log: $root.log)" >&2; exit 3; }
echo "root ready in $(($(date +%s) - started)) s: $(chroot "$root" dpkg-query -W | wc -l) packages, none of the project's"

binds=(--bind "$tree" "$tree" --chdir "$tree")
# At the path the build reads it from (tests/CMakeLists.txt: the tree's ../shared), even when that
# is a link on this machine.
shared=$(dirname "$tree")/shared
[ -d "$shared" ] && binds+=(--ro-bind "$(realpath "$shared")" "$shared")

echo "== in the root: $*"
rc=0
clean_root_run "$root" "${binds[@]}" -- "$@" || rc=$?
echo "clean-root run ended with status $rc after $(($(date +%s) - started)) s"
if [ "$rc" -eq 0 ]; then
    rm -rf "$root"
else
    echo "the root is kept for a look inside: $root" >&2
fi
exit "$rc"
