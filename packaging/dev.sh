#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# One entry point for a fresh Debian 12 machine:
#   packaging/dev.sh run   install what is missing, build, open the workbench on the sample run
#   packaging/dev.sh test  install what is missing, build both Qt flavors, run the whole CTest suite:
#                          every test of ci-qt5, and every test of ci-qt6 but those labelled
#                          real-tools (their time goes to g++, hipcc, PyTorch and Slurm, which are
#                          the same for both flavors; they run once, on the ASan build); both
#                          flavors are built and tested even when the first fails, a line per
#                          flavor says how each ended, and the exit status is non-zero when either
#                          failed
#   packaging/dev.sh deps  install what is missing, nothing else
#   packaging/dev.sh package  install what is missing, build release, make the .deb (CPack) and
#                          lint it (packaging/lint-deb.sh); the package is build/release/*.deb
# Build folders: build/ci-qt5 (Qt 5 + KSyntaxHighlighting, the full-featured flavor on Debian 12,
# built with ASan+UBSan for tests), build/ci-qt6, build/release. The runner's tests use the real
# tools: hipcc (compile-check profile) and Debian's CPU PyTorch (cpu profile), sandboxed by bwrap.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
    cmake ninja-build g++ lld pkg-config python3 fonts-dejavu-core
    qtbase5-dev qtbase5-dev-tools libkf5syntaxhighlighting-dev
    qt6-base-dev qt6-base-dev-tools libgl-dev
    libqcustomplot-dev nlohmann-json3-dev libsimdjson-dev libdtl-dev libgit2-dev libyaml-cpp-dev
    hipcc python3-torch python3-setuptools libtorch-dev pybind11-dev libthrust-dev bubblewrap procps
    desktop-file-utils appstream clang-format git
    librsvg2-bin help2man lintian mmdebstrap
    libmd4c-dev libmd4c-html0-dev chromium poppler-utils
    openssh-server openssh-client
    clang-14 libfuzzer-14-dev libclang-rt-14-dev
    slurm-wlm munge
)

install_missing() {
    local missing=()
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return
    echo "Installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() { # preset
    cmake --preset "$1" >/dev/null
    cmake --build --preset "$1"
}

case "${1:-}" in
run)
    install_missing
    build release
    exec build/release/app/kernel-review --sample
    ;;
deps)
    install_missing
    ;;
test)
    install_missing
    failed=0
    summary=()
    for flavor in ci-qt5 ci-qt6; do
        started=$(date +%s)
        only=()
        [ "$flavor" = ci-qt6 ] && only=(--label-exclude real-tools)
        if ! build "$flavor"; then
            outcome="build failed"
        elif ! ctest --preset "$flavor" "${only[@]}"; then
            outcome="tests failed"
        else
            outcome="passed"
        fi
        [ "$outcome" = passed ] || failed=1
        summary+=("$flavor: $outcome ($(($(date +%s) - started)) s${only:+, without the real-tools label})")
    done
    echo "== packaging/dev.sh test"
    printf '%s\n' "${summary[@]}"
    exit "$failed"
    ;;
package)
    install_missing
    cmake --preset release -DKRW_HARDENING=ON >/dev/null
    # The programs and what the package holds beyond them (icons, man pages, completion).
    cmake --build --preset release --target krw_package_files
    rm -f build/release/*.deb
    (cd build/release && cpack -G DEB)
    packaging/lint-deb.sh build/release/*.deb
    ;;
*)
    echo "usage: $0 run|test|package|deps" >&2
    exit 1
    ;;
esac
