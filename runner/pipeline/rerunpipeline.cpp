// SPDX-License-Identifier: MIT
#include "runner/pipeline/rerunpipeline.h"

#include "krw-config.h"
#include "models/rerun/diagnosticparser.h"
#include "models/rerun/kernelresourceparser.h"
#include "models/review/annotations.h"
#include "models/run/caseversions.h"
#include "models/storage/atomicfile.h"
#include "models/work/workpools.h"
#include "runner/pipeline/staticconfirmation.h"
#include "runner/runnerlogging.h"
#include "runner/sandbox/sandboxenvironment.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTimer>
#include <QUuid>
#include <QtConcurrent>

#include <algorithm>

namespace krw {

namespace {

// Probes are slow (Python imports torch); remember them per profile for the session.
QHash<QString, ToolchainInfo>& probeCache()
{
    static QHash<QString, ToolchainInfo> cache;
    return cache;
}

QString probeKey(const ToolchainProfile& p)
{
    return p.name + QLatin1Char('\n') + p.python + QLatin1Char('\n') + p.compiler;
}

bool writeText(const QString& path, const QByteArray& bytes)
{
    QString error;
    if (writeFileAtomically(path, bytes, &error))
        return true;
    qCWarning(lcRunner) << error;
    return false;
}

// The kernel table kept beside a cached module; an absent or unreadable file is an empty table.
QVector<KernelResourceUsage> readKernels(const QString& path)
{
    QFile file(path);
    if (path.isEmpty() || !file.open(QIODevice::ReadOnly))
        return {};
    QString error;
    const auto kernels = kernelsFromJson(file.readAll(), &error);
    if (!kernels)
        qCWarning(lcRunner) << path << error;
    return kernels.value_or(QVector<KernelResourceUsage>());
}

// One rerun's scratch folder (here, and with a host its job folder there): "20261126-140500-1a2b3c4d".
QString newWorkFolderName()
{
    return QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-")) + QUuid::createUuid().toString(QUuid::Id128).left(8);
}

} // namespace

QString stageTitle(RerunStage stage)
{
    switch (stage) {
    case RerunStage::Probe:
        return QStringLiteral("Checking toolchain");
    case RerunStage::Compile:
        return QStringLiteral("Compiling");
    case RerunStage::Correctness:
        return QStringLiteral("Checking correctness");
    case RerunStage::Timing:
        return QStringLiteral("Timing");
    case RerunStage::Done:
        break;
    }
    return QStringLiteral("Done");
}

RerunPipeline::RerunPipeline(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<krw::RerunResult>();
    qRegisterMetaType<krw::RerunStage>();
    qRegisterMetaType<QVector<krw::Diagnostic>>();
    connect(&m_job, &ProcessJob::output, this, [this](const QString& text) {
        m_stepLog += text;
        if (!m_quietStep)
            Q_EMIT log(text);
    });
    connect(&m_job, &ProcessJob::finished, this, [this](const ProcessOutcome& outcome) {
        auto done = std::move(m_stepDone);
        if (done)
            done(outcome);
    });
    connect(&m_host, &RemoteSteps::log, this, &RerunPipeline::log);
    connect(&m_host, &RemoteSteps::timingStarted, this, [this] { Q_EMIT stageChanged(RerunStage::Timing); });
    connect(&m_buildLock, &BuildLock::waiting, this,
        [this](const QString& holder) { Q_EMIT log(QStringLiteral("Waiting for %1, which is building the same module…\n").arg(holder)); });
    connect(&m_buildLock, &BuildLock::acquired, this, &RerunPipeline::buildLocked);
    connect(&m_buildLock, &BuildLock::failed, this, [this](const QString& why) {
        CompileStage stage;
        stage.command = QStringList{m_lockedBuild.plan.steps.first().program} + m_lockedBuild.plan.steps.first().arguments;
        buildFailed(m_lockedBuild, stage, why);
    });
}

QString RerunPipeline::runnerDataDir()
{
    const QString env = qEnvironmentVariable("KRW_RUNNER_DIR");
    if (!env.isEmpty())
        return env;
    // The build tree (build/app/../runner, and one level deeper for tests), then the install
    // prefix: the data folder relative to the installed programs, from the install rules.
    const QDir app(QCoreApplication::applicationDirPath());
    const QString installed = QStringLiteral(KRW_DATADIR_FROM_BINDIR "/runner");
    for (const QString& candidate : {QStringLiteral("../runner"), QStringLiteral("../../runner"), installed}) {
        if (QFileInfo::exists(app.filePath(candidate + QStringLiteral("/harness/krw_harness.py"))))
            return QDir::cleanPath(app.filePath(candidate));
    }
    return QDir::cleanPath(app.filePath(installed));
}

namespace {

// A profile without a Python runs the first that imports torch (PythonFinder), found once a session.
QString& automaticPython()
{
    static QString path;
    return path;
}

} // namespace

void RerunPipeline::findPython()
{
    auto use = [this](const QString& path) {
        m_request.profile.python = path;
        m_result.pythonPath = path;
        m_result.pythonAutomatic = true;
        Q_EMIT log(QStringLiteral("Python (automatic): %1\n").arg(path));
        probe();
    };
    if (!automaticPython().isEmpty())
        return use(automaticPython());
    Q_EMIT log(QStringLiteral("Looking for a Python that imports torch…\n"));
    connect(&m_pythonFinder, &PythonFinder::finished, this, [this, use](const PythonSearch& search) {
        m_pythonFinder.disconnect(this);
        for (const PythonCandidate& c : search.tried)
            Q_EMIT log(QStringLiteral("  %1\n").arg(c.describe()));
        if (!search.found())
            return fail(QStringLiteral("toolchain: %1").arg(search.failureText()));
        automaticPython() = search.choice()->path;
        use(automaticPython());
    });
    m_pythonFinder.start();
}

void RerunPipeline::forgetProbes()
{
    probeCache().clear();
    automaticPython().clear();
}

void RerunPipeline::start(const RerunRequest& request)
{
    Q_ASSERT(!m_running);
    m_request = request;
    m_result = RerunResult();
    m_result.caseName = request.caseName;
    m_result.versionId = request.candidateId;
    m_result.versionTitle = request.candidateTitle;
    m_result.versionHash = versionContentHash(request.candidateText); // tells edits of a local version apart
    m_result.baselineId = request.baselineId;
    m_result.profile = request.profile.name;
    m_result.raisedFlags = request.profile.suspectFlags; // the level is read from the result alone (VerdictLevel)
    m_result.pythonPath = request.profile.python; // empty = automatic: set by findPython()
    m_result.started = QDateTime::currentDateTime();
    m_builds.clear();
    m_candidateModule.clear();
    m_baselineModule.clear();
    m_localWork.clear();
    m_host.reset(request.profile.host, SandboxEnvironment::names(request.profile));
    m_compilerProblem.clear();
    m_running = true;
    m_cancelled = false;
    m_waitingForDevice = false;
    m_deviceEnvironment.clear();
    // Milliseconds for a candidate of ordinary size, but not on this thread: it is done long before the harness is.
    m_staticHints = QtConcurrent::run(WorkPools::parts(), &StaticConfirmation::candidateHints, request.candidateId, request.candidateText,
        request.baselineText, request.testCode);
    m_clock.start();
    // Always report from the event loop, even when everything is cached and nothing has to run:
    // a caller's signal connections made right after start() must not miss the result.
    QTimer::singleShot(0, this, &RerunPipeline::probe);
}

void RerunPipeline::cancel()
{
    if (!m_running)
        return;
    m_cancelled = true;
    if (m_waitingForDevice) { // nothing runs until a device is handed out
        m_waitingForDevice = false;
        return complete(RerunResult::Status::Cancelled);
    }
    if (m_buildLock.isWaiting()) { // no process of ours runs while waiting for another builder
        m_buildLock.release();
        return complete(RerunResult::Status::Cancelled);
    }
    if (m_pythonFinder.isRunning()) { // no finished() comes after its cancel
        m_pythonFinder.cancel();
        return complete(RerunResult::Status::Cancelled);
    }
    m_job.cancel();
    m_host.cancel(); // ends the remote process group, not only ssh; a staging finishes as cancelled
}

void RerunPipeline::runStep(const ProcessSpec& spec, std::function<void(const ProcessOutcome&)> done)
{
    if (m_cancelled) // cancelled between steps, while nothing of ours ran
        return complete(RerunResult::Status::Cancelled);
    m_stepLog.clear();
    m_stepDone = std::move(done);
    m_stepClock.start();
    Q_EMIT log(QStringLiteral("$ %1\n").arg((QStringList{spec.program} + spec.arguments).join(QLatin1Char(' '))));
    m_job.start(spec);
}

void RerunPipeline::probe()
{
    if (m_cancelled) // before anything started
        return complete(RerunResult::Status::Cancelled);
    Q_EMIT stageChanged(RerunStage::Probe);
    const ToolchainProfile& p = m_request.profile;
    // Decided before anything runs: code that would run unsandboxed without leave never starts.
    m_limits = Sandbox::limitsOf(p);
    m_sandbox = Sandbox::choose(p, Sandbox::available(), m_request.unsandboxedAllowed, m_limits);
    m_result.sandboxed = m_sandbox.sandboxed;
    m_result.sandboxNote = m_sandbox.note;
    if (!m_sandbox.refused && !p.remote()) // on a host, the steps see the host's environment
        m_result.sandboxNote += QStringLiteral("; ") + SandboxEnvironment::note(p);
    if (m_sandbox.refused)
        return fail(m_sandbox.refusal);
    if (p.remote()) // everything runs there: its files first
        return stageOnHost();
    if (p.python.isEmpty()) // automatic: probe() again with the Python found
        return findPython();
    if (probeCache().contains(probeKey(p))) {
        m_info = probeCache().value(probeKey(p));
        return afterProbe();
    }
    ProcessSpec python{p.python, {m_request.harnessPath, QStringLiteral("probe")}, {}, {}, 120000, {}};
    runStep(python, [this](const ProcessOutcome& outcome) {
        if (m_cancelled)
            return complete(RerunResult::Status::Cancelled);
        m_info = outcome.kind == ProcessOutcome::Kind::Ok ? parseProbe(m_stepLog.toUtf8()) : ToolchainInfo{};
        if (outcome.kind != ProcessOutcome::Kind::Ok)
            m_info.error = QStringLiteral("the Python probe %1: %2").arg(outcome.message, lastLines(m_stepLog, 5));
        const QString compiler = QStandardPaths::findExecutable(m_request.profile.compiler);
        m_info.compilerPath = m_request.profile.compiler.contains(QLatin1Char('/')) ? m_request.profile.compiler : compiler;
        ProcessSpec version{m_info.compilerPath.isEmpty() ? m_request.profile.compiler : m_info.compilerPath, {QStringLiteral("--version")},
            {}, {}, 60000, {}};
        // Its output is logged when it is complete, without hipcc's harmless traceback.
        m_quietStep = true;
        runStep(version, [this](const ProcessOutcome& versionOutcome) {
            readCompilerVersion(versionOutcome);
            if (m_cancelled)
                return complete(RerunResult::Status::Cancelled);
            probeCache().insert(probeKey(m_request.profile), m_info);
            afterProbe();
        });
    });
}

// The compiler's `--version` step ended (here or on a host): its output goes to the log, without
// hipcc's harmless traceback; its version is kept, or the compiler forgotten when it did not answer.
bool RerunPipeline::readCompilerVersion(const ProcessOutcome& outcome)
{
    m_quietStep = false;
    Q_EMIT log(compilerVersionLog(m_stepLog));
    return krw::readCompilerVersion(&m_info, m_stepLog, outcome.kind == ProcessOutcome::Kind::Ok);
}

void RerunPipeline::afterProbe()
{
    const ToolchainProfile& p = m_request.profile;
    m_result.environment.insert(QStringLiteral("profile"), kindName(p.kind));
    m_result.environment.insert(QStringLiteral("compiler"), m_info.compilerVersion);
    m_result.environment.insert(QStringLiteral("python"), m_info.pythonVersion);
    m_result.environment.insert(QStringLiteral("torch"), m_info.torchVersion);
    if (!m_info.tritonVersion.isEmpty())
        m_result.environment.insert(QStringLiteral("triton"), m_info.tritonVersion);
    if (!m_info.deviceName.isEmpty())
        m_result.environment.insert(QStringLiteral("device_name"), m_info.deviceName);
    if (!m_info.usable())
        return fail(QStringLiteral("toolchain: %1").arg(m_info.error));
    if (!prepareSide(m_request.candidateText, true) || !prepareSide(m_request.baselineText, false))
        return;
    if (m_builds.isEmpty() && !p.runsCode())
        return fail(QStringLiteral("the %1 profile only compiles, and this version is not C++/HIP").arg(p.name));
    compileNext();
}

// C++ sides are compiled; Python sides (Triton labels, Triton→Triton predictions) run as they are.
bool RerunPipeline::prepareSide(const QString& text, bool candidate)
{
    if (text.trimmed().isEmpty()) {
        fail(candidate ? QStringLiteral("the version to run is empty") : QStringLiteral("the baseline is empty"));
        return false;
    }
    if (detectLanguage(text) != CodeLanguage::Cpp)
        return true;
    if (m_info.compilerPath.isEmpty()) {
        if (m_request.profile.remote())
            fail(QStringLiteral("compiler \"%1\" not found on host %2: %3")
                     .arg(m_request.profile.host.compiler, m_request.profile.host.displayName(), m_compilerProblem));
        else
            fail(QStringLiteral("compiler \"%1\" of profile %2 not found").arg(m_request.profile.compiler, m_request.profile.name));
        return false;
    }
    BuildInputs inputs;
    inputs.profile = m_request.profile;
    inputs.info = m_info;
    inputs.compatRoot = m_request.compatRoot;
    inputs.cudaRoot = qEnvironmentVariable("CUDA_PATH", QStringLiteral("/usr/local/cuda"));
    inputs.cacheRoot = m_request.cacheRoot;
    inputs.caseName = m_request.caseName;
    inputs.source = text;
    inputs.buildToken = QUuid::createUuid().toString(QUuid::Id128).left(12);
    if (m_request.profile.remote()) {
        // The same plan with the host's paths: its cache, and the compat headers staged in the job
        // folder, named relative to it (the compile runs there), so the key stays the same per job.
        inputs.compatRoot = QStringLiteral("compat");
        inputs.cacheRoot = m_host.workFolder() + QStringLiteral("/modules");
        inputs.cudaRoot = QStringLiteral("/usr/local/cuda");
    }
    m_builds.append({candidate, planBuild(inputs)});
    return true;
}

void RerunPipeline::compileNext()
{
    if (m_cancelled)
        return complete(RerunResult::Status::Cancelled);
    if (m_builds.isEmpty() && !m_request.profile.runsCode())
        return complete();
    if (m_builds.isEmpty() && m_request.waitForDevice) {
        m_waitingForDevice = true;
        Q_EMIT harnessReady();
        return;
    }
    if (m_builds.isEmpty())
        return startHarness();
    const SideBuild build = m_builds.takeFirst();
    const BuildPlan& plan = build.plan;
    QString& module = build.candidate ? m_candidateModule : m_baselineModule;
    module = plan.outputPath;
    Q_EMIT stageChanged(RerunStage::Compile);
    if (m_request.profile.remote())
        return compileOnHost(build);
    if (QFileInfo::exists(plan.outputPath))
        return useCachedModule(build, QStringLiteral("Using the module built before from the same source, flags and toolchain"));
    m_lockedBuild = build;
    if (!QDir().mkpath(plan.directory)) {
        CompileStage stage;
        stage.command = QStringList{plan.steps.first().program} + plan.steps.first().arguments;
        return buildFailed(build, stage, QStringLiteral("cannot create the module cache folder %1").arg(plan.directory));
    }
    // Builders of the same key take turns; one that waited finds the module built (buildLocked).
    m_buildLock.acquire(plan.lockPath, (m_request.profile.compileTimeoutS + 60) * 1000);
}

void RerunPipeline::useCachedModule(const SideBuild& build, const QString& why)
{
    CompileStage stage;
    stage.command = QStringList{build.plan.steps.first().program} + build.plan.steps.first().arguments;
    stage.modulePath = build.plan.outputPath;
    stage.ok = stage.cached = true;
    stage.kernels = readKernels(build.plan.kernelsPath);
    // Kept in the result too, so that a reopened result's log says why it has no compiler output.
    stage.log = QStringLiteral("%1: %2\n").arg(why, build.plan.outputPath);
    Q_EMIT log(stage.log);
    if (build.candidate)
        m_result.compile = stage;
    compileNext();
}

void RerunPipeline::buildLocked()
{
    const SideBuild build = m_lockedBuild;
    const BuildPlan& plan = build.plan;
    if (QFileInfo::exists(plan.outputPath)) { // the builder we waited for made it
        m_buildLock.release();
        return useCachedModule(build, QStringLiteral("Using the module another rerun has just built from the same source"));
    }
    removeDeadScratch(plan.directory);
    CompileStage stage;
    stage.command = QStringList{plan.steps.first().program} + plan.steps.first().arguments;
    stage.modulePath = plan.outputPath;
    if (!writeText(plan.sourcePath, (build.candidate ? m_request.candidateText : m_request.baselineText).toUtf8())) {
        m_buildLock.release();
        return buildFailed(build, stage, QStringLiteral("cannot write %1").arg(plan.sourcePath));
    }
    m_buildClock.start();
    runBuildStep(build, stage, 0);
}

// A build that ended without a module says why, in the stage and in the result's failure line: the
// compiler's own diagnostics are not always there (a timeout, a full disk, a lock held too long).
void RerunPipeline::buildFailed(const SideBuild& build, CompileStage stage, const QString& why)
{
    stage.ok = false;
    stage.error = why;
    if (!why.isEmpty())
        Q_EMIT log(QStringLiteral("\n%1\n").arg(why));
    if (!build.candidate)
        return fail(QStringLiteral("the baseline did not compile: %1").arg(why.isEmpty() ? lastLines(stage.log, 8) : why));
    m_result.compile = stage;
    if (!why.isEmpty())
        m_result.failure = QStringLiteral("compile: %1").arg(why);
    Q_EMIT diagnosticsChanged(stage.diagnostics);
    complete();
}

// One step of a build (compile, then link where the profile links separately); the compile
// stage collects the log and diagnostics of all of them.
void RerunPipeline::runBuildStep(const SideBuild& build, CompileStage stage, int step)
{
    const ProcessSpec& spec = build.plan.steps.at(step);
    if (step > 0)
        stage.command += QStringList{QStringLiteral("&&"), spec.program} + spec.arguments;
    // The compiler reads generated code: it may write only the module's folder, and #include
    // "~/.ssh/id_rsa" finds nothing to quote into the log.
    runStep(guarded(spec, build.plan.directory, {}), [this, build, stage, step](const ProcessOutcome& outcome) mutable {
        stage.seconds = m_buildClock.elapsed() / 1000.0;
        stage.log += m_stepLog;
        // The resource report goes to the kernel table, not among the diagnostics. It is read from
        // a failed compile too: clang reports a kernel's LDS before refusing it for the size.
        stage.diagnostics = KernelResourceParser::withoutResourceLines(DiagnosticParser::parseAll(stage.log));
        if (!build.plan.kernelsPath.isEmpty())
            stage.kernels = KernelResourceParser::parse(stage.log, build.plan.target);
        const bool lastStep = step + 1 == build.plan.steps.size();
        if (outcome.kind == ProcessOutcome::Kind::Ok && !lastStep)
            return runBuildStep(build, stage, step + 1);
        // The table is written before the module appears, so a cached module always has its own.
        if (outcome.kind == ProcessOutcome::Kind::Ok && !build.plan.kernelsPath.isEmpty())
            writeText(build.plan.kernelsPath, kernelsToJson(stage.kernels));
        QString publishError;
        stage.ok = outcome.kind == ProcessOutcome::Kind::Ok && publishBuild(build.plan, &publishError);
        removeScratch(build.plan);
        m_buildLock.release();
        if (outcome.kind == ProcessOutcome::Kind::Cancelled)
            return complete(RerunResult::Status::Cancelled);
        if (stage.ok) {
            if (build.candidate) {
                m_result.compile = stage;
                Q_EMIT diagnosticsChanged(stage.diagnostics);
            }
            return compileNext();
        }
        const bool saidByDiagnostics = outcome.kind == ProcessOutcome::Kind::ExitCode
            && std::any_of(stage.diagnostics.cbegin(), stage.diagnostics.cend(),
                [](const Diagnostic& d) { return d.severity == Diagnostic::Severity::Error; });
        QString why;
        if (outcome.kind == ProcessOutcome::Kind::Ok)
            why = publishError;
        else if (!saidByDiagnostics)
            why = QStringLiteral("the compiler %1: %2").arg(outcome.message, lastLines(m_stepLog, 5));
        buildFailed(build, stage, why);
    });
}

// Every step that handles generated code: in the sandbox when there is one (the choice was made
// in probe()), with the profile's limits either way.
ProcessSpec RerunPipeline::guarded(ProcessSpec spec, const QString& writableDir, const QStringList& readOnly) const
{
    // Sandboxed or not, generated code sees only the documented environment (SandboxEnvironment).
    spec.inheritOnly = SandboxEnvironment::names(m_request.profile);
    if (!m_sandbox.sandboxed) {
        spec.limits = m_limits;
        return spec;
    }
    Sandbox sandbox(writableDir, m_limits);
    for (const QString& path : readOnly)
        sandbox.addReadOnly(path);
    return sandbox.wrap(spec);
}

// ---- With a host: the same steps over SSH, run by RemoteSteps (docs/RUNNER.md "Remote host (SSH)") ----

// The sides and the test are written here first, then staged with the harness and the
// compatibility headers into the rerun's job folder on the host.
void RerunPipeline::stageOnHost()
{
    const RemoteHost& host = m_request.profile.host;
    m_result.environment.insert(QStringLiteral("ssh_host"), host.displayName()); // RerunResult::where()
    m_result.pythonPath = host.python;
    m_result.pythonAutomatic = false;
    const QString name = newWorkFolderName();
    m_localWork = QDir(m_request.workRoot).filePath(name);
    if (!QDir().mkpath(m_localWork))
        return fail(QStringLiteral("cannot create the work folder %1").arg(m_localWork));
    const QDir work(m_localWork);
    const QString error = writeJobFiles(work);
    if (!error.isEmpty())
        return fail(error);
    QVector<StageFile> files{{QFileInfo(m_request.harnessPath).absolutePath(), QStringLiteral("harness")}};
    if (!m_request.compatRoot.isEmpty() && QFileInfo(m_request.compatRoot).isDir())
        files.append({m_request.compatRoot, QStringLiteral("compat")});
    for (const QString& file : {sideFileName(true), sideFileName(false), QStringLiteral("test_code.py")})
        files.append({work.filePath(file), file});
    m_host.stage(files, QStringLiteral("jobs/") + name, [this](const StageResult& staged) { stagedOnHost(staged); });
}

void RerunPipeline::stagedOnHost(const StageResult& staged)
{
    if (m_cancelled || staged.cancelled)
        return complete(RerunResult::Status::Cancelled);
    if (!staged.ok)
        return fail(staged.error); // names the host: "cannot reach gpu1: …", "gpu1's disk is full (…)"
    Q_EMIT log(QStringLiteral("Staged %1 files in %2 on %3: %4 sent (%5 bytes), the rest were there already\n")
                   .arg(staged.files)
                   .arg(staged.jobFolder, m_request.profile.host.displayName())
                   .arg(staged.uploaded)
                   .arg(staged.uploadedBytes));
    probeOnHost();
}

// The host's Python and compiler, probed there; remembered per host for the session.
void RerunPipeline::probeOnHost()
{
    const ToolchainProfile& p = m_request.profile;
    const QString key = QStringList{probeKey(p), p.host.destination, QString::number(p.host.port), p.host.python, p.host.compiler}.join(
        QLatin1Char('\n'));
    if (probeCache().contains(key)) {
        m_info = probeCache().value(key);
        return afterProbe();
    }
    m_host.probe(QFileInfo(m_request.harnessPath).fileName(), [this, key](const RemoteSteps::Probe& probe) {
        if (m_cancelled || probe.cancelled)
            return complete(RerunResult::Status::Cancelled);
        if (!probe.hostFailure.isEmpty()) // the host, not the probe: "cannot reach …", "… has no python3 (…)"
            return fail(QStringLiteral("toolchain: %1").arg(probe.hostFailure));
        m_info = probe.info;
        m_compilerProblem = probe.compilerProblem;
        // Only what worked is kept: a host whose tool was missing may have it next time.
        if (m_info.usable() && !m_info.compilerPath.isEmpty())
            probeCache().insert(key, m_info);
        afterProbe();
    });
}

// One side's build in the host's module cache; a module there is used as it is. Builders of the
// same key on the host take turns there (flock), as BuildLock makes them here.
void RerunPipeline::compileOnHost(const SideBuild& build)
{
    if (m_cancelled)
        return complete(RerunResult::Status::Cancelled);
    m_host.compile(
        build.plan, sideFileName(build.candidate), m_request.profile.compileTimeoutS, [this, build](const RemoteSteps::Build& built) {
            if (built.cancelled)
                return complete(RerunResult::Status::Cancelled);
            if (!built.stage.ok)
                return buildFailed(build, built.stage, built.why);
            if (build.candidate) {
                m_result.compile = built.stage;
                if (!built.stage.cached)
                    Q_EMIT diagnosticsChanged(built.stage.diagnostics);
            }
            compileNext();
        });
}

// The harness on the host; its result.json is fetched into the local work folder and read as a
// local result is.
void RerunPipeline::startHarnessOnHost()
{
    if (m_cancelled)
        return complete(RerunResult::Status::Cancelled);
    const QString localResult = QDir(m_localWork).filePath(QStringLiteral("result.json"));
    m_host.runHarness(harnessSpec(m_request, m_host.jobFolder(), m_baselineModule, m_candidateModule),
        QFileInfo(m_request.harnessPath).fileName(), m_deviceEnvironment, m_request.profile.harnessTimeoutS, localResult,
        [this, localResult](const RemoteSteps::Harness& harness) {
            if (m_cancelled || harness.cancelled) {
                m_result.harnessLog = harness.log;
                return complete(RerunResult::Status::Cancelled);
            }
            if (!harness.failure.isEmpty()) {
                m_result.harnessLog = harness.log;
                return fail(harness.failure);
            }
            m_stepLog = harness.log; // what harnessFinished() reports from
            harnessFinished(harness.outcome, localResult); // a harness that wrote nothing is said there
        });
}

void RerunPipeline::continueWithDevice(const QStringList& environment)
{
    if (!m_waitingForDevice)
        return;
    m_waitingForDevice = false;
    m_deviceEnvironment = environment;
    if (!environment.isEmpty())
        m_result.environment.insert(QStringLiteral("visible_devices"), environment.join(QLatin1Char(' ')));
    startHarness();
}

// The side's file in the work folder: C++ (compiled; the harness reads its kernel names) or Python.
QString RerunPipeline::sideFileName(const RerunRequest& request, bool candidate)
{
    const QString& text = candidate ? request.candidateText : request.baselineText;
    const bool cpp = detectLanguage(text) == CodeLanguage::Cpp;
    return (candidate ? QStringLiteral("candidate") : QStringLiteral("baseline")) + (cpp ? QStringLiteral(".hip") : QStringLiteral(".py"));
}

// Both sides (a module's source beside it too: the harness reads its kernel names, no_own_kernel)
// and the test, into a work folder here.
QString RerunPipeline::writeJobFiles(const QDir& work) const
{
    for (const bool candidate : {true, false}) {
        const QString file = work.filePath(sideFileName(candidate));
        if (!writeText(file, (candidate ? m_request.candidateText : m_request.baselineText).toUtf8()))
            return QStringLiteral("cannot write %1").arg(file);
    }
    const QString test = work.filePath(QStringLiteral("test_code.py"));
    if (!writeText(test, m_request.testCode.toUtf8()))
        return QStringLiteral("cannot write %1").arg(test);
    return {};
}

// spec.json for a work folder that holds the sides' and the test's files (here or on the host).
QJsonObject RerunPipeline::harnessSpec(
    const RerunRequest& request, const QString& workDir, const QString& baselineModule, const QString& candidateModule)
{
    const QString dir = workDir + QLatin1Char('/');
    auto side = [&](bool candidate) {
        const QString module = candidate ? candidateModule : baselineModule;
        const QString source = dir + sideFileName(request, candidate);
        if (!module.isEmpty())
            return QJsonObject{{QStringLiteral("kind"), QStringLiteral("extension")}, {QStringLiteral("module_file"), module},
                {QStringLiteral("module_name"), QFileInfo(module).fileName().section(QLatin1Char('.'), 0, 0)},
                {QStringLiteral("source_file"), source}};
        return QJsonObject{{QStringLiteral("kind"), QStringLiteral("python")}, {QStringLiteral("source_file"), source}};
    };
    return QJsonObject{
        {QStringLiteral("case"), request.caseName},
        {QStringLiteral("work_dir"), workDir},
        {QStringLiteral("baseline"), side(false)},
        {QStringLiteral("candidate"), side(true)},
        {QStringLiteral("test_file"), QString(dir + QStringLiteral("test_code.py"))},
        {QStringLiteral("device"), request.profile.kind == ToolchainProfile::Kind::Cpu ? QStringLiteral("cpu") : QStringLiteral("cuda")},
        {QStringLiteral("seed"), request.seed},
        {QStringLiteral("rtol"), request.rtol},
        {QStringLiteral("atol"), request.atol},
        {QStringLiteral("side_timeout_s"), std::max(30, request.profile.harnessTimeoutS / 3)},
        {QStringLiteral("timing"),
            // Only what the runner decides; the knobs are the schema's defaults, which the harness applies.
            QJsonObject{{QStringLiteral("enabled"), request.timing}}},
        {QStringLiteral("checks"),
            QJsonObject{{QStringLiteral("disabled"), QJsonArray::fromStringList(request.profile.disabledChecks)},
                {QStringLiteral("seeds"), request.profile.seeds},
                {QStringLiteral("implausible_speedup"), request.profile.implausibleSpeedup}}},
        {QStringLiteral("peak_bandwidth_gbs"),
            request.profile.peakBandwidthGbs > 0 ? QJsonValue(request.profile.peakBandwidthGbs) : QJsonValue(QJsonValue::Null)},
    };
}

void RerunPipeline::startHarness()
{
    Q_EMIT stageChanged(RerunStage::Correctness);
    if (m_request.profile.remote())
        return startHarnessOnHost();
    const QString workDir = QDir(m_request.workRoot).filePath(newWorkFolderName());
    if (!QDir().mkpath(workDir))
        return fail(QStringLiteral("cannot create the work folder %1").arg(workDir));
    const QDir work(workDir);
    const QString error = writeJobFiles(work);
    if (!error.isEmpty())
        return fail(error);
    const QJsonObject spec = harnessSpec(m_request, workDir, m_baselineModule, m_candidateModule);
    const QString specPath = work.filePath(QStringLiteral("spec.json"));
    const QString resultPath = work.filePath(QStringLiteral("result.json"));
    if (!writeText(specPath, QJsonDocument(spec).toJson()))
        return fail(QStringLiteral("cannot write %1").arg(specPath));
    ProcessSpec harness{m_request.profile.python,
        {m_request.harnessPath, QStringLiteral("run"), QStringLiteral("--spec"), specPath, QStringLiteral("--out"), resultPath}, workDir,
        m_deviceEnvironment, m_request.profile.harnessTimeoutS * 1000, {}};
    if (m_sandbox.sandboxed)
        harness.environment << QStringLiteral("TRITON_CACHE_DIR=") + work.filePath(QStringLiteral("triton-cache"));
    // What the harness needs from a hidden home: itself and the built modules (the Python's
    // installation and PYTHONPATH are found by the Sandbox).
    QStringList readOnly = {QFileInfo(m_request.harnessPath).absolutePath()};
    for (const QString& module : {m_candidateModule, m_baselineModule}) {
        if (!module.isEmpty())
            readOnly << QFileInfo(module).absolutePath();
    }
    // Stage lines from the harness move the progress on.
    auto stageWatcher = connect(&m_job, &ProcessJob::output, this, [this](const QString& text) {
        if (text.contains(QLatin1String("KRW-STAGE timing")))
            Q_EMIT stageChanged(RerunStage::Timing);
    });
    runStep(guarded(harness, workDir, readOnly), [this, resultPath, stageWatcher](const ProcessOutcome& outcome) {
        disconnect(stageWatcher);
        harnessFinished(outcome, resultPath);
    });
}

void RerunPipeline::harnessFinished(const ProcessOutcome& outcome, const QString& resultPath)
{
    m_result.harnessLog = m_stepLog;
    const ProcessTreeUsage& peak = m_job.peakUsage();
    if (peak.processes > 0 && !m_request.profile.remote()) // what to set the limits to, next time
        m_result.sandboxNote += QStringLiteral("; the harness used up to %1 of memory and %2 processes and threads")
                                    .arg(ResourceWatch::sizeText(peak.memoryBytes()))
                                    .arg(peak.tasks);
    if (outcome.kind == ProcessOutcome::Kind::Cancelled)
        return complete(RerunResult::Status::Cancelled);
    if (outcome.kind == ProcessOutcome::Kind::LimitReached) // whatever it wrote is not a result
        return fail(QStringLiteral("the harness %1:\n%2").arg(outcome.message, lastLines(m_stepLog, 12)));
    QFile file(resultPath);
    if (!file.open(QIODevice::ReadOnly)) {
        // A hang, crash or OOM of the harness itself: say which, with its last words.
        return fail(QStringLiteral("the harness %1 and wrote no result:\n%2").arg(outcome.message, lastLines(m_stepLog, 12)));
    }
    QString error;
    if (!applyHarnessResult(file.readAll(), &m_result, &error))
        return fail(QStringLiteral("harness: %1").arg(error));
    if (m_staticHints.isFinished()) // never waited for here; in practice done since the compile
        StaticConfirmation::apply(&m_result, m_staticHints.result());
    complete();
}

void RerunPipeline::fail(const QString& why)
{
    m_result.failure = why;
    Q_EMIT log(QStringLiteral("\n%1\n").arg(why));
    complete(RerunResult::Status::Failed);
}

void RerunPipeline::complete(RerunResult::Status status)
{
    m_result.status = status;
    m_result.seconds = m_clock.elapsed() / 1000.0;
    m_running = false;
    Q_EMIT stageChanged(RerunStage::Done);
    Q_EMIT finished(m_result);
}

} // namespace krw
