// SPDX-License-Identifier: MIT
#include "models/run/runloadjob.h"

#include "models/work/jobtracker.h"
#include "models/work/workpools.h"

#include <QThread>

namespace krw {

RunLoadJob::RunLoadJob(QObject* parent)
    : QObject(parent)
    , m_job(new JobTracker(this))
{
    qRegisterMetaType<krw::RunPtr>();
    qRegisterMetaType<krw::LocateResult>();
    m_progressTimer.setInterval(100);
    connect(&m_progressTimer, &QTimer::timeout, this, &RunLoadJob::pollProgress);
}

RunLoadJob::~RunLoadJob()
{
    cancel();
}

void RunLoadJob::locate(const QString& path)
{
    // A new request drops a load still running: it is cancelled and its result never arrives.
    cancel();
    m_busy = false;
    m_progressTimer.stop();
    m_job->start(
        WorkPools::jobs(), [path] { return locateRuns(path); }, [this](const LocateResult& result) { Q_EMIT located(result); });
}

void RunLoadJob::load(const RunSource& source, const RunPtr& previous)
{
    cancel();
    auto shared = std::make_shared<Shared>();
    m_shared = shared;
    m_busy = true;
    m_progressTimer.start();
    auto work = [source, shared, previous] {
        LoadControl control;
        control.isCancelled = [shared] { return shared->cancelled.load(); };
        control.progress = [shared](qint64 done, qint64 total) {
            shared->done = done;
            shared->total = total;
        };
        return std::make_shared<const Run>(loadRun(source, control, {}, previous.get()));
    };
    m_job->start(WorkPools::jobs(), work, [this, shared](const RunPtr& run) {
        Q_ASSERT(QThread::currentThread() == thread());
        m_busy = false;
        m_progressTimer.stop();
        pollProgress();
        if (shared->cancelled && run && !run->cancelled) {
            // Cancelled after the worker had read everything: still the user's cancel.
            auto cancelled = std::make_shared<Run>(*run);
            cancelled->cancelled = true;
            Q_EMIT loaded(cancelled);
            return;
        }
        Q_EMIT loaded(run);
    });
}

void RunLoadJob::cancel()
{
    if (m_shared)
        m_shared->cancelled = true;
}

void RunLoadJob::pollProgress()
{
    if (m_shared)
        Q_EMIT progress(m_shared->done.load(), m_shared->total.load());
}

} // namespace krw
