// SPDX-License-Identifier: MIT
#include "models/report/reportexportjob.h"

#include "models/report/reportcsv.h"
#include "models/report/reportexport.h"
#include "models/report/reporthtml.h"
#include "models/report/reportmarkdown.h"
#include "models/report/workspaceexport.h"
#include "models/rerun/resultstore.h"
#include "models/run/runsummary.h"
#include "models/storage/atomicfile.h"
#include "models/work/jobtracker.h"
#include "models/work/workpools.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QTimer>
#include <QtConcurrent>

namespace krw {

namespace {

// GUI-thread time one slice of plot drawing may take before the event loop runs again; a plot
// takes ~18 ms (drawn and PNG-encoded), so a slice is one or two plots (docs/PERFORMANCE.md).
constexpr qint64 PlotSliceMs = 10;
constexpr int NextSliceMs = 1;

} // namespace

// Shared with the worker: the worker only reads request/cases/plots and the cancel flag.
struct ReportExportJob::State
{
    ExportRequest request;
    QVector<int> indexes;
    std::shared_ptr<const QVector<ReportCase>> cases;
    QVector<int> plotQueue; // positions in cases still to draw
    QHash<int, QByteArray> plots;
    int total = 0;
    int done = 0;
    std::shared_ptr<ReportRenderer> renderer; // may be null
    std::atomic<bool> cancelled{false};
    QFuture<void> worker;
};

ReportExportJob::ReportExportJob(QObject* parent)
    : QObject(parent)
    , m_job(new JobTracker(this))
{
    qRegisterMetaType<ExportResult>();
}

ReportExportJob::~ReportExportJob()
{
    if (m_state) {
        m_state->cancelled = true;
        m_state->worker.waitForFinished();
    }
}

void ReportExportJob::setRenderer(std::shared_ptr<ReportRenderer> renderer)
{
    m_renderer = std::move(renderer);
}

void ReportExportJob::start(const ExportRequest& request)
{
    if (m_running) {
        ExportResult refused;
        refused.error = tr("An export is already running");
        QTimer::singleShot(0, this, [this, refused] { Q_EMIT finished(refused); });
        return;
    }
    m_running = true;
    m_state = std::make_shared<State>();
    m_state->request = request;
    m_state->renderer = m_renderer;
    if (!m_state->request.generated.isValid())
        m_state->request.generated = QDateTime::currentDateTimeUtc();
    ExportResult early;
    early.path = request.destination;
    if (!request.run) {
        early.error = tr("No run to export");
    } else if (request.format == ExportFormat::Pdf && !m_renderer) {
        early.error = tr("Cannot export a PDF here: laying out pages needs the graphical part of the workbench");
    } else if (const QString problem = destinationProblem(request.destination, request.format); !problem.isEmpty()) {
        early.error = tr("Cannot export to %1: %2").arg(request.destination, problem);
    } else {
        m_state->indexes = casesInScope(*request.run, request.annotations, request.scope, request.selection);
        if (m_state->indexes.isEmpty())
            early.error = tr("No cases to export: the scope \"%1\" matches none of the %2")
                              .arg(exportScopeName(request.scope), caseCountText(int(request.run->cases.size())));
    }
    if (!early.error.isEmpty()) {
        QTimer::singleShot(0, this, [this, early] { finish(early); });
        return;
    }
    const int n = int(m_state->indexes.size());
    m_state->total = request.format == ExportFormat::Workspace ? n : n + 1; // + plots once known
    startGather();
}

void ReportExportJob::cancel()
{
    if (m_state)
        m_state->cancelled = true;
}

void ReportExportJob::postProgress(int done)
{
    // Called on the worker: hop to our thread; dropped if the job is gone.
    const auto state = m_state;
    QMetaObject::invokeMethod(
        this,
        [this, state, done] {
            if (state != m_state)
                return;
            state->done = done;
            Q_EMIT progress(done, state->total);
        },
        Qt::QueuedConnection);
}

void ReportExportJob::startGather()
{
    const auto state = m_state;
    if (state->request.format == ExportFormat::Workspace) {
        const QFuture<ExportResult> future = QtConcurrent::run(WorkPools::jobs(), [this, state] {
            return exportWorkspace(
                state->request.run, state->indexes, state->request.destination,
                [this, state](int done, int) {
                    postProgress(done);
                    return !state->cancelled.load();
                },
                state->request.annotations);
        });
        state->worker = QFuture<void>(future);
        m_job->watch(future, [this](ExportResult result) {
            if (result.cancelled)
                result.error = tr("Cancelled after %1").arg(caseCountText(result.cases));
            finish(result);
        });
        return;
    }
    using Cases = std::shared_ptr<const QVector<ReportCase>>;
    const QFuture<Cases> future = QtConcurrent::run(WorkPools::jobs(), [this, state]() -> Cases {
        auto cases = gatherReportCases(state->request.run, state->indexes, state->request.annotations, [this, state](int done, int) {
            postProgress(done);
            return !state->cancelled.load();
        });
        return cases ? std::make_shared<const QVector<ReportCase>>(std::move(*cases)) : Cases();
    });
    state->worker = QFuture<void>(future);
    m_job->watch(future, [this](const Cases& cases) { gathered(cases); });
}

void ReportExportJob::gathered(const std::shared_ptr<const QVector<ReportCase>>& cases)
{
    if (!cases || m_state->cancelled) {
        ExportResult result;
        result.cancelled = true;
        result.error = tr("Cancelled; nothing was written");
        finish(result);
        return;
    }
    m_state->cases = cases;
    if (m_state->renderer && exportFormatNeedsRenderer(m_state->request.format)) {
        for (int i = 0; i < cases->size(); ++i) {
            const auto& rerun = cases->at(i).rerun;
            if (rerun && rerun->timing)
                m_state->plotQueue.append(i);
        }
        m_state->total += int(m_state->plotQueue.size());
    }
    drawPlotSlice();
}

void ReportExportJob::drawPlotSlice()
{
    const auto state = m_state;
    if (state->cancelled) {
        gathered(nullptr);
        return;
    }
    // A slice ends before a plot that would take it past PlotSliceMs, judged by the plot before
    // (at least one plot a slice).
    QElapsedTimer slice;
    slice.start();
    qint64 lastPlotMs = 0;
    int drawn = 0;
    while (!state->plotQueue.isEmpty() && (drawn == 0 || slice.elapsed() + lastPlotMs <= PlotSliceMs)) {
        const qint64 before = slice.elapsed();
        const ReportCase& rc = state->cases->at(state->plotQueue.takeFirst());
        state->plots.insert(rc.caseIndex, state->renderer->timingPlotPng(*rc.rerun));
        lastPlotMs = slice.elapsed() - before;
        ++drawn;
        Q_EMIT progress(++state->done, state->total);
    }
    if (!state->plotQueue.isEmpty()) {
        // The next slice from a timer, not a posted event: posted events that post the next one
        // run back to back in one pass of the event loop, before any timer or input (bench_gui
        // saw two slices, 35 ms, between two ticks of its 5 ms watchdog). A 1 ms timer waits
        // its turn among the timers.
        QTimer::singleShot(NextSliceMs, this, [this] { drawPlotSlice(); });
        return;
    }
    startWrite();
}

void ReportExportJob::startWrite()
{
    const auto state = m_state;
    const QFuture<ExportResult> future = QtConcurrent::run(WorkPools::jobs(), [state]() -> ExportResult {
        const ExportRequest& request = state->request;
        const QVector<ReportCase>& cases = *state->cases;
        ReportSummary summary = summarize(*request.run, cases, request.scope, request.generated);
        summary.batch = BatchRecord::newest(ResultStore::forRun(request.run->path, request.run->name));
        if (request.comparedRun) {
            summary.comparison = RunComparison::compare(*request.run, *request.comparedRun);
            summary.comparedPath = request.comparedRun->path;
        }
        ExportResult result;
        result.cases = int(cases.size());
        result.path = request.destination;
        QByteArray bytes;
        switch (request.format) {
        case ExportFormat::Markdown:
            bytes = reportMarkdown(summary, cases);
            break;
        case ExportFormat::Csv:
            bytes = reportCsv(cases);
            break;
        case ExportFormat::Html:
        case ExportFormat::Pdf: {
            // Created on this thread: a syntax repository of its own.
            const std::unique_ptr<ReportDecorations> decorations = state->renderer ? state->renderer->createDecorations() : nullptr;
            HtmlReportOptions options;
            options.decorations = decorations.get();
            options.timingPlots = state->plots;
            if (request.format == ExportFormat::Pdf) {
                options.images = HtmlReportOptions::Images::ResourceName;
                options.codeFontFamily = state->renderer->codeFontFamily();
                result.ok = state->renderer->writePdf(reportHtmlParts(summary, cases, options), state->plots, request.destination,
                    QStringLiteral("Review report: %1").arg(request.run->name), &result.error, &state->cancelled);
                result.cancelled = state->cancelled;
                return result;
            }
            bytes = reportHtml(summary, cases, options);
            break;
        }
        case ExportFormat::Workspace:
            break; // handled in startGather
        }
        if (state->cancelled) {
            result.cancelled = true;
            result.error = QStringLiteral("Cancelled; nothing was written");
            return result;
        }
        result.ok = writeFileAtomically(request.destination, bytes, &result.error);
        return result;
    });
    state->worker = QFuture<void>(future);
    m_job->watch(future, [this](const ExportResult& result) { finish(result); });
}

void ReportExportJob::finish(const ExportResult& result)
{
    if (result.ok && m_state)
        Q_EMIT progress(m_state->total, m_state->total);
    m_running = false;
    Q_EMIT finished(result);
}

} // namespace krw
