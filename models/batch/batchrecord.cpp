// SPDX-License-Identifier: MIT
#include "models/batch/batchrecord.h"

#include "models/batch/batchqueue.h"
#include "models/rerun/resultstore.h"
#include "models/storage/atomicfile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace krw {

QString BatchRecord::fileSuffix()
{
    return QStringLiteral(".result.json");
}

QByteArray BatchRecord::toJson() const
{
    QJsonArray cases;
    for (const BatchEntry& e : summary.entries())
        cases.append(e.toJson());
    const QJsonObject o{{QStringLiteral("format"), QStringLiteral("kernel-review-batch-result")}, {QStringLiteral("format_version"), 1},
        {QStringLiteral("id"), id}, {QStringLiteral("ended"), ended.toString(Qt::ISODate)}, {QStringLiteral("profile"), profile},
        {QStringLiteral("version"), version}, {QStringLiteral("cancelled"), cancelled}, {QStringLiteral("cases"), cases}};
    return QJsonDocument(o).toJson();
}

std::optional<BatchRecord> BatchRecord::fromJson(const QByteArray& json, QString* error)
{
    const QJsonDocument doc = QJsonDocument::fromJson(json);
    const QJsonObject o = doc.object();
    if (o.value(QStringLiteral("format")).toString() != QLatin1String("kernel-review-batch-result")) {
        *error = QStringLiteral("field \"format\" is not \"kernel-review-batch-result\"");
        return std::nullopt;
    }
    BatchRecord record;
    record.id = o.value(QStringLiteral("id")).toString();
    record.ended = QDateTime::fromString(o.value(QStringLiteral("ended")).toString(), Qt::ISODate);
    record.profile = o.value(QStringLiteral("profile")).toString();
    record.version = o.value(QStringLiteral("version")).toString();
    record.cancelled = o.value(QStringLiteral("cancelled")).toBool();
    const QJsonArray cases = o.value(QStringLiteral("cases")).toArray();
    for (int i = 0; i < cases.size(); ++i) {
        const BatchEntry entry = BatchEntry::fromJson(cases.at(i).toObject());
        if (entry.caseName.isEmpty() || entry.verdict.isEmpty()) {
            *error = QStringLiteral("cases[%1]: field \"%2\" is missing")
                         .arg(i)
                         .arg(entry.caseName.isEmpty() ? QStringLiteral("case") : QStringLiteral("verdict"));
            return std::nullopt;
        }
        record.summary.add(entry);
    }
    if (record.id.isEmpty() || !record.ended.isValid()) {
        *error = QStringLiteral("field \"%1\" is missing").arg(record.id.isEmpty() ? QStringLiteral("id") : QStringLiteral("ended"));
        return std::nullopt;
    }
    return record;
}

bool BatchRecord::save(const ResultStore& store, QString* error) const
{
    return writeFileAtomically(QDir(BatchQueue::folder(store)).filePath(id + fileSuffix()), toJson(), error, /*makeFolder=*/true);
}

std::optional<BatchRecord> BatchRecord::newest(const ResultStore& store, QString* error)
{
    const QDir dir(BatchQueue::folder(store));
    std::optional<BatchRecord> best;
    for (const QString& name : dir.entryList({QStringLiteral("*") + fileSuffix()}, QDir::Files)) {
        QFile file(dir.filePath(name));
        QString problem;
        std::optional<BatchRecord> record;
        if (file.open(QIODevice::ReadOnly))
            record = fromJson(file.readAll(), &problem);
        else
            problem = file.errorString();
        if (!record) {
            if (error)
                *error = QStringLiteral("%1: %2").arg(file.fileName(), problem);
            continue;
        }
        if (!best || record->ended > best->ended)
            best = record;
    }
    return best;
}

} // namespace krw
