// SPDX-License-Identifier: MIT
#include "runner/remote/remotesteps.h"

#include "models/rerun/diagnosticparser.h"
#include "models/rerun/kernelresourceparser.h"
#include "runner/remote/remotecommand.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

#include <algorithm>

namespace krw {

RemoteSteps::RemoteSteps(QObject* parent)
    : QObject(parent)
{
    connect(&m_job, &RemoteJob::output, this, [this](const QString& text) {
        m_stepLog += text;
        if (!m_quiet)
            Q_EMIT log(text);
    });
    connect(&m_job, &RemoteJob::finished, this, [this](const ProcessOutcome& outcome) {
        m_hostFailure = m_job.hostFailure();
        auto done = std::move(m_stepDone);
        if (done)
            done(outcome);
    });
    connect(&m_local, &ProcessJob::output, this, [this](const QString& text) { m_stepLog += text; });
    connect(&m_local, &ProcessJob::finished, this, [this](const ProcessOutcome& outcome) {
        auto done = std::move(m_stepDone);
        if (done)
            done(outcome);
    });
    connect(&m_stager, &RemoteStager::progress, this, [this](const QString& what) { Q_EMIT log(what + QLatin1Char('\n')); });
    connect(&m_stager, &RemoteStager::finished, this, [this](const StageResult& staged) {
        if (staged.ok) {
            m_jobFolder = staged.jobFolder;
            m_work = QFileInfo(QFileInfo(m_jobFolder).path()).path(); // <work>/jobs/<name> → <work>
        }
        auto done = std::move(m_staged);
        if (!done)
            return;
        StageResult result = staged;
        result.cancelled = result.cancelled || m_cancelled;
        done(result);
    });
}

void RemoteSteps::reset(const RemoteHost& host, const QStringList& inheritOnly)
{
    m_host = host;
    m_inheritOnly = inheritOnly;
    m_jobFolder.clear();
    m_work.clear();
    m_hostFailure.clear();
    m_cancelled = false;
}

void RemoteSteps::cancel()
{
    m_cancelled = true;
    if (m_stager.isRunning()) // finishes as cancelled
        return m_stager.cancel();
    m_job.cancel(); // ends the remote process group, not only ssh
    m_local.cancel();
}

void RemoteSteps::runStep(const ProcessSpec& spec, const QString& doing, std::function<void(const ProcessOutcome&)> done, bool quiet)
{
    m_stepLog.clear();
    m_hostFailure.clear();
    if (m_cancelled) // cancelled between steps, while nothing of ours ran
        return done(ProcessOutcome{ProcessOutcome::Kind::Cancelled, 0, QStringLiteral("was cancelled")});
    m_quiet = quiet;
    m_stepDone = std::move(done);
    const QString command = (QStringList{spec.program} + spec.arguments).join(QLatin1Char(' '));
    if (doing.isEmpty()) { // here: scp
        Q_EMIT log(QStringLiteral("$ %1\n").arg(command));
        return m_local.start(spec);
    }
    Q_EMIT log(QStringLiteral("%1$ %2\n").arg(m_host.displayName(), command));
    m_job.start(m_host, spec, doing);
}

// Everything a rerun needs on the host goes into one job folder there, <work>/jobs/<name>/: the
// harness, the compatibility headers, both sides and the test. RemoteStager keeps every file once
// under <work>/objects/, so what did not change since the last rerun is not sent again.
void RemoteSteps::stage(const QVector<StageFile>& files, const QString& jobFolder, std::function<void(const StageResult&)> done)
{
    m_staged = std::move(done);
    Q_EMIT log(QStringLiteral("Staging the files on %1 (%2)…\n").arg(m_host.displayName(), m_host.workFolder));
    m_stager.stage(m_host, files, jobFolder);
}

// The host's Python and compiler, probed there, in the job folder.
void RemoteSteps::probe(const QString& harnessFile, std::function<void(const Probe&)> done)
{
    const QString harness = m_jobFolder + QStringLiteral("/harness/") + harnessFile;
    ProcessSpec python{m_host.python, {harness, QStringLiteral("probe")}, m_jobFolder, {}, 120000, {}};
    runStep(python, QStringLiteral("probing the toolchain"), [this, done](const ProcessOutcome& outcome) {
        Probe probe;
        probe.cancelled = m_cancelled;
        probe.hostFailure = m_hostFailure;
        if (probe.cancelled || !probe.hostFailure.isEmpty())
            return done(probe);
        probe.info = outcome.kind == ProcessOutcome::Kind::Ok ? parseProbe(m_stepLog.toUtf8()) : ToolchainInfo{};
        if (outcome.kind != ProcessOutcome::Kind::Ok)
            probe.info.error
                = QStringLiteral("the Python probe on %1 %2: %3").arg(m_host.displayName(), outcome.message, lastLines(m_stepLog, 5));
        probe.info.compilerPath = m_host.compiler;
        // Its output is logged when it is complete, without hipcc's harmless traceback.
        runStep(
            ProcessSpec{m_host.compiler, {QStringLiteral("--version")}, m_jobFolder, {}, 60000, {}},
            QStringLiteral("asking the compiler for its version"),
            [this, done, probe](const ProcessOutcome& versionOutcome) mutable {
                m_quiet = false;
                Q_EMIT log(compilerVersionLog(m_stepLog));
                if (!readCompilerVersion(&probe.info, m_stepLog, versionOutcome.kind == ProcessOutcome::Kind::Ok))
                    probe.compilerProblem = m_hostFailure.isEmpty() ? versionOutcome.message : m_hostFailure;
                probe.cancelled = m_cancelled;
                done(probe);
            },
            true);
    });
}

// One build on the host, as one sh script run in the job folder (docs/RUNNER.md "Module cache" and
// "Remote host (SSH)"), safe for any number of builders of the same key on that host:
// - a module in the host's cache is used as it is (it only ever appears whole, by rename);
// - one builder per key: flock(1) on <module>.lock beside it, held by the script's shell until it
//   exits, so a builder that dies (or is cancelled: its process group is killed) lets go at once;
// - a builder that had to wait says so, and when it gets the lock uses the module the other one
//   has just built; if the other failed it builds itself;
// - the lock holder removes scratch files builders that died left, builds into names of its own
//   (the plan's token: <module>.partial-<token>, its log beside it) and renames the log and the
//   module into place with mv, so another rerun never sees half a module.
// flock comes with util-linux (as setsid does); a host without it fails with "HOST has no flock".
QString RemoteSteps::compileScript(const BuildPlan& plan, const QString& sideFile, const QString& hostName, int waitS)
{
    const auto q = [](const QString& path) { return RemoteCommand::shellQuote(path); };
    QStringList steps;
    for (const ProcessSpec& step : plan.steps) {
        const QStringList env = step.environment.isEmpty() ? QStringList() : QStringList{QStringLiteral("env")} + step.environment;
        steps << RemoteCommand::shellLine(env + QStringList{step.program} + step.arguments);
    }
    QStringList scratch;
    for (const QString& path : plan.scratchPaths)
        scratch << q(path);
    // The compiler's output is kept beside the module (its kernel table is read from it on a hit).
    const QString partialLog = plan.partialPath + QStringLiteral(".log");
    const QString moduleLog = plan.outputPath + QStringLiteral(".log");
    const QString cached = QStringLiteral("if [ -e %1 ]; then echo %2; cat %3 2>/dev/null; exit 0; fi\n");
    QString script = cached.arg(q(plan.outputPath), cachedMarker(), q(moduleLog));
    script += QStringLiteral("mkdir -p %1 && exec 9>>%2 || exit 1\n").arg(q(plan.directory), q(plan.lockPath));
    script += QStringLiteral("flock -n 9\nlocked=$?\nif [ $locked -eq 127 ]; then exit 127; fi\n"); // no flock: RemoteFailure says so
    script += QStringLiteral("if [ $locked -ne 0 ]; then\n"
                             "echo %1\n"
                             "flock -w %2 9 || { echo %3; exit 1; }\n")
                  .arg(q(QStringLiteral("Waiting for another rerun on %1, which is building the same module (%2)…")
                               .arg(hostName, plan.lockPath)),
                      QString::number(waitS),
                      q(QStringLiteral("gave up after %1 s waiting for another rerun on %2 that holds %3")
                              .arg(QString::number(waitS), hostName, plan.lockPath)));
    script += cached.arg(q(plan.outputPath), cachedMarker() + QStringLiteral(" ") + justBuiltMarker(), q(moduleLog));
    script += QStringLiteral("fi\n");
    // Whatever is still named *.partial-* was left by a builder that died: only the holder builds.
    script += QStringLiteral("rm -f %1/*.partial-*\n").arg(q(plan.directory));
    script += QStringLiteral("cp %1 %2 || exit 1\n").arg(q(sideFile), q(plan.sourcePath));
    // The compiler's output streams back as it prints (tee) and is kept in the log beside the
    // module; its exit status comes through a file, since sh has no pipefail.
    const QString statusFile = plan.partialPath + QStringLiteral(".status");
    script += QStringLiteral("{ { %1; } 2>&1; echo $? >%2; } | tee %3\nstatus=$(cat %2 2>/dev/null || echo 1)\n")
                  .arg(steps.join(QStringLiteral(" && ")), q(statusFile), q(partialLog));
    script += QStringLiteral("if [ \"$status\" = 0 ]; then mv -f %1 %2 && mv -f %3 %4; status=$?; fi\nrm -f %5 %1 %6\nexit $status\n")
                  .arg(q(partialLog), q(moduleLog), q(plan.partialPath), q(plan.outputPath), scratch.join(QLatin1Char(' ')), q(statusFile));
    return script;
}

void RemoteSteps::compile(const BuildPlan& plan, const QString& sideFile, int timeoutS, std::function<void(const Build&)> done)
{
    Build build;
    build.stage.command = QStringList{plan.steps.first().program} + plan.steps.first().arguments;
    build.stage.modulePath = plan.outputPath;
    m_clock.start();
    // A builder of the same key may hold the lock for up to its own compile timeout (and a
    // minute); the step's timeout covers that wait and this build.
    const int waitS = timeoutS + 60;
    ProcessSpec script{QStringLiteral("sh"), {QStringLiteral("-c"), compileScript(plan, sideFile, m_host.displayName(), waitS)},
        m_jobFolder, {}, (waitS + timeoutS) * 1000, {}};
    script.inheritOnly = m_inheritOnly; // the compile handles generated code: the documented environment only
    runStep(script, QStringLiteral("compiling"), [this, plan, build, done](const ProcessOutcome& outcome) mutable {
        CompileStage& stage = build.stage;
        stage.seconds = m_clock.elapsed() / 1000.0;
        if (outcome.kind == ProcessOutcome::Kind::Cancelled) {
            build.cancelled = true;
            return done(build);
        }
        const int marker = int(m_stepLog.indexOf(cachedMarker()));
        if (outcome.kind == ProcessOutcome::Kind::Ok && marker >= 0) {
            stage.ok = stage.cached = true;
            if (!plan.kernelsPath.isEmpty()) // from the compiler's output kept beside the module
                stage.kernels = KernelResourceParser::parse(m_stepLog.mid(marker), plan.target);
            stage.log = m_stepLog.indexOf(justBuiltMarker(), marker) >= 0
                ? QStringLiteral("Using the module another rerun has just built on %1 from the same source: %2\n")
                : QStringLiteral("Using the module built before on %1 from the same source, flags and toolchain: %2\n");
            stage.log = stage.log.arg(m_host.displayName(), plan.outputPath);
            Q_EMIT log(stage.log);
            return done(build);
        }
        stage.log = m_stepLog;
        stage.diagnostics = KernelResourceParser::withoutResourceLines(DiagnosticParser::parseAll(stage.log));
        if (!plan.kernelsPath.isEmpty())
            stage.kernels = KernelResourceParser::parse(stage.log, plan.target);
        stage.ok = outcome.kind == ProcessOutcome::Kind::Ok;
        if (stage.ok)
            return done(build);
        const bool saidByDiagnostics = outcome.kind == ProcessOutcome::Kind::ExitCode && m_hostFailure.isEmpty()
            && std::any_of(stage.diagnostics.cbegin(), stage.diagnostics.cend(),
                [](const Diagnostic& d) { return d.severity == Diagnostic::Severity::Error; });
        const int gaveUp = int(m_stepLog.indexOf(QLatin1String("gave up after ")));
        if (!m_hostFailure.isEmpty())
            build.why = m_hostFailure; // "gpu1 has no g++ (…)", "gpu1's disk is full (…)", "lost the connection …"
        else if (gaveUp >= 0) // the lock, not the compiler
            build.why = m_stepLog.mid(gaveUp).section(QLatin1Char('\n'), 0, 0);
        else if (!saidByDiagnostics)
            build.why = QStringLiteral("the compiler on %1 %2: %3").arg(m_host.displayName(), outcome.message, lastLines(m_stepLog, 5));
        done(build);
    });
}

// The harness on the host: spec.json (the host's paths) is written there by the step itself, the
// log streams back as it comes, and result.json is fetched into the local work folder.
void RemoteSteps::runHarness(const QJsonObject& spec, const QString& harnessFile, const QStringList& environment, int timeoutS,
    const QString& localResult, std::function<void(const Harness&)> done)
{
    const QString specPath = m_jobFolder + QStringLiteral("/spec.json");
    const QString remoteResult = m_jobFolder + QStringLiteral("/result.json");
    const QString harness = m_jobFolder + QStringLiteral("/harness/") + harnessFile;
    const QString specText = QString::fromUtf8(QJsonDocument(spec).toJson(QJsonDocument::Compact));
    ProcessSpec step{QStringLiteral("sh"),
        {QStringLiteral("-c"), QStringLiteral("printf '%s\\n' \"$1\" > \"$2\" && shift 2 && exec \"$@\""), QStringLiteral("sh"), specText,
            specPath, m_host.python, harness, QStringLiteral("run"), QStringLiteral("--spec"), specPath, QStringLiteral("--out"),
            remoteResult},
        m_jobFolder, environment, timeoutS * 1000, {}};
    step.inheritOnly = m_inheritOnly; // generated code sees the documented environment only, as here
    // Stage lines from the harness move the progress on.
    auto stageWatcher = connect(&m_job, &RemoteJob::output, this, [this](const QString& text) {
        if (text.contains(QLatin1String("KRW-STAGE timing")))
            Q_EMIT timingStarted();
    });
    runStep(
        step, QStringLiteral("running the harness"), [this, stageWatcher, remoteResult, localResult, done](const ProcessOutcome& outcome) {
            disconnect(stageWatcher);
            Harness harness;
            harness.outcome = outcome;
            harness.log = m_stepLog;
            harness.cancelled = outcome.kind == ProcessOutcome::Kind::Cancelled;
            if (!harness.cancelled && !m_hostFailure.isEmpty()) // the connection or the host failed, not the harness
                harness.failure = QStringLiteral("harness: %1").arg(m_hostFailure);
            if (harness.cancelled || !harness.failure.isEmpty())
                return done(harness);
            QFile::remove(localResult);
            runStep(
                RemoteCommand::fetch(m_host, remoteResult, localResult, 120000), QString(),
                [this, harness, done](const ProcessOutcome& fetched) mutable {
                    m_quiet = false;
                    harness.cancelled = m_cancelled;
                    // A result the harness did not write is said as here (by the caller); any other
                    // failure to fetch it (the connection) is the host's.
                    const bool noResult = m_stepLog.contains(QLatin1String("No such file or directory"));
                    if (!harness.cancelled && fetched.kind != ProcessOutcome::Kind::Ok && !noResult
                        && harness.outcome.kind == ProcessOutcome::Kind::Ok)
                        harness.failure = QStringLiteral("harness: cannot fetch the result from %1: %2 %3")
                                              .arg(m_host.displayName(), fetched.message, lastLines(m_stepLog, 3));
                    done(harness);
                },
                true);
        });
}

} // namespace krw
