// SPDX-License-Identifier: MIT
#include "runner/slurm/slurmbatch.h"

#include "models/storage/atomicfile.h"
#include "models/work/jobtracker.h"
#include "models/work/workpools.h"
#include "runner/pipeline/rerunrequestformat.h"
#include "runner/remote/remotecommand.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>
#include <numeric>

namespace krw {

namespace {

constexpr int StrayPollLimit = 3; // a shared file system may show a result a little late
constexpr int LogTailBytes = 4000;

QString tail(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    if (file.size() > LogTailBytes)
        file.seek(file.size() - LogTailBytes);
    return QString::fromUtf8(file.readAll());
}

} // namespace

SlurmBatch::SlurmBatch(QObject* parent)
    : BatchRunner(parent)
    , m_timer(new QTimer(this))
    , m_collect(new JobTracker(this))
    , m_files(new JobTracker(this))
{
    connect(m_timer, &QTimer::timeout, this, &SlurmBatch::poll);
}

SlurmBatch::~SlurmBatch()
{
    // The jobs go on without us (their results stay in the shared folder); only our tools stop.
    const auto children = findChildren<QProcess*>();
    for (QProcess* process : children) {
        disconnect(process, nullptr, this, nullptr);
        process->kill(); // the QProcess reaps it
    }
}

QString SlurmBatch::jobScript(const QString& stagingDir, const QString& worker)
{
    return QStringLiteral("#!/bin/sh\n"
                          "# Kernel Review Workbench: one rerun per array task (docs/RUNNER.md \"Slurm cluster\").\n"
                          "dir=%1\n"
                          "task=\"$SLURM_ARRAY_TASK_ID\"\n"
                          "exec %2 run-request \"$dir/requests/$task.json\" --out \"$dir/results/$task.json\"\n")
        .arg(RemoteCommand::shellQuote(stagingDir), RemoteCommand::shellQuote(worker));
}

QString SlurmBatch::arraySpec(int count, int maxRunning)
{
    const QString range = count == 1 ? QStringLiteral("0") : QStringLiteral("0-%1").arg(count - 1);
    return maxRunning > 0 ? QStringLiteral("%1%%2").arg(range).arg(maxRunning) : range;
}

QStringList SlurmBatch::sbatchArguments(const SlurmSettings& s, const QString& stagingDir, const QString& array)
{
    const QDir dir(stagingDir);
    QStringList args = {QStringLiteral("--parsable"), QStringLiteral("--job-name=krw-rerun"), QStringLiteral("--array=%1").arg(array),
        QStringLiteral("--chdir=%1").arg(stagingDir), QStringLiteral("--output=%1").arg(dir.filePath(QStringLiteral("logs/%A_%a.out")))};
    if (!s.partition.isEmpty())
        args << QStringLiteral("--partition=%1").arg(s.partition);
    if (!s.gres.isEmpty())
        args << QStringLiteral("--gres=%1").arg(s.gres);
    if (s.timeLimitMinutes > 0)
        args << QStringLiteral("--time=%1").arg(s.timeLimitMinutes);
    args << s.sbatchOptions; // last: they override ours
    args << dir.filePath(QStringLiteral("job.sh"));
    return args;
}

QString SlurmBatch::workerProgram(const SlurmSettings& settings)
{
    if (!settings.worker.isEmpty())
        return settings.worker;
    return QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("kernel-review-cli"));
}

int SlurmBatch::finishedCount() const
{
    return int(std::count_if(m_tasks.cbegin(), m_tasks.cend(), [](const Task& t) { return t.finished; }));
}

QStringList SlurmBatch::taskJobIds() const
{
    QStringList ids;
    for (const Task& task : m_tasks)
        ids << task.jobId;
    return ids;
}

QString SlurmBatch::resultFile(int index) const
{
    return QDir(m_staging).filePath(QStringLiteral("results/%1.json").arg(index));
}

void SlurmBatch::start(const QVector<RerunRequest>& requests, const SlurmSettings& settings)
{
    Q_ASSERT(!m_running);
    m_requests = requests;
    m_settings = settings;
    m_tasks = QVector<Task>(requests.size());
    m_staging.clear();
    m_jobIds.clear();
    m_cancelled = false;
    m_running = true;
    // From the event loop, so that connections made right after start() see every signal.
    QMetaObject::invokeMethod(this, &SlurmBatch::stage, Qt::QueuedConnection);
}

struct SlurmBatch::Staged
{
    std::optional<RerunRequest> request;
    QString error; // why the request cannot be read
    QByteArray result; // the task's result file, when it wrote one
    bool hasResult = false;
};

