// SPDX-License-Identifier: MIT
#include "runner/build/buildlock.h"

#include <QLockFile>

namespace krw {

namespace {

constexpr int pollMs = 250;

QString holderText(const QLockFile& lock)
{
    qint64 pid = 0;
    QString host;
    QString app;
    if (!lock.getLockInfo(&pid, &host, &app))
        return QStringLiteral("another builder");
    return QStringLiteral("process %1 (%2) on %3").arg(pid).arg(app.isEmpty() ? QStringLiteral("unknown") : app, host);
}

} // namespace

BuildLock::BuildLock(QObject* parent)
    : QObject(parent)
{
    m_poll.setInterval(pollMs);
    connect(&m_poll, &QTimer::timeout, this, &BuildLock::tryOnce);
}

BuildLock::~BuildLock() = default;

void BuildLock::acquire(const QString& path, int waitLimitMs)
{
    release();
    m_path = path;
    m_waitLimitMs = waitLimitMs;
    m_saidWaiting = false;
    m_lock = std::make_unique<QLockFile>(path);
    // Age alone never makes a lock stale: a compile may run for many minutes. A lock whose
    // process is gone (on this host) is stale and taken over.
    m_lock->setStaleLockTime(0);
    m_waited.start();
    QTimer::singleShot(0, this, &BuildLock::tryOnce);
}

void BuildLock::release()
{
    m_poll.stop();
    m_lock.reset(); // unlocks when held
}

bool BuildLock::isHeld() const
{
    return m_lock && m_lock->isLocked();
}

void BuildLock::tryOnce()
{
    if (!m_lock)
        return;
    if (m_lock->tryLock(0)) {
        m_poll.stop();
        Q_EMIT acquired();
        return;
    }
    switch (m_lock->error()) {
    case QLockFile::LockFailedError:
        break;
    case QLockFile::PermissionError:
        release();
        Q_EMIT failed(QStringLiteral("cannot lock the module cache: no permission to create %1").arg(m_path));
        return;
    case QLockFile::NoError:
    case QLockFile::UnknownError:
        release();
        Q_EMIT failed(QStringLiteral("cannot lock the module cache at %1").arg(m_path));
        return;
    }
    const QString holder = holderText(*m_lock);
    if (m_waited.elapsed() > m_waitLimitMs) {
        release();
        Q_EMIT failed(QStringLiteral("waited %1 s for %2 to finish building the same module; remove %3 if that process is stuck")
                          .arg(m_waitLimitMs / 1000)
                          .arg(holder, m_path));
        return;
    }
    if (!m_saidWaiting) {
        m_saidWaiting = true;
        Q_EMIT waiting(holder);
    }
    if (!m_poll.isActive())
        m_poll.start();
}

} // namespace krw
