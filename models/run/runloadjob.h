// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/runloader.h"

#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>

namespace krw {

class JobTracker;

// Finds and loads runs on a worker thread. Lives on the UI thread; reports through signals.
// A new request drops the previous one: its result never arrives (B7).
class RunLoadJob : public QObject
{
    Q_OBJECT
public:
    explicit RunLoadJob(QObject* parent = nullptr);
    ~RunLoadJob() override;

    void locate(const QString& path); // -> located
    // previous: a run loaded before; files of it that have not changed are not read again.
    void load(const RunSource& source, const RunPtr& previous = {}); // -> progress..., loaded
    void cancel();
    bool isBusy() const { return m_busy; }

Q_SIGNALS:
    void located(const krw::LocateResult& result);
    void progress(qint64 done, qint64 total);
    void loaded(const krw::RunPtr& run); // run->cancelled when the user cancelled

private:
    struct Shared
    {
        std::atomic<bool> cancelled{false};
        std::atomic<qint64> done{0};
        std::atomic<qint64> total{0};
    };
    void pollProgress();

    JobTracker* m_job; // the locate or load asked for last
    std::shared_ptr<Shared> m_shared;
    QTimer m_progressTimer;
    bool m_busy = false;
};

} // namespace krw

Q_DECLARE_METATYPE(krw::LocateResult)
