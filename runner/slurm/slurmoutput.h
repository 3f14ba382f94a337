// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace krw {

// One task of a job array as squeue or sacct reports it.
struct SlurmTaskState
{
    QString jobId; // the array's job id, "1234"
    int task = -1; // the array index, 3 of "1234_3"
    QString state; // "PENDING", "RUNNING", "COMPLETED", "TIMEOUT", "CANCELLED", ... ("CANCELLED by 0" → "CANCELLED")
    QString node; // empty while pending
    QString reason; // squeue's %r: "None", "Resources", "TimeLimit", ...; empty from sacct
    QString elapsed; // as Slurm writes it: "1:12", "00:01:12", "1-02:03:04"
    QString timeLimit; // "1:00", "00:01:00", "UNLIMITED"
    QString exitCode; // sacct's "0:15" (code:signal); empty from squeue

    QString id() const { return QStringLiteral("%1_%2").arg(jobId).arg(task); }
};

// The words Slurm's tools print, read by pure functions (STYLE E2), tested on captured text
// (tests/runner/slurm/tst_slurmoutput.cpp). The commands that print them are SlurmBatch's.
class SlurmOutput
{
public:
    // squeue's format, one task per line: job id with index, state, node, reason, elapsed, limit.
    static QString squeueFormat() { return QStringLiteral("%i|%T|%N|%r|%M|%l"); }
    // sacct's --format fields, in the order parseSacct reads them.
    static QString sacctFormat() { return QStringLiteral("JobID,State,NodeList,Elapsed,Timelimit,ExitCode"); }

    // sbatch --parsable: "1234" or "1234;cluster". nullopt when the output holds no job id.
    static std::optional<QString> parseSbatch(const QByteArray& output);
    // squeue --array --noheader --format=squeueFormat(). Lines of no single array task (a pending
    // range "1234_[4-9%2]", a job that is no array) are left out.
    static QVector<SlurmTaskState> parseSqueue(const QByteArray& output);
    // sacct --parsable2 --noheader --format=sacctFormat(). Job steps ("1234_3.batch") and pending
    // ranges are left out; "CANCELLED by 1000" is CANCELLED.
    static QVector<SlurmTaskState> parseSacct(const QByteArray& output);

    // The task will not change any more: COMPLETED, FAILED, or killedByScheduler.
    static bool isFinal(const QString& state);
    // The scheduler ended it, whatever the task did: TIMEOUT, PREEMPTED, NODE_FAIL, CANCELLED,
    // OUT_OF_MEMORY, DEADLINE, BOOT_FAIL.
    static bool killedByScheduler(const QString& state);
    // The failure line of a task that ended without a result: "slurm: task 3 (job 1234_3 on node1)
    // TIMEOUT after 1:12 (limit 1:00)", or "... ended FAILED, exit code 1:0, without writing a result".
    static QString failure(const SlurmTaskState& state);
};

} // namespace krw
