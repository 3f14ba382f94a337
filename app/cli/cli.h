// SPDX-License-Identifier: MIT
//
// kernel-review-cli's commands as a library, so they can be tested in-process: run() parses
// the options (CliOptions) and hands the command (one file each: summarycommand.h, ...) the
// streams it is given. cli_main.cpp only creates the application object and calls run().
#pragma once

#include <QCommandLineParser>
#include <QIODevice>
#include <QStringList>

#include <functional>
#include <memory>

namespace krw {
class ReportRenderer;
}

namespace krw::cli {

enum ExitCode { Ok = 0, UsageError = 1, NothingLoaded = 2, CouldNotRun = 3, Cancelled = 4 };

// export --format html|pdf draws plots and lays out pages with the widgets; every other command
// runs on a QCoreApplication and touches no QtGui. Decided from the raw arguments, before any
// application object exists.
bool needsGui(const QStringList& arguments);

// The options every command understands; descriptions are the --help text (and man page).
void addOptions(QCommandLineParser& parser);

// What draws a report's plots, syntax colours and PDF pages for export --format html|pdf: the
// graphical part, which the program links and hands in (cli_main.cpp), so the commands themselves
// need models and runner only. Without one, html has plain code and no plots and pdf is refused
// (ReportExportJob says why).
using RendererFactory = std::function<std::shared_ptr<ReportRenderer>()>;

// Parses arguments (arguments[0] is the program) and runs the command. Commands that wait for
// a job (rerun, export) run the application's event loop until it finishes.
int run(const QStringList& arguments, QIODevice* out, QIODevice* err, const RendererFactory& renderer = {});

} // namespace krw::cli
