#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# The benchmark suite (docs/PERFORMANCE.md): writes a synthetic run with make_run.py, runs every
# benchmark program on it and prints one table against the budgets of issue 12.
#
#   tests/benchmarks/run.sh [--cases N] [--build DIR] [--run RUN_DIR] [--keep] [--timeout S]
#
#   --cases N     cases in the generated run (default 10000: the budgets are for 10,000 cases)
#   --build DIR   the build tree holding the programs (default build/release). Make it with
#                   cmake --preset release -DKRW_QT_VERSION=6
#                   cmake --build build/release --target kernel-review-cli bench_load bench_export \
#                         bench_search bench_diff bench_gui bench_lint bench_layouts
#                 (the budgets are for an optimised build; CI passes its Debug build/ci-qt6 only to
#                 prove the suite works)
#   --run DIR     measure this run instead of generating one (bench_export adds reruns to its sidecar
#                 for the cases of its set-up that have none; the other programs only read it)
#   --keep        keep the generated run (its folder is printed) instead of deleting it
#   --timeout S   limit for each benchmark program (default 30 s + 60 ms per case)
#
# Every benchmark program is DIR/tests/benchmarks/bench_<area> and follows one contract:
#   - it is called as `bench_<area> RUN_DIR`, with QT_QPA_PLATFORM=offscreen, KRW_BENCH_BUILD=DIR
#     (the build tree, to find kernel-review-cli or the app) and KRW_BENCH_CASES=N (--cases: the size
#     of what a program writes for itself) in its environment;
#   - for each figure it prints one line `RESULT <key> <value> <unit>`: key one of the list below,
#     value a plain decimal number (no thousands separator), unit one word (s, ms, MB, x, files, ...);
#     any other lines are for people and are shown as they are;
#   - it exits 0 when it measured; a non-zero exit, a crash or no RESULT line is a failure: the
#     table says FAILED and this script exits 1 (a figure outside its budget never fails).
# Keys (docs/PERFORMANCE.md says how each is measured):
#   bench_load    load_cli_s python_json_s load_ratio load_cached_s load_cached_ratio load_nohints_s load_nohints_ratio
#                 load_peak_rss_mb files_mb rss_ratio
#                 reload_changed_files
#                 (and load_cases load_warnings python_peak_rss_mb reload_unchanged_files reload_changed_s)
#   bench_gui     gui_tree_s (from the process's start) gui_open_to_tree_s open_case_p95_ms ui_stall_max_ms
#                 ui_stall_reruns_ms ui_stall_cpu_reruns_ms rerun_finished_p95_ms rerun_finished_cpu_p95_ms
#   bench_search  search_p95_ms
#   bench_diff    diff_s git_diff_s diff_ratio
#   bench_export  export_s (all formats) export_html_s export_md_s export_csv_s export_ui_stall_max_ms
#                 export_ui_stall_cpu_ms
#   bench_layouts kernelbench_load_s kernelbench_python_s kernelbench_load_ratio kernelbench_rss_mb kernelbench_rss_ratio
#                 aka_load_s aka_python_s aka_load_ratio aka_rss_mb
#                 (a KernelBench run of KRW_BENCH_CASES samples, 10 per problem, it writes itself; RUN_DIR is not used)
#   bench_lint    lint_all_ms lint_read_ms (per 1,000 cases, one thread) and lint_<check>_ms for each check,
#                 lint_floor_ms (what no lint of those texts goes below: unescaped once, each byte looked at once)
# A program may print more keys; the table shows the ones above. gui_ratio and diff_ratio are
# computed here from gui_tree_s / python_json_s and diff_s / git_diff_s when a program leaves them out.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
cases=10000
build=build/release
run_dir=""
keep=0
limit=""
while [ $# -gt 0 ]; do
    case "$1" in
    --cases) cases=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --run) run_dir=$2; shift 2 ;;
    --keep) keep=1; shift ;;
    --timeout) limit=$2; shift 2 ;;
    -h | --help) sed -n '4,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
