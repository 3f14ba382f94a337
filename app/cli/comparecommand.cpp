// SPDX-License-Identifier: MIT
#include "app/cli/comparecommand.h"

#include "app/cli/cli.h"
#include "app/cli/clioutput.h"
#include "models/compare/comparisonsummary.h"
#include "models/report/summaryreport.h"
#include "models/run/runloader.h"

#include <QCoreApplication>

namespace krw::cli {

// compare A B: the buckets of two runs (fixed, regressed, ...) with their cases. 2 when either
// run cannot be loaded or holds no case, naming which; 1 on usage errors.
int compareRuns(QCommandLineParser& parser, const CliOptions& options, const QStringList& args)
{
    if (args.size() != 3)
        return usage(parser, QCoreApplication::translate("kernel-review-cli", "compare takes two PATHs, A and B"));
    QTextStream err = errStream();
    Run runs[2];
    for (int i = 0; i < 2; ++i) {
        const QString& path = args.at(1 + i);
        QString error;
        runs[i] = loadRunAtPath(path, {}, &error);
        if (!error.isEmpty()) {
            err << "kernel-review-cli: " << error << '\n';
            return NothingLoaded;
        }
        // What could not be loaded is in no bucket: say so, line by line, naming the run.
        for (const LoadWarning& warning : runs[i].warnings)
            err << QCoreApplication::translate("kernel-review-cli", "warning: %1: %2")
                       .arg(i == 0 ? QStringLiteral("A") : QStringLiteral("B"), loadWarningLine(warning, runs[i].path))
                << '\n';
        if (runs[i].cases.isEmpty()) {
            err << "kernel-review-cli: "
                << QCoreApplication::translate(
                       "kernel-review-cli", "no case could be loaded from %1 (%n warnings)", nullptr, int(runs[i].warnings.size()))
                       .arg(path)
                << '\n';
            return NothingLoaded;
        }
    }
    const RunComparison comparison = RunComparison::compare(runs[0], runs[1]);
    writeOut(parser.isSet(options.json) ? comparisonJson(comparison, runs[0], runs[1]) : comparisonText(comparison, runs[0], runs[1]));
    return Ok;
}

} // namespace krw::cli
