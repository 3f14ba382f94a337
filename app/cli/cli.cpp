// SPDX-License-Identifier: MIT
#include "cli/cli.h"

#include "batch/batchqueue.h"
#include "batch/batchrecord.h"
#include "batch/batchsession.h"
#include "batch/batchsummary.h"
#include "batch/rerunbatch.h"
#include "compare/comparisonsummary.h"
#include "failures/failurereader.h"
#include "krw-config.h"
#include "lint/hintcache.h"
#include "lint/linter.h"
#include "pipeline/rerunpipeline.h"
#include "pipeline/rerunrequestbuilder.h"
#include "pipeline/rerunrequestformat.h"
#include "report/reportexport.h"
#include "report/reportexportjob.h"
#include "report/summaryreport.h"
#include "report/widgetreportrenderer.h"
#include "rerun/reruntext.h"
#include "rerun/resultstore.h"
#include "rerun/verdictlevel.h"
#include "run/runchoice.h"
#include "run/runloader.h"
#include "run/runsummary.h"
#include "sandbox/sandbox.h"
#include "slurm/slurmbatch.h"
#include "storage/atomicfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDevice>
#include <QSettings>
#include <QStandardPaths>
#include <QTextStream>

#include <memory>
#include <optional>

namespace krw::cli {

namespace {

// Where the commands write: set by run() for the duration of one command.
struct Streams
{
    QIODevice* out = nullptr;
    QIODevice* err = nullptr;
};
Streams streams;

void writeOut(const QByteArray& bytes)
{
    streams.out->write(bytes);
    // A batch's lines are read as they come (JSON Lines): a pipe or file sees each at once.
    if (auto* file = qobject_cast<QFileDevice*>(streams.out))
        file->flush();
}

QTextStream errStream()
{
    return QTextStream(streams.err);
}

int usage(QCommandLineParser& parser, const QString& message)
{
    errStream() << "kernel-review-cli: " << message << "\n\n" << parser.helpText();
    return UsageError;
}

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

int summary(QCommandLineParser& parser, const QStringList& args)
{
    if (args.size() != 2)
        return usage(parser, QCoreApplication::translate("kernel-review-cli", "summary takes exactly one PATH"));
    const QString path = args.at(1);
    const LocateResult located = locateRuns(path);
    QTextStream err = errStream();
    const RunChoice choice = RunChoice::of(path, located, parser.value(QStringLiteral("run")));
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
    if (parser.isSet(QStringLiteral("json")))
        writeOut(summaryJson(
            run, failureSignatures(run), parser.isSet(QStringLiteral("no-hints")) ? QVector<LintHints>() : HintCache::hintsOf(loaded)));
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

// compare A B: the buckets of two runs (fixed, regressed, ...) with their cases. 2 when either
// run cannot be loaded or holds no case, naming which; 1 on usage errors.
int compareRuns(QCommandLineParser& parser, const QStringList& args)
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
                       .arg(i == 0 ? QStringLiteral("A") : QStringLiteral("B"), loadWarningLine(warning))
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
    writeOut(
        parser.isSet(QStringLiteral("json")) ? comparisonJson(comparison, runs[0], runs[1]) : comparisonText(comparison, runs[0], runs[1]));
    return Ok;
}

// The profile --profile names (default compile-check), with the command line's overrides; a
// usage error or a refusal to run unsandboxed is said here and returned as its exit code.
std::optional<ToolchainProfile> rerunProfile(QCommandLineParser& parser, int* exitCode)
{
    QSettings settings;
    const auto profiles = loadProfiles(settings);
    const QString profileName
        = parser.isSet(QStringLiteral("profile")) ? parser.value(QStringLiteral("profile")) : QStringLiteral("compile-check");
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
    if (parser.isSet(QStringLiteral("compiler")))
        profile->compiler = parser.value(QStringLiteral("compiler"));
    if (parser.isSet(QStringLiteral("python")))
        profile->python = parser.value(QStringLiteral("python"));
    // A GPU host over SSH instead of the profile's (docs/RUNNER.md "Remote host (SSH)").
    if (parser.isSet(QStringLiteral("host")))
        profile->host.destination = parser.value(QStringLiteral("host"));
    if (parser.isSet(QStringLiteral("host-port")))
        profile->host.port = parser.value(QStringLiteral("host-port")).toInt();
    for (const QString& option : parser.values(QStringLiteral("host-option")))
        profile->host.extraOptions << QStringLiteral("-o") << option;
    if (parser.isSet(QStringLiteral("remote-python")))
        profile->host.python = parser.value(QStringLiteral("remote-python"));
    if (parser.isSet(QStringLiteral("remote-compiler")))
        profile->host.compiler = parser.value(QStringLiteral("remote-compiler"));
    if (parser.isSet(QStringLiteral("remote-work")))
        profile->host.workFolder = parser.value(QStringLiteral("remote-work"));
    for (const QString& names : parser.values(QStringLiteral("no-check")))
        profile->disabledChecks += names.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString& names : parser.values(QStringLiteral("pass-env")))
        profile->passEnvironment += names.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString& names : parser.values(QStringLiteral("suspect"))) {
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
    if (parser.isSet(QStringLiteral("seeds")))
        profile->seeds = parser.value(QStringLiteral("seeds")).toInt();
    if (parser.isSet(QStringLiteral("implausible")))
        profile->implausibleSpeedup = parser.value(QStringLiteral("implausible")).toDouble();
    if (parser.isSet(QStringLiteral("peak-bandwidth")))
        profile->peakBandwidthGbs = parser.value(QStringLiteral("peak-bandwidth")).toDouble();
    if (parser.isSet(QStringLiteral("slurm")))
        profile->slurm.enabled = true;
    if (parser.isSet(QStringLiteral("slurm-dir")))
        profile->slurm.sharedDir = QDir(parser.value(QStringLiteral("slurm-dir"))).absolutePath();
    if (parser.isSet(QStringLiteral("slurm-gres")))
        profile->slurm.gres = parser.value(QStringLiteral("slurm-gres")).trimmed();
    if (parser.isSet(QStringLiteral("slurm-time")))
        profile->slurm.timeLimitMinutes = parser.value(QStringLiteral("slurm-time")).toInt();
    for (const QString& option : parser.values(QStringLiteral("slurm-option")))
        profile->slurm.sbatchOptions << option;
    // Generated code runs unsandboxed only when asked for (the rule is Sandbox::choose's).
    const bool noSandbox = parser.isSet(QStringLiteral("no-sandbox"));
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
std::optional<RerunRequest> rerunRequest(QCommandLineParser& parser, const std::shared_ptr<Run>& run, int caseIndex,
    const ResultStore& store, const ToolchainProfile& profile, QString* error)
{
    const RerunRequestBuilder builder(readCaseTexts(run, caseIndex), codeVersions(run->cases.at(caseIndex)), store);
    auto request
        = builder.build(parser.isSet(QStringLiteral("version")) ? parser.value(QStringLiteral("version")) : QStringLiteral("predict"),
            parser.isSet(QStringLiteral("baseline")) ? parser.value(QStringLiteral("baseline")) : QStringLiteral("label"), profile, error,
            /*allowFiles=*/true);
    if (!request)
        return std::nullopt;
    request->rtol = parser.isSet(QStringLiteral("rtol")) ? parser.value(QStringLiteral("rtol")).toDouble() : request->rtol;
    request->atol = parser.isSet(QStringLiteral("atol")) ? parser.value(QStringLiteral("atol")).toDouble() : request->atol;
    request->timing = !parser.isSet(QStringLiteral("no-timing"));
    request->unsandboxedAllowed = parser.isSet(QStringLiteral("no-sandbox"));
    return request;
}

// The exit status of one rerun; a batch's is its worst case's.
int rerunExitCode(const QString& status)
{
    return status == statusName(RerunResult::Status::Completed) || status == QLatin1String("skipped") ? Ok
        : status == statusName(RerunResult::Status::Cancelled)                                        ? Cancelled
                                                                                                      : CouldNotRun;
}

QString saveResult(const ResultStore& store, const RerunResult& result)
{
    QString saveError;
    QString path;
    if (!store.save(result, &saveError, &path))
        errStream() << "kernel-review-cli: " << QCoreApplication::translate("kernel-review-cli", "result not saved: %1").arg(saveError)
                    << '\n';
    return path;
}

// The cases a batch reruns: --cases names them, --only picks a scope.
std::optional<QVector<int>> batchCases(QCommandLineParser& parser, const Run& run, int* exitCode)
{
    if (parser.isSet(QStringLiteral("cases"))) {
        QVector<int> indexes;
        QStringList missing;
        for (const QString& name : parser.value(QStringLiteral("cases")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
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
    const QString only = parser.value(QStringLiteral("only"));
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

int rerunBatch(QCommandLineParser& parser, const std::shared_ptr<Run>& run, const ToolchainProfile& profile)
{
    int exitCode = Ok;
    const auto indexes = batchCases(parser, *run, &exitCode);
    if (!indexes)
        return exitCode;
    const bool onSlurm = profile.runsOn() == ToolchainProfile::RunsOn::Slurm; // Slurm wins over a host
    if (onSlurm && profile.slurm.sharedDir.isEmpty())
        return usage(parser,
            QCoreApplication::translate(
                "kernel-review-cli", "--slurm needs a folder every node sees: --slurm-dir DIR, or the profile's Slurm shared folder"));
    const bool json = parser.isSet(QStringLiteral("json"));
    const ResultStore store = ResultStore::forRun(run->path, run->name);
    // What the batch leaves is BatchSession's, as for the window's batches: the results, a queue saved
    // after every case (a batch cut short is resumed from the window, Go ▸ Resume Batch…), the record.
    BatchSession session(store);
    QObject::connect(&session, &BatchSession::queueNotSaved, &session, [](const QString& error) {
        errStream() << "kernel-review-cli: "
                    << QCoreApplication::translate("kernel-review-cli", "batch queue not saved, so it cannot be resumed: %1").arg(error)
                    << '\n';
    });
    const QString version = parser.isSet(QStringLiteral("version")) ? parser.value(QStringLiteral("version")) : QStringLiteral("predict");
    QStringList names;
    for (const int index : *indexes)
        names << run->cases.at(index).filename;
    BatchQueue queue = BatchQueue::create(names);
    queue.versionSpec = version;
    queue.baseline = parser.isSet(QStringLiteral("baseline")) ? parser.value(QStringLiteral("baseline")) : queue.baseline;
    queue.profile = profile.name;
    const auto number = [&](const char* name, int fallback) {
        return parser.isSet(QLatin1String(name)) ? std::max(1, parser.value(QLatin1String(name)).toInt()) : fallback;
    };
    queue.jobs = number("jobs", 1);
    queue.devices = number("devices", 1);
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
        if (auto request = rerunRequest(parser, run, index, store, profile, &error)) {
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

int rerun(QCommandLineParser& parser, const QStringList& args)
{
    const bool batch = parser.isSet(QStringLiteral("only")) || parser.isSet(QStringLiteral("cases"));
    if (args.size() != 2 || parser.isSet(QStringLiteral("case")) == batch)
        return usage(
            parser, QCoreApplication::translate("kernel-review-cli", "rerun takes one PATH and either --case FILENAME or --only/--cases"));
    QTextStream err = errStream();
    QString error;
    auto run = std::make_shared<Run>(loadRunAtPath(args.at(1), parser.value(QStringLiteral("run")), &error));
    const int caseIndex = batch ? 0 : run->indexOf(parser.value(QStringLiteral("case")));
    if (!error.isEmpty() || caseIndex < 0) {
        err << "kernel-review-cli: "
            << (error.isEmpty() ? QCoreApplication::translate("kernel-review-cli", "no case \"%1\" in %2")
                                      .arg(parser.value(QStringLiteral("case")), args.at(1))
                                : error)
            << '\n';
        return NothingLoaded;
    }
    int exitCode = Ok;
    const auto profile = rerunProfile(parser, &exitCode);
    if (!profile)
        return exitCode;
    if (batch)
        return rerunBatch(parser, run, *profile);
    const ResultStore store = ResultStore::forRun(run->path, run->name);
    const auto request = rerunRequest(parser, run, caseIndex, store, *profile, &error);
    if (!request) {
        err << "kernel-review-cli: " << error << '\n';
        return NothingLoaded;
    }
    RerunPipeline pipeline;
    const bool json = parser.isSet(QStringLiteral("json"));
    if (!json)
        QObject::connect(&pipeline, &RerunPipeline::log, &pipeline, [](const QString& text) { errStream() << text; });
    QObject::connect(&pipeline, &RerunPipeline::finished, &pipeline, [&](const RerunResult& result) {
        saveResult(store, result);
        writeOut(json ? rerunToJson(result) : rerunText(result));
        exitCode = rerunExitCode(statusName(result.status));
        QCoreApplication::exit(exitCode);
    });
    pipeline.start(*request);
    QCoreApplication::exec();
    return exitCode;
}

// A file's bytes, or std::nullopt once "cannot read PATH: why" is said.
std::optional<QByteArray> readFileOrSay(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        errStream() << "kernel-review-cli: "
                    << QCoreApplication::translate("kernel-review-cli", "cannot read %1: %2").arg(path, file.errorString()) << '\n';
        return std::nullopt;
    }
    return file.readAll();
}

// show RESULT: a saved rerun result (a results folder's file, one from a GPU host or a Slurm node,
// rerun --json's output) as rerun prints it, judged by this build's rules (VerdictLevel): its
// verdict_level and verdict_line are recomputed, whatever the file says.
int showResult(QCommandLineParser& parser, const QStringList& args)
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
    writeOut(parser.isSet(QStringLiteral("json")) ? rerunToJson(*result) : rerunText(*result));
    return Ok;
}

// The node's side of a Slurm batch: one staged request, run with the normal pipeline here, its
// result written atomically to --out. Where it ran comes from Slurm's environment.
int runRequest(QCommandLineParser& parser, const QStringList& args)
{
    if (args.size() != 2 || !parser.isSet(QStringLiteral("out")))
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
    const QString out = parser.value(QStringLiteral("out"));
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

// Exit 0 when the report was written; 2 with a message when nothing could be written: the run
// cannot be loaded, the destination is not writable, or the scope holds no case; 1 on usage errors.
int exportReport(QCommandLineParser& parser, const QStringList& args)
{
    if (args.size() != 2 || !parser.isSet(QStringLiteral("format")) || !parser.isSet(QStringLiteral("out")))
        return usage(parser, QCoreApplication::translate("kernel-review-cli", "export takes one PATH, --format FORMAT and --out DEST"));
    const auto format = exportFormatFromName(parser.value(QStringLiteral("format")));
    if (!format)
        return usage(parser,
            QCoreApplication::translate("kernel-review-cli", "unknown --format \"%1\" (html, md, pdf, csv or workspace)")
                .arg(parser.value(QStringLiteral("format"))));
    const QString only = parser.isSet(QStringLiteral("only")) ? parser.value(QStringLiteral("only")) : QStringLiteral("all");
    const auto scope = exportScopeFromName(only);
    if (!scope || *scope == ExportScope::Selection)
        return usage(
            parser, QCoreApplication::translate("kernel-review-cli", "unknown --only \"%1\" (all, failing or annotated)").arg(only));
    QTextStream err = errStream();
    QString error;
    auto run = std::make_shared<Run>(loadRunAtPath(args.at(1), parser.value(QStringLiteral("run")), &error));
    // What could not be loaded is not in the report: say so, line by line, before writing it.
    for (const LoadWarning& warning : run->warnings)
        err << QCoreApplication::translate("kernel-review-cli", "warning: %1").arg(loadWarningLine(warning)) << '\n';
    if (!error.isEmpty() || run->cases.isEmpty()) {
        err << "kernel-review-cli: "
            << (error.isEmpty() ? QCoreApplication::translate("kernel-review-cli", "no case could be loaded from %1").arg(args.at(1))
                                : error)
            << '\n';
        return NothingLoaded;
    }
    ExportRequest request;
    if (parser.isSet(QStringLiteral("compare"))) {
        const QString comparedPath = parser.value(QStringLiteral("compare"));
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
    request.destination = parser.value(QStringLiteral("out"));
    request.annotations = loadRunAnnotations(*run, &error);
    if (!error.isEmpty())
        err << QCoreApplication::translate("kernel-review-cli", "warning: annotations not read: %1").arg(error) << '\n';
    ReportExportJob job;
    if (exportFormatNeedsRenderer(*format))
        job.setRenderer(std::make_shared<WidgetReportRenderer>()); // run() made a QApplication for these
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

} // namespace

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
    parser.setApplicationDescription(QCoreApplication::translate("kernel-review-cli",
        "Kernel Review Workbench %1, headless.\n\n"
        "Commands:\n"
        "  summary PATH   cases with their latest and best outcomes, and load warnings (--json: and lint hints)\n"
        "  compare A B    two runs matched by filename: fixed, regressed, still failing, still passing,\n"
        "                 only in A, only in B, each with its cases\n"
        "  rerun PATH --case FILENAME   compile, check and time one version of a case\n"
        "  rerun PATH --only failing|all|annotated | --cases A,B [--jobs N] [--devices N]\n"
        "                 a batch: one line (--json: one JSON object) per case as it ends, then a summary\n"
        "                 [--slurm --slurm-dir DIR]: the batch as one Slurm job array\n"
        "  run-request FILE --out RESULT   run one staged request (a Slurm task's work)\n"
        "  show RESULT    a saved rerun result as rerun prints it (--json), judged by this build's rules\n"
        "  export PATH --format html|md|pdf|csv|workspace --out DEST [--only all|failing|annotated]\n"
        "                 the annotated report, a CSV of cases, or per-case debug folders\n"
        "                 [--compare B]: the summary page lists the buckets of this run against B\n\n"
        "Lint hints are kept per run in $XDG_CACHE_HOME/kernel-review/hints and used while the run's files\n"
        "and this build are unchanged; KRW_HINT_CACHE=off computes them every time.")
                                         .arg(QStringLiteral(KRW_VERSION_STRING)));
    parser.addHelpOption(); // no --version option: rerun's --version names the code version to run
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("summary"));
    parser.addPositionalArgument(QStringLiteral("path"),
        QCoreApplication::translate("kernel-review-cli", "A run folder, any file of a run, a JSONL file, or a folder of debug folders."));
    parser.addOption({QStringLiteral("json"), QCoreApplication::translate("kernel-review-cli", "Print one JSON object instead of text.")});
    parser.addOption({QStringLiteral("no-hints"),
        QCoreApplication::translate("kernel-review-cli", "summary --json: leave out the lint hints (they read every case's texts).")});
    parser.addOption({QStringLiteral("run"), QCoreApplication::translate("kernel-review-cli", "Which run, when the folder holds several."),
        QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("case"), QCoreApplication::translate("kernel-review-cli", "rerun: the case (its filename)."),
        QStringLiteral("FILENAME")});
    parser.addOption({QStringLiteral("version"),
        QCoreApplication::translate(
            "kernel-review-cli", "rerun: predict, call, exe, perf:N (newest iteration), an id like it3:predict, or a FILE."),
        QStringLiteral("VERSION")});
    parser.addOption({QStringLiteral("baseline"),
        QCoreApplication::translate("kernel-review-cli", "rerun: the reference to compare with (default: label)."),
        QStringLiteral("VERSION")});
    parser.addOption({QStringLiteral("profile"),
        QCoreApplication::translate(
            "kernel-review-cli", "rerun: rocm, hip-nvidia, compile-check (default) or cpu, or a profile of your own."),
        QStringLiteral("NAME")});
    // The defaults said are the harness contract's (runner/harness/spec.schema.json).
    const RerunRequest defaults;
    parser.addOption({QStringLiteral("rtol"),
        QCoreApplication::translate("kernel-review-cli", "rerun: relative tolerance (default %1).").arg(defaults.rtol),
        QStringLiteral("X")});
    parser.addOption({QStringLiteral("atol"),
        QCoreApplication::translate("kernel-review-cli", "rerun: absolute tolerance (default %1).").arg(defaults.atol),
        QStringLiteral("Y")});
    parser.addOption({QStringLiteral("no-timing"), QCoreApplication::translate("kernel-review-cli", "rerun: check correctness only.")});
    parser.addOption({QStringLiteral("no-check"),
        QCoreApplication::translate("kernel-review-cli", "rerun: turn a check of the cheat battery off (repeatable; see docs/RUNNER.md)."),
        QStringLiteral("CHECK")});
    parser.addOption({QStringLiteral("pass-env"),
        QCoreApplication::translate("kernel-review-cli",
            "rerun: also pass this environment variable to the compile and the harness (NAME or PREFIX*; repeatable; "
            "the others are not passed, see docs/RUNNER.md)."),
        QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("suspect"),
        QCoreApplication::translate("kernel-review-cli",
            "rerun: treat this note as suspect (launch_bound, zeros_would_pass, input_would_pass, implausible_speedup; "
            "repeatable; docs/RUNNER.md \"Verdict levels\")."),
        QStringLiteral("FLAG")});
    parser.addOption({QStringLiteral("seeds"),
        QCoreApplication::translate("kernel-review-cli", "rerun: new random inputs to check correctness on (default %1).")
            .arg(defaults.profile.seeds),
        QStringLiteral("N")});
    parser.addOption({QStringLiteral("implausible"),
        QCoreApplication::translate("kernel-review-cli", "rerun: flag device-time speedups above this (default %1).")
            .arg(defaults.profile.implausibleSpeedup),
        QStringLiteral("X")});
    parser.addOption({QStringLiteral("peak-bandwidth"),
        QCoreApplication::translate("kernel-review-cli", "rerun: the device's peak memory bandwidth in GB/s (default: by device name)."),
        QStringLiteral("GBS")});
    parser.addOption({QStringLiteral("no-sandbox"),
        QCoreApplication::translate("kernel-review-cli",
            "rerun: where bubblewrap is missing, run the code anyway, unsandboxed (with your files and the network).")});
    parser.addOption({QStringLiteral("compiler"),
        QCoreApplication::translate("kernel-review-cli", "rerun: use this compiler instead of the profile's."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("python"),
        QCoreApplication::translate("kernel-review-cli",
            "rerun: use this Python instead of the profile's (default: the first of "
            "$VIRTUAL_ENV, $CONDA_PREFIX, PATH, /usr/bin/python3 that imports torch)."),
        QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("host"),
        QCoreApplication::translate("kernel-review-cli",
            "rerun: run probe, compile and harness on this GPU host over ssh (user@host or a ~/.ssh/config alias) instead of here."),
        QStringLiteral("DEST")});
    parser.addOption({QStringLiteral("host-port"), QCoreApplication::translate("kernel-review-cli", "rerun: the host's ssh port."),
        QStringLiteral("N")});
    parser.addOption({QStringLiteral("host-option"),
        QCoreApplication::translate("kernel-review-cli", "rerun: one more ssh option for the host, as ssh -o takes it (repeatable)."),
        QStringLiteral("OPTION")});
    parser.addOption({QStringLiteral("remote-python"),
        QCoreApplication::translate("kernel-review-cli", "rerun: the Python on the host (default python3)."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("remote-compiler"),
        QCoreApplication::translate("kernel-review-cli", "rerun: the compiler on the host (default: the profile's kind's)."),
        QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("remote-work"),
        QCoreApplication::translate("kernel-review-cli", "rerun: the work folder on the host (default ~/.cache/kernel-review)."),
        QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("cases"),
        QCoreApplication::translate("kernel-review-cli", "rerun: a batch of these cases (filenames, comma-separated)."),
        QStringLiteral("A,B")});
    parser.addOption({QStringLiteral("jobs"),
        QCoreApplication::translate("kernel-review-cli", "rerun batch: cases probed and compiled at once (default 1)."),
        QStringLiteral("N")});
    parser.addOption({QStringLiteral("devices"),
        QCoreApplication::translate("kernel-review-cli", "rerun batch: GPUs, one harness on each at a time (default 1)."),
        QStringLiteral("N")});
    parser.addOption({QStringLiteral("slurm"),
        QCoreApplication::translate("kernel-review-cli", "rerun batch: submit it to Slurm as one job array (docs/RUNNER.md).")});
    parser.addOption({QStringLiteral("slurm-dir"),
        QCoreApplication::translate("kernel-review-cli", "rerun batch: the folder this machine and every node see, for --slurm."),
        QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("slurm-gres"),
        QCoreApplication::translate("kernel-review-cli", "rerun batch: each task's sbatch --gres (default gpu:1; \"\" for none)."),
        QStringLiteral("GRES")});
    parser.addOption({QStringLiteral("slurm-time"),
        QCoreApplication::translate("kernel-review-cli", "rerun batch: each task's time limit in minutes (sbatch --time)."),
        QStringLiteral("MINUTES")});
    parser.addOption({QStringLiteral("slurm-option"),
        QCoreApplication::translate(
            "kernel-review-cli", "rerun batch: one more sbatch option, e.g. --slurm-option=--qos=short (repeatable)."),
        QStringLiteral("OPT")});
    parser.addOption({QStringLiteral("format"),
        QCoreApplication::translate("kernel-review-cli", "export: html, md, pdf, csv or workspace."), QStringLiteral("FORMAT")});
    parser.addOption({QStringLiteral("out"),
        QCoreApplication::translate("kernel-review-cli", "export: the file to write (a folder for workspace); run-request: the result."),
        QStringLiteral("DEST")});
    parser.addOption({QStringLiteral("compare"),
        QCoreApplication::translate("kernel-review-cli", "export: compare the run with the run at PATH in the report's summary."),
        QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("only"),
        QCoreApplication::translate("kernel-review-cli", "export: all (default), failing or annotated cases; rerun: a batch of them."),
        QStringLiteral("SCOPE")});
}

int run(const QStringList& arguments, QIODevice* out, QIODevice* err)
{
    const Streams previous = streams;
    streams = {out, err};
    QCommandLineParser parser;
    addOptions(parser);
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
            return summary(parser, args);
        if (args.first() == QLatin1String("compare"))
            return compareRuns(parser, args);
        if (args.first() == QLatin1String("rerun"))
            return rerun(parser, args);
        if (args.first() == QLatin1String("export"))
            return exportReport(parser, args);
        if (args.first() == QLatin1String("run-request"))
            return runRequest(parser, args);
        if (args.first() == QLatin1String("show"))
            return showResult(parser, args);
        return usage(parser, QCoreApplication::translate("kernel-review-cli", "unknown command \"%1\"").arg(args.first()));
    }();
    streams = previous;
    return code;
}

} // namespace krw::cli