case "$cases" in '' | *[!0-9]*) echo "run.sh: --cases takes a number, not '$cases'" >&2; exit 2 ;; esac
case "$build" in /*) ;; *) build="$repo/$build" ;; esac
if [ ! -d "$build/tests/benchmarks" ]; then
    echo "run.sh: no benchmark programs in $build/tests/benchmarks; build them first (see --help)" >&2
    exit 2
fi
[ -n "$limit" ] || limit=$((30 + cases * 60 / 1000))

work=$(mktemp -d "${TMPDIR:-/tmp}/krw-bench.XXXXXX")
cleanup() {
    if [ "$keep" = 1 ] && [ -z "$run_dir" ]; then
        echo "run kept in $work/run"
        rm -rf "$work/results" "$work/status"
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT

if [ -z "$run_dir" ]; then
    run_dir="$work/run"
    echo "== make_run.py --cases $cases"
    python3 "$repo/tests/benchmarks/make_run.py" --cases "$cases" "$run_dir"
fi

results="$work/results"
status="$work/status"
: >"$results"
: >"$status"
failed=0
for area in load gui search diff export lint layouts; do
    program="$build/tests/benchmarks/bench_$area"
    if [ ! -x "$program" ]; then # a benchmark dropped from the build must not pass unseen
        echo "bench_$area failed not_built" >>"$status"
        failed=1
        continue
    fi
    echo "== bench_$area (limit ${limit} s)"
    rc=0
    start=$(date +%s%N)
    QT_QPA_PLATFORM=offscreen KRW_BENCH_BUILD="$build" KRW_BENCH_CASES="$cases" timeout --kill-after=10 "$limit" "$program" "$run_dir" \
        >"$work/out_$area" 2>&1 || rc=$?
    took_ms=$((($(date +%s%N) - start) / 1000000))
    cat "$work/out_$area"
    found=$(grep -c '^RESULT ' "$work/out_$area" || true)
    grep '^RESULT ' "$work/out_$area" | awk -v a="bench_$area" '{print a, $2, $3, $4}' >>"$results" || true
    if [ "$rc" -ne 0 ]; then
        case $rc in
        124) why="timed out after ${limit} s" ;;
        137) why="killed (signal 9): over ${limit} s, or out of memory" ;;
        *) why="exit $rc" ;;
        esac
        if [ "$rc" -gt 128 ] && [ "$rc" -ne 137 ]; then
            why="crashed (signal $((rc - 128)))"
        fi
        echo "bench_$area failed $why" >>"$status"
        failed=1
    elif [ "$found" -eq 0 ]; then
        echo "bench_$area failed printed_no_RESULT" >>"$status"
        failed=1
    else
        echo "bench_$area ok" >>"$status"
    fi
    echo "bench_$area took $((took_ms / 1000)).$((took_ms % 1000 / 100)) s"
done

build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
machine="$(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)), load:$(uptime | sed 's/.*load average://')"
files_cases=$(cat "$run_dir"/*.jsonl | wc -l)

# The budgets of issue 12, written once: what | budget | how the row is judged | how it is shown.
python3 - "$results" "$status" "$run_dir" "$files_cases" "${build_type:-unknown}" "$machine" <<'PY'
import sys

results_path, status_path, run_dir, cases, build_type, machine = sys.argv[1:]
values, source = {}, {}
for line in open(results_path):
    program, key, value, unit = (line.split() + ["", "", "", ""])[:4]
    try:
        values.setdefault(key, float(value))
        source.setdefault(key, program)
    except ValueError:
        pass
status = {}
for line in open(status_path):
    program, state, *why = line.split()
    status[program] = (state, " ".join(why).replace("_", " "))
# Search is judged on the worse of the search benchmark (index) and the window (filtered tree shown).
searches = [values[k] for k in ("search_p95_ms", "search_p95_ms_gui") if k in values]
if searches:
    values["search_worst_p95_ms"] = max(searches)
for ratio, num, den in (("gui_ratio", "gui_tree_s", "python_json_s"), ("diff_ratio", "diff_s", "git_diff_s"),
                        ("gui_rss_ratio", "gui_load_peak_rss_mb", "files_mb"), ("gui_all_rss_ratio", "gui_peak_rss_mb", "files_mb")):
    if ratio not in values and num in values and values.get(den):
        values[ratio] = values[num] / values[den]


def row(what, budget, program, key, limit, shown):
    """One row of the table: what, the budget in words, the program that measures it, the key judged
    against limit (None: no budget), and how the figures are shown: a str.format pattern over the
    RESULT keys ("{load_cli_s:.2f}"), or a function of the values for a row that shows what it has."""
    show = shown if callable(shown) else lambda: shown.format_map(values)
    return (what, budget, program, key, limit, show)


def searches_shown():
    return "; ".join(f"{label} {values[key]:.1f} ms" for key, label in (("search_p95_ms", "search"),
                     ("search_p95_ms_gui", "in the window")) if key in values)


FRAME, STALL = "<= 16 ms (one frame)", "<= 50 ms"
ROWS = [
    row("command to case index (summary --json), hints computed", "<= 0.35 x Python json", "bench_load", "load_ratio", 0.35,
        "{load_cli_s:.2f} s = {load_ratio:.2f} x Python ({python_json_s:.2f} s)"),
    row("  the same, hints cached (run summarised again)", "<= 0.35 x Python json", "bench_load", "load_cached_ratio", 0.35,
        "{load_cached_s:.2f} s = {load_cached_ratio:.2f} x Python"),
    row("  the same without lint hints (--no-hints)", "<= 0.35 x Python json", "bench_load", "load_nohints_ratio", 0.35,
        "{load_nohints_s:.2f} s = {load_nohints_ratio:.2f} x Python"),
    row("KernelBench run, 10,000 samples: summary --json --no-hints", "<= 0.35 x Python json", "bench_layouts", "kernelbench_load_ratio",
        0.35, "{kernelbench_load_s:.2f} s = {kernelbench_load_ratio:.2f} x Python ({kernelbench_python_s:.2f} s)"),
    row("  peak resident memory", "<= 0.3 x files' size", "bench_layouts", "kernelbench_rss_ratio", 0.3,
        "{kernelbench_rss_mb:.0f} MB = {kernelbench_rss_ratio:.2f} x {kernelbench_files_mb:.0f} MB"),
    row("AgentKernelArena run, 1,000 tasks: summary --json --no-hints", "<= 0.35 x Python yaml (C loader)", "bench_layouts",
        "aka_load_ratio", 0.35, "{aka_load_s:.2f} s = {aka_load_ratio:.2f} x Python ({aka_python_s:.2f} s), peak {aka_rss_mb:.0f} MB"),
    row("GUI: command to tree shown and usable", "<= 0.5 x Python json", "bench_gui", "gui_ratio", 0.5,
        "{gui_tree_s:.2f} s from the process start = {gui_ratio:.2f} x Python (openPath to tree {gui_open_to_tree_s:.2f} s)"),
    row("peak resident memory while loading", "<= 0.3 x files' size", "bench_load", "rss_ratio", 0.3,
        "{load_peak_rss_mb:.0f} MB = {rss_ratio:.2f} x {files_mb:.0f} MB"),
    row("peak resident memory, window, until the tree shows", "<= 0.3 x files' size", "bench_gui", "gui_rss_ratio", 0.3,
        "{gui_load_peak_rss_mb:.0f} MB = {gui_rss_ratio:.2f} x {files_mb:.0f} MB"),
    row("peak resident memory, window, whole session (no budget)", "-", "bench_gui", "gui_all_rss_ratio", None,
        "{gui_peak_rss_mb:.0f} MB = {gui_all_rss_ratio:.2f} x the files (search index included)"),
    row("open a case (p95)", "<= 16 ms", "bench_gui", "open_case_p95_ms", 16, "{open_case_p95_ms:.1f} ms"),
    row("search keystroke to filtered tree (p95)", STALL, "bench_search", "search_worst_p95_ms", 50, searches_shown),
    row("diff 2 x 5,000 lines, 10 % changed", "<= git diff --histogram", "bench_diff", "diff_ratio", 1.0,
        "{diff_s:.3f} s = {diff_ratio:.2f} x git ({git_diff_s:.3f} s)"),
    row("longest UI-thread stall (GUI benchmark)", STALL, "bench_gui", "ui_stall_max_ms", 50, "{ui_stall_max_ms:.1f} ms"),
    row("saved reruns arrive: longest UI-thread stall", STALL, "bench_gui", "ui_stall_reruns_ms", 50,
        "{ui_stall_reruns_ms:.1f} ms ({ui_stall_cpu_reruns_ms:.1f} ms of it on the CPU)"),
    row("a rerun finishing in a batch (p95)", FRAME, "bench_gui", "rerun_finished_p95_ms", 16,
        "{rerun_finished_p95_ms:.1f} ms ({rerun_finished_cpu_p95_ms:.1f} ms UI-thread CPU)"),
    row("longest UI-thread stall while exporting", STALL, "bench_export", "export_ui_stall_max_ms", 50,
        "{export_ui_stall_max_ms:.1f} ms ({export_ui_stall_cpu_ms:.1f} ms of it on the CPU)"),
    row("reload after one file changed: files re-read", "1 (only the changed file)", "bench_load", "reload_changed_files", 1,
        "{reload_changed_files:.0f}"),
    row("switch diff pair in the window (p95)", "-", "bench_gui", "diff_switch_p95_ms", None, "{diff_switch_p95_ms:.1f} ms"),
    row("export html + md + csv (no budget)", "-", "bench_export", "export_s", None,
        "{export_s:.2f} s (html {export_html_s:.2f}, md {export_md_s:.2f}, csv {export_csv_s:.2f})"),
    row("lint hints per 1,000 cases, one thread (no budget)", "-", "bench_lint", "lint_all_ms", None,
        "{lint_all_ms:.0f} ms (texts read {lint_read_ms:.0f} ms; binding {lint_binding_ms:.0f}, constant {lint_constant_ms:.0f}, "
        "dimension {lint_dimension_ms:.0f}, extension-include {lint_extension_include_ms:.0f}, non-code {lint_non_code_ms:.0f})"),
    row("the floor of any lint of those texts (no budget)", "-", "bench_lint", "lint_floor_ms", None,
        "{lint_floor_ms:.1f} ms (unescaped once to UTF-8, every byte looked at once)"),
]

table = []
for what, budget, program, key, limit, show in ROWS:
    state, why = status.get(program, ("not_built", ""))
    if state == "failed":
        table.append((what, budget, f"FAILED: {program} {why}", "-"))
        continue
    if key not in values:
        table.append((what, budget, "not built" if state == "not_built" else f"not measured by {program}", "-"))
        continue
    try:
        measured = show()
    except KeyError as missing:
        measured = f"{values[key]:.3g} (no {missing.args[0]})"
    if limit is None:
        within = "-"
    elif key == "reload_changed_files":  # exactly the one changed file: 0 would mean a stale run
        within = "yes" if values[key] == limit else "no"
    else:
        within = "yes" if values[key] <= limit else "no"
    table.append((what, budget, measured, within))

head = ("what", "budget", "measured", "within budget")
widths = [max(len(row[i]) for row in table + [head]) for i in range(4)]
print()
if "load_cases" in values:
    cases = f"{values['load_cases']:.0f} cases"
else:
    cases = f"{cases} JSONL lines"
print(f"Benchmarks: {cases} in {run_dir}; build type {build_type}; {machine}")
if build_type not in ("Release", "RelWithDebInfo"):
    print("note: not an optimised build; the budgets are for build/release (see --help)")
sep = "+".join("-" * (w + 2) for w in widths)
print("| " + " | ".join(h.ljust(w) for h, w in zip(head, widths)) + " |")
print("|" + sep + "|")
for row in table:
    print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths)) + " |")
PY
if [ "$failed" -ne 0 ]; then
    echo "run.sh: a benchmark program failed (FAILED in the table; its output is above)" >&2
    exit 1
fi
