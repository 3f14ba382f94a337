// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/rerunresult.h"
#include "runner/batch/batchrunner.h"
#include "runner/pipeline/rerunrequest.h"
#include "runner/slurm/slurmoutput.h"

#include <QByteArray>
#include <QHash>
#include <QPointer>
#include <QVector>

class QProcess;
class QTimer;

namespace krw {

class JobTracker;

// A batch of reruns as one Slurm job array (docs/RUNNER.md "Slurm cluster"): one request file per
// case is staged in the profile's shared folder (written on a worker), one job script and ONE `sbatch --array=0-(N-1)%M`
// submit them, and every task runs `kernel-review-cli run-request` on its node. squeue (sacct for
// tasks squeue no longer knows) is polled from a timer through QProcess; each poll first reads the
// result files of the unfinished tasks on a worker (the shared folder may be a slow network mount),
// and a task's result is taken as soon as it is there. A task the scheduler ended (TIMEOUT, PREEMPTED, NODE_FAIL,
// CANCELLED, OUT_OF_MEMORY, ...) becomes a Failed result that says so, and requeue() submits it
// again. cancel() scancels every job of the batch. The jobs do not depend on this object: destroyed
// (the app closed), they run on, and attach() follows them again from the staging folder and the
// job ids. The signals are BatchRunner's. Lives on the UI thread and never blocks it.
class SlurmBatch : public BatchRunner
{
    Q_OBJECT
public:
    explicit SlurmBatch(QObject* parent = nullptr);
    ~SlurmBatch() override;

    // Every request runs with its own profile on the node; settings say where and how to submit.
    void start(const QVector<RerunRequest>& requests, const SlurmSettings& settings);
    // Follows a batch staged and submitted earlier (by another SlurmBatch, maybe in another process
    // that has ended): task i was submitted as taskJobIds[i] (empty: never submitted). Only the
    // tasks in `follow` are reported (empty: all): a result already in the staging folder arrives
    // at once, a task still pending or running is polled as start()'s are, one that ended without a
    // result (cancelled, killed) fails saying so and can be requeued. Nothing still on the cluster
    // is submitted again. The staged requests are read off the UI thread.
    void attach(const QString& stagingDir, const QStringList& taskJobIds, const SlurmSettings& settings, const QVector<int>& follow = {});
    // scancel every job of the batch; cases not yet finished end as Cancelled.
    void cancel() override;
    // Submits a finished case again (a killed, failed or any other task) as a job of its own; its
    // caseStarted and caseFinished come again, then finished(). False when the case is unknown,
    // still running, or the batch was cancelled.
    bool requeue(int index);
    // Whether requeue(index) makes sense: the case ended without a result of its task (the
    // scheduler killed it, it was cancelled outside the batch, sbatch failed, ...).
    bool canRequeue(int index) const;
    bool isRunning() const override { return m_running; }
    int count() const override { return int(m_tasks.size()); }
    int finishedCount() const override;
    QString stagingDir() const { return m_staging; } // empty until staged
    QStringList jobIds() const { return m_jobIds; } // every job submitted: the array, then requeues
    QStringList taskJobIds() const; // the job each task was last submitted as, by index: what attach() takes

    // What is staged and submitted, for the tests and the docs.
    static QString jobScript(const QString& stagingDir, const QString& worker);
    static QString arraySpec(int count, int maxRunning); // "0-2%2", "0-999"
    static QStringList sbatchArguments(const SlurmSettings& settings, const QString& stagingDir, const QString& array);
    // kernel-review-cli beside this program (the GUI's and the CLI's folder), unless settings name one.
    static QString workerProgram(const SlurmSettings& settings);

Q_SIGNALS: // and BatchRunner's: caseStarted (its task was seen running), caseFinished, finished
    void submitted(const QString& jobId); // taskJobIds() changed: what attach() needs is on the cluster now
    void log(const QString& text); // staged, submitted, tool errors

private:
    struct Task
    {
        QString jobId; // the job it was last submitted as
        SlurmTaskState last;
        bool started = false;
        bool finished = false;
        bool gotResult = false; // finished with the result its task wrote
        int strayPolls = 0; // polls without a state or without the result a finished task should have left
    };

    struct Staged; // what attach() reads off the UI thread
    void stage();
    void staged(const QString& stagingDir, const QString& error); // stage()'s files written, on a worker
    void failAll(const QString& why);
    void attached(const QVector<Staged>& staged);
    void endUnfinished(); // cancel()'s end of every case not finished
    void submit(const QVector<int>& indexes, const QString& array);
    void poll();
    void collected(const QHash<int, QByteArray>& results, const QVector<QString>& jobIds);
    void askSqueue();
    void onSqueue(const QByteArray& output);
    void askSacct(const QStringList& jobIds);
    void onSacct(const QByteArray& output, bool ok);
    void apply(const SlurmTaskState& state);
    void accept(int index, const QByteArray& json); // a result file's contents
    void finishCase(int index, const RerunResult& result);
    void failCase(int index, const QString& failure, RerunResult::Status status = RerunResult::Status::Failed);
    RerunResult resultFor(int index) const;
    QString resultFile(int index) const;
    QStringList activeJobIds() const;
    QProcess* tool(const QString& program, const QStringList& arguments);
    void scancel(const QStringList& jobIds);
    void finishIfDone();

    QVector<RerunRequest> m_requests;
    SlurmSettings m_settings;
    QVector<Task> m_tasks;
    QString m_staging;
    QStringList m_jobIds;
    QTimer* m_timer = nullptr;
    JobTracker* m_collect; // a poll's result files, read on a worker
    JobTracker* m_files; // the staged requests written, or read again on attach, on a worker
    QPointer<QProcess> m_poll; // squeue or sacct, one at a time
    int m_submitting = 0; // sbatch runs in flight
    int m_scancels = 0;
    bool m_running = false;
    bool m_filesOnWorker = false; // stage() writes, or attach() reads, the staged files on a worker
    bool m_cancelled = false;
};

} // namespace krw
