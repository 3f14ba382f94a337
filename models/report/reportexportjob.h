// SPDX-License-Identifier: MIT
//
// Exports a report in the background, in every format: cases are gathered and text is written
// on a worker (QtConcurrent). What needs pixels comes from an optional ReportRenderer: timing
// plots are drawn by it on the job's own thread (the GUI thread in the app), a few at a time
// from the event loop so the window stays responsive; syntax colours and the PDF layout on the
// worker. Without a renderer the job touches no QtGui: Markdown, CSV, workspace folders and
// HTML with plain code and no plot images; PDF is refused with a clear error.
// progress(done, total) throughout; cancel() stops at the next case and leaves any existing
// destination file untouched (QSaveFile).
// Phases: gather (worker) → plots (job's thread, html/pdf with a renderer) → write (worker).
#pragma once

#include "models/report/exportrequest.h"
#include "models/report/exportresult.h"
#include "models/report/reportrenderer.h"

#include <QHash>
#include <QObject>

#include <atomic>
#include <memory>

namespace krw {

class JobTracker;

class ReportExportJob : public QObject
{
    Q_OBJECT
public:
    explicit ReportExportJob(QObject* parent = nullptr);
    ~ReportExportJob() override; // cancels and waits for the worker

    // What draws plots, syntax colours and PDFs; nullptr (the default) for none.
    void setRenderer(std::shared_ptr<ReportRenderer> renderer);

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

    JobTracker* m_job; // the step on a worker: gather, or write
    std::shared_ptr<State> m_state;
    std::shared_ptr<ReportRenderer> m_renderer;
    bool m_running = false;
};

} // namespace krw
