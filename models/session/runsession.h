// SPDX-License-Identifier: MIT
#pragma once

#include "models/batch/batchqueue.h"
#include "models/lint/linthint.h"
#include "models/rerun/latestrerun.h"
#include "models/run/rundata.h"

#include <QObject>
#include <QVector>

#include <atomic>
#include <memory>

namespace krw {

class AnnotationStore;
class JobTracker;
struct RerunResult;

// What the views of the open run need besides its cases, read or derived off the UI thread and
// handed over when in: its annotations (the store on its sidecar, located and read on a job
// thread), every case's newest saved rerun (the Rerun column, the failure groups), the batches
// left to resume, and the lint hints (cached between sessions, else computed at a lower
// priority). An answer for a run no longer open is dropped; a rerun that ends while the saved
// ones are read is kept. The window binds its views to these signals.
class RunSession : public QObject
{
    Q_OBJECT
public:
    explicit RunSession(QObject* parent = nullptr);
    ~RunSession() override; // a lint still running stops at its next case

    // The run now open (the same run loaded again counts as another): what was read for the one
    // before is dropped. read() then reads this one's reruns, batches and hints (the window asks
    // once the run's tree is on screen).
    void setRun(const RunPtr& run);
    void read();
    const RunPtr& run() const { return m_run; }

    // The newest store annotationsOpened() handed over: null before the first; after setRun() it is
    // still the run before's until the new one is read, so edits committed as the window leaves
    // that run are still written (the window's ReviewController forgets it at once).
    AnnotationStore* annotations() const { return m_annotations; }

    // Every case's newest saved result and those noted since; empty until rerunsRead().
    const LatestReruns& latestReruns() const { return m_latestReruns; }
    const QVector<BatchQueue>& unfinishedBatches() const { return m_unfinishedBatches; } // newest first
    // The saved reruns and the batches left to resume, read again (a batch ended).
    void readReruns();
    // A rerun of a case of this run ended: it is now the case's newest. False (nothing changes)
    // when no case of this run has that name.
    bool noteRerun(const QString& caseName, const RerunResult& result);

Q_SIGNALS:
    // annotations() is this run's store. sameFile: the store before had the same sidecar (the
    // run loaded again: an undo history of it still applies). error: the file could not be used
    // (the store starts empty and sets the file aside before its first write).
    void annotationsOpened(krw::AnnotationStore* store, bool sameFile, const QString& error);
    void rerunsRead(); // latestReruns() and unfinishedBatches() hold what was found
    void hintsRead(const QVector<krw::LintHints>& hints);

private:
    void readAnnotations();
    void readHints();
    void stopLint();

    RunPtr m_run;
    LatestReruns m_latestReruns;
    QVector<BatchQueue> m_unfinishedBatches;
    AnnotationStore* m_annotations = nullptr; // a child
    JobTracker* m_annotationRead;
    JobTracker* m_reruns;
    JobTracker* m_hints;
    std::shared_ptr<std::atomic_bool> m_lintCancel; // of the lint of m_run
};

} // namespace krw
