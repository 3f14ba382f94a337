// SPDX-License-Identifier: MIT
#include "runner/remote/remotejob.h"

#include "runner/remote/remotecommand.h"
#include "runner/remote/remotefailure.h"
#include "runner/runnerlogging.h"

namespace krw {

namespace {

constexpr int keptOutputChars = 8192; // enough for ssh's last messages
constexpr int killGraceMs = 3000;

} // namespace

RemoteJob::RemoteJob(QObject* parent)
    : QObject(parent)
{
    m_killTimer.setSingleShot(true);
    m_killTimer.setInterval(killGraceMs);
    connect(&m_killTimer, &QTimer::timeout, this, [this] {
        if (!m_job.isRunning())
            return;
        if (!m_killed && m_pgid > 0) {
            m_killed = true;
            sendSignal(QStringLiteral("KILL"));
            m_killTimer.start();
            return;
        }
        m_job.cancel(); // the host did not end it: at least this side stops
    });
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        if (!m_job.isRunning() || m_cancelled)
            return;
        m_timedOut = true;
        stopRemote();
    });
    connect(&m_job, &ProcessJob::output, this, &RemoteJob::onOutput);
    connect(&m_job, &ProcessJob::finished, this, &RemoteJob::onFinished);
    connect(&m_killJob, &ProcessJob::finished, this, [this](const ProcessOutcome& outcome) {
        if (outcome.kind != ProcessOutcome::Kind::Ok)
            qCInfo(lcRunner) << "remote kill on" << m_host.displayName() << outcome.message;
    });
}

RemoteJob::~RemoteJob()
{
    abandonRemote();
}

void RemoteJob::abandonRemote()
{
    // The local ssh is about to be killed without a word; the remote group would run on. Nobody
    // waits for this kill: it must not hold up whoever drops the job.
    if (m_job.isRunning() && m_pgid > 0) {
        const ProcessSpec kill = RemoteCommand::kill(m_host, m_pgid, QStringLiteral("KILL"));
        QProcess::startDetached(kill.program, kill.arguments);
    }
}

void RemoteJob::start(const RemoteHost& host, const ProcessSpec& step, const QString& doing)
{
    abandonRemote(); // a step still running is replaced, as ProcessJob replaces its child
    m_host = host;
    m_doing = doing;
    m_head.clear();
    m_seen.clear();
    m_hostFailure.clear();
    m_pgid = 0;
    m_cancelled = m_timedOut = m_killed = false;
    m_killTimer.stop();
    m_timeoutMs = step.timeoutMs;
    ProcessSpec spec = RemoteCommand::run(host, step);
    spec.timeoutMs = 0; // ours below, which ends the remote side as well
    m_job.start(spec);
    if (m_timeoutMs > 0)
        m_timeout.start(m_timeoutMs);
}

void RemoteJob::cancel()
{
    if (!m_job.isRunning() || m_cancelled)
        return;
    m_cancelled = true;
    if (!m_timedOut)
        stopRemote();
}

void RemoteJob::stopRemote()
{
    if (m_pgid <= 0) {
        // The host has not said which group to end (it may not have started it): end ssh.
        m_job.cancel();
        return;
    }
    sendSignal(QStringLiteral("TERM"));
    m_killTimer.start();
}

void RemoteJob::sendSignal(const QString& signal)
{
    m_killJob.start(RemoteCommand::kill(m_host, m_pgid, signal));
}

void RemoteJob::onOutput(const QString& text)
{
    m_seen += text;
    if (m_seen.size() > keptOutputChars)
        m_seen = m_seen.right(keptOutputChars);
    if (m_pgid > 0) {
        Q_EMIT output(text);
        return;
    }
    // Shell start-up files may print before the marker; it is taken out once its line is whole.
    m_head += text;
    const int lastNewline = int(m_head.lastIndexOf(QLatin1Char('\n')));
    if (lastNewline < 0)
        return;
    QString whole = m_head.left(lastNewline + 1);
    m_pgid = RemoteCommand::takeGroupMarker(&whole);
    if (m_pgid <= 0)
        return;
    const QString rest = whole + m_head.mid(lastNewline + 1);
    m_head.clear();
    if (!rest.isEmpty())
        Q_EMIT output(rest);
    if (m_cancelled || m_timedOut) // stopped before the group was known: it is known now
        sendSignal(QStringLiteral("TERM"));
}

void RemoteJob::onFinished(ProcessOutcome outcome)
{
    if (!m_head.isEmpty()) {
        Q_EMIT output(m_head);
        m_head.clear();
    }
    m_killTimer.stop();
    m_timeout.stop();
    if (m_cancelled) {
        outcome = {ProcessOutcome::Kind::Cancelled, outcome.exitCode, QStringLiteral("cancelled")};
    } else if (m_timedOut) {
        outcome = {ProcessOutcome::Kind::TimedOut, outcome.exitCode, ProcessOutcome::timedOutAfter(m_timeoutMs)};
    } else {
        const QString why = RemoteFailure::describe(m_host.displayName(), outcome, m_seen, m_pgid > 0, m_doing);
        if (!why.isEmpty())
            outcome.message = m_hostFailure = why;
    }
    Q_EMIT finished(outcome);
}

} // namespace krw
