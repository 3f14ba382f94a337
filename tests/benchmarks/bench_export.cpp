// SPDX-License-Identifier: MIT
//
// Export benchmark (docs/PERFORMANCE.md, "export"): the wall time of exporting a whole run through
// ReportExportJob — the job the Export dialog and `kernel-review-cli export` use — with the
// widget renderer (plot images, syntax colours), and the longest stall of the UI thread meanwhile.
//
//   bench_export [--format html|md|csv|pdf|workspace]... RUN_DIR      (default: html, md, csv)
//
// Set-up, not timed: the run is loaded; every case gets an annotation held in memory (a verdict,
// two tags, a Markdown note, two line comments on its newest prediction); one case in five gets a
// saved rerun with a timing plot, written to the run's sidecar folder (.kernel-review/ beside the
// run, see SidecarFolder) unless that case already has one. Then each format is exported to a
// temporary folder. The UI-thread watchdog is a 5 ms timer on this (the GUI) thread: the longest
// gap between two of its ticks while a job runs is the stall (export_ui_stall_max_ms), printed with
// the CPU time the thread used in that gap (export_ui_stall_cpu_ms: far less than the gap means the
// thread waited for a core on a loaded machine rather than worked). Runs offscreen (QT_QPA_PLATFORM is
// set to offscreen when unset). Prints human text and `RESULT <key> <value> <unit>` lines; exits 1
// without them when the run cannot be loaded or an export fails. Not a test: figures are read
// from the table tests/benchmarks/run.sh prints.
#include "benchsupport.h"
#include "exampletiming.h"
#include "models/diff/linediff.h"
#include "models/report/reportexport.h"
#include "models/report/reportexportjob.h"
#include "models/rerun/resultstore.h"
#include "models/review/annotations.h"
#include "models/run/casetexts.h"
#include "models/run/runloader.h"
#include "widgets/report/widgetreportrenderer.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <algorithm>

namespace {

// Newest prediction of a case (or the label when no iteration has one), with its version id.
QPair<QString, QString> reviewedVersion(const krw::CaseTexts& texts, const krw::Case& c)
{
    for (int i = c.history.size() - 1; i >= 0; --i) {
        const QString key = krw::iterationKey(c.history.at(i).iteration, "predict");
        if (!texts.text(key).isEmpty())
            return {key, texts.text(key)};
    }
    return {QStringLiteral("label"), texts.text(QStringLiteral("label"))};
}

krw::AnnotationMap annotate(const krw::RunPtr& run, int* rerunsSaved, QString* error)
{
    using namespace krw;
    const QDateTime when = QDateTime::currentDateTimeUtc();
    AnnotationMap annotations;
    const ResultStore store = ResultStore::forRun(run->path, run->name);
    for (int i = 0; i < run->cases.size(); ++i) {
        const Case& c = run->cases.at(i);
        const CaseTexts texts = readCaseTexts(run, i);
        const auto [versionId, text] = reviewedVersion(texts, c);
        const QStringList lines = splitLines(text);
        CaseAnnotation a;
        a.verdict = Verdict(1 + i % 6);
        a.tags = QStringList{QStringLiteral("bench"), QStringLiteral("tag%1").arg(i % 7)};
        a.note = QStringLiteral("The **launch** is wrong for case %1; see [notes](https://example.com/%1).").arg(i);
        a.author = QStringLiteral("bench");
        a.modified = when;
        for (int line : {3, 20}) {
            if (line >= lines.size())
                continue;
            LineComment comment;
            comment.id = QStringLiteral("c%1-%2").arg(i).arg(line);
            comment.anchor = {versionId, versionContentHash(text), line, lines.at(line)};
            comment.text = QStringLiteral("Look at *this* line.");
            comment.author = QStringLiteral("bench");
            comment.created = when;
            a.comments.append(comment);
        }
        annotations.insert(c.filename, a);
        if (i % 5 == 0 && store.history(c.filename).isEmpty()) {
            RerunResult r;
            r.caseName = c.filename;
            r.versionId = versionId;
            r.started = when;
            r.accuracy = AccuracyStage{};
            r.accuracy->outputs.append(OutputComparison{});
            r.accuracy->outputs[0].name = QStringLiteral("out");
            r.accuracy->outputs[0].maxAbsErr = 1e-3;
            r.timing = twiceAsFastTiming();
            if (!store.save(r, error))
                return {};
            ++*rerunsSaved;
        }
    }
    return annotations;
}

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Times exporting a run through ReportExportJob."));
    parser.addHelpOption();
    parser.addOption(
        {QStringLiteral("format"), QStringLiteral("A format to export (repeatable; default html, md, csv)."), QStringLiteral("FORMAT")});
    parser.addPositionalArgument(QStringLiteral("RUN_DIR"), QStringLiteral("A run folder, e.g. written by make_run.py."));
    parser.process(app);
    QTextStream& out = krw::bench::out();
    QTextStream err(stderr);
    if (parser.positionalArguments().size() != 1) {
        err << "bench_export: give exactly one RUN_DIR\n";
        return 2;
    }
    QVector<krw::ExportFormat> formats;
    const QStringList names = parser.isSet(QStringLiteral("format"))
        ? parser.values(QStringLiteral("format"))
        : QStringList{QStringLiteral("html"), QStringLiteral("md"), QStringLiteral("csv")};
    for (const QString& name : names) {
        const auto format = krw::exportFormatFromName(name);
        if (!format) {
            err << "bench_export: unknown format " << name << '\n';
            return 2;
        }
        formats.append(*format);
    }

