// SPDX-License-Identifier: MIT
#include "app/cli/exportcommand.h"

#include "app/cli/cli.h"
#include "app/cli/clioutput.h"
#include "models/report/reportexport.h"
#include "models/report/reportexportjob.h"
#include "models/report/summaryreport.h"
#include "models/run/runloader.h"
#include "models/run/runsummary.h"

#include <QCoreApplication>

namespace krw::cli {

// Exit 0 when the report was written; 2 with a message when nothing could be written: the run
// cannot be loaded, the destination is not writable, or the scope holds no case; 1 on usage errors.
int exportReport(QCommandLineParser& parser, const CliOptions& options, const QStringList& args, const RendererFactory& renderer)
{
    if (args.size() != 2 || !parser.isSet(options.format) || !parser.isSet(options.out))
        return usage(parser, QCoreApplication::translate("kernel-review-cli", "export takes one PATH, --format FORMAT and --out DEST"));
    const auto format = exportFormatFromName(parser.value(options.format));
    if (!format)
        return usage(parser,
            QCoreApplication::translate("kernel-review-cli", "unknown --format \"%1\" (html, md, pdf, csv or workspace)")
                .arg(parser.value(options.format)));
    const QString only = parser.isSet(options.only) ? parser.value(options.only) : QStringLiteral("all");
    const auto scope = exportScopeFromName(only);
    if (!scope || *scope == ExportScope::Selection)
        return usage(
            parser, QCoreApplication::translate("kernel-review-cli", "unknown --only \"%1\" (all, failing or annotated)").arg(only));
    QTextStream err = errStream();
    QString error;
    auto run = std::make_shared<Run>(loadRunAtPath(args.at(1), parser.value(options.run), &error));
    // What could not be loaded is not in the report: say so, line by line, before writing it.
    for (const LoadWarning& warning : run->warnings)
        err << QCoreApplication::translate("kernel-review-cli", "warning: %1").arg(loadWarningLine(warning, run->path)) << '\n';
    if (!error.isEmpty() || run->cases.isEmpty()) {
        err << "kernel-review-cli: "
            << (error.isEmpty() ? QCoreApplication::translate("kernel-review-cli", "no case could be loaded from %1").arg(args.at(1))
                                : error)
            << '\n';
        return NothingLoaded;
    }
    ExportRequest request;
    if (parser.isSet(options.compare)) {
        const QString comparedPath = parser.value(options.compare);
        auto compared = std::make_shared<Run>(loadRunAtPath(comparedPath, {}, &error));
        if (!error.isEmpty() || compared->cases.isEmpty()) {
            err << "kernel-review-cli: "
                << (error.isEmpty() ? QCoreApplication::translate("kernel-review-cli", "no case could be loaded from %1").arg(comparedPath)
                                    : error)
                << '\n';
            return NothingLoaded;
        }
        request.comparedRun = compared;
    }
    request.run = run;
    request.format = *format;
    request.scope = *scope;
    request.destination = parser.value(options.out);
    request.annotations = loadRunAnnotations(*run, &error);
    if (!error.isEmpty())
        err << QCoreApplication::translate("kernel-review-cli", "warning: annotations not read: %1").arg(error) << '\n';
    ReportExportJob job;
    if (exportFormatNeedsRenderer(*format) && renderer)
        job.setRenderer(renderer()); // the program made a QApplication for these (needsGui)
    int exitCode = Ok;
    QObject::connect(&job, &ReportExportJob::finished, &job, [&](const ExportResult& result) {
        if (result.ok) {
            err << QCoreApplication::translate("kernel-review-cli", "wrote %1 to %2").arg(caseCountText(result.cases), result.path) << '\n';
        } else {
            err << "kernel-review-cli: " << result.error << '\n';
            exitCode = result.cancelled ? Cancelled : NothingLoaded;
        }
        QCoreApplication::exit(exitCode);
    });
    job.start(request);
    QCoreApplication::exec();
    return exitCode;
}

} // namespace krw::cli
