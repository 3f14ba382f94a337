// SPDX-License-Identifier: MIT
//
// What every benchmark program (tests/benchmarks/bench_*) measures and prints the same way, kept
// in one place so a fix reaches all of them: a child process timed from spawn to exit with its
// peak memory, percentiles over samples, the process's own memory, CPU time and age, and the
// `RESULT <key> <value> <unit>` / `MISSING <what>` lines run.sh reads (docs/PERFORMANCE.md).
#pragma once

#include <QString>
#include <QStringList>
#include <QTextStream>

#include <memory>
#include <vector>

namespace krw {
struct Run;
}

namespace krw::bench {

// The run at path, loaded as the window loads it; null after saying on stderr, as `program`, why
// (it could not be loaded, or has no case to measure).
std::shared_ptr<const Run> loadRun(const QString& program, const QString& path);

// stdout, shared by the human lines and the RESULT lines so they stay in order.
QTextStream& out();

// Prints `RESULT key value unit`, the value with `decimals` decimals (by default 3 for seconds
// and 1 for anything else), and flushes.
void result(const QString& key, double value, const QString& unit, int decimals = -1);
// Prints `MISSING what` and counts it: a program with a missing figure exits 1 (run.sh says FAILED)
// instead of printing a figure of the survivors, or 0 of nothing, as if it had measured.
void miss(const QString& what);
int missing();

// p50, p95 and max over every sample given (nearest rank, no interpolation).
struct Stats
{
    double p50 = 0;
    double p95 = 0;
    double max = 0;
    int count = 0;
};
Stats stats(std::vector<double> samples);
double percentile(std::vector<double> samples, double p); // p in [0, 1]; 0 without samples
double median(std::vector<double> samples);
// `what: N samples, p50 … ms, p95 … ms, max … ms` on out().
void printStats(const QString& what, const Stats& s);

// A child process run to its end: wall time from spawn to exit and its peak resident memory
// (ru_maxrss from wait4: resident pages, file-backed ones included).
struct ChildRun
{
    bool ok = false;
    QString error; // what went wrong, in words, when !ok
    double seconds = 0;
    double maxRssMb = 0;
    int exitCode = -1;
};
// Runs argv (argv[0] looked up in PATH) with stdout and stderr to the files named (/dev/null
// works); an exit code above highestOkExit (or a signal) is an error that names the program and
// quotes the start of its stderr.
ChildRun runChild(const QStringList& argv, const QString& stdoutPath, const QString& stderrPath, int highestOkExit = 0);

// This process: peak and current resident memory in MB (10⁶ bytes), CPU time of the calling
// thread in ns and of all threads in ms.
double peakRssMb();
double rssMb();
qint64 threadCpuNs();
double processCpuMs();
// Seconds since this process was started (exec), from /proc/self/stat's start time against
// CLOCK_BOOTTIME: to the kernel's clock tick (10 ms); -1 when /proc cannot be read.
double processAgeSeconds();

} // namespace krw::bench
