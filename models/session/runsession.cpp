// SPDX-License-Identifier: MIT
#include "models/session/runsession.h"

#include "models/browse/searchindex.h"
#include "models/lint/hintcache.h"
#include "models/rerun/rerunresult.h"
#include "models/rerun/resultstore.h"
#include "models/review/annotationstore.h"
#include "models/run/runloadjob.h"
#include "models/work/jobtracker.h"
#include "models/work/workpools.h"

#include <optional>

namespace krw {

RunSession::RunSession(QObject* parent)
    : QObject(parent)
    , m_load(new RunLoadJob(this))
    , m_annotationRead(new JobTracker(this))
    , m_reruns(new JobTracker(this))
    , m_hints(new JobTracker(this))
{
    qRegisterMetaType<QVector<LintHints>>("QVector<krw::LintHints>");
    qRegisterMetaType<krw::AnnotationStore*>(); // for queued connections and QSignalSpy under Qt 5
    qRegisterMetaType<krw::RunChoice>();
    connect(m_load, &RunLoadJob::located, this, &RunSession::located);
    connect(m_load, &RunLoadJob::progress, this, &RunSession::loadProgress);
    connect(m_load, &RunLoadJob::loaded, this, &RunSession::finishLoad);
}

RunSession::~RunSession()
{
    // Nobody is told any more: the lint stops instead of holding the application's exit (its
    // pool is waited for) for the rest of the run.
    stopLint();
}

void RunSession::open(const QString& path, const QString& runName, bool canAsk)
{
    m_openingPath = path;
    m_openingName = runName;
    m_canAsk = canAsk;
    m_opening = true;
    m_located = {};
    m_choiceNote.clear();
    m_load->locate(path); // drops a locate or load under way
}

void RunSession::cancelOpening()
{
    if (!m_opening)
        return;
    m_opening = false;
    m_load->cancel(); // a load: its run arrives marked cancelled and is dropped; a locate: dropped below
    m_located = {};
    Q_EMIT openCancelled();
}

void RunSession::located(const LocateResult& result)
{
    if (!m_opening)
        return; // cancelled while locating
    // The name asked for is a remembered one: gone, it is dropped with a note.
    const RunChoice choice = RunChoice::of(m_openingPath, result, m_openingName, RunChoice::Request::Remembered, m_canAsk);
    switch (choice.outcome) {
    case RunChoice::Outcome::NothingFound:
    case RunChoice::Outcome::NoSuchRun:
        m_opening = false;
        Q_EMIT openFailed(choice.message);
        return;
    case RunChoice::Outcome::Ask:
        m_located = result;
        m_choiceNote = choice.message;
        Q_EMIT choiceNeeded(choice, m_openingPath);
        return;
    case RunChoice::Outcome::Chosen:
        m_located = result;
        m_choiceNote = choice.message;
        loadChosen(choice.index);
        return;
    }
}

void RunSession::choose(int index)
{
    if (!m_opening || index < 0 || index >= m_located.runs.size())
        return;
    loadChosen(index);
}

void RunSession::loadChosen(int index)
{
    const RunSource source = m_located.runs.at(index);
    Q_EMIT loadingStarted(source.name);
    m_load->load(source, m_run); // files of the run on show that did not change are not read again
}

void RunSession::finishLoad(const RunPtr& run)
{
    if (!m_opening || run->cancelled)
        return; // cancelOpening() has said so
    m_opening = false;
    m_located = {};
    const RunPtr before = m_run;
    m_openedPath = m_openingPath;
    setRun(run);
    Q_EMIT runOpened(run, before, m_choiceNote);
}

void RunSession::setRun(const RunPtr& run)
{
    m_run = run;
    m_latestReruns.clear();
    m_unfinishedBatches.clear();
    m_annotationRead->cancel();
    m_reruns->cancel();
    m_hints->cancel();
    stopLint();
}

void RunSession::read()
{
    if (!m_run)
        return;
    readAnnotations();
    readReruns();
    readHints();
}

// Where the sidecar is (beside the run, else a folder keyed by the run's content: up to 64 KiB
// of each source read) and what it holds, on a job thread; the store is made on this one.
void RunSession::readAnnotations()
{
    struct Found
    {
        AnnotationStore::Location location;
        AnnotationStore::FileState state;
    };
    const RunPtr run = m_run;
    m_annotationRead->start(
        WorkPools::jobs(),
        [run] {
            const AnnotationStore::Location location = AnnotationStore::locate(*run);
            return Found{location, AnnotationStore::read(location.path)};
        },
        [this, run](const Found& found) {
            AnnotationStore* before = m_annotations;
            const bool sameFile = before && before->location().path == found.location.path;
            m_annotations = new AnnotationStore(found.location, run->name, this);
            QString error;
            m_annotations->load(found.state, &error);
            Q_EMIT annotationsOpened(m_annotations, sameFile, error);
            if (before)
                before->deleteLater();
        });
}

// One small file per case that has any, and the queue files; on the queue files' pool, so after
// every save and removal asked for before (a batch that just ended has its queue removed there,
// and must not be offered for Resume).
void RunSession::readReruns()
{
    if (!m_run)
        return;
    QStringList names;
    names.reserve(m_run->cases.size());
    for (const Case& c : m_run->cases)
        names << c.filename;
    struct Found
    {
        LatestReruns reruns;
        QVector<BatchQueue> unfinishedBatches;
    };
    m_reruns->start(
        BatchQueue::filePool(),
        [store = ResultStore::forRun(m_run->path, m_run->name), names] {
            return Found{store.newestPerCase(names), BatchQueue::unfinished(store)};
        },
        [this](const Found& found) {
            // A rerun noted while the saved ones were read stays, unless the read found a later one.
            m_latestReruns = withNotedReruns(found.reruns, m_latestReruns);
            m_unfinishedBatches = found.unfinishedBatches;
            Q_EMIT rerunsRead();
        });
}

bool RunSession::noteRerun(const QString& caseName, const RerunResult& result)
{
    if (!m_run || m_run->indexOf(caseName) < 0)
        return false;
    m_latestReruns.insert(caseName, LatestRerun::of(result));
    return true;
}

// The cache first, on a job thread, so a run opened again has its hints as soon as its tree
// shows; a miss computes them on the search index's pool at its lower priority, so the UI
// thread and the case reads keep the cores first (docs/LINT.md).
void RunSession::readHints()
{
    auto cancel = std::make_shared<std::atomic_bool>(false);
    m_lintCancel = cancel;
    const RunPtr run = m_run;
    using Cached = std::optional<QVector<LintHints>>;
    m_hints->start(
        WorkPools::jobs(), [run] { return HintCache::enabled() ? HintCache::load(*run) : Cached(); },
        [this, run, cancel](const Cached& cached) {
            if (cached) {
                Q_EMIT hintsRead(*cached);
                return;
            }
            m_hints->watch(
                SearchIndex::runOnBuildPool([run, cancel] { return HintCache::hintsOf(run, cancel.get(), SearchIndex::buildPool()); }),
                [this](const QVector<LintHints>& hints) { Q_EMIT hintsRead(hints); });
        });
}

void RunSession::stopLint()
{
    if (m_lintCancel)
        m_lintCancel->store(true);
    m_lintCancel.reset();
}

} // namespace krw
