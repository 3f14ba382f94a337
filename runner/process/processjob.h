// SPDX-License-Identifier: MIT
#pragma once

#include "runner/process/resourcewatch.h"

#include <QObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <QTimer>

#include <memory>

namespace krw {

// How a child process ended, in one place (B2, E6).
struct ProcessOutcome
{
    enum class Kind { Ok, ExitCode, Crashed, TimedOut, Cancelled, FailedToStart, LimitReached };
    Kind kind = Kind::Ok;
    int exitCode = 0;
    QString message; // for people: "exited with code 2", "timed out after 600 s", "passed the memory limit of 4 GiB and was stopped", ...

    // The one wording of a timeout, exact for limits under a second: "timed out after 0.25 s", "... after 600 s".
    static QString timedOutAfter(int timeoutMs);
};

// The last count lines of a step's output (trailing blank lines dropped), for a failure message.
QString lastLines(const QString& text, int count);

struct ProcessSpec
{
    QString program; // a path, or a name looked up in PATH
    QStringList arguments; // never a shell string (B3)
    QString workingDirectory;
    QStringList environment; // "NAME=value" added to the inherited environment
    int timeoutMs = 600000;
    ResourceLimits limits; // the child and all it starts; passing one stops them (LimitReached)
    // When not empty, only these names of this process's environment are inherited (a name ending
    // in '*' stands for every name with that prefix); empty: all of it. The steps that handle
    // generated code pass SandboxEnvironment::names() here.
    QStringList inheritOnly = {};
};

// Runs one external program through QProcess, with signals only (B1/B2): output arrives in
// batches every 100 ms (B4); a timeout or cancel ends the child's whole process group, so a
// compiler's or a test's own children die with it (B5). With limits, a ResourceWatch samples
// the child's tree off the UI thread, and the group is killed at once when it passes one.
class ProcessJob : public QObject
{
    Q_OBJECT
public:
    // The environment spec's program starts with: this process's (or what spec.inheritOnly keeps
    // of it), plain English messages without colour, and spec.environment on top.
    static QProcessEnvironment environmentFor(const ProcessSpec& spec);
    explicit ProcessJob(QObject* parent = nullptr);
    ~ProcessJob() override;

    void start(const ProcessSpec& spec);
    void cancel();
    bool isRunning() const;
    QStringList commandLine() const; // program (resolved) + arguments, as started
    const ProcessTreeUsage& peakUsage() const { return m_watch.peak(); } // as sampled, with limits only

Q_SIGNALS:
    void output(const QString& text);
    void finished(const krw::ProcessOutcome& outcome);

private:
    void flushOutput();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    void killGroup(int signal);
    void finish(ProcessOutcome outcome);
    void stopForLimit(const QString& what);

    std::unique_ptr<QProcess> m_process;
    QTimer m_flushTimer;
    QTimer m_timeout;
    QTimer m_killTimer;
    QByteArray m_pending;
    QStringList m_commandLine;
    ResourceWatch m_watch;
    ResourceLimits m_limits;
    QString m_limitReached; // why the watch stopped the child
    qint64 m_pid = 0;
    int m_timeoutMs = 0;
    bool m_cancelled = false;
    bool m_timedOut = false;
    bool m_done = true;
};

} // namespace krw

Q_DECLARE_METATYPE(krw::ProcessOutcome)