    const QString runDir = parser.positionalArguments().first();
    QString error;
    const auto run = krw::bench::loadRun(QStringLiteral("bench_export"), runDir);
    if (!run)
        return 1;
    int rerunsSaved = 0;
    const krw::AnnotationMap annotations = annotate(run, &rerunsSaved, &error);
    if (!error.isEmpty()) {
        err << "bench_export: could not save a rerun result: " << error << '\n';
        return 1;
    }
    out << "run: " << run->cases.size() << " cases, " << annotations.size() << " annotated, " << rerunsSaved
        << " reruns saved now (one case in five has one)" << Qt::endl;

    QTemporaryDir dir;
    QElapsedTimer tick;
    qint64 tickCpuNs = 0;
    qint64 longestGapNs = 0;
    qint64 longestGapCpuNs = 0;
    const auto noteGap = [&] {
        const qint64 gap = tick.nsecsElapsed();
        const qint64 cpu = krw::bench::threadCpuNs();
        if (gap > longestGapNs) {
            longestGapNs = gap;
            longestGapCpuNs = cpu - tickCpuNs;
        }
        tick.restart();
        tickCpuNs = cpu;
    };
    QTimer watchdog;
    watchdog.setTimerType(Qt::PreciseTimer);
    watchdog.setInterval(5);
    QObject::connect(&watchdog, &QTimer::timeout, &app, noteGap);
    double totalS = 0;
    double worstStallMs = 0;
    double worstStallCpuMs = 0;
    for (const krw::ExportFormat format : formats) {
        krw::ReportExportJob job;
        job.setRenderer(std::make_shared<krw::WidgetReportRenderer>());
        krw::ExportRequest request;
        request.run = run;
        request.format = format;
        request.annotations = annotations;
        request.destination = dir.filePath(QStringLiteral("out") + krw::exportFormatExtension(format));
        if (format == krw::ExportFormat::Workspace)
            QDir().mkpath(request.destination);
        krw::ExportResult result;
        QEventLoop loop;
        QObject::connect(&job, &krw::ReportExportJob::finished, &loop, [&](const krw::ExportResult& r) {
            result = r;
            loop.quit();
        });
        QElapsedTimer timer;
        timer.start();
        longestGapNs = 0;
        longestGapCpuNs = 0;
        tick.start();
        tickCpuNs = krw::bench::threadCpuNs();
        watchdog.start();
        job.start(request);
        loop.exec();
        noteGap(); // the gap up to the end counts too
        watchdog.stop();
        const double seconds = double(timer.nsecsElapsed()) / 1e9;
        const double stallMs = double(longestGapNs) / 1e6;
        const double stallCpuMs = double(longestGapCpuNs) / 1e6;
        const QString name = krw::exportFormatName(format);
        if (!result.ok) {
            err << "bench_export: exporting " << name << " failed: " << result.error << '\n';
            return 1;
        }
        const QFileInfo written(result.path);
        out << name << ": " << QString::number(seconds, 'f', 3) << " s, " << result.cases << " cases"
            << (written.isFile() ? QStringLiteral(", %1 MB").arg(double(written.size()) / 1e6, 0, 'f', 1) : QString())
            << ", longest UI-thread stall " << QString::number(stallMs, 'f', 1) << " ms (" << QString::number(stallCpuMs, 'f', 1)
            << " ms of it on the CPU)" << Qt::endl;
        krw::bench::result(QStringLiteral("export_%1_s").arg(name), seconds, QStringLiteral("s"));
        totalS += seconds;
        if (stallMs > worstStallMs) {
            worstStallMs = stallMs;
            worstStallCpuMs = stallCpuMs;
        }
    }
    krw::bench::result(QStringLiteral("export_s"), totalS, QStringLiteral("s"));
    krw::bench::result(QStringLiteral("export_ui_stall_max_ms"), worstStallMs, QStringLiteral("ms"));
    krw::bench::result(QStringLiteral("export_ui_stall_cpu_ms"), worstStallCpuMs, QStringLiteral("ms"));
    return 0;
}
