// SPDX-License-Identifier: MIT
#pragma once

#include "models/browse/casesearch.h"
#include "models/browse/searchindex.h"

#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>

namespace krw {

class JobTracker;

// Full-text search on a worker thread. Starting a search cancels the one before; only the
// newest result is reported. A cancelled search reports nothing: finished() always carries
// the whole result of its query. While a search runs, progress() says how far it is (a few
// times a second, from a timer on the job's thread: the worker never calls into the job).
//
// setRun() builds the run's SearchIndex on the worker threads; once it is ready (indexReady),
// the queries it can answer are searched in it, in milliseconds. Until then, and for regular
// expressions and the Metadata scope, searchCases reads the texts as before. Another run (or the
// same one reloaded, a new RunPtr) cancels the build under way and starts its own; a reload of
// the run whose index is built takes the texts of the files the loader kept from that index and
// reads only those of the files it read anew (SearchIndex::Previous).
class CaseSearchJob : public QObject
{
    Q_OBJECT
public:
    explicit CaseSearchJob(QObject* parent = nullptr);
    ~CaseSearchJob() override;

    void setRun(const RunPtr& run); // index it in the background; nullptr drops the index
    void start(const RunPtr& run, const SearchQuery& query);
    void cancel(); // the search under way; indexing goes on
    bool isBusy() const { return m_busy; }
    bool isIndexing() const { return m_indexState != nullptr; }
    // The index of run, when it is built; nullptr while indexing, or for another run.
    std::shared_ptr<const SearchIndex> indexFor(const RunPtr& run) const;

Q_SIGNALS:
    void indexProgress(int indexed, int total); // cases indexed so far, of the run's
    void indexReady(qint64 milliseconds); // the run given to setRun is indexed; searches use it from now on
    void indexFailed(const QString& reason); // it could not be (e.g. out of memory); searches keep reading the files
    void progress(int searched, int total); // cases searched so far, of the run's
    void finished(const QSet<QString>& filenames, const krw::SearchQuery& query);

private:
    // What the job and the worker of one search share.
    struct State
    {
        std::atomic<bool> cancelled{false};
        std::atomic<int> searched{0};
        std::atomic<int> total{0};
    };
    void reportProgress();
    void cancelIndexing();
    void updateProgressTimer(); // runs while a search or an indexing is under way

    struct IndexState
    {
        std::atomic<bool> cancelled{false};
        std::atomic<int> indexed{0};
        std::atomic<int> total{0};
        QString failure; // why the build threw, written by its task before the future finishes
    };
    JobTracker* m_indexJob; // the index build
    std::shared_ptr<IndexState> m_indexState; // the build under way, if any
    RunPtr m_indexRun; // the run setRun was given
    std::shared_ptr<const SearchIndex> m_index; // its index, once built
    int m_reportedIndexed = -1;

    JobTracker* m_searchJob; // the search asked for last
    std::shared_ptr<State> m_state;
    bool m_busy = false;
    QTimer m_progressTimer;
    int m_reportedSearched = -1;
};

} // namespace krw

Q_DECLARE_METATYPE(krw::SearchQuery)
