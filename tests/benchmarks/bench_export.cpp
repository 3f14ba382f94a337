// SPDX-License-Identifier: MIT
//
// Export speed on a synthetic annotated run: N cases (default 1000), every case annotated
// (verdict, tags, a Markdown note, two line comments), one case in five with a saved rerun
// (accuracy table and timing plot). Exports html, md, csv, pdf and workspace through
// ReportExportJob, as the dialog and the CLI do, and prints the wall time of each.
// Usage: bench_export [CASES] [FORMAT...] (default: every format). Run offscreen (QT_QPA_PLATFORM=offscreen is set if unset).
// Not a test: numbers are quoted in notes, not asserted.
#include "diff/linediff.h"
#include "exampletiming.h"
#include "report/reportexport.h"
#include "report/reportexportjob.h"
#include "report/widgetreportrenderer.h"
#include "rerun/resultstore.h"
#include "review/annotationstore.h"
#include "run/runloader.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <nlohmann/json.hpp>

namespace {

std::string text(std::size_t size, char fill)
{
    std::string s;
    s.reserve(size);
    int line = 0;
    while (s.size() < size)
        s += "    x" + std::to_string(line++) + " = tl.load(ptr + offs, mask=mask)  # " + fill + "\n";
    s.resize(size);
    return s;
}

void writeRun(const QString& dir, int cases)
{
    using nlohmann::json;
    QFile jsonl(dir + QStringLiteral("/bench_0.jsonl"));
    jsonl.open(QIODevice::WriteOnly);
    json memory = json::object();
    for (int c = 0; c < cases; ++c) {
        const std::string name = "kernel_" + std::to_string(c) + ".py";
        json line = {{"filename", name}, {"instruction", text(1300, 'i')}, {"label", text(2000, 'l')}, {"predict", text(3000, 'a')},
            {"test_code", text(1000, 't')}};
        jsonl.write(QByteArray::fromStdString(line.dump() + "\n"));
        std::string fix = text(3000, 'a');
        fix.replace(fix.find("tl.load"), 7, "tl.store"); // a small change: one changed line
        memory[name] = {{"pass_call", c % 3 != 0}, {"call_err_msg", c % 3 ? "None" : "x.hip:12:3: error: boom"}, {"call_candidate", fix},
            {"pass_exe", false}, {"exe_err_msg", "RuntimeError: mismatch"}, {"exe_candidate", nullptr}, {"pass_perf", false},
            {"perf_candidates", json::array()}, {"perf_debug_num", 0},
            {"temp_strategy", "## Strategy\n\n- **vectorize** the loads\n- see [docs](https://example.com)\n"}, {"reflection", nullptr},
            {"perf_strategy", nullptr}, {"oneshot", ""}};
    }
    QFile mem(dir + QStringLiteral("/bench_mem_0.json"));
    mem.open(QIODevice::WriteOnly);
    mem.write(QByteArray::fromStdString(memory.dump(1)));
}

void annotate(const krw::RunPtr& run)
{
    using namespace krw;
    const QDateTime when = QDateTime::currentDateTimeUtc();
    const QString predict = QString::fromStdString(text(3000, 'a'));
    AnnotationMap annotations;
    const ResultStore store = ResultStore::forRun(run->path, run->name);
    for (int i = 0; i < run->cases.size(); ++i) {
        CaseAnnotation a;
        a.verdict = Verdict(1 + i % 6);
        a.tags = QStringList{QStringLiteral("bench"), QStringLiteral("tag%1").arg(i % 7)};
        a.note = QStringLiteral("The **launch** is wrong for case %1; see [notes](https://example.com/%1).").arg(i);
        a.author = QStringLiteral("bench");
        a.modified = when;
        for (int line : {3, 20}) {
            LineComment c;
            c.id = QStringLiteral("c%1-%2").arg(i).arg(line);
            c.anchor = {QStringLiteral("it0:predict"), versionContentHash(predict), line, splitLines(predict).value(line)};
            c.text = QStringLiteral("Look at *this* line.");
            c.author = QStringLiteral("bench");
            c.created = when;
            a.comments.append(c);
        }
        annotations.insert(run->cases.at(i).filename, a);
        if (i % 5 == 0) {
            RerunResult r;
            r.caseName = run->cases.at(i).filename;
            r.versionId = QStringLiteral("it0:predict");
            r.started = when;
            r.accuracy = AccuracyStage{};
            r.accuracy->outputs.append(OutputComparison{});
            r.accuracy->outputs[0].name = QStringLiteral("out");
            r.accuracy->outputs[0].maxAbsErr = 1e-3;
            r.timing = twiceAsFastTiming();
            QString error;
            store.save(r, &error);
        }
    }
    // One write of the whole sidecar (AnnotationStore::set would rewrite it per case).
    const QString path = AnnotationStore::locate(*run).path;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    file.open(QIODevice::WriteOnly);
    file.write(annotationsToJson(annotations, run->name));
    file.commit();
}

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int cases = argc > 1 ? QByteArray(argv[1]).toInt() : 1000;
    QTemporaryDir dir;
    QDir().mkpath(dir.filePath(QStringLiteral("run")));
    writeRun(dir.filePath(QStringLiteral("run")), cases);
    const auto run = std::make_shared<const krw::Run>(krw::loadRunAtPath(dir.filePath(QStringLiteral("run"))));
    annotate(run);
    QString error;
    const krw::AnnotationMap annotations = krw::loadRunAnnotations(*run, &error);
    QTextStream out(stdout);
    out << "run: " << run->cases.size() << " cases, " << annotations.size() << " annotated, " << run->cases.size() / 5 + 1
        << " with a rerun (timing plot)" << Qt::endl;

    for (const krw::ExportFormat format : {krw::ExportFormat::Html, krw::ExportFormat::Markdown, krw::ExportFormat::Csv,
             krw::ExportFormat::Pdf, krw::ExportFormat::Workspace}) {
        if (argc > 2 && !QCoreApplication::arguments().mid(2).contains(krw::exportFormatName(format)))
            continue;
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
        job.start(request);
        loop.exec();
        const qint64 ms = timer.elapsed();
        const QFileInfo written(result.path);
        out << krw::exportFormatName(format) << ": " << ms << " ms, " << result.cases << " cases"
            << (written.isFile() ? QStringLiteral(", %1 MB").arg(written.size() / 1048576.0, 0, 'f', 1) : QString())
            << (result.ok ? QString() : QStringLiteral(" FAILED: ") + result.error) << Qt::endl;
    }
    return 0;
}
