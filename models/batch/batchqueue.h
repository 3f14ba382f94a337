// SPDX-License-Identifier: MIT
#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

class QThreadPool;

namespace krw {

class ResultStore;

// A batch as it is kept next to the run's results (`<results>/batches/<id>.json`), so that it can
// be resumed after the app was closed: what runs (version, baseline, profile, limits) and each
// case's state. Written atomically after every change.
struct BatchQueue
{
    enum class State { Queued, Done };
    struct Item
    {
        QString caseName;
        State state = State::Queued;
    };

    QString id; // "20261126-141502-ab12cd"
    QDateTime created;
    QString versionSpec = QStringLiteral("predict");
    QString baseline = QStringLiteral("label");
    QString profile;
    int jobs = 1;
    int devices = 1;
    QVector<Item> items;
    // A batch submitted to Slurm (docs/RUNNER.md "Slurm cluster"): its jobs run on after the app
    // closed, so resuming follows them (SlurmBatch::attach) instead of running the cases again.
    // Absent for a local batch, and in files written before Slurm batches were kept.
    struct Slurm
    {
        QString stagingDir; // <shared>/krw-batch-…: requests/<i>.json, results/<i>.json
        QStringList taskCases; // the case of task i
        QStringList taskJobs; // the job task i was last submitted as; empty: not submitted
        int taskOf(const QString& caseName) const { return int(taskCases.indexOf(caseName)); }
    };
    std::optional<Slurm> slurm;

    static BatchQueue create(const QStringList& caseNames);
    static QString newId(const QDateTime& when); // "20261126-141502-ab12cd": sorts by time, unique
    int remaining() const;
    bool isFinished() const { return remaining() == 0; }
    QStringList queuedCases() const;
    void markDone(const QString& caseName);
    void markQueued(const QString& caseName); // requeued: it runs again

    static QString folder(const ResultStore& store);
    QString path(const ResultStore& store) const;
    bool save(const ResultStore& store, QString* error) const;
    bool remove(const ResultStore& store) const;
    // The file's batch, or nullopt with error naming the file and the field.
    static std::optional<BatchQueue> load(const QString& path, QString* error);
    // Batches with cases left, newest first; unreadable files are named in warnings.
    static QVector<BatchQueue> unfinished(const ResultStore& store, QStringList* warnings = nullptr);
    // Where queue files are saved, removed and read off the UI thread: one task at a time, in the
    // order asked. A later save is never overwritten by an earlier one (also across dialogs: a batch
    // resumed in a new window), and a read asked for after a batch ended sees its queue removed.
    // The pool outlives every window, so a save asked for as a window closes still lands.
    static QThreadPool* filePool();
};

} // namespace krw
