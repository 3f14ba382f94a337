// SPDX-License-Identifier: MIT
#include "remote/hostprobe.h"

#include <QDateTime>
#include <QRandomGenerator>

namespace krw {

namespace {

QString lastLines(const QString& text, int count)
{
    QStringList lines = text.trimmed().split(QLatin1Char('\n'));
    while (lines.size() > count)
        lines.removeFirst();
    return lines.join(QLatin1Char('\n'));
}

} // namespace

HostProbe::HostProbe(QObject* parent)
    : QObject(parent)
{
    connect(&m_stager, &RemoteStager::finished, this, &HostProbe::onStaged);
    connect(&m_job, &RemoteJob::output, this, [this](const QString& text) { m_stepOutput += text; });
    connect(&m_job, &RemoteJob::finished, this, [this](const ProcessOutcome& outcome) {
        if (m_step == Step::Python)
            onPython(outcome);
        else if (m_step == Step::Compiler)
            onCompiler(outcome);
    });
}

void HostProbe::start(const RemoteHost& host, const QString& harnessDir)
{
    cancel();
    m_host = host;
    m_info = {};
    m_problems.clear();
    m_running = true;
    const QString job = QStringLiteral("jobs/probe-%1-%2")
                            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")))
                            .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    Q_EMIT output(tr("Staging the harness on %1 (%2/%3)…").arg(host.displayName(), host.workFolder, job));
    m_stager.stage(host, {{harnessDir, QStringLiteral("harness")}}, job);
}

void HostProbe::cancel()
{
    if (!m_running)
        return;
    m_running = false; // whatever the steps report while they stop is not ours any more
    m_step = Step::Idle;
    if (m_stager.isRunning())
        m_stager.cancel();
    if (m_job.isRunning())
        m_job.cancel();
    Q_EMIT finished(false, tr("cancelled"));
}

void HostProbe::onStaged(const StageResult& staged)
{
    if (!m_running)
        return;
    if (!staged.ok) {
        m_problems << (staged.cancelled ? tr("cancelled") : staged.error);
        Q_EMIT output(QStringLiteral("→ %1").arg(m_problems.constLast()));
        return finish(false, m_problems.constLast());
    }
    m_jobFolder = staged.jobFolder;
    Q_EMIT output(tr("Reached %1: staged %2 files in %3, %4 sent (%5 bytes), the rest were there already.")
                      .arg(m_host.displayName())
                      .arg(staged.files)
                      .arg(m_jobFolder)
                      .arg(staged.uploaded)
                      .arg(staged.uploadedBytes));
    Q_EMIT output(QStringLiteral("$ %1 harness/krw_harness.py probe").arg(m_host.python));
    m_stepOutput.clear();
    m_step = Step::Python;
    m_job.start(m_host, {m_host.python, {QStringLiteral("harness/krw_harness.py"), QStringLiteral("probe")}, m_jobFolder, {}, 120000, {}},
        tr("probing the toolchain"));
}

void HostProbe::onPython(const ProcessOutcome& outcome)
{
    if (!m_running)
        return;
    if (!m_job.hostFailure().isEmpty()) {
        m_problems << m_job.hostFailure();
    } else if (outcome.kind != ProcessOutcome::Kind::Ok) {
        m_problems << tr("the Python probe on %1 %2: %3").arg(m_host.displayName(), outcome.message, lastLines(m_stepOutput, 5));
    } else {
        m_info = parseProbe(m_stepOutput.toUtf8());
        if (m_info.usable()) {
            QStringList found{tr("Python %1").arg(m_info.pythonVersion), tr("torch %1").arg(m_info.torchVersion)};
            if (!m_info.tritonVersion.isEmpty())
                found << tr("Triton %1").arg(m_info.tritonVersion);
            if (!m_info.deviceName.isEmpty())
                found << tr("device %1").arg(m_info.deviceName);
            Q_EMIT output(found.join(QStringLiteral(", ")));
        } else {
            m_problems << tr("toolchain on %1: %2").arg(m_host.displayName(), m_info.error);
        }
    }
    if (!m_problems.isEmpty())
        Q_EMIT output(QStringLiteral("→ %1").arg(m_problems.constLast()));
    Q_EMIT output(QStringLiteral("$ %1 --version").arg(m_host.compiler));
    m_stepOutput.clear();
    m_step = Step::Compiler;
    m_job.start(
        m_host, {m_host.compiler, {QStringLiteral("--version")}, m_jobFolder, {}, 60000, {}}, tr("asking the compiler for its version"));
}

void HostProbe::onCompiler(const ProcessOutcome& outcome)
{
    if (!m_running)
        return;
    const QString version = compilerVersionLog(m_stepOutput).trimmed();
    if (!m_job.hostFailure().isEmpty()) {
        m_problems << m_job.hostFailure();
    } else if (outcome.kind != ProcessOutcome::Kind::Ok) {
        m_problems << tr("compiler \"%1\" on %2 %3: %4").arg(m_host.compiler, m_host.displayName(), outcome.message, lastLines(version, 5));
    } else {
        m_info.compilerPath = m_host.compiler;
        m_info.compilerVersionText = compilerVersionText(m_stepOutput);
        m_info.compilerVersion = compilerVersionLine(m_info.compilerVersionText);
        Q_EMIT output(version);
    }
    if (m_info.compilerPath.isEmpty())
        Q_EMIT output(QStringLiteral("→ %1").arg(m_problems.constLast()));
    finish(m_problems.isEmpty(), m_problems.join(QLatin1Char('\n')));
}

void HostProbe::finish(bool ok, const QString& failure)
{
    m_running = false;
    m_step = Step::Idle;
    Q_EMIT finished(ok, failure);
}

} // namespace krw
