// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/rerunresult.h"

#include <QObject>

namespace krw {

// What shows a batch needs of whatever runs it (docs/RUNNER.md "Batch reruns"): RerunBatch on this
// machine or a profile's SSH host, SlurmBatch on a cluster. Each starts its own way (limits, or a
// cluster's settings); from then on the batch dialog and the CLI follow either through these
// signals alone, so what happens when a case ends is written once, whoever ran it. An index is the
// case's place in the requests the batch started with.
class BatchRunner : public QObject
{
    Q_OBJECT
public:
    explicit BatchRunner(QObject* parent = nullptr);

    // Stops the batch; cases not yet finished end as Cancelled, then finished(true).
    virtual void cancel() = 0;
    virtual bool isRunning() const = 0;
    virtual int count() const = 0;
    virtual int finishedCount() const = 0;

Q_SIGNALS:
    void caseStarted(int index);
    void caseFinished(int index, const krw::RerunResult& result);
    void finished(bool cancelled);
};

} // namespace krw
