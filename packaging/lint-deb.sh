#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# packaging/lint-deb.sh PACKAGE.deb…
# Runs lintian on built packages (it builds nothing; `packaging/dev.sh package` builds and calls
# it). Fails on any error, and on any warning whose tag packaging/README.md does not justify (it
# names each one as `tag`), so the list there stays complete. Infos and pedantic tags are shown.
set -euo pipefail
readme="$(cd "$(dirname "$0")" && pwd)/README.md"

if [ $# -eq 0 ]; then
    echo "usage: $0 PACKAGE.deb…" >&2
    exit 1
fi
if ! command -v lintian >/dev/null; then
    echo "lint-deb.sh: lintian is not installed (apt-get install lintian)" >&2
    exit 1
fi

status=0
for deb in "$@"; do
    if [ ! -f "$deb" ]; then
        echo "lint-deb.sh: no such package: $deb" >&2
        status=1
        continue
    fi
    echo "== lintian $deb"
    rc=0
    output=$(lintian --pedantic --display-info --fail-on error "$deb" 2>&1) || rc=$?
    [ -z "$output" ] || echo "$output"
    if [ "$rc" -ne 0 ]; then
        echo "lint-deb.sh: lintian found errors in $deb (exit $rc)" >&2
        status=1
    fi
    # Warnings: "W: package: tag [context]"
    while read -r tag; do
        [ -n "$tag" ] || continue
        if ! grep -qF "\`$tag\`" "$readme"; then
            echo "lint-deb.sh: warning $tag is not justified in packaging/README.md" >&2
            status=1
        fi
    done < <(sed -n 's/^W: [^:]*: \([a-z0-9-]*\).*/\1/p' <<<"$output" | sort -u)
    summary=$(grep -oE '^[EWIP]:' <<<"$output" | sort | uniq -c | tr -s ' ' | tr '\n' ' ' || true)
    echo "== $(basename "$deb"): ${summary:-no tags}"
done
exit $status
