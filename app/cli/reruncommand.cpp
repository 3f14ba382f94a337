// SPDX-License-Identifier: MIT
#include "app/cli/reruncommand.h"

#include "app/cli/cli.h"
#include "app/cli/clioutput.h"
#include "models/batch/batchqueue.h"
#include "models/batch/batchsummary.h"
#include "models/report/reportexport.h"
#include "models/rerun/reruntext.h"
#include "models/rerun/resultstore.h"
#include "models/rerun/verdictlevel.h"
#include "models/run/runloader.h"
#include "runner/batch/batchsession.h"
#include "runner/batch/rerunbatch.h"
#include "runner/pipeline/rerunrequestbuilder.h"
#include "runner/pipeline/rerunsession.h"
#include "runner/sandbox/sandbox.h"
#include "runner/slurm/slurmbatch.h"

#include <QCoreApplication>
#include <QDir>
#include <QSettings>

#include <algorithm>
#include <memory>
#include <optional>

namespace krw::cli {

int rerunExitCode(const QString& status)
{
    return status == statusName(RerunResult::Status::Completed) || status == QLatin1String("skipped") ? Ok
        : status == statusName(RerunResult::Status::Cancelled)                                        ? Cancelled
                                                                                                      : CouldNotRun;
}

namespace {

// The profile --profile names (default compile-check), with the command line's overrides; a
// usage error or a refusal to run unsandboxed is said here and returned as its exit code.
std::optional<ToolchainProfile> rerunProfile(QCommandLineParser& parser, const CliOptions& options, int* exitCode)
{
    QSettings settings;
    const auto profiles = loadProfiles(settings);
    const QString profileName = parser.isSet(options.profile) ? parser.value(options.profile) : QStringLiteral("compile-check");
    auto profile = findProfile(profiles, profileName);
    if (!profile) {
        QStringList names;
        for (const auto& p : profiles)
            names << p.name;
        *exitCode = usage(parser,
            QCoreApplication::translate("kernel-review-cli", "no profile \"%1\" (profiles: %2)")
                .arg(profileName, names.join(QStringLiteral(", "))));
        return std::nullopt;
    }
    if (parser.isSet(options.compiler))
        profile->compiler = parser.value(options.compiler);
    if (parser.isSet(options.python))
        profile->python = parser.value(options.python);
    // A GPU host over SSH instead of the profile's (docs/RUNNER.md "Remote host (SSH)").
    if (parser.isSet(options.host))
        profile->host.destination = parser.value(options.host);
    if (parser.isSet(options.hostPort))
        profile->host.port = parser.value(options.hostPort).toInt();
    for (const QString& option : parser.values(options.hostOption))
        profile->host.extraOptions << QStringLiteral("-o") << option;
    if (parser.isSet(options.remotePython))
        profile->host.python = parser.value(options.remotePython);
    if (parser.isSet(options.remoteCompiler))
        profile->host.compiler = parser.value(options.remoteCompiler);
    if (parser.isSet(options.remoteWork))
        profile->host.workFolder = parser.value(options.remoteWork);
    for (const QString& names : parser.values(options.noCheck))
        profile->disabledChecks += names.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString& names : parser.values(options.passEnv))
        profile->passEnvironment += names.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString& names : parser.values(options.suspect)) {
        for (const QString& name : names.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            if (!VerdictLevel::raisableNotes().contains(name)) {
                *exitCode = usage(parser,
                    QCoreApplication::translate("kernel-review-cli", "--suspect %1: not a note (notes: %2)")
                        .arg(name, VerdictLevel::raisableNotes().join(QStringLiteral(", "))));
                return std::nullopt;
            }
            profile->suspectFlags << name;
        }
    }
    if (parser.isSet(options.seeds))
        profile->seeds = parser.value(options.seeds).toInt();
    if (parser.isSet(options.implausible))
        profile->implausibleSpeedup = parser.value(options.implausible).toDouble();
    if (parser.isSet(options.peakBandwidth))
        profile->peakBandwidthGbs = parser.value(options.peakBandwidth).toDouble();
    if (parser.isSet(options.slurm))
        profile->slurm.enabled = true;
    if (parser.isSet(options.slurmDir))
        profile->slurm.sharedDir = QDir(parser.value(options.slurmDir)).absolutePath();
    if (parser.isSet(options.slurmGres))
        profile->slurm.gres = parser.value(options.slurmGres).trimmed();
    if (parser.isSet(options.slurmTime))
        profile->slurm.timeLimitMinutes = parser.value(options.slurmTime).toInt();
    for (const QString& option : parser.values(options.slurmOption))
        profile->slurm.sbatchOptions << option;
    // Generated code runs unsandboxed only when asked for (the rule is Sandbox::choose's).
    const bool noSandbox = parser.isSet(options.noSandbox);
    const SandboxChoice sandbox = Sandbox::choose(*profile, Sandbox::available(), noSandbox, Sandbox::limitsOf(*profile));
    if (sandbox.refused && profile->remote()) {
        errStream() << "kernel-review-cli: " << sandbox.refusal << '\n';
        *exitCode = CouldNotRun;
        return std::nullopt;
    }
    if (sandbox.refused) {
        errStream() << "kernel-review-cli: "
                    << QCoreApplication::translate("kernel-review-cli",
                           "bubblewrap (bwrap) is not installed, so profile %1 would run the generated code unsandboxed, as you: with "
                           "your files, your home folder and the network. Install bubblewrap (Debian, Ubuntu: sudo apt install "
                           "bubblewrap), or pass --no-sandbox to run it anyway.")
                           .arg(profile->name)
                    << '\n';
        *exitCode = CouldNotRun;
        return std::nullopt;
    }
    return profile;
}

