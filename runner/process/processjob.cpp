// SPDX-License-Identifier: MIT
#include "runner/process/processjob.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>
#include <csignal>
#include <unistd.h>

namespace krw {

namespace {

// Starts the child in a process group of its own, so the group can be killed as a whole.
class GroupLeaderProcess : public QProcess
{
public:
    explicit GroupLeaderProcess(QObject* parent)
        : QProcess(parent)
    {
#if QT_VERSION >= QT_VERSION_CHECK(6, 0, 0)
        setChildProcessModifier([] { ::setpgid(0, 0); });
#endif
    }

protected:
#if QT_VERSION < QT_VERSION_CHECK(6, 0, 0)
    void setupChildProcess() override
    {
        ::setpgid(0, 0);
    }
#endif
};

QString resolveProgram(const QString& program)
{
    if (program.contains(QLatin1Char('/')))
        return program;
    const QString found = QStandardPaths::findExecutable(program);
    return found.isEmpty() ? program : found;
}

} // namespace

QString ProcessOutcome::timedOutAfter(int timeoutMs)
{
    return QStringLiteral("timed out after %1 s").arg(QString::number(timeoutMs / 1000.0, 'g', 3));
}

QString lastLines(const QString& text, int count)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    while (!lines.isEmpty() && lines.last().trimmed().isEmpty())
        lines.removeLast();
    return lines.mid(std::max(0, int(lines.size()) - count)).join(QLatin1Char('\n'));
}

ProcessJob::ProcessJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<krw::ProcessOutcome>();
    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(100);
    connect(&m_flushTimer, &QTimer::timeout, this, &ProcessJob::flushOutput);
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        m_timedOut = true;
        killGroup(SIGTERM);
        m_killTimer.start();
    });
    m_killTimer.setSingleShot(true);
    m_killTimer.setInterval(3000); // grace period before SIGKILL
    connect(&m_killTimer, &QTimer::timeout, this, [this] { killGroup(SIGKILL); });
    connect(&m_watch, &ResourceWatch::exceeded, this, &ProcessJob::stopForLimit);
}

ProcessJob::~ProcessJob()
{
    if (isRunning()) {
        // Late signals must not reach a half-destroyed job (B5).
        m_process->disconnect(this);
        killGroup(SIGKILL);
        m_process->waitForFinished(1000);
    }
}

QProcessEnvironment ProcessJob::environmentFor(const ProcessSpec& spec)
{
    const QProcessEnvironment system = QProcessEnvironment::systemEnvironment();
    QProcessEnvironment env = system;
    if (!spec.inheritOnly.isEmpty()) {
        env.clear();
        for (const QString& name : system.keys()) {
            const bool kept = std::any_of(spec.inheritOnly.cbegin(), spec.inheritOnly.cend(), [&name](const QString& allowed) {
                return allowed.endsWith(QLatin1Char('*')) ? name.startsWith(QStringView(allowed).chopped(1)) : name == allowed;
            });
            if (kept)
                env.insert(name, system.value(name));
        }
    }
    // Messages we parse must be plain and in English (B3).
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    env.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
    env.insert(QStringLiteral("GCC_COLORS"), QString());
    env.insert(QStringLiteral("PYTHONUNBUFFERED"), QStringLiteral("1"));
    for (const QString& entry : spec.environment) {
        const int eq = int(entry.indexOf(QLatin1Char('=')));
        if (eq > 0)
            env.insert(entry.left(eq), entry.mid(eq + 1));
    }
    return env;
}

