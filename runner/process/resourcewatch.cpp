// SPDX-License-Identifier: MIT
#include "runner/process/resourcewatch.h"

#include "models/work/jobtracker.h"
#include "models/work/workpools.h"

#include <QThread>

#include <algorithm>

namespace krw {

ResourceWatch::ResourceWatch(QObject* parent)
    : QObject(parent)
    , m_samples(new JobTracker(this))
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &ResourceWatch::sampleNow);
}

void ResourceWatch::start(qint64 rootPid, const ResourceLimits& limits)
{
    reset();
    if (rootPid <= 0 || !limits.isSet())
        return;
    m_rootPid = rootPid;
    m_limits = limits;
    m_timer.start(std::max(10, limits.intervalMs));
}

void ResourceWatch::stop()
{
    m_samples->cancel();
    m_rootPid = 0;
    m_timer.stop();
}

void ResourceWatch::setSampler(Sampler sampler)
{
    m_sampler = std::move(sampler);
}

bool ResourceWatch::isSampling() const
{
    return m_samples->isRunning();
}

void ResourceWatch::reset()
{
    stop();
    m_peak = {};
}

void ResourceWatch::sampleNow()
{
    // One sample at a time (the timer starts again as one is applied), so one job: start().
    m_samples->start(
        WorkPools::jobs(), [sampler = m_sampler, pid = m_rootPid, fileSystems = m_limits.fileSystems] { return sampler(pid, fileSystems); },
        [this](const ProcessTreeUsage& usage) { apply(usage); });
}

void ResourceWatch::apply(const ProcessTreeUsage& usage)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_peak.processes = std::max(m_peak.processes, usage.processes);
    m_peak.tasks = std::max(m_peak.tasks, usage.tasks);
    if (usage.memoryBytes() > m_peak.memoryBytes()) { // both parts of the same moment
        m_peak.anonymousBytes = usage.anonymousBytes;
        m_peak.fileSystemBytes = usage.fileSystemBytes;
    }
    QString what;
    if (m_limits.memoryBytes > 0 && usage.memoryBytes() > m_limits.memoryBytes)
        what = QStringLiteral("passed the memory limit of %1 and was stopped").arg(sizeText(m_limits.memoryBytes));
    else if (m_limits.tasks > 0 && usage.tasks >= m_limits.tasks)
        what = QStringLiteral("reached the process limit (%1 processes and threads) and was stopped").arg(m_limits.tasks);
    if (what.isEmpty()) {
        if (usage.processes > 0)
            m_timer.start(std::max(10, m_limits.intervalMs));
        else
            stop(); // the tree is gone
        return;
    }
    stop();
    Q_EMIT exceeded(what);
}

QString ResourceWatch::sizeText(qint64 bytes)
{
    constexpr qint64 mib = 1024 * 1024;
    constexpr qint64 gib = 1024 * mib;
    if (bytes >= gib)
        return bytes % gib == 0 ? QStringLiteral("%1 GiB").arg(bytes / gib) : QStringLiteral("%1 GiB").arg(double(bytes) / gib, 0, 'f', 1);
    return QStringLiteral("%1 MiB").arg((bytes + mib - 1) / mib);
}

} // namespace krw