void SlurmBatch::attach(const QString& stagingDir, const QStringList& taskJobIds, const SlurmSettings& settings, const QVector<int>& follow)
{
    Q_ASSERT(!m_running);
    m_settings = settings;
    m_staging = stagingDir;
    m_requests = QVector<RerunRequest>(taskJobIds.size());
    m_tasks = QVector<Task>(taskJobIds.size());
    m_jobIds.clear();
    QVector<int> followed;
    for (int i = 0; i < m_tasks.size(); ++i) {
        Task& task = m_tasks[i];
        task.jobId = taskJobIds.at(i);
        if (!task.jobId.isEmpty() && !m_jobIds.contains(task.jobId))
            m_jobIds << task.jobId;
        task.finished = !follow.isEmpty() && !follow.contains(i); // reported earlier
        if (!task.finished)
            followed << i;
    }
    m_cancelled = false;
    m_running = true;
    m_filesOnWorker = true;
    // The staged requests (the cases' whole texts) and the results already written: file I/O of
    // unknown size, on a worker.
    const QDir dir(stagingDir);
    m_files->start(
        WorkPools::jobs(),
        [dir, followed, n = int(m_tasks.size())] {
            QVector<Staged> staged(n);
            for (const int i : followed) {
                Staged& s = staged[i];
                QFile request(dir.filePath(QStringLiteral("requests/%1.json").arg(i)));
                if (!request.open(QIODevice::ReadOnly))
                    s.error = QStringLiteral("%1: %2").arg(request.fileName(), request.errorString());
                else if (!(s.request = RerunRequestFormat::fromJson(request.readAll(), &s.error)))
                    s.error = QStringLiteral("%1: %2").arg(request.fileName(), s.error);
                QFile result(dir.filePath(QStringLiteral("results/%1.json").arg(i)));
                if (result.open(QIODevice::ReadOnly)) {
                    s.result = result.readAll();
                    s.hasResult = true;
                }
            }
            return staged;
        },
        [this](const QVector<Staged>& staged) { attached(staged); });
}

void SlurmBatch::attached(const QVector<Staged>& staged)
{
    m_filesOnWorker = false;
    for (int i = 0; i < m_tasks.size(); ++i) {
        if (m_tasks.at(i).finished)
            continue;
        const Staged& s = staged.at(i);
        if (s.request)
            m_requests[i] = *s.request;
        else
            m_requests[i].caseName = QStringLiteral("task %1").arg(i);
    }
    if (m_cancelled) { // cancel() came while the files were read
        endUnfinished();
        return;
    }
    for (int i = 0; i < m_tasks.size(); ++i) {
        if (m_tasks.at(i).finished)
            continue;
        const Staged& s = staged.at(i);
        if (!s.request)
            failCase(i, QStringLiteral("slurm: cannot read the staged request of task %1: %2").arg(i).arg(s.error));
        else if (s.hasResult)
            accept(i, s.result);
        else if (m_tasks.at(i).jobId.isEmpty())
            failCase(i, QStringLiteral("slurm: task %1 was never submitted (the batch was left before sbatch answered)").arg(i));
    }
    Q_EMIT log(QStringLiteral("attached to %1 (jobs %2)\n").arg(m_staging, m_jobIds.join(QStringLiteral(", "))));
    if (!activeJobIds().isEmpty()) {
        m_timer->start(std::max(200, m_settings.pollIntervalMs));
        poll(); // squeue at once: a task that ended while nobody watched is said now
    }
    finishIfDone();
}

RerunResult SlurmBatch::resultFor(int index) const
{
    const RerunRequest& request = m_requests.at(index);
    RerunResult result;
    result.caseName = request.caseName;
    result.versionId = request.candidateId;
    result.versionTitle = request.candidateTitle;
    result.baselineId = request.baselineId;
    result.profile = request.profile.name;
    result.started = QDateTime::currentDateTime();
    const Task& task = m_tasks.at(index);
    if (!task.jobId.isEmpty())
        result.environment.insert(QStringLiteral("slurm_job"), QStringLiteral("%1_%2").arg(task.jobId).arg(index));
    else // staging or sbatch failed, or cancelled before: it ran nowhere (RerunResult::where())
        result.environment.insert(QStringLiteral("slurm_submitted"), QStringLiteral("no"));
    if (!task.last.node.isEmpty())
        result.environment.insert(QStringLiteral("slurm_node"), task.last.node);
    if (!task.last.state.isEmpty())
        result.environment.insert(QStringLiteral("slurm_state"), task.last.state);
    return result;
}

