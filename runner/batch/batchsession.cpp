// SPDX-License-Identifier: MIT
#include "runner/batch/batchsession.h"

#include "models/batch/batchrecord.h"
#include "models/rerun/rerunresult.h"
#include "models/work/jobtracker.h"

#include <QThreadPool>
#include <QtConcurrent>

namespace krw {

BatchSession::BatchSession(const ResultStore& store, QObject* parent)
    : QObject(parent)
    , m_store(store)
    , m_saves(new JobTracker(this))
{
}

void BatchSession::begin(const BatchQueue& queue)
{
    m_queue = queue;
    m_summary = BatchSummary();
    saveQueue();
}

std::optional<BatchEntry> BatchSession::finishCase(const RerunResult& result, QString* saveError)
{
    if (result.status == RerunResult::Status::Cancelled)
        return std::nullopt;
    QString error;
    QString path;
    if (!m_store.save(result, &error, &path) && saveError)
        *saveError = error;
    const BatchEntry entry = BatchEntry::of(result, path);
    m_summary.add(entry);
    if (m_queue) {
        m_queue->markDone(result.caseName);
        saveQueue();
    }
    return entry;
}

void BatchSession::skipCase(const BatchEntry& entry)
{
    m_summary.add(entry);
    if (m_queue)
        m_queue->markDone(entry.caseName);
}

void BatchSession::requeueCase(const QString& caseName)
{
    m_summary.remove(caseName);
    if (m_queue)
        m_queue->markQueued(caseName);
}

bool BatchSession::end(bool cancelled, QString* error)
{
    BatchRecord record;
    record.ended = QDateTime::currentDateTime();
    record.id = BatchQueue::newId(record.ended);
    if (m_queue) {
        record.profile = m_queue->profile;
        record.version = m_queue->versionSpec;
    }
    record.cancelled = cancelled;
    record.summary = m_summary;
    const bool saved = record.save(m_store, error);
    if (m_queue && m_queue->isFinished())
        removeQueue();
    return saved;
}

void BatchSession::saveQueue()
{
    if (!m_queue)
        return;
    // Off the caller's thread, in order (BatchQueue::filePool); every failure is said when it comes
    // (startBeside: no save drops another's answer).
    m_saves->startBeside(
        BatchQueue::filePool(),
        [queue = *m_queue, store = m_store] {
            QString error;
            return queue.save(store, &error) ? QString() : error;
        },
        [this](const QString& error) {
            if (!error.isEmpty())
                Q_EMIT queueNotSaved(error);
        });
}

void BatchSession::removeQueue()
{
    if (m_queue) // after every save asked for before it
        (void)QtConcurrent::run(BatchQueue::filePool(), [queue = *m_queue, store = m_store] { queue.remove(store); });
}

void BatchSession::waitForQueueFiles()
{
    BatchQueue::filePool()->waitForDone();
}

} // namespace krw
