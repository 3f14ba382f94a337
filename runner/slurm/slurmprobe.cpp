// SPDX-License-Identifier: MIT
#include "runner/slurm/slurmprobe.h"

#include "models/work/jobtracker.h"
#include "models/work/workpools.h"
#include "runner/slurm/slurmbatch.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryFile>

namespace krw {

SlurmProbe::SlurmProbe(QObject* parent)
    : QObject(parent)
    , m_folderCheck(new JobTracker(this))
{
    connect(&m_job, &ProcessJob::output, this, [this](const QString& text) { m_sinfoOutput += text; });
    connect(&m_job, &ProcessJob::finished, this, &SlurmProbe::onSinfo);
}

SlurmProbe::~SlurmProbe() = default;

QString SlurmProbe::checkSharedFolder(const QString& dir)
{
    if (dir.trimmed().isEmpty())
        return tr("the profile names no shared folder");
    const QFileInfo info(dir);
    if (!info.exists())
        return tr("the shared folder %1 does not exist").arg(dir);
    if (!info.isDir())
        return tr("the shared folder %1 is not a folder").arg(dir);
    QTemporaryFile file(QDir(dir).filePath(QStringLiteral(".krw-write-test-XXXXXX")));
    if (!file.open())
        return tr("cannot create a file in the shared folder %1: %2").arg(dir, file.errorString());
    return {}; // removed with file
}

void SlurmProbe::start(const SlurmSettings& settings)
{
    m_settings = settings;
    m_problems.clear();
    m_sinfoOutput.clear();
    m_running = true;
    m_folderCheck->cancel(); // a newer start() wins
    if (m_job.isRunning())
        m_job.cancel();
    QStringList args{QStringLiteral("--noheader"), QStringLiteral("--format=%P %a %D nodes %t, limit %l")};
    if (!settings.partition.isEmpty())
        args << QStringLiteral("--partition=") + settings.partition;
    Q_EMIT output(QStringLiteral("$ sinfo %1").arg(args.join(QLatin1Char(' '))));
    if (QStandardPaths::findExecutable(QStringLiteral("sinfo")).isEmpty()) {
        m_problems << tr("sinfo was not found on PATH (Slurm's client commands: Debian's slurm-client)");
        Q_EMIT output(QStringLiteral("→ %1").arg(m_problems.constLast()));
        return checkFolder(); // the folder is still worth checking
    }
    m_job.start({QStringLiteral("sinfo"), args, {}, {QStringLiteral("LC_ALL=C")}, 30000, {}});
}

void SlurmProbe::onSinfo(const ProcessOutcome& outcome)
{
    if (!m_running || outcome.kind == ProcessOutcome::Kind::Cancelled)
        return;
    const QString text = m_sinfoOutput.trimmed();
    if (outcome.kind != ProcessOutcome::Kind::Ok) {
        m_problems << tr("sinfo %1: %2").arg(outcome.message, text.isEmpty() ? tr("no output") : text);
        Q_EMIT output(QStringLiteral("→ %1").arg(m_problems.constLast()));
    } else if (text.isEmpty() && !m_settings.partition.isEmpty()) {
        m_problems << tr("the cluster has no partition %1 (sinfo lists none)").arg(m_settings.partition);
        Q_EMIT output(QStringLiteral("→ %1").arg(m_problems.constLast()));
    } else {
        Q_EMIT output(text);
    }
    checkFolder();
}

void SlurmProbe::checkFolder()
{
    Q_EMIT output(tr("Checking the shared folder %1…").arg(m_settings.sharedDir));
    m_folderCheck->start(
        WorkPools::jobs(), [dir = m_settings.sharedDir] { return checkSharedFolder(dir); },
        [this](const QString& problem) { onFolderChecked(problem); });
}

void SlurmProbe::onFolderChecked(const QString& problem)
{
    if (problem.isEmpty()) {
        Q_EMIT output(tr("The shared folder %1 exists and is writable.").arg(m_settings.sharedDir));
    } else {
        m_problems << problem;
        Q_EMIT output(QStringLiteral("→ %1").arg(problem));
    }
    Q_EMIT output(tr("Worker: %1 (it must exist at that path on the nodes)").arg(SlurmBatch::workerProgram(m_settings)));
    m_running = false;
    Q_EMIT finished(m_problems.isEmpty(), m_problems.join(QLatin1Char('\n')));
}

} // namespace krw