void SlurmBatch::failCase(int index, const QString& failure, RerunResult::Status status)
{
    RerunResult result = resultFor(index);
    result.status = status;
    result.failure = failure;
    if (!m_staging.isEmpty() && !m_tasks.at(index).jobId.isEmpty())
        result.harnessLog = tail(QDir(m_staging).filePath(QStringLiteral("logs/%1_%2.out").arg(m_tasks.at(index).jobId).arg(index)));
    finishCase(index, result);
}

void SlurmBatch::finishCase(int index, const RerunResult& result)
{
    Task& task = m_tasks[index];
    if (task.finished)
        return;
    task.finished = true;
    Q_EMIT caseFinished(index, result);
    finishIfDone();
}

void SlurmBatch::failAll(const QString& why)
{
    for (int i = 0; i < m_tasks.size(); ++i)
        failCase(i, why);
    finishIfDone();
}

namespace {

struct StagingOutcome
{
    QString dir; // the batch's folder in the shared folder
    QString error; // empty when every file was written
};

// One folder per batch in the shared folder: requests/<task>.json (RerunRequestFormat), job.sh,
// and results/ and logs/ for the tasks to fill. Each request holds a case's whole texts: written
// on a worker.
StagingOutcome writeStaging(
    const QString& sharedDir, const QString& name, const QVector<RerunRequest>& requests, const QString& jobScriptText)
{
    StagingOutcome outcome;
    QDir shared(sharedDir);
    if (!shared.mkpath(name + QStringLiteral("/logs")) || !shared.mkpath(name + QStringLiteral("/results"))
        || !shared.mkpath(name + QStringLiteral("/requests"))) {
        outcome.error = QStringLiteral("slurm: cannot make a folder in the shared folder %1").arg(sharedDir);
        return outcome;
    }
    outcome.dir = shared.absoluteFilePath(name);
    const QDir dir(outcome.dir);
    QString error;
    for (int i = 0; i < requests.size(); ++i) {
        if (!writeFileAtomically(
                dir.filePath(QStringLiteral("requests/%1.json").arg(i)), RerunRequestFormat::toJson(requests.at(i)), &error)) {
            outcome.error = QStringLiteral("slurm: cannot stage the request of task %1: %2").arg(i).arg(error);
            return outcome;
        }
    }
    const QString script = dir.filePath(QStringLiteral("job.sh"));
    if (!writeFileAtomically(script, jobScriptText.toUtf8(), &error)
        || !QFile::setPermissions(script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup))
        outcome.error = QStringLiteral("slurm: cannot write the job script %1: %2").arg(script, error);
    return outcome;
}

} // namespace

void SlurmBatch::stage()
{
    if (m_cancelled)
        return;
    if (m_requests.isEmpty())
        return finishIfDone();
    if (m_settings.sharedDir.isEmpty())
        return failAll(QStringLiteral("slurm: the profile names no shared folder (slurm_shared_dir) to stage the requests in"));
    const QString sbatch = QStandardPaths::findExecutable(QStringLiteral("sbatch"));
    if (sbatch.isEmpty())
        return failAll(QStringLiteral("slurm: sbatch was not found on PATH (Slurm's client commands: Debian's slurm-client)"));
    const QString name = QStringLiteral("krw-batch-%1-%2")
                             .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")))
                             .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    const QString dir = QDir(m_settings.sharedDir).absoluteFilePath(name);
    m_filesOnWorker = true;
    m_files->start(
        WorkPools::jobs(),
        [shared = m_settings.sharedDir, name, requests = m_requests, script = jobScript(dir, workerProgram(m_settings))] {
            return writeStaging(shared, name, requests, script);
        },
        [this](const StagingOutcome& outcome) { staged(outcome.dir, outcome.error); });
}

void SlurmBatch::staged(const QString& stagingDir, const QString& error)
{
    m_filesOnWorker = false;
    m_staging = stagingDir;
    if (m_cancelled) // cancel() came while the files were written: nothing was submitted
        return endUnfinished();
    if (!error.isEmpty())
        return failAll(error);
    Q_EMIT log(QStringLiteral("staged %1 requests in %2\n").arg(m_requests.size()).arg(m_staging));
    QVector<int> all(m_requests.size());
    std::iota(all.begin(), all.end(), 0);
    submit(all, arraySpec(int(m_requests.size()), m_settings.maxRunning));
}