// The request for one case, or nullopt with the reason (the case has no such version, ...).
std::optional<RerunRequest> rerunRequest(QCommandLineParser& parser, const CliOptions& options, const std::shared_ptr<Run>& run,
    int caseIndex, const ResultStore& store, const ToolchainProfile& profile, QString* error)
{
    const RerunRequestBuilder builder(readCaseTexts(run, caseIndex), codeVersions(run->cases.at(caseIndex)), store);
    auto request = builder.build(parser.isSet(options.version) ? parser.value(options.version) : QStringLiteral("predict"),
        parser.isSet(options.baseline) ? parser.value(options.baseline) : QStringLiteral("label"), profile, error,
        /*allowFiles=*/true);
    if (!request)
        return std::nullopt;
    request->rtol = parser.isSet(options.rtol) ? parser.value(options.rtol).toDouble() : request->rtol;
    request->atol = parser.isSet(options.atol) ? parser.value(options.atol).toDouble() : request->atol;
    request->timing = !parser.isSet(options.noTiming);
    request->unsandboxedAllowed = parser.isSet(options.noSandbox);
    return request;
}

// The cases a batch reruns: --cases names them, --only picks a scope.
std::optional<QVector<int>> batchCases(QCommandLineParser& parser, const CliOptions& options, const Run& run, int* exitCode)
{
    if (parser.isSet(options.cases)) {
        QVector<int> indexes;
        QStringList missing;
        for (const QString& name : parser.value(options.cases).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const int index = run.indexOf(name.trimmed());
            if (index < 0)
                missing << name.trimmed();
            else if (!indexes.contains(index))
                indexes << index;
        }
        if (!missing.isEmpty()) {
            errStream()
                << "kernel-review-cli: "
                << QCoreApplication::translate("kernel-review-cli", "no case %1 in %2").arg(missing.join(QStringLiteral(", ")), run.path)
                << '\n';
            *exitCode = NothingLoaded;
            return std::nullopt;
        }
        return indexes;
    }
    const QString only = parser.value(options.only);
    const auto scope = exportScopeFromName(only);
    if (!scope || *scope == ExportScope::Selection) {
        *exitCode = usage(
            parser, QCoreApplication::translate("kernel-review-cli", "unknown --only \"%1\" (all, failing or annotated)").arg(only));
        return std::nullopt;
    }
    QString error;
    const AnnotationMap annotations = *scope == ExportScope::Annotated ? loadRunAnnotations(run, &error) : AnnotationMap{};
    if (!error.isEmpty())
        errStream() << QCoreApplication::translate("kernel-review-cli", "warning: annotations not read: %1").arg(error) << '\n';
    return casesInScope(run, annotations, *scope);
}

