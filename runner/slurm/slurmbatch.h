// SPDX-License-Identifier: MIT
#pragma once

#include "pipeline/rerunrequest.h"
#include "rerun/rerunresult.h"
#include "slurm/slurmoutput.h"

#include <QObject>
#include <QPointer>
#include <QVector>

class QProcess;
class QTimer;

namespace krw {

// A batch of reruns as one Slurm job array (docs/RUNNER.md "Slurm cluster"): one request file per
// case is staged in the profile's shared folder, one job script and ONE `sbatch --array=0-(N-1)%M`
// submit them, and every task runs `kernel-review-cli run-request` on its node. squeue (sacct for
// tasks squeue no longer knows) is polled from a timer through QProcess; a task's result file is
// collected as soon as it is there. A task the scheduler ended (TIMEOUT, PREEMPTED, NODE_FAIL,
// CANCELLED, OUT_OF_MEMORY, ...) becomes a Failed result that says so, and requeue() submits it
// again. cancel() scancels every job of the batch. The signals are RerunBatch's. Lives on the UI
// thread and never blocks it.
class SlurmBatch : public QObject
{
    Q_OBJECT
public:
    explicit SlurmBatch(QObject* parent = nullptr);
    ~SlurmBatch() override;

    // Every request runs with its own profile on the node; settings say where and how to submit.
    void start(const QVector<RerunRequest>& requests, const SlurmSettings& settings);
    // scancel every job of the batch; cases not yet finished end as Cancelled.
    void cancel();
    // Submits a finished case again (a killed, failed or any other task) as a job of its own; its
    // caseStarted and caseFinished come again, then finished(). False when the case is unknown,
    // still running, or the batch was cancelled.
    bool requeue(int index);
    bool isRunning() const { return m_running; }
    int count() const { return int(m_requests.size()); }
    int finishedCount() const;
    QString stagingDir() const { return m_staging; } // empty until staged
    QStringList jobIds() const { return m_jobIds; } // every job submitted: the array, then requeues

    // What is staged and submitted, for the tests and the docs.
    static QString jobScript(const QString& stagingDir, const QString& worker);
    static QString arraySpec(int count, int maxRunning); // "0-2%2", "0-999"
    static QStringList sbatchArguments(const SlurmSettings& settings, const QString& stagingDir, const QString& array);
    // kernel-review-cli beside this program (the GUI's and the CLI's folder), unless settings name one.
    static QString workerProgram(const SlurmSettings& settings);

Q_SIGNALS:
    void caseStarted(int index); // its task was seen running
    void caseFinished(int index, const krw::RerunResult& result);
    void finished(bool cancelled);
    void log(const QString& text); // staged, submitted, tool errors

private:
    struct Task
    {
        QString jobId; // the job it was last submitted as
        SlurmTaskState last;
        bool started = false;
        bool finished = false;
        int strayPolls = 0; // polls without a state or without the result a finished task should have left
    };

    void stage();
    void submit(const QVector<int>& indexes, const QString& array);
    void poll();
    void onSqueue(const QByteArray& output);
    void askSacct(const QStringList& jobIds);
    void onSacct(const QByteArray& output, bool ok);
    void apply(const SlurmTaskState& state);
    bool collect(int index); // the result file, when the worker wrote one
    void finishCase(int index, const RerunResult& result);
    void failCase(int index, const QString& failure, RerunResult::Status status = RerunResult::Status::Failed);
    RerunResult resultFor(int index) const;
    QString requestFile(int index) const;
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
    QPointer<QProcess> m_poll; // squeue or sacct, one at a time
    int m_submitting = 0; // sbatch runs in flight
    int m_scancels = 0;
    bool m_running = false;
    bool m_cancelled = false;
};

} // namespace krw
