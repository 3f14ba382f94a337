// SPDX-License-Identifier: MIT
#include "app/cli/cli.h"

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/comparecommand.h"
#include "app/cli/exportcommand.h"
#include "app/cli/reruncommand.h"
#include "app/cli/runrequestcommand.h"
#include "app/cli/showcommand.h"
#include "app/cli/summarycommand.h"
#include "models/report/reportexport.h"

#include <QCoreApplication>

namespace krw::cli {

bool needsGui(const QStringList& arguments)
{
    if (arguments.size() < 2 || arguments.at(1) != QLatin1String("export"))
        return false;
    for (int i = 2; i < arguments.size(); ++i) {
        const QString& arg = arguments.at(i);
        const QString value = arg == QLatin1String("--format") && i + 1 < arguments.size() ? arguments.at(i + 1)
            : arg.startsWith(QLatin1String("--format="))                                   ? arg.mid(9)
                                                                                           : QString();
        if (const auto format = exportFormatFromName(value); format && exportFormatNeedsRenderer(*format))
            return true;
    }
    return false;
}

void addOptions(QCommandLineParser& parser)
{
    CliOptions().addTo(parser);
}

int run(const QStringList& arguments, QIODevice* out, QIODevice* err, const RendererFactory& renderer)
{
    const Streams previous = setStreams({out, err});
    const CliOptions options;
    QCommandLineParser parser;
    options.addTo(parser);
    const int code = [&]() -> int {
        if (!parser.parse(arguments))
            return usage(parser, parser.errorText());
        if (parser.isSet(QStringLiteral("help"))) {
            writeOut(parser.helpText().toUtf8());
            return Ok;
        }
        const QStringList args = parser.positionalArguments();
        if (args.isEmpty())
            return usage(parser, QCoreApplication::translate("kernel-review-cli", "no command given"));
        if (args.first() == QLatin1String("summary"))
            return summary(parser, options, args);
        if (args.first() == QLatin1String("compare"))
            return compareRuns(parser, options, args);
        if (args.first() == QLatin1String("rerun"))
            return rerun(parser, options, args);
        if (args.first() == QLatin1String("export"))
            return exportReport(parser, options, args, renderer);
        if (args.first() == QLatin1String("run-request"))
            return runRequest(parser, options, args);
        if (args.first() == QLatin1String("show"))
            return showResult(parser, options, args);
        return usage(parser, QCoreApplication::translate("kernel-review-cli", "unknown command \"%1\"").arg(args.first()));
    }();
    setStreams(previous);
    return code;
}

} // namespace krw::cli