int rerunBatch(QCommandLineParser& parser, const CliOptions& options, const std::shared_ptr<Run>& run, const ToolchainProfile& profile)
{
    int exitCode = Ok;
    const auto indexes = batchCases(parser, options, *run, &exitCode);
    if (!indexes)
        return exitCode;
    const bool onSlurm = profile.runsOn() == ToolchainProfile::RunsOn::Slurm; // Slurm wins over a host
    if (onSlurm && profile.slurm.sharedDir.isEmpty())
        return usage(parser,
            QCoreApplication::translate(
                "kernel-review-cli", "--slurm needs a folder every node sees: --slurm-dir DIR, or the profile's Slurm shared folder"));
    const bool json = parser.isSet(options.json);
    const ResultStore store = ResultStore::forRun(run->path, run->name);
    // What the batch leaves is BatchSession's, as for the window's batches: the results, a queue saved
    // after every case (a batch cut short is resumed from the window, Go ▸ Resume Batch…), the record.
    BatchSession session(store);
    QObject::connect(&session, &BatchSession::queueNotSaved, &session, [](const QString& error) {
        errStream() << "kernel-review-cli: "
                    << QCoreApplication::translate("kernel-review-cli", "batch queue not saved, so it cannot be resumed: %1").arg(error)
                    << '\n';
    });
    const QString version = parser.isSet(options.version) ? parser.value(options.version) : QStringLiteral("predict");
    QStringList names;
    for (const int index : *indexes)
        names << run->cases.at(index).filename;
    BatchQueue queue = BatchQueue::create(names);
    queue.versionSpec = version;
    queue.baseline = parser.isSet(options.baseline) ? parser.value(options.baseline) : queue.baseline;
    queue.profile = profile.name;
    const auto number = [&](const QCommandLineOption& option, int fallback) {
        return parser.isSet(option) ? std::max(1, parser.value(option).toInt()) : fallback;
    };
    queue.jobs = number(options.jobs, 1);
    queue.devices = number(options.devices, 1);
    session.begin(queue);
    int reported = 0;
    auto report = [&](const BatchEntry& entry) {
        ++reported;
        exitCode = std::max(exitCode, rerunExitCode(entry.status));
        if (json) {
            writeOut(BatchSummary::caseLine(entry));
        } else {
            writeOut(
                QStringLiteral("[%1/%2] %3 (%4): %5%6%7\n")
                    .arg(reported)
                    .arg(indexes->size())
                    .arg(entry.caseName, entry.versionId, entry.verdictLine(),
                        entry.speedup ? QStringLiteral(", %1").arg(entry.speedupText()) : QString(),
                        entry.failure.isEmpty() ? QString() : QStringLiteral(" — %1").arg(entry.failure.section(QLatin1Char('\n'), 0, 0)))
                    .toUtf8());
        }
    };
    QVector<RerunRequest> requests;
    for (const int index : *indexes) {
        QString error;
        if (auto request = rerunRequest(parser, options, run, index, store, profile, &error)) {
            requests << *request;
        } else {
            const BatchEntry skipped = BatchEntry::skipped(run->cases.at(index).filename, version, error);
            session.skipCase(skipped);
            report(skipped);
        }
    }
    session.saveQueue(); // the skipped cases are done
    bool wasCancelled = false;
    const auto onCase = [&](int, const RerunResult& result) {
        QString saveError;
        if (const auto entry = session.finishCase(result, &saveError)) {
            if (!saveError.isEmpty())
                errStream() << "kernel-review-cli: "
                            << QCoreApplication::translate("kernel-review-cli", "result not saved: %1").arg(saveError) << '\n';
            report(*entry);
        } else { // cancelled: not saved, still queued
            report(BatchEntry::of(result));
        }
    };
    const auto onFinished = [&](bool cancelled) {
        wasCancelled = cancelled;
        QCoreApplication::exit(0);
    };
    if (onSlurm) {
        // One job array on the cluster instead of local pipelines (docs/RUNNER.md "Slurm cluster").
        SlurmBatch batch;
        QObject::connect(&batch, &SlurmBatch::caseFinished, &batch, onCase);
        QObject::connect(&batch, &SlurmBatch::finished, &batch, onFinished);
        if (!json)
            QObject::connect(&batch, &SlurmBatch::log, &batch, [](const QString& text) { errStream() << "slurm: " << text; });
        batch.start(requests, profile.slurm);
        QCoreApplication::exec();
    } else {
        RerunBatch batch;
        QObject::connect(&batch, &RerunBatch::caseFinished, &batch, onCase);
        QObject::connect(&batch, &RerunBatch::finished, &batch, onFinished);
        batch.start(requests, {queue.jobs, queue.devices});
        QCoreApplication::exec();
    }
    QString saveError; // the record, for reports: their "Newest batch rerun"
    if (!session.end(wasCancelled, &saveError))
        errStream() << "kernel-review-cli: "
                    << QCoreApplication::translate("kernel-review-cli", "batch summary not saved: %1").arg(saveError) << '\n';
    BatchSession::waitForQueueFiles();
    const BatchSummary& summary = session.summary();
    writeOut(json ? summary.summaryLine(wasCancelled) : summary.summaryText(wasCancelled).toUtf8());
    return wasCancelled ? int(Cancelled) : exitCode;
}

} // namespace

