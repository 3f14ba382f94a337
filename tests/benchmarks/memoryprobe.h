// SPDX-License-Identifier: MIT
//
// Where a benchmark's resident memory is (bench_gui --memory-report): a thread samples the process's
// resident size (/proc/self/statm) every millisecond and, each time it grows past its highest by a
// MB or more, keeps a copy of /proc/self/smaps, so that the mappings at the peak can be told apart
// afterwards (anonymous heap, each thread's malloc arena, each library, each run file mapped).
// report() prints the peak sampled, when it came (ms after start()), what the mappings held then,
// grouped by name, and what malloc holds now (mallinfo2: in use, free but kept, per arena).
// For people only: no RESULT line comes from it (the RESULT figures are ru_maxrss, benchsupport).
#pragma once

#include <QByteArray>
#include <QElapsedTimer>
#include <QString>

#include <atomic>
#include <mutex>
#include <thread>

namespace krw::bench {

class MemoryProbe
{
public:
    MemoryProbe() = default;
    ~MemoryProbe();
    MemoryProbe(const MemoryProbe&) = delete;
    MemoryProbe& operator=(const MemoryProbe&) = delete;

    void start();
    void stop();
    // Prints on out(): the sampled peak and its time, the smaps at the peak grouped by mapping, the
    // smaps now (same grouping), and malloc's own figures now. title says which moment "now" is.
    void report(const QString& title);

private:
    void sample();

    std::thread m_thread;
    std::atomic<bool> m_running{false};
    QElapsedTimer m_clock;
    std::mutex m_mutex; // guards the fields below
    qint64 m_peakBytes = 0;
    qint64 m_peakAtMs = 0;
    qint64 m_keptAtBytes = 0;
    QByteArray m_smapsAtPeak;
};

} // namespace krw::bench
