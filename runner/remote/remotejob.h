// SPDX-License-Identifier: MIT
#pragma once

#include "runner/process/processjob.h"
#include "runner/remote/remotehost.h"

#include <QObject>
#include <QTimer>

namespace krw {

// One step run on a RemoteHost, with ProcessJob's interface (start, cancel, output, finished), so
// the pipeline can later run a step here or there alike. Output streams back as the host prints
// it, without the group marker. Cancel sends TERM to the remote process group over a second ssh
// connection, KILL after a grace period, and only then ends the local ssh: ending ssh alone would
// leave the remote program running. A failure of the connection or the host is described by
// RemoteFailure in the outcome's message. The step's timeout ends the remote group the same way.
class RemoteJob : public QObject
{
    Q_OBJECT
public:
    explicit RemoteJob(QObject* parent = nullptr);
    ~RemoteJob() override;

    // doing: what the step is, for messages ("running the harness").
    void start(const RemoteHost& host, const ProcessSpec& step, const QString& doing);
    void cancel();
    bool isRunning() const { return m_job.isRunning(); }
    qint64 remoteGroup() const { return m_pgid; } // 0 until the host said it
    void setKillGraceMs(int ms) { m_killTimer.setInterval(ms); }
    // After finished(): RemoteFailure's words when the host or the connection failed (cannot
    // reach, lost the connection, a missing tool, a full disk), else empty: the program's own outcome.
    QString hostFailure() const { return m_hostFailure; }

Q_SIGNALS:
    void output(const QString& text);
    void finished(const krw::ProcessOutcome& outcome);

private:
    void onOutput(const QString& text);
    void onFinished(ProcessOutcome outcome);
    void stopRemote();
    void abandonRemote();
    void sendSignal(const QString& signal);

    RemoteHost m_host;
    QString m_doing;
    ProcessJob m_job;
    ProcessJob m_killJob;
    QTimer m_killTimer;
    QTimer m_timeout; // the step's own: ends the remote group too, not only ssh
    QString m_head; // output held back until the marker line came (or ssh ended)
    QString m_hostFailure;
    QString m_seen; // the last part of the output, for RemoteFailure
    qint64 m_pgid = 0;
    int m_timeoutMs = 0;
    bool m_cancelled = false;
    bool m_timedOut = false;
    bool m_killed = false;
};

} // namespace krw
