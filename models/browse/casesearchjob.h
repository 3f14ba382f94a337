// SPDX-License-Identifier: MIT
#pragma once

#include "browse/casesearch.h"

#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>

namespace krw {

// Full-text search on a worker thread. Starting a search cancels the one before; only the
// newest result is reported. A cancelled search reports nothing: finished() always carries
// the whole result of its query. While a search runs, progress() says how far it is (a few
// times a second, from a timer on the job's thread: the worker never calls into the job).
class CaseSearchJob : public QObject
{
    Q_OBJECT
public:
    explicit CaseSearchJob(QObject* parent = nullptr);
    ~CaseSearchJob() override;

    void start(const RunPtr& run, const SearchQuery& query);
    void cancel();
    bool isBusy() const { return m_busy; }

Q_SIGNALS:
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

    quint64 m_generation = 0;
    std::shared_ptr<State> m_state;
    bool m_busy = false;
    QTimer m_progressTimer;
    int m_reportedSearched = -1;
};

} // namespace krw

Q_DECLARE_METATYPE(krw::SearchQuery)
