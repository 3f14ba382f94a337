# SPDX-License-Identifier: MIT
# shellcheck shell=bash
#
# A fresh Debian 12 (bookworm) root, made by mmdebstrap, and a way to run commands in it: the one
# owner of how the project's clean-machine checks make and enter their roots. Sourced by
# packaging/check-clean-install.sh (the .deb installed into a root) and packaging/check-clean-test.sh
# (the README's test command run in a root). Needs root, mmdebstrap, bwrap and the network to
# Debian's archive.
#
#   clean_root_make ROOT LOG [PACKAGE_OR_DEB ...]
#       mmdebstrap --variant=apt, no Recommends, plus the packages named (names or .deb paths);
#       this machine's /etc/hosts and /etc/hostname, as any installed machine has its own.
#       Downloaded .debs are kept in $KRW_APT_CACHE (default ~/.cache/kernel-review/apt), so a
#       second root downloads only what changed. Its log goes to LOG; on failure its tail is printed.
#   clean_root_run ROOT [BWRAP_OPTION ...] -- COMMAND [ARG ...]
#       COMMAND inside ROOT through bwrap, with a clean environment (HOME=/root, PATH the system's,
#       LANG=C.UTF-8, CI passed on), nothing of this machine's /usr or home, a private /tmp and
#       /dev/shm, and the network of the machine (apt reaches the archive). The machine's /proc is
#       bound, not a new one: bwrap's own /proc has read-only submounts, under which the kernel
#       refuses the app's sandbox (a user namespace) a proc of its own. The root's
#       /var/cache/apt/archives is the cache above, so an apt-get inside downloads into it too.

clean_root_cache() {
    echo "${KRW_APT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kernel-review/apt}"
}

clean_root_check_tools() {
    local tool
    for tool in mmdebstrap bwrap dpkg-deb; do
        command -v "$tool" >/dev/null || { echo "$0: needs $tool" >&2; return 2; }
    done
    [ "$(id -u)" -eq 0 ] || { echo "$0: needs root (mmdebstrap's root mode)" >&2; return 2; }
}

clean_root_make() {
    local root=$1 log=$2
    shift 2
    local cache includes=()
    cache=$(clean_root_cache)
    mkdir -p "$cache/partial"
    rm -rf "$root"
    local p
    for p in "$@"; do includes+=("--include=$p"); done
    mmdebstrap --variant=apt --aptopt='Apt::Install-Recommends "false"' \
        "${includes[@]}" \
        --hook-dir=/usr/share/mmdebstrap/hooks/file-mirror-automount \
        --skip=download/empty --skip=cleanup/apt/cache \
        --setup-hook='mkdir -p "$1"/var/cache/apt/archives' \
        --setup-hook="sync-in '$cache' /var/cache/apt/archives" \
        --customize-hook="sync-out /var/cache/apt/archives '$cache'" \
        --customize-hook='cp /etc/hosts /etc/hostname "$1"/etc/' \
        bookworm "$root" >"$log" 2>&1 || {
        tail -30 "$log" >&2
        return 1
    }
}

clean_root_run() {
    local root=$1
    shift
    local options=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do
        options+=("$1")
        shift
    done
    [ "${1:-}" = "--" ] && shift
    local cache
    cache=$(clean_root_cache)
    mkdir -p "$cache/partial"
    bwrap --bind "$root" / --bind /proc /proc --dev /dev --perms 1777 --tmpfs /dev/shm --ro-bind /sys /sys --perms 1777 --tmpfs /tmp \
        --bind "$cache" /var/cache/apt/archives \
        --clearenv --setenv HOME /root --setenv PATH /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        --setenv LANG C.UTF-8 --setenv TERM "${TERM:-dumb}" ${CI:+--setenv CI "$CI"} \
        "${options[@]}" "$@"
}
