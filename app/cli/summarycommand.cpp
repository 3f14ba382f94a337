// SPDX-License-Identifier: MIT
#include "app/cli/summarycommand.h"

#include "app/cli/cli.h"
#include "app/cli/clioutput.h"
#include "models/failures/failurereader.h"
#include "models/lint/hintcache.h"
#include "models/report/summaryreport.h"
#include "models/rerun/resultstore.h"
#include "models/run/runchoice.h"
#include "models/run/runloader.h"
#include "models/run/runsummary.h"

#include <QCoreApplication>

namespace krw::cli {

namespace {

// Each case's failure signature: its newest failure's message, or a failed rerun saved after the
// run's files were written (only failing cases' reruns are read).
QVector<FailureSignature> failureSignatures(const Run& run)
{
    const LatestReruns reruns = FailureReader::savedReruns(run);
    int unreadable = 0;
    QVector<FailureSignature> signatures = FailureReader::read(run, reruns, &unreadable);
    if (unreadable > 0)
        errStream() << "kernel-review-cli: "
                    << QCoreApplication::translate("kernel-review-cli",
                           "%n error messages could not be read (a file of %1 changed since it was loaded); their cases have no signature",
                           nullptr, unreadable)
                           .arg(run.path)
                    << '\n';
    return signatures;
}

} // namespace

int summary(QCommandLineParser& parser, const CliOptions& options, const QStringList& args)
{
    if (args.size() != 2)
        return usage(parser, QCoreApplication::translate("kernel-review-cli", "summary takes exactly one PATH"));
    const QString path = args.at(1);
    const LocateResult located = locateRuns(path);
    QTextStream err = errStream();
    const RunChoice choice = RunChoice::of(path, located, parser.value(options.run));
    if (!choice.isChosen()) {
        err << "kernel-review-cli: " << choice.message << '\n';
        return NothingLoaded;
    }
    if (!choice.message.isEmpty())
        err << "note: " << choice.message << '\n';
    const auto loaded = std::make_shared<const Run>(loadRun(located.runs.at(choice.index)));
    const Run& run = *loaded;
    // The JSON carries every case's failure signature and lint hints (docs/FAILURES.md, docs/LINT.md),
    // unless asked not to: hints read every case's texts, which costs far more than the load
    // (docs/PERFORMANCE.md, "Lint"), so they are cached between runs of the command (lint/hintcache.h).
    if (parser.isSet(options.json))
        writeOut(
            summaryJson(run, failureSignatures(run), parser.isSet(options.noHints) ? QVector<LintHints>() : HintCache::hintsOf(loaded)));
    else
        writeOut(summaryText(run));
    if (run.cases.isEmpty()) {
        err << "kernel-review-cli: "
            << QCoreApplication::translate(
                   "kernel-review-cli", "no case could be loaded from %1 (%n warnings)", nullptr, int(run.warnings.size()))
                   .arg(path)
            << '\n';
        return NothingLoaded;
    }
    return Ok;
}

} // namespace krw::cli