int rerun(QCommandLineParser& parser, const CliOptions& options, const QStringList& args)
{
    const bool batch = parser.isSet(options.only) || parser.isSet(options.cases);
    if (args.size() != 2 || parser.isSet(options.caseName) == batch)
        return usage(
            parser, QCoreApplication::translate("kernel-review-cli", "rerun takes one PATH and either --case FILENAME or --only/--cases"));
    QTextStream err = errStream();
    QString error;
    auto run = std::make_shared<Run>(loadRunAtPath(args.at(1), parser.value(options.run), &error));
    const int caseIndex = batch ? 0 : run->indexOf(parser.value(options.caseName));
    if (!error.isEmpty() || caseIndex < 0) {
        err << "kernel-review-cli: "
            << (error.isEmpty() ? QCoreApplication::translate("kernel-review-cli", "no case \"%1\" in %2")
                                      .arg(parser.value(options.caseName), args.at(1))
                                : error)
            << '\n';
        return NothingLoaded;
    }
    int exitCode = Ok;
    const auto profile = rerunProfile(parser, options, &exitCode);
    if (!profile)
        return exitCode;
    if (batch)
        return rerunBatch(parser, options, run, *profile);
    const ResultStore store = ResultStore::forRun(run->path, run->name);
    const auto request = rerunRequest(parser, options, run, caseIndex, store, *profile, &error);
    if (!request) {
        err << "kernel-review-cli: " << error << '\n';
        return NothingLoaded;
    }
    RerunSession session;
    const bool json = parser.isSet(options.json);
    if (!json)
        QObject::connect(&session, &RerunSession::log, &session, [](const QString& text) { errStream() << text; });
    QObject::connect(&session, &RerunSession::finished, &session, [&](const RerunResult& result, const SavedRerun& saved) {
        if (!saved.saved())
            errStream() << "kernel-review-cli: "
                        << QCoreApplication::translate("kernel-review-cli", "result not saved: %1").arg(saved.error) << '\n';
        writeOut(json ? rerunToJson(result) : rerunText(result));
        exitCode = rerunExitCode(statusName(result.status));
        QCoreApplication::exit(exitCode);
    });
    session.start(*request, store);
    QCoreApplication::exec();
    return exitCode;
}

} // namespace krw::cli
