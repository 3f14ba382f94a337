// SPDX-License-Identifier: MIT
#include "models/batch/batchqueue.h"

#include "models/batch/batchrecord.h"
#include "models/rerun/resultstore.h"
#include "models/storage/atomicfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThreadPool>
#include <QUuid>

#include <algorithm>

namespace krw {

namespace {

QString stateName(BatchQueue::State state)
{
    return state == BatchQueue::State::Done ? QStringLiteral("done") : QStringLiteral("queued");
}

} // namespace

QString BatchQueue::newId(const QDateTime& when)
{
    return when.toString(QStringLiteral("yyyyMMdd-HHmmss-")) + QUuid::createUuid().toString(QUuid::Id128).left(6);
}

BatchQueue BatchQueue::create(const QStringList& caseNames)
{
    BatchQueue queue;
    queue.created = QDateTime::currentDateTime();
    queue.id = newId(queue.created);
    for (const QString& name : caseNames)
        queue.items.append({name, State::Queued});
    return queue;
}

int BatchQueue::remaining() const
{
    return int(std::count_if(items.cbegin(), items.cend(), [](const Item& i) { return i.state == State::Queued; }));
}

QStringList BatchQueue::queuedCases() const
{
    QStringList names;
    for (const Item& item : items) {
        if (item.state == State::Queued)
            names << item.caseName;
    }
    return names;
}

void BatchQueue::markDone(const QString& caseName)
{
    for (Item& item : items) {
        if (item.caseName == caseName)
            item.state = State::Done;
    }
}

void BatchQueue::markQueued(const QString& caseName)
{
    for (Item& item : items) {
        if (item.caseName == caseName)
            item.state = State::Queued;
    }
}

QString BatchQueue::folder(const ResultStore& store)
{
    return QDir(store.root()).filePath(QStringLiteral("batches"));
}

QString BatchQueue::path(const ResultStore& store) const
{
    return QDir(folder(store)).filePath(id + QStringLiteral(".json"));
}

bool BatchQueue::save(const ResultStore& store, QString* error) const
{
    QJsonArray cases;
    for (const Item& item : items)
        cases.append(QJsonObject{{QStringLiteral("case"), item.caseName}, {QStringLiteral("state"), stateName(item.state)}});
    QJsonObject o{{QStringLiteral("format"), QStringLiteral("kernel-review-batch")}, {QStringLiteral("format_version"), 1},
        {QStringLiteral("id"), id}, {QStringLiteral("created"), created.toString(Qt::ISODate)}, {QStringLiteral("version"), versionSpec},
        {QStringLiteral("baseline"), baseline}, {QStringLiteral("profile"), profile}, {QStringLiteral("jobs"), jobs},
        {QStringLiteral("devices"), devices}, {QStringLiteral("cases"), cases}};
    if (slurm) {
        QJsonArray tasks;
        for (int i = 0; i < slurm->taskCases.size(); ++i)
            tasks.append(QJsonObject{{QStringLiteral("case"), slurm->taskCases.at(i)}, {QStringLiteral("job"), slurm->taskJobs.value(i)}});
        o.insert(QStringLiteral("slurm"), QJsonObject{{QStringLiteral("staging"), slurm->stagingDir}, {QStringLiteral("tasks"), tasks}});
    }
    return writeFileAtomically(path(store), QJsonDocument(o).toJson(), error, /*makeFolder=*/true);
}

bool BatchQueue::remove(const ResultStore& store) const
{
    return QFile::remove(path(store));
}

std::optional<BatchQueue> BatchQueue::load(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!doc.isObject()) {
        *error = QStringLiteral("%1: not a batch (%2 at offset %3)").arg(path, parseError.errorString()).arg(parseError.offset);
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    if (o.value(QStringLiteral("format")).toString() != QLatin1String("kernel-review-batch")) {
        *error = QStringLiteral("%1: field \"format\" is not \"kernel-review-batch\"").arg(path);
        return std::nullopt;
    }
    BatchQueue queue;
    queue.id = o.value(QStringLiteral("id")).toString();
    queue.created = QDateTime::fromString(o.value(QStringLiteral("created")).toString(), Qt::ISODate);
    queue.versionSpec = o.value(QStringLiteral("version")).toString();
    queue.baseline = o.value(QStringLiteral("baseline")).toString();
    queue.profile = o.value(QStringLiteral("profile")).toString();
    queue.jobs = std::max(1, o.value(QStringLiteral("jobs")).toInt(1));
    queue.devices = std::max(1, o.value(QStringLiteral("devices")).toInt(1));
    const QJsonArray cases = o.value(QStringLiteral("cases")).toArray();
    for (int i = 0; i < cases.size(); ++i) {
        const QJsonObject c = cases.at(i).toObject();
        const QString name = c.value(QStringLiteral("case")).toString();
        const QString state = c.value(QStringLiteral("state")).toString();
        if (name.isEmpty() || (state != QLatin1String("queued") && state != QLatin1String("done"))) {
            *error = QStringLiteral("%1: cases[%2]: field \"%3\" is missing or unknown")
                         .arg(path)
                         .arg(i)
                         .arg(name.isEmpty() ? QStringLiteral("case") : QStringLiteral("state"));
            return std::nullopt;
        }
        queue.items.append({name, state == QLatin1String("done") ? State::Done : State::Queued});
    }
    if (o.contains(QStringLiteral("slurm"))) {
        const QJsonObject so = o.value(QStringLiteral("slurm")).toObject();
        Slurm slurm;
        slurm.stagingDir = so.value(QStringLiteral("staging")).toString();
        if (slurm.stagingDir.isEmpty()) {
            *error = QStringLiteral("%1: field \"slurm.staging\" is missing").arg(path);
            return std::nullopt;
        }
        const QJsonArray tasks = so.value(QStringLiteral("tasks")).toArray();
        for (int i = 0; i < tasks.size(); ++i) {
            const QJsonObject t = tasks.at(i).toObject();
            const QString name = t.value(QStringLiteral("case")).toString();
            if (name.isEmpty()) {
                *error = QStringLiteral("%1: slurm.tasks[%2]: field \"case\" is missing").arg(path).arg(i);
                return std::nullopt;
            }
            slurm.taskCases << name;
            slurm.taskJobs << t.value(QStringLiteral("job")).toString();
        }
        queue.slurm = slurm;
    }
    if (queue.id.isEmpty() || queue.profile.isEmpty() || queue.versionSpec.isEmpty()) {
        *error = QStringLiteral("%1: field \"%2\" is missing")
                     .arg(path,
                         queue.id.isEmpty()            ? QStringLiteral("id")
                             : queue.profile.isEmpty() ? QStringLiteral("profile")
                                                       : QStringLiteral("version"));
        return std::nullopt;
    }
    return queue;
}

QVector<BatchQueue> BatchQueue::unfinished(const ResultStore& store, QStringList* warnings)
{
    QVector<BatchQueue> queues;
    const QDir dir(folder(store));
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        if (name.endsWith(BatchRecord::fileSuffix())) // an ended batch's record, not a queue
            continue;
        QString error;
        const auto queue = load(dir.filePath(name), &error);
        if (!queue) {
            if (warnings)
                *warnings << error;
            continue;
        }
        if (!queue->isFinished())
            queues.append(*queue);
    }
    std::sort(queues.begin(), queues.end(), [](const BatchQueue& a, const BatchQueue& b) { return a.created > b.created; });
    return queues;
}

QThreadPool* BatchQueue::filePool()
{
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool(QCoreApplication::instance());
        p->setMaxThreadCount(1);
        return p;
    }();
    return pool;
}

} // namespace krw