QProcess* SlurmBatch::tool(const QString& program, const QStringList& arguments)
{
    auto* process = new QProcess(this);
    const QString path = QStandardPaths::findExecutable(program);
    process->setProgram(path.isEmpty() ? program : path); // not found: QProcess says so (FailedToStart)
    process->setArguments(arguments);
    // The output we parse in the C locale. Not for sbatch: it hands its environment to the job
    // (--export=ALL), whose Python and compilers should see the user's.
    if (program != QLatin1String("sbatch")) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
        process->setProcessEnvironment(env);
    }
    return process;
}

void SlurmBatch::submit(const QVector<int>& indexes, const QString& array)
{
    const QStringList args = sbatchArguments(m_settings, m_staging, array);
    QProcess* sbatch = tool(QStringLiteral("sbatch"), args);
    ++m_submitting;
    const auto done = [this, sbatch, indexes](const QString& error) {
        --m_submitting;
        const QByteArray out = sbatch->readAllStandardOutput();
        const QString err = QString::fromUtf8(sbatch->readAllStandardError()).trimmed();
        sbatch->deleteLater();
        const auto jobId = error.isEmpty() ? SlurmOutput::parseSbatch(out) : std::nullopt;
        if (!jobId) {
            const QString why = !error.isEmpty() ? error : err.isEmpty() ? QStringLiteral("it printed no job id") : err;
            for (const int i : indexes)
                failCase(i, QStringLiteral("slurm: sbatch failed: %1").arg(why));
            return finishIfDone();
        }
        m_jobIds << *jobId;
        Q_EMIT log(
            QStringLiteral("submitted job %1 (array %2)\n")
                .arg(*jobId, indexes.size() == 1 ? QString::number(indexes.first()) : QStringLiteral("0-%1").arg(indexes.size() - 1)));
        if (m_cancelled) // cancelled while sbatch ran: the job must not run
            return scancel({*jobId});
        for (const int i : indexes) {
            m_tasks[i].jobId = *jobId;
            m_tasks[i].last = {};
        }
        Q_EMIT submitted(*jobId);
        if (!m_timer->isActive())
            m_timer->start(std::max(200, m_settings.pollIntervalMs));
    };
    connect(
        sbatch, QOverload<int, QProcess::ExitStatus>::of(&QProcess::finished), this, [sbatch, done](int code, QProcess::ExitStatus status) {
            done(status == QProcess::CrashExit ? QStringLiteral("sbatch crashed")
                    : code != 0
                    ? QStringLiteral("exit code %1: %2").arg(code).arg(QString::fromUtf8(sbatch->readAllStandardError()).trimmed())
                    : QString());
        });
    connect(sbatch, &QProcess::errorOccurred, this, [sbatch, done](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            done(QStringLiteral("cannot start sbatch: %1").arg(sbatch->errorString()));
    });
    sbatch->start();
}

QStringList SlurmBatch::activeJobIds() const
{
    QStringList ids;
    for (const Task& task : m_tasks) {
        if (!task.finished && !task.jobId.isEmpty() && !ids.contains(task.jobId))
            ids << task.jobId;
    }
    return ids;
}

void SlurmBatch::accept(int index, const QByteArray& json)
{
    QString error;
    auto result = rerunFromJson(json, &error);
    if (!result)
        return failCase(index, QStringLiteral("slurm: task %1 wrote a result that cannot be read: %2").arg(index).arg(error));
    if (!m_tasks.at(index).started) {
        m_tasks[index].started = true;
        Q_EMIT caseStarted(index);
    }
    m_tasks[index].gotResult = true;
    finishCase(index, *result);
}

void SlurmBatch::poll()
{
    if (m_cancelled || m_poll || m_collect->isRunning())
        return;
    // Results first: a task that wrote one is done, whatever squeue says yet. The files are read on
    // a worker; each is taken only for the submission (job id) it was read for.
    QHash<int, QString> files;
    QVector<QString> jobIds(m_tasks.size());
    for (int i = 0; i < m_tasks.size(); ++i) {
        if (!m_tasks.at(i).finished && !m_tasks.at(i).jobId.isEmpty()) {
            files.insert(i, resultFile(i));
            jobIds[i] = m_tasks.at(i).jobId;
        }
    }
    const auto read = [files] {
        QHash<int, QByteArray> results;
        for (auto it = files.cbegin(); it != files.cend(); ++it) {
            QFile file(it.value());
            if (file.open(QIODevice::ReadOnly))
                results.insert(it.key(), file.readAll());
        }
        return results;
    };
    // Dropped by cancel(): nothing read before it is taken after it.
    m_collect->start(WorkPools::jobs(), read, [this, jobIds](const QHash<int, QByteArray>& results) { collected(results, jobIds); });
}

