// SPDX-License-Identifier: MIT
#include "app/cli/runrequestcommand.h"

#include "app/cli/cli.h"
#include "app/cli/clioutput.h"
#include "app/cli/reruncommand.h"
#include "models/rerun/rerunresult.h"
#include "models/storage/atomicfile.h"
#include "runner/pipeline/rerunpipeline.h"
#include "runner/pipeline/rerunrequestformat.h"

#include <QCoreApplication>
#include <QDir>
#include <QStandardPaths>

namespace krw::cli {

// The node's side of a Slurm batch: one staged request, run with the normal pipeline here, its
// result written atomically to --out. Where it ran comes from Slurm's environment.
int runRequest(QCommandLineParser& parser, const CliOptions& options, const QStringList& args)
{
    if (args.size() != 2 || !parser.isSet(options.out))
        return usage(parser, QCoreApplication::translate("kernel-review-cli", "run-request takes one FILE and --out RESULT"));
    const auto bytes = readFileOrSay(args.at(1));
    if (!bytes)
        return NothingLoaded;
    QString error;
    const auto staged = RerunRequestFormat::fromJson(*bytes, &error);
    if (!staged) {
        errStream() << "kernel-review-cli: " << args.at(1) << ": " << error << '\n';
        return NothingLoaded;
    }
    const QString workRoot = QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)).filePath(QStringLiteral("work"));
    const RerunRequest request = RerunRequestFormat::withLocalPaths(*staged, workRoot);
    const QString out = parser.value(options.out);
    const QByteArray arrayJob = qgetenv("SLURM_ARRAY_JOB_ID");
    const QString job = !arrayJob.isEmpty()
        ? QStringLiteral("%1_%2").arg(QString::fromLocal8Bit(arrayJob), QString::fromLocal8Bit(qgetenv("SLURM_ARRAY_TASK_ID")))
        : QString::fromLocal8Bit(qgetenv("SLURM_JOB_ID"));
    const QString node = QString::fromLocal8Bit(qgetenv("SLURMD_NODENAME"));
    int exitCode = Ok;
    RerunPipeline pipeline;
    QObject::connect(&pipeline, &RerunPipeline::log, &pipeline, [](const QString& text) { errStream() << text; });
    QObject::connect(&pipeline, &RerunPipeline::finished, &pipeline, [&](RerunResult result) {
        if (!job.isEmpty())
            result.environment.insert(QStringLiteral("slurm_job"), job);
        if (!node.isEmpty())
            result.environment.insert(QStringLiteral("slurm_node"), node);
        QString writeError;
        if (writeFileAtomically(out, rerunToJson(result), &writeError, /*makeFolder=*/true)) {
            exitCode = rerunExitCode(statusName(result.status));
        } else {
            errStream() << "kernel-review-cli: "
                        << QCoreApplication::translate("kernel-review-cli", "result not written: %1").arg(writeError) << '\n';
            exitCode = CouldNotRun;
        }
        QCoreApplication::exit(exitCode);
    });
    pipeline.start(request);
    QCoreApplication::exec();
    return exitCode;
}

} // namespace krw::cli
