// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/resultstore.h"
#include "runner/pipeline/rerunpipeline.h"

#include <QObject>

namespace krw {

class JobTracker;

// Where a finished rerun's result went: its file, or why it was not saved.
struct SavedRerun
{
    QString path; // empty when not saved
    QString error; // why not
    bool saved() const { return !path.isEmpty(); }
};

// One rerun from request to stored result, the same for the window's runner panel and
// `kernel-review-cli rerun --case`: the pipeline runs it, and its result is saved in the store the
// rerun started with (whatever the caller shows by then), off the caller's thread; finished()
// follows the save. The one owner of saving a single rerun's result (a batch's are BatchSession's).
class RerunSession : public QObject
{
    Q_OBJECT
public:
    explicit RerunSession(QObject* parent = nullptr);

    // Refused (false, nothing started) while a rerun or its save is under way.
    bool start(const RerunRequest& request, const ResultStore& store);
    void cancel(); // the rerun stops; its cancelled result is still saved and finished() comes
    bool isRunning() const; // the rerun, or the save of its result
    // The store of the rerun under way, or of the last one.
    const ResultStore& store() const { return m_store; }

Q_SIGNALS:
    void stageChanged(krw::RerunStage stage);
    void log(const QString& text);
    void diagnosticsChanged(const QVector<krw::Diagnostic>& diagnostics);
    void finished(const krw::RerunResult& result, const krw::SavedRerun& saved);

private:
    void pipelineFinished(const RerunResult& result);

    RerunPipeline m_pipeline;
    ResultStore m_store{QString()};
    JobTracker* m_save;
};

} // namespace krw

Q_DECLARE_METATYPE(krw::SavedRerun)
