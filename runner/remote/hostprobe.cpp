// SPDX-License-Identifier: MIT
#include "runner/remote/hostprobe.h"

#include <QDateTime>
#include <QRandomGenerator>

namespace krw {

HostProbe::HostProbe(QObject* parent)
    : QObject(parent)
{
    connect(&m_steps, &RemoteSteps::log, this, [this](const QString& text) {
        if (m_running && !text.trimmed().isEmpty())
            Q_EMIT output(text.trimmed());
    });
}

void HostProbe::start(const RemoteHost& host, const QString& harnessDir)
{
    cancel();
    m_host = host;
    m_info = {};
    m_running = true;
    const int generation = ++m_generation;
    m_steps.reset(host);
    const QString job = QStringLiteral("jobs/probe-%1-%2")
                            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")))
                            .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    m_steps.stage({{harnessDir, QStringLiteral("harness")}}, job, [this, generation](const StageResult& staged) {
        if (m_running && generation == m_generation)
            onStaged(staged);
    });
}

void HostProbe::cancel()
{
    if (!m_running)
        return;
    m_running = false; // whatever the steps report while they stop is not ours any more
    m_steps.cancel();
    Q_EMIT finished(false, tr("cancelled"));
}

void HostProbe::onStaged(const StageResult& staged)
{
    if (!staged.ok) {
        const QString problem = staged.cancelled ? tr("cancelled") : staged.error;
        Q_EMIT output(QStringLiteral("→ %1").arg(problem));
        return finish(false, problem);
    }
    Q_EMIT output(tr("Reached %1: staged %2 files in %3, %4 sent (%5 bytes), the rest were there already.")
                      .arg(m_host.displayName())
                      .arg(staged.files)
                      .arg(staged.jobFolder)
                      .arg(staged.uploaded)
                      .arg(staged.uploadedBytes));
    const int generation = m_generation;
    m_steps.probe(QStringLiteral("krw_harness.py"), [this, generation](const RemoteSteps::Probe& probe) {
        if (m_running && generation == m_generation)
            onProbed(probe);
    });
}

void HostProbe::onProbed(const RemoteSteps::Probe& probe)
{
    QStringList problems;
    if (!probe.hostFailure.isEmpty()) {
        problems << probe.hostFailure;
    } else {
        m_info = probe.info;
        if (m_info.usable()) {
            QStringList found{tr("Python %1").arg(m_info.pythonVersion), tr("torch %1").arg(m_info.torchVersion)};
            if (!m_info.tritonVersion.isEmpty())
                found << tr("Triton %1").arg(m_info.tritonVersion);
            if (!m_info.deviceName.isEmpty())
                found << tr("device %1").arg(m_info.deviceName);
            Q_EMIT output(found.join(QStringLiteral(", ")));
        } else {
            problems << tr("toolchain on %1: %2").arg(m_host.displayName(), m_info.error);
        }
        if (!probe.compilerProblem.isEmpty())
            problems << tr("compiler \"%1\" on %2: %3").arg(m_host.compiler, m_host.displayName(), probe.compilerProblem);
    }
    for (const QString& problem : std::as_const(problems))
        Q_EMIT output(QStringLiteral("→ %1").arg(problem));
    finish(problems.isEmpty(), problems.join(QLatin1Char('\n')));
}

void HostProbe::finish(bool ok, const QString& failure)
{
    m_running = false;
    Q_EMIT finished(ok, failure);
}

} // namespace krw
