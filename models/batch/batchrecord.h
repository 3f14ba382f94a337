// SPDX-License-Identifier: MIT
#pragma once

#include "models/batch/batchsummary.h"

#include <QDateTime>

#include <optional>

namespace krw {

class ResultStore;

// A batch that ended (finished or cancelled), kept next to the run's results as
// `batches/<id>.result.json` (every case's line and what ran), for reports: the newest one is the
// report's "Newest batch rerun" section.
struct BatchRecord
{
    QString id; // the batch's (BatchQueue::newId)
    QDateTime ended;
    QString profile;
    QString version; // the version spec: predict, call, exe
    bool cancelled = false;
    BatchSummary summary;

    static QString fileSuffix(); // ".result.json"
    QByteArray toJson() const;
    static std::optional<BatchRecord> fromJson(const QByteArray& json, QString* error);
    bool save(const ResultStore& store, QString* error) const;
    // The newest readable record of the run; nullopt when there is none. A record that cannot be
    // read is named in error and skipped.
    static std::optional<BatchRecord> newest(const ResultStore& store, QString* error = nullptr);
};

} // namespace krw
