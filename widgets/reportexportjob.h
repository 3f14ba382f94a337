// SPDX-License-Identifier: MIT
//
// Exports a report in the background: cases are gathered and text is written on a worker
// (QtConcurrent); timing plots, which need the GUI thread, are drawn a few at a time from the
// event loop so the window stays responsive. progress(done, total) throughout; cancel() stops
// at the next case and leaves any existing destination file untouched (QSaveFile).
// Phases: gather (worker) → plots (GUI, html/pdf only) → write (worker).
#pragma once

#include "reportexport.h"

#include <QHash>
#include <QObject>

#include <atomic>
#include <memory>

namespace krw {

class ReportExportJob : public QObject
{
    Q_OBJECT
public:
    explicit ReportExportJob(QObject* parent = nullptr);
    ~ReportExportJob() override; // cancels and waits for the worker

    // One export at a time; a second start() while running is refused with finished(error).
    void start(const ExportRequest& request);
    void cancel();
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void progress(int done, int total);
    void finished(const krw::ExportResult& result);

private:
    struct State;
    void finish(const ExportResult& result);
    void startGather();
    void gathered(const std::shared_ptr<const QVector<ReportCase>>& cases);
    void drawPlotSlice();
    void startWrite();
    void postProgress(int done);

    std::shared_ptr<State> m_state;
    bool m_running = false;
};

} // namespace krw