void SlurmBatch::collected(const QHash<int, QByteArray>& results, const QVector<QString>& jobIds)
{
    for (auto it = results.cbegin(); it != results.cend(); ++it) {
        const int i = it.key();
        // Not one that ended meanwhile, nor one requeued since (a new job id; its old file was removed).
        if (i < m_tasks.size() && !m_tasks.at(i).finished && m_tasks.at(i).jobId == jobIds.value(i))
            accept(i, it.value());
    }
    askSqueue();
}

void SlurmBatch::askSqueue()
{
    const QStringList ids = activeJobIds();
    if (ids.isEmpty()) {
        if (m_submitting == 0)
            m_timer->stop();
        return;
    }
    QProcess* squeue = tool(QStringLiteral("squeue"),
        {QStringLiteral("--array"), QStringLiteral("--states=all"), QStringLiteral("--noheader"),
            QStringLiteral("--format=%1").arg(SlurmOutput::squeueFormat()), QStringLiteral("--jobs=%1").arg(ids.join(QLatin1Char(',')))});
    m_poll = squeue;
    connect(squeue, QOverload<int, QProcess::ExitStatus>::of(&QProcess::finished), this, [this, squeue] {
        squeue->deleteLater();
        // A job squeue no longer knows makes it exit 1 ("Invalid job id specified"): the others are still read.
        onSqueue(squeue->readAllStandardOutput());
    });
    connect(squeue, &QProcess::errorOccurred, this, [this, squeue](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        squeue->deleteLater();
        Q_EMIT log(QStringLiteral("squeue cannot be started: %1\n").arg(squeue->errorString()));
        onSqueue({});
    });
    squeue->start();
}

void SlurmBatch::apply(const SlurmTaskState& state)
{
    if (state.task < 0 || state.task >= m_tasks.size())
        return;
    Task& task = m_tasks[state.task];
    if (task.finished || task.jobId != state.jobId)
        return; // an older submission of a requeued task, or another job
    task.last = state;
    if (!SlurmOutput::isFinal(state.state))
        task.strayPolls = 0;
    if (!task.started && state.state != QLatin1String("PENDING")) {
        task.started = true;
        Q_EMIT caseStarted(state.task);
    }
    if (!SlurmOutput::isFinal(state.state))
        return;
    // Ended, and this poll read no result for it (a task with one was taken before squeue ran):
    // killed, or the worker failed. A killed task is said at once; for one that ended by itself the
    // shared folder gets a few polls to show the result (onSacct), each of which reads it again.
    if (SlurmOutput::killedByScheduler(state.state))
        failCase(state.task, SlurmOutput::failure(state));
}

void SlurmBatch::onSqueue(const QByteArray& output)
{
    if (m_cancelled)
        return;
    const QVector<SlurmTaskState> states = SlurmOutput::parseSqueue(output);
    for (const SlurmTaskState& state : states)
        apply(state);
    QStringList unknown;
    for (int i = 0; i < m_tasks.size(); ++i) {
        const Task& task = m_tasks.at(i);
        if (task.finished || task.jobId.isEmpty())
            continue;
        const bool seen
            = std::any_of(states.cbegin(), states.cend(), [&](const SlurmTaskState& s) { return s.jobId == task.jobId && s.task == i; });
        const bool endedWithoutResult = seen && SlurmOutput::isFinal(task.last.state);
        if ((!seen || endedWithoutResult) && !unknown.contains(task.jobId))
            unknown << task.jobId;
    }
    if (unknown.isEmpty()) {
        m_poll = nullptr;
        return;
    }
    askSacct(unknown);
}

void SlurmBatch::askSacct(const QStringList& jobIds)
{
    QProcess* sacct = tool(QStringLiteral("sacct"),
        {QStringLiteral("--parsable2"), QStringLiteral("--noheader"), QStringLiteral("--format=%1").arg(SlurmOutput::sacctFormat()),
            QStringLiteral("--jobs=%1").arg(jobIds.join(QLatin1Char(',')))});
    m_poll = sacct;
    connect(
        sacct, QOverload<int, QProcess::ExitStatus>::of(&QProcess::finished), this, [this, sacct](int code, QProcess::ExitStatus status) {
            sacct->deleteLater();
            onSacct(sacct->readAllStandardOutput(), status == QProcess::NormalExit && code == 0);
        });
    connect(sacct, &QProcess::errorOccurred, this, [this, sacct](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        sacct->deleteLater();
        onSacct({}, false);
    });
    sacct->start();
}

