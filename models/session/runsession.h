// SPDX-License-Identifier: MIT
#pragma once

#include "models/batch/batchqueue.h"
#include "models/lint/linthint.h"
#include "models/rerun/latestrerun.h"
#include "models/run/runchoice.h"
#include "models/run/rundata.h"

#include <QObject>
#include <QVector>

#include <atomic>
#include <memory>

namespace krw {

class AnnotationStore;
class JobTracker;
class RunLoadJob;
struct RerunResult;

// The open run: the one route from a path to it, and what its views need besides its cases.
//
// Opening (open()): the place is located on a worker, the run chosen by RunChoice (the one rule
// of "which run in this folder"), asked for through choiceNeeded() when the place holds several and
// someone can answer, and loaded on a worker; runOpened() hands it over once it is run(). The run
// formats plug into locating and loading (models/run), so every format opens by this route.
//
// Then what the views need, read or derived off the UI thread and handed over when in: its annotations (the store on its sidecar, located
// and read on a job thread), every case's newest saved rerun (the Rerun column, the failure groups), the batches left to resume, and the
// lint hints (cached between sessions, else computed at a lower priority). An answer for a run no longer open is dropped; a rerun that ends
// while the saved ones are read is kept. The window binds its views to these signals.
class RunSession : public QObject
{
    Q_OBJECT
public:
    explicit RunSession(QObject* parent = nullptr);
    ~RunSession() override; // a lint still running stops at its next case

    // Opens path: runOpened() or openFailed() or openCancelled() says how it ended. runName: a
    // remembered run (the last one, a recent one), dropped with a note when the place no longer
    // holds it. canAsk false: with several runs the newest is taken, with a note naming the others.
    // A new open() drops the one before, whose answer never arrives.
    void open(const QString& path, const QString& runName = {}, bool canAsk = true);
    void choose(int index); // after choiceNeeded(): the run (an index of its names) to load
    void cancelOpening(); // the locate, the question or the load under way: openCancelled()
    QString openedPath() const { return m_openedPath; } // the path run() was opened from
    bool isOpening() const { return m_opening; }

    // The run now open (open() calls it; the same run loaded again counts as another): what was
    // read for the one before is dropped. read() then reads this one's reruns, batches and hints (the window asks
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
    // The place holds several runs and open() may ask: choose() one or cancelOpening().
    void choiceNeeded(const krw::RunChoice& choice, const QString& path);
    void loadingStarted(const QString& runName);
    void loadProgress(qint64 done, qint64 total); // total 0: not known yet
    // run() is now run; before: the run open until now (may be null). note: RunChoice's note on
    // the choice ("… holds 3 runs; showing the newest"), or empty.
    void runOpened(const krw::RunPtr& run, const krw::RunPtr& before, const QString& note);
    void openFailed(const QString& message); // nothing found there, or not the run asked for
    void openCancelled(); // run() is unchanged

    // annotations() is this run's store. sameFile: the store before had the same sidecar (the
    // run loaded again: an undo history of it still applies). error: the file could not be used
    // (the store starts empty and sets the file aside before its first write).
    void annotationsOpened(krw::AnnotationStore* store, bool sameFile, const QString& error);
    void rerunsRead(); // latestReruns() and unfinishedBatches() hold what was found
    void hintsRead(const QVector<krw::LintHints>& hints);

private:
    void located(const LocateResult& result);
    void loadChosen(int index);
    void finishLoad(const RunPtr& run);
    void readAnnotations();
    void readHints();
    void stopLint();

    RunPtr m_run;
    RunLoadJob* m_load;
    QString m_openingPath; // of the open() under way
    QString m_openingName;
    bool m_canAsk = true;
    bool m_opening = false;
    LocateResult m_located; // of the open() under way
    QString m_choiceNote;
    QString m_openedPath;
    LatestReruns m_latestReruns;
    QVector<BatchQueue> m_unfinishedBatches;
    AnnotationStore* m_annotations = nullptr; // a child
    JobTracker* m_annotationRead;
    JobTracker* m_reruns;
    JobTracker* m_hints;
    std::shared_ptr<std::atomic_bool> m_lintCancel; // of the lint of m_run
};

} // namespace krw
