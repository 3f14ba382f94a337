#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Builds the libFuzzer targets (preset "fuzz": clang-14, ASan+UBSan, build/fuzz) and runs each
# for SECONDS (default 60), one after another, then prints executions, time, coverage and findings
# per target (docs/RELIABILITY.md).
#
#   tests/fuzz/run.sh [SECONDS] [TARGET...]
#
# Environment:
#   KRW_FUZZ_BUDGET=S  the whole run (build included) must fit in S seconds: each target gets
#                      min(SECONDS, what is left after the build / targets), at least 10 s (CI).
#   KRW_FUZZ_JOBS=N    build jobs (default 2). Build and fuzzing run under nice -n 19.
#
# A timeout whose input runs in time when run again alone is reported as unconfirmed (moved to
# build/fuzz/findings/<target>/unconfirmed/), not as a finding: the machine was busy.
# New inputs that add coverage go to build/fuzz/corpus/<target>/ (the committed seeds in
# tests/fuzz/corpus/ stay as they are); crashes, leaks, UB and timeouts (> 1 s) are saved in
# build/fuzz/findings/<target>/ and make the script exit 1. Reproduce one with
#   build/fuzz/tests/fuzz/fuzz_<target> build/fuzz/findings/<target>/<file>
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$(date +%s)
seconds=${1:-60}
shift || true
all_targets=(jsonlreader memoryfilereader perfcandidates debugfolderindex diagnosticparser harnessresult agentkernelarena)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")

if ! command -v clang++-14 >/dev/null 2>&1; then
    echo "tests/fuzz/run.sh: clang++-14 not found; the fuzz targets need clang-14, libfuzzer-14-dev and libclang-rt-14-dev" >&2
    echo "  (Debian/Ubuntu: sudo apt-get install clang-14 libfuzzer-14-dev libclang-rt-14-dev)" >&2
    exit 2
fi
if [ ! -e "$(clang++-14 -print-file-name=libclang_rt.fuzzer-x86_64.a)" ] \
    && ! ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
    echo "tests/fuzz/run.sh: libFuzzer's runtime for clang-14 is missing: sudo apt-get install libclang-rt-14-dev" >&2
    exit 2
fi

launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
echo "== build (preset fuzz)"
cmake --preset fuzz "${launcher[@]}" >/dev/null
# A target that does not build is no finding: exit 3, which CI reports as "failed to run".
if ! nice -n 19 cmake --build build/fuzz -j"${KRW_FUZZ_JOBS:-2}" $(printf -- '--target fuzz_%s ' "${targets[@]}"); then
    echo "tests/fuzz/run.sh: the fuzz targets did not build (above)" >&2
    exit 3
fi
built=$(date +%s)
echo "build: $((built - start)) s"

if [ -n "${KRW_FUZZ_BUDGET:-}" ]; then
    share=$(((KRW_FUZZ_BUDGET - (built - start) - 15) / ${#targets[@]}))
    [ "$share" -lt "$seconds" ] && seconds=$share
    [ "$seconds" -lt 10 ] && seconds=10
    echo "budget ${KRW_FUZZ_BUDGET} s: ${seconds} s per target"
fi

status=0
summary=()
for t in "${targets[@]}"; do
    work="build/fuzz/corpus/$t"
    findings="build/fuzz/findings/$t"
    mkdir -p "$work" "$findings"
    dict=tests/fuzz/json.dict
    [ "$t" = diagnosticparser ] && dict=tests/fuzz/diagnostic.dict
    log="build/fuzz/$t.log"
    echo "== $t: ${seconds} s"
    rc=0
    # -timeout=1: an input that takes over a second is a finding; -rss_limit_mb: so is a memory blow-up.
    nice -n 19 "build/fuzz/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 \
        -print_final_stats=1 -dict="$dict" -artifact_prefix="$findings/" "$work" "tests/fuzz/corpus/$t" >"$log" 2>&1 || rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)
    corpus=$(grep -o 'corp: [0-9]*/[0-9]*[a-zA-Z]*' "$log" | tail -1 || true)
    # A timeout is confirmed by running its input again alone, three times: on a loaded machine
    # (other builds, ASan's quarantine being recycled) one slow execution is not a slow input.
    for t_input in "$findings"/timeout-*; do
        [ -e "$t_input" ] || continue
        if "build/fuzz/tests/fuzz/fuzz_$t" -timeout=1 -runs=3 "$t_input" >"$log.recheck" 2>&1; then
            mkdir -p "$findings/unconfirmed"
            mv "$t_input" "$findings/unconfirmed/"
            echo "   a timeout stopped the run early but its input runs in time alone (machine load): $findings/unconfirmed/"
            [ "$rc" -ne 0 ] && rc=0
        fi
    done
    found=$(find "$findings" -maxdepth 1 -type f | wc -l)
    if [ "$rc" -ne 0 ] || [ "$found" -ne 0 ]; then
        status=1
        echo "   FINDING (exit $rc): see $log and $findings/"
        grep -m3 -E 'ERROR|runtime error|krw fuzz finding|ALARM' "$log" | sed 's/^/   /' || true
    fi
    summary+=("$(printf '%-18s %10s %6s %8s  %-18s %-14s %s' "$t" "${execs:-?}" "${took:-?}" "${rate:-?}" "${cov:-?}" "${corpus:-?}" "$found")")
done

echo
printf '%-18s %10s %6s %8s  %-18s %-14s %s\n' target executions s exec/s coverage corpus findings
printf '%s\n' "${summary[@]}"
echo "fuzz step: $(($(date +%s) - start)) s in all"
exit $status
