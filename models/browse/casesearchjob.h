// SPDX-License-Identifier: MIT
#pragma once

#include "browse/casesearch.h"

#include <QObject>

#include <atomic>
#include <memory>

namespace krw {

// Full-text search on a worker thread. Starting a search cancels the one before; only the
// newest result is reported. A cancelled search reports nothing: finished() always carries
// the whole result of its query.
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
    void finished(const QSet<QString>& filenames, const krw::SearchQuery& query);

private:
    quint64 m_generation = 0;
    std::shared_ptr<std::atomic<bool>> m_cancelled;
    bool m_busy = false;
};

} // namespace krw

Q_DECLARE_METATYPE(krw::SearchQuery)
