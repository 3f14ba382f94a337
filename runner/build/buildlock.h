// SPDX-License-Identifier: MIT
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>

class QLockFile;

namespace krw {

// One builder at a time per module-cache key, across pipelines, processes and the app and the CLI
// together (docs/RUNNER.md "Module cache"). Waiting never blocks: the lock is tried again on a timer.
// A lock whose process has died is taken over; a live holder is waited for up to a limit, since a
// compile can legitimately take minutes.
class BuildLock : public QObject
{
    Q_OBJECT
public:
    explicit BuildLock(QObject* parent = nullptr);
    ~BuildLock() override;

    // Asks for the lock at path; exactly one of acquired() or failed() follows, from the event loop.
    void acquire(const QString& path, int waitLimitMs);
    void release(); // gives the lock back, or stops waiting for it
    bool isWaiting() const { return m_poll.isActive(); }
    bool isHeld() const;

Q_SIGNALS:
    void waiting(const QString& holder); // once, when someone else holds it: "process 4242 (kernel-review-cli) on host"
    void acquired();
    void failed(const QString& why);

private:
    void tryOnce();

    std::unique_ptr<QLockFile> m_lock;
    QString m_path;
    QTimer m_poll;
    QElapsedTimer m_waited;
    int m_waitLimitMs = 0;
    bool m_saidWaiting = false;
};

} // namespace krw
