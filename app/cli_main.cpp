// SPDX-License-Identifier: MIT
//
// kernel-review-cli: the workbench without a window. Links models and runner only.
#include "krw-config.h"
#include "runloader.h"
#include "summaryreport.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QTextStream>

#include <cstdio>

namespace {

enum ExitCode { Ok = 0, UsageError = 1, NothingLoaded = 2 };

int usage(QCommandLineParser& parser, const QString& message)
{
    QTextStream err(stderr);
    err << "kernel-review-cli: " << message << "\n\n" << parser.helpText();
    return UsageError;
}

void writeOut(const QByteArray& bytes)
{
    std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stdout);
}

int summary(QCommandLineParser& parser, const QStringList& args)
{
    if (args.size() != 2)
        return usage(parser, QStringLiteral("summary takes exactly one PATH"));
    const QString path = args.at(1);
    const krw::LocateResult located = krw::locateRuns(path);
    QTextStream err(stderr);
    if (!located) {
        err << "kernel-review-cli: " << located.error << '\n';
        return NothingLoaded;
    }
    QString error;
    const QString runName = parser.value(QStringLiteral("run"));
    if (runName.isEmpty() && located.runs.size() > 1) {
        QStringList names;
        for (const auto& run : located.runs)
            names << run.name;
        err << "note: " << path << " holds " << located.runs.size() << " runs (" << names.join(QStringLiteral(", "))
            << "); showing the newest, \"" << names.first() << "\". Choose one with --run NAME.\n";
    }
    const krw::Run run = krw::loadRunAtPath(path, runName, &error);
    if (!error.isEmpty()) {
        err << "kernel-review-cli: " << error << '\n';
        return NothingLoaded;
    }
    writeOut(parser.isSet(QStringLiteral("json")) ? krw::summaryJson(run) : krw::summaryText(run));
    if (run.cases.isEmpty()) {
        err << "kernel-review-cli: no case could be loaded from " << path << " (" << run.warnings.size() << " warnings)\n";
        return NothingLoaded;
    }
    return Ok;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("kernel-review-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KRW_VERSION_STRING));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Kernel Review Workbench, headless.\n\n"
                                                    "Commands:\n"
                                                    "  summary PATH   cases with their latest and best outcomes, and load warnings"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("summary"));
    parser.addPositionalArgument(QStringLiteral("path"), QStringLiteral("A run folder, any file of a run, a JSONL file, or a folder of debug folders."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object instead of text.")});
    parser.addOption({QStringLiteral("run"), QStringLiteral("Which run, when the folder holds several."), QStringLiteral("NAME")});
    if (!parser.parse(QCoreApplication::arguments()))
        return usage(parser, parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        writeOut(parser.helpText().toUtf8());
        return Ok;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        writeOut(QByteArrayLiteral("kernel-review-cli " KRW_VERSION_STRING "\n"));
        return Ok;
    }
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty())
        return usage(parser, QStringLiteral("no command given"));
    if (args.first() == QLatin1String("summary"))
        return summary(parser, args);
    return usage(parser, QStringLiteral("unknown command \"%1\"").arg(args.first()));
}