void ProcessJob::start(const ProcessSpec& spec)
{
    if (m_process) {
        m_process->disconnect(this);
        if (isRunning())
            killGroup(SIGKILL);
        m_process.release()->deleteLater();
    }
    m_watch.reset(); // a step without limits has no peak either
    m_cancelled = m_timedOut = false;
    m_limitReached.clear();
    m_limits = spec.limits;
    m_done = false;
    m_pending.clear();
    m_pid = 0;
    m_timeoutMs = spec.timeoutMs;
    m_process = std::make_unique<GroupLeaderProcess>(this);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    m_process->setWorkingDirectory(spec.workingDirectory.isEmpty() ? QDir::currentPath() : spec.workingDirectory);
    m_process->setProcessEnvironment(environmentFor(spec));
    connect(m_process.get(), &QProcess::readyRead, this, [this] {
        m_pending += m_process->readAll();
        if (!m_flushTimer.isActive())
            m_flushTimer.start();
    });
    connect(m_process.get(), QOverload<int, QProcess::ExitStatus>::of(&QProcess::finished), this, &ProcessJob::onFinished);
    connect(m_process.get(), &QProcess::errorOccurred, this, &ProcessJob::onError);
    connect(m_process.get(), &QProcess::started, this, [this] {
        m_pid = m_process->processId();
        m_watch.start(m_pid, m_limits);
    });
    const QString program = resolveProgram(spec.program);
    m_commandLine = QStringList{program} + spec.arguments;
    m_process->start(program, spec.arguments);
    if (m_timeoutMs > 0)
        m_timeout.start(m_timeoutMs);
}

void ProcessJob::cancel()
{
    if (!isRunning())
        return;
    m_cancelled = true;
    killGroup(SIGTERM);
    m_killTimer.start();
}

bool ProcessJob::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

QStringList ProcessJob::commandLine() const
{
    return m_commandLine;
}

void ProcessJob::killGroup(int signal)
{
    if (m_pid > 0)
        ::kill(-pid_t(m_pid), signal); // the whole group: the child made itself its leader
}

// Past a limit nothing is gained by waiting: a fork bomb or a runaway allocation gets no grace.
void ProcessJob::stopForLimit(const QString& what)
{
    if (!isRunning() || m_cancelled)
        return;
    m_limitReached = what;
    killGroup(SIGKILL);
}

void ProcessJob::flushOutput()
{
    if (m_pending.isEmpty())
        return;
    Q_EMIT output(QString::fromUtf8(m_pending));
    m_pending.clear();
}

void ProcessJob::onFinished(int exitCode, QProcess::ExitStatus status)
{
    m_pending += m_process->readAll();
    flushOutput();
    if (m_cancelled)
        return finish({ProcessOutcome::Kind::Cancelled, exitCode, QStringLiteral("cancelled")});
    if (!m_limitReached.isEmpty())
        return finish({ProcessOutcome::Kind::LimitReached, exitCode, m_limitReached});
    if (m_timedOut)
        return finish({ProcessOutcome::Kind::TimedOut, exitCode, ProcessOutcome::timedOutAfter(m_timeoutMs)});
    if (status == QProcess::CrashExit)
        return finish({ProcessOutcome::Kind::Crashed, exitCode, QStringLiteral("crashed (%1)").arg(m_process->errorString())});
    if (exitCode != 0)
        return finish({ProcessOutcome::Kind::ExitCode, exitCode, QStringLiteral("exited with code %1").arg(exitCode)});
    finish({ProcessOutcome::Kind::Ok, 0, QStringLiteral("finished")});
}

void ProcessJob::onError(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart)
        return; // the others are followed by finished()
    finish({ProcessOutcome::Kind::FailedToStart, -1,
        QStringLiteral("could not start %1: %2").arg(m_commandLine.value(0), m_process->errorString())});
}

void ProcessJob::finish(ProcessOutcome outcome)
{
    if (m_done)
        return;
    m_done = true;
    m_watch.stop();
    m_timeout.stop();
    m_killTimer.stop();
    // A cancelled, timed-out or stopped leader may leave children behind that ignored SIGTERM.
    if (outcome.kind == ProcessOutcome::Kind::Cancelled || outcome.kind == ProcessOutcome::Kind::TimedOut
        || outcome.kind == ProcessOutcome::Kind::LimitReached)
        killGroup(SIGKILL);
    Q_EMIT finished(outcome);
}

} // namespace krw
