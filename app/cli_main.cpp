// SPDX-License-Identifier: MIT
//
// kernel-review-cli: the workbench without a window. `export --format html|pdf` draws timing
// plots and lays out the PDF with QtGui, so the CLI links the widgets library and, for those two
// formats only, creates a QApplication on the offscreen platform (unless QT_QPA_PLATFORM is set).
#include "caseversions.h"
#include "krw-config.h"
#include "reportexportjob.h"
#include "rerunpipeline.h"
#include "resultstore.h"
#include "runloader.h"
#include "summaryreport.h"
#include "textstore.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTextStream>

#include <cstdio>
#include <cstring>
#include <memory>

namespace {

enum ExitCode { Ok = 0, UsageError = 1, NothingLoaded = 2, CouldNotRun = 3, Cancelled = 4 };

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


// "predict", "call", "exe", "perf:N" mean the newest iteration that has one; full ids
// ("it3:predict", "label") name one exactly; anything else is read as a file.
std::optional<std::pair<QString, QString>> resolveVersion(const krw::Run& run, const krw::Case& c, const QString& spec, QString* error)
{
    const auto versions = krw::codeVersions(c); // newest iteration first
    for (const krw::CodeVersion& v : versions) {
        const QString shortId = v.id().section(QLatin1Char(':'), 1);
        if (v.id() == spec || shortId == spec)
            return std::make_pair(v.id(), krw::TextStore::resolveOrEmpty(*run.sources, v.text));
    }
    QFile file(spec);
    if (file.open(QIODevice::ReadOnly))
        return std::make_pair(QStringLiteral("file:") + QFileInfo(spec).absoluteFilePath(), QString::fromUtf8(file.readAll()));
    QStringList ids;
    for (const krw::CodeVersion& v : versions)
        ids << v.id();
    *error = QStringLiteral("no version \"%1\" in %2 (versions: %3), and no such file").arg(spec, c.filename, ids.join(QStringLiteral(", ")));
    return std::nullopt;
}

QByteArray rerunText(const krw::RerunResult& r)
{
    QString out;
    QTextStream s(&out);
    s << r.caseName << ": " << r.versionId << " vs " << r.baselineId << ", profile "<< r.profile << '\n';
    s << "verdict: " << r.verdict() << " (" << krw::statusName(r.status) << ", " << QString::number(r.seconds, 'f', 1) << " s, "
      << (r.sandboxed ? "sandboxed" : "not sandboxed") << ")\n";
    if (!r.failure.isEmpty())
        s << "failure: " << r.failure << '\n';
    if (r.compile) {
        s << "compile: " << (r.compile->ok ? "ok" : "failed") << (r.compile->cached ? " (cached)" : "") << ", "
          << QString::number(r.compile->seconds, 'f', 1) << " s\n";
        for (const krw::Diagnostic& d : r.compile->diagnostics)
            s << "  " << d.file << ':' << d.line << ':' << d.column << ": " << krw::severityName(d.severity) << ": " << d.message << '\n';
    }
    if (r.candidateRun && !r.candidateRun->ok)
        s << "candidate failed:\n" << r.candidateRun->error << '\n';
    if (r.baselineRun && !r.baselineRun->ok)
        s << "baseline failed:\n" << r.baselineRun->error << '\n';
    if (r.accuracy) {
        s << "accuracy: " << (r.accuracy->ok ? "ok" : "MISMATCH") << " (rtol " << r.accuracy->rtol << ", atol " << r.accuracy->atol << ")";
        if (!r.accuracy->flags.isEmpty())
            s << " [" << r.accuracy->flags.join(QStringLiteral(", ")) << ']';
        s << '\n';
        for (const krw::OutputComparison& o : r.accuracy->outputs)
            s << "  " << (o.ok ? "ok   " : "FAIL ") << o.name << ": max abs " << o.maxAbsErr.value_or(0) << ", mismatched " << o.mismatched << '/'
              << o.total << (o.flags.isEmpty() ? QString() : QStringLiteral(" [%1]").arg(o.flags.join(QStringLiteral(", ")))) << '\n';
    }
    if (r.timing)
        s << "timing: baseline " << r.timing->baselineMs << " ms, candidate " << r.timing->candidateMs << " ms, speedup "
          << r.timing->speedup.value_or(0) << (r.timing->withinNoise ? " (within noise)" : "") << '\n';
    s.flush();
    return out.toUtf8();
}

int rerun(QCommandLineParser& parser, const QStringList& args)
{
    if (args.size() != 2 || !parser.isSet(QStringLiteral("case")))
        return usage(parser, QStringLiteral("rerun takes one PATH and --case FILENAME"));
    QTextStream err(stderr);
    QString error;
    const krw::Run run = krw::loadRunAtPath(args.at(1), parser.value(QStringLiteral("run")), &error);
    const int caseIndex = run.indexOf(parser.value(QStringLiteral("case")));
    if (!error.isEmpty() || caseIndex < 0) {
        err << "kernel-review-cli: " << (error.isEmpty() ? QStringLiteral("no case \"%1\" in %2").arg(parser.value(QStringLiteral("case")), args.at(1)) : error) << '\n';
        return NothingLoaded;
    }
    const krw::Case& c = run.cases.at(caseIndex);
    const auto candidate = resolveVersion(run, c, parser.isSet(QStringLiteral("version")) ? parser.value(QStringLiteral("version")) : QStringLiteral("predict"), &error);
    const auto baseline = candidate ? resolveVersion(run, c, parser.isSet(QStringLiteral("baseline")) ? parser.value(QStringLiteral("baseline")) : QStringLiteral("label"), &error) : std::nullopt;
    const auto test = baseline ? resolveVersion(run, c, QStringLiteral("test"), &error) : std::nullopt;
    if (!candidate || !baseline || !test) {
        err << "kernel-review-cli: " << error << '\n';
        return NothingLoaded;
    }
    QSettings settings;
    const auto profiles = krw::loadProfiles(settings);
    const QString profileName = parser.isSet(QStringLiteral("profile")) ? parser.value(QStringLiteral("profile")) : QStringLiteral("compile-check");
    const auto profile = krw::findProfile(profiles, profileName);
    if (!profile) {
        QStringList names;
        for (const auto& p : profiles)
            names << p.name;
        return usage(parser, QStringLiteral("no profile \"%1\" (profiles: %2)").arg(profileName, names.join(QStringLiteral(", "))));
    }
    const krw::ResultStore store = krw::ResultStore::forRun(run.path, run.name);
    krw::RerunRequest request;
    request.caseName = c.filename;
    std::tie(request.candidateId, request.candidateText) = *candidate;
    std::tie(request.baselineId, request.baselineText) = *baseline;
    request.testCode = test->second;
    request.profile = *profile;
    if (parser.isSet(QStringLiteral("compiler")))
        request.profile.compiler = parser.value(QStringLiteral("compiler"));
    if (parser.isSet(QStringLiteral("python")))
        request.profile.python = parser.value(QStringLiteral("python"));
    request.rtol = parser.isSet(QStringLiteral("rtol")) ? parser.value(QStringLiteral("rtol")).toDouble() : request.rtol;
    request.atol = parser.isSet(QStringLiteral("atol")) ? parser.value(QStringLiteral("atol")).toDouble() : request.atol;
    request.timing = !parser.isSet(QStringLiteral("no-timing"));
    const QString runnerDir = krw::RerunPipeline::runnerDataDir();
    request.harnessPath = runnerDir + QStringLiteral("/harness/krw_harness.py");
    request.compatRoot = runnerDir + QStringLiteral("/compat");
    request.cacheRoot = QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)).filePath(QStringLiteral("modules"));
    request.workRoot = store.workRoot();

    krw::RerunPipeline pipeline;
    const bool json = parser.isSet(QStringLiteral("json"));
    if (!json)
        QObject::connect(&pipeline, &krw::RerunPipeline::log, &pipeline, [](const QString& text) { QTextStream(stderr) << text; });
    int exitCode = Ok;
    QObject::connect(&pipeline, &krw::RerunPipeline::finished, &pipeline, [&](const krw::RerunResult& result) {
        QString saveError;
        if (!store.save(result, &saveError))
            QTextStream(stderr) << "kernel-review-cli: result not saved: " << saveError << '\n';
        writeOut(json ? krw::rerunToJson(result) : rerunText(result));
        exitCode = result.status == krw::RerunResult::Status::Completed ? Ok
            : result.status == krw::RerunResult::Status::Cancelled      ? Cancelled
                                                                        : CouldNotRun;
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
        return usage(parser, QStringLiteral("export takes one PATH, --format FORMAT and --out DEST"));
    const auto format = krw::exportFormatFromName(parser.value(QStringLiteral("format")));
    if (!format)
        return usage(parser, QStringLiteral("unknown --format \"%1\" (html, md, pdf, csv or workspace)").arg(parser.value(QStringLiteral("format"))));
    const QString only = parser.isSet(QStringLiteral("only")) ? parser.value(QStringLiteral("only")) : QStringLiteral("all");
    const auto scope = krw::exportScopeFromName(only);
    if (!scope || *scope == krw::ExportScope::Selection)
        return usage(parser, QStringLiteral("unknown --only \"%1\" (all, failing or annotated)").arg(only));
    QTextStream err(stderr);
    QString error;
    auto run = std::make_shared<krw::Run>(krw::loadRunAtPath(args.at(1), parser.value(QStringLiteral("run")), &error));
    // What could not be loaded is not in the report: say so, line by line, before writing it.
    for (const krw::LoadWarning& warning : run->warnings)
        err << "warning: " << krw::loadWarningLine(warning) << '\n';
    if (!error.isEmpty() || run->cases.isEmpty()) {
        err << "kernel-review-cli: " << (error.isEmpty() ? QStringLiteral("no case could be loaded from %1").arg(args.at(1)) : error) << '\n';
        return NothingLoaded;
    }
    krw::ExportRequest request;
    request.run = run;
    request.format = *format;
    request.scope = *scope;
    request.destination = parser.value(QStringLiteral("out"));
    request.annotations = krw::loadRunAnnotations(*run, &error);
    if (!error.isEmpty())
        err << "warning: annotations not read: " << error << '\n';
    krw::ReportExportJob job;
    int exitCode = Ok;
    QObject::connect(&job, &krw::ReportExportJob::finished, &job, [&](const krw::ExportResult& result) {
        if (result.ok) {
            err << "wrote " << result.cases << " cases to " << result.path << '\n';
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

// export --format html|pdf needs QtGui (plots, PDF layout); everything else runs without it.
bool needsGui(int argc, char* argv[])
{
    if (argc < 2 || std::strcmp(argv[1], "export") != 0)
        return false;
    for (int i = 2; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        const QByteArray value = arg == "--format" && i + 1 < argc ? QByteArray(argv[i + 1])
            : arg.startsWith("--format=")                         ? arg.mid(9)
                                                                  : QByteArray();
        if (value == "html" || value == "pdf")
            return true;
    }
    return false;
}

} // namespace

int main(int argc, char* argv[])
{
    std::unique_ptr<QCoreApplication> app;
    if (needsGui(argc, argv)) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        app = std::make_unique<QApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    // Same names as the GUI, so both read the same toolchain profiles and caches.
    QCoreApplication::setOrganizationName(QStringLiteral("kernel-review"));
    QCoreApplication::setApplicationName(QStringLiteral("kernel-review"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KRW_VERSION_STRING));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Kernel Review Workbench " KRW_VERSION_STRING ", headless.\n\n"
                                                    "Commands:\n"
                                                    "  summary PATH   cases with their latest and best outcomes, and load warnings\n"
                                                    "  rerun PATH --case FILENAME   compile, check and time one version of a case\n"
                                                    "  export PATH --format html|md|pdf|csv|workspace --out DEST [--only all|failing|annotated]\n"
                                                    "                 the annotated report, a CSV of cases, or per-case debug folders"));
    parser.addHelpOption(); // no --version option: rerun's --version names the code version to run
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("summary"));
    parser.addPositionalArgument(QStringLiteral("path"), QStringLiteral("A run folder, any file of a run, a JSONL file, or a folder of debug folders."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object instead of text.")});
    parser.addOption({QStringLiteral("run"), QStringLiteral("Which run, when the folder holds several."), QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("case"), QStringLiteral("rerun: the case (its filename)."), QStringLiteral("FILENAME")});
    parser.addOption({QStringLiteral("version"), QStringLiteral("rerun: predict, call, exe, perf:N (newest iteration), an id like it3:predict, or a FILE."),
                      QStringLiteral("VERSION")});
    parser.addOption({QStringLiteral("baseline"), QStringLiteral("rerun: the reference to compare with (default: label)."), QStringLiteral("VERSION")});
    parser.addOption({QStringLiteral("profile"), QStringLiteral("rerun: rocm, hip-nvidia, compile-check (default) or cpu, or a profile of your own."),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("rtol"), QStringLiteral("rerun: relative tolerance (default 1e-5)."), QStringLiteral("X")});
    parser.addOption({QStringLiteral("atol"), QStringLiteral("rerun: absolute tolerance (default 1e-3)."), QStringLiteral("Y")});
    parser.addOption({QStringLiteral("no-timing"), QStringLiteral("rerun: check correctness only.")});
    parser.addOption({QStringLiteral("compiler"), QStringLiteral("rerun: use this compiler instead of the profile's."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("python"), QStringLiteral("rerun: use this Python instead of the profile's."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("export: html, md, pdf, csv or workspace."), QStringLiteral("FORMAT")});
    parser.addOption({QStringLiteral("out"), QStringLiteral("export: the file to write (a folder for workspace)."), QStringLiteral("DEST")});
    parser.addOption({QStringLiteral("only"), QStringLiteral("export: all (default), failing or annotated cases."), QStringLiteral("SCOPE")});
    if (!parser.parse(QCoreApplication::arguments()))
        return usage(parser, parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        writeOut(parser.helpText().toUtf8());
        return Ok;
    }
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty())
        return usage(parser, QStringLiteral("no command given"));
    if (args.first() == QLatin1String("summary"))
        return summary(parser, args);
    if (args.first() == QLatin1String("rerun"))
        return rerun(parser, args);
    if (args.first() == QLatin1String("export"))
        return exportReport(parser, args);
    return usage(parser, QStringLiteral("unknown command \"%1\"").arg(args.first()));
}
