// SPDX-License-Identifier: MIT
#include "app/cli/showcommand.h"

#include "app/cli/cli.h"
#include "app/cli/clioutput.h"
#include "models/rerun/rerunresult.h"
#include "models/rerun/reruntext.h"

#include <QCoreApplication>

namespace krw::cli {

// show RESULT: a saved rerun result (a results folder's file, one from a GPU host or a Slurm node,
// rerun --json's output) as rerun prints it, judged by this build's rules (VerdictLevel): its
// verdict_level and verdict_line are recomputed, whatever the file says.
int showResult(QCommandLineParser& parser, const CliOptions& options, const QStringList& args)
{
    if (args.size() != 2)
        return usage(parser, QCoreApplication::translate("kernel-review-cli", "show takes exactly one RESULT file"));
    const auto bytes = readFileOrSay(args.at(1));
    if (!bytes)
        return NothingLoaded;
    QString error;
    const auto result = rerunFromJson(*bytes, &error);
    if (!result) {
        errStream() << "kernel-review-cli: " << args.at(1) << ": " << error << '\n';
        return NothingLoaded;
    }
    writeOut(parser.isSet(options.json) ? rerunToJson(*result) : rerunText(*result));
    return Ok;
}

} // namespace krw::cli
