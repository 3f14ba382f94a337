// SPDX-License-Identifier: MIT
#pragma once

#include "models/batch/batchqueue.h"
#include "models/batch/batchsummary.h"
#include "models/rerun/resultstore.h"

#include <QObject>

#include <optional>

namespace krw {

class JobTracker;
struct RerunResult;

// What a batch leaves behind, the same for the window's batch dialog and `kernel-review-cli rerun
// --only/--cases`: each case's result saved in the run's store, the queue (BatchQueue) saved after
// every case so a batch cut short — cancelled, its window closed, its CLI killed — can be resumed
// from the window (Go ▸ Resume Batch…), and the batch's record (BatchRecord) for reports when it
// ends. The one owner of that rule. Queue files are written on BatchQueue::filePool(), in order;
// the runner that produces the results is the caller's (RerunBatch, SlurmBatch).
class BatchSession : public QObject
{
    Q_OBJECT
public:
    explicit BatchSession(const ResultStore& store, QObject* parent = nullptr);

    const ResultStore& store() const { return m_store; }
    // The batch now worked through (new, or resumed with some cases done): the summary starts
    // empty and the queue is saved.
    void begin(const BatchQueue& queue);
    // A case that ended. A cancelled one is neither saved nor marked done (it stays queued for a
    // resume): nullopt. Otherwise its result is saved (*saveError says why not, and the entry has
    // no file), it is counted and marked done, and the queue is saved.
    std::optional<BatchEntry> finishCase(const RerunResult& result, QString* saveError = nullptr);
    // A case with nothing to run (no such version): counted and marked done.
    void skipCase(const BatchEntry& entry);
    // A case to run again (a Slurm task requeued): out of the summary, queued again. saveQueue() after.
    void requeueCase(const QString& caseName);
    // The batch, or this part of a resumed one, ended: its record is written; a queue with no case
    // left is removed (the queue stays readable through queue() until the next begin()).
    bool end(bool cancelled, QString* error = nullptr);

    // The queue being worked through; the caller may change it (a Slurm batch's job ids, a requeue)
    // and then saveQueue().
    std::optional<BatchQueue>& queue() { return m_queue; }
    const std::optional<BatchQueue>& queue() const { return m_queue; }
    const BatchSummary& summary() const { return m_summary; }
    void saveQueue();
    void removeQueue();
    // Blocks until every queue file asked for is written: for the CLI, before it exits.
    static void waitForQueueFiles();

Q_SIGNALS:
    void queueNotSaved(const QString& error); // the batch could not be resumed after a stop

private:
    ResultStore m_store;
    JobTracker* m_saves; // the queue's saves, each answered
    std::optional<BatchQueue> m_queue;
    BatchSummary m_summary;
};

} // namespace krw
