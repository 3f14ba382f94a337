// SPDX-License-Identifier: MIT
#include "runner/pipeline/rerunsession.h"

#include "models/work/jobtracker.h"
#include "models/work/workpools.h"

namespace krw {

RerunSession::RerunSession(QObject* parent)
    : QObject(parent)
    , m_save(new JobTracker(this))
{
    qRegisterMetaType<SavedRerun>();
    connect(&m_pipeline, &RerunPipeline::stageChanged, this, &RerunSession::stageChanged);
    connect(&m_pipeline, &RerunPipeline::log, this, &RerunSession::log);
    connect(&m_pipeline, &RerunPipeline::diagnosticsChanged, this, &RerunSession::diagnosticsChanged);
    connect(&m_pipeline, &RerunPipeline::finished, this, &RerunSession::pipelineFinished);
}

bool RerunSession::start(const RerunRequest& request, const ResultStore& store)
{
    if (isRunning())
        return false;
    m_store = store;
    m_pipeline.start(request);
    return true;
}

void RerunSession::cancel()
{
    m_pipeline.cancel();
}

bool RerunSession::isRunning() const
{
    return m_pipeline.isRunning() || m_save->isRunning();
}

void RerunSession::pipelineFinished(const RerunResult& result)
{
    m_save->start(
        WorkPools::jobs(),
        [store = m_store, result] {
            SavedRerun saved;
            QString path;
            if (store.save(result, &saved.error, &path))
                saved.path = path;
            return saved;
        },
        [this, result](const SavedRerun& saved) { Q_EMIT finished(result, saved); });
}

} // namespace krw
