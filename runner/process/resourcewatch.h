// SPDX-License-Identifier: MIT
#pragma once

#include "runner/process/processtreeusage.h"

#include <QObject>
#include <QStringList>
#include <QTimer>

#include <functional>

namespace krw {

class JobTracker;

// Limits on a child process and everything it starts (docs/RUNNER.md "Limits").
struct ResourceLimits
{
    qint64 memoryBytes = 0; // anonymous memory of the tree + what fileSystems hold; 0 = no limit
    int tasks = 0; // processes and threads of the tree, its root included; 0 = no limit
    QStringList fileSystems; // in-memory file systems inside the tree's root that count as memory
    int intervalMs = 200; // how often the tree is sampled

    bool isSet() const { return memoryBytes > 0 || tasks > 0; }
};

// Watches a process tree against ResourceLimits and says when it passes one. Lives on the
// thread of its owner (a ProcessJob: the UI thread); the sampling, which reads /proc, runs on a
// worker, one sample at a time, the next one interval after the last came back (B1, B6). What
// to do about it (stop the tree) is the owner's.
class ResourceWatch : public QObject
{
    Q_OBJECT
public:
    explicit ResourceWatch(QObject* parent = nullptr);

    void start(qint64 rootPid, const ResourceLimits& limits);
    void stop(); // keeps peak()
    void reset(); // stops and forgets peak()
    bool isWatching() const { return m_rootPid > 0; }
    bool isSampling() const; // a sample is being taken on a worker: stop() drops it
    // How a sample is taken, on a worker (ProcessTreeUsage::sample unless set; tests hold one).
    using Sampler = std::function<ProcessTreeUsage(qint64 rootPid, const QStringList& fileSystems)>;
    void setSampler(Sampler sampler);
    const ProcessTreeUsage& peak() const { return m_peak; } // highest of each since start()

    static QString sizeText(qint64 bytes); // "4 GiB", "1.5 GiB", "64 MiB"

Q_SIGNALS:
    // Said once per start(): "passed the memory limit of 4 GiB and was stopped", "reached the
    // process limit (512 processes and threads) and was stopped" — the owner stops the tree.
    void exceeded(const QString& what);

private:
    void sampleNow();
    void apply(const ProcessTreeUsage& usage);

    QTimer m_timer;
    ResourceLimits m_limits;
    ProcessTreeUsage m_peak;
    qint64 m_rootPid = 0;
    Sampler m_sampler = [](qint64 rootPid, const QStringList& fileSystems) { return ProcessTreeUsage::sample(rootPid, fileSystems); };
    JobTracker* m_samples; // results of an earlier start() are dropped (B7)
};

} // namespace krw