void SlurmBatch::onSacct(const QByteArray& output, bool ok)
{
    m_poll = nullptr;
    if (m_cancelled)
        return;
    const QVector<SlurmTaskState> states = ok ? SlurmOutput::parseSacct(output) : QVector<SlurmTaskState>{};
    for (const SlurmTaskState& state : states)
        apply(state);
    // Whatever neither squeue nor sacct can say, and that left no result, ends after a few polls.
    for (int i = 0; i < m_tasks.size(); ++i) {
        Task& task = m_tasks[i];
        if (task.finished || task.jobId.isEmpty())
            continue;
        const bool known
            = std::any_of(states.cbegin(), states.cend(), [&](const SlurmTaskState& s) { return s.jobId == task.jobId && s.task == i; });
        const bool endedWithoutResult = SlurmOutput::isFinal(task.last.state);
        if (known && !endedWithoutResult)
            continue;
        if (++task.strayPolls < StrayPollLimit)
            continue;
        if (endedWithoutResult)
            failCase(i, SlurmOutput::failure(task.last));
        else
            failCase(i,
                QStringLiteral("slurm: task %1 (job %2_%1) is known to neither squeue nor sacct and left no result")
                    .arg(i)
                    .arg(task.jobId));
    }
}

void SlurmBatch::cancel()
{
    if (!m_running || m_cancelled)
        return;
    m_cancelled = true;
    m_timer->stop();
    m_collect->cancel();
    if (m_poll) {
        disconnect(m_poll, nullptr, this, nullptr);
        m_poll->kill();
        m_poll->deleteLater();
        m_poll = nullptr;
    }
    const QStringList ids = m_jobIds;
    if (!ids.isEmpty())
        scancel(ids); // first: finished() waits for it
    if (!m_filesOnWorker) // else once the staged files are written (staged()) or read (attached())
        endUnfinished();
}

void SlurmBatch::endUnfinished()
{
    for (int i = 0; i < m_tasks.size(); ++i) {
        if (m_tasks.at(i).finished)
            continue;
        const QString job = m_tasks.at(i).jobId;
        failCase(i, job.isEmpty() ? QStringLiteral("cancelled before it was submitted") : QStringLiteral("cancelled (scancel %1)").arg(job),
            RerunResult::Status::Cancelled);
    }
    finishIfDone();
}

void SlurmBatch::scancel(const QStringList& jobIds)
{
    ++m_scancels;
    QProcess* scancel = tool(QStringLiteral("scancel"), jobIds);
    const auto done = [this, scancel] {
        --m_scancels;
        scancel->deleteLater();
        finishIfDone();
    };
    connect(scancel, QOverload<int, QProcess::ExitStatus>::of(&QProcess::finished), this, done);
    connect(scancel, &QProcess::errorOccurred, this, [this, scancel, done](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        Q_EMIT log(QStringLiteral("scancel cannot be started: %1\n").arg(scancel->errorString()));
        done();
    });
    Q_EMIT log(QStringLiteral("scancel %1\n").arg(jobIds.join(QLatin1Char(' '))));
    scancel->start();
}

bool SlurmBatch::canRequeue(int index) const
{
    return !m_cancelled && !m_filesOnWorker && index >= 0 && index < m_tasks.size() && m_tasks.at(index).finished
        && !m_tasks.at(index).gotResult && !m_staging.isEmpty() && !m_requests.at(index).candidateId.isEmpty();
}

bool SlurmBatch::requeue(int index)
{
    if (m_cancelled || m_filesOnWorker || index < 0 || index >= m_tasks.size() || !m_tasks.at(index).finished || m_staging.isEmpty())
        return false;
    QFile::remove(resultFile(index));
    m_tasks[index] = Task{};
    m_running = true;
    Q_EMIT log(QStringLiteral("requeueing task %1\n").arg(index));
    submit({index}, QString::number(index));
    return true;
}

void SlurmBatch::finishIfDone()
{
    if (!m_running || m_filesOnWorker || m_submitting > 0 || m_scancels > 0)
        return;
    if (std::any_of(m_tasks.cbegin(), m_tasks.cend(), [](const Task& t) { return !t.finished; }))
        return;
    m_running = false;
    m_timer->stop();
    Q_EMIT finished(m_cancelled);
}

} // namespace krw
