// SPDX-License-Identifier: MIT
#pragma once

#include "models/lint/linthint.h"
#include "models/rerun/rerunresult.h"
#include "runner/build/buildlock.h"
#include "runner/build/buildplan.h"
#include "runner/pipeline/rerunrequest.h"
#include "runner/process/processjob.h"
#include "runner/profile/pythonfinder.h"
#include "runner/profile/toolchainprofile.h"
#include "runner/remote/remotesteps.h"
#include "runner/sandbox/sandbox.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFuture>
#include <QJsonObject>
#include <QObject>

#include <functional>

namespace krw {

enum class RerunStage { Probe, Compile, Correctness, Timing, Done };
QString stageTitle(RerunStage stage);

// Runs one rerun: probe the toolchain, compile (cached by content hash) and run the harness, both
// in a Sandbox with the profile's limits, read its result. Lives on the UI thread; all work
// happens in child processes. A profile with a host runs probe, compile and harness there over
// SSH (docs/RUNNER.md "Remote host (SSH)"): the files are staged first (RemoteStager), the
// module cache is the host's (<work>/modules/<key>/, the same BuildPlan with the host's paths),
// and the harness's result is fetched back and read as here.
class RerunPipeline : public QObject
{
    Q_OBJECT
public:
    explicit RerunPipeline(QObject* parent = nullptr);

    // spec.json for a work folder (here or on a host) that holds the sides' and the test's files;
    // a module path is empty for a Python side. Only names of the harness contract
    // (harness/harnesscontract.h) are written.
    static QJsonObject harnessSpec(
        const RerunRequest& request, const QString& workDir, const QString& baselineModule = {}, const QString& candidateModule = {});
    static QString sideFileName(const RerunRequest& request, bool candidate); // "candidate.hip", "baseline.py"

    void start(const RerunRequest& request);
    void cancel();
    bool isRunning() const { return m_running; }
    bool isWaitingForDevice() const { return m_waitingForDevice; }
    // With request.waitForDevice: run the harness now, its environment extended by these
    // "NAME=value" entries (the device it may use), which the result records.
    void continueWithDevice(const QStringList& environment);
    const RerunResult& result() const { return m_result; }

    // Where the app's harness and compatibility headers are: next to the executable in the build
    // tree or in the installed share folder; KRW_RUNNER_DIR overrides both.
    static QString runnerDataDir();
    static void forgetProbes(); // after the user edits a profile

Q_SIGNALS:
    void stageChanged(krw::RerunStage stage);
    void log(const QString& text);
    void diagnosticsChanged(const QVector<krw::Diagnostic>& diagnostics);
    void harnessReady(); // request.waitForDevice only: compiled, waiting for continueWithDevice()
    void finished(const krw::RerunResult& result);

private:
    struct SideBuild;
    void probe();
    void findPython();
    void runStep(const ProcessSpec& spec, std::function<void(const ProcessOutcome&)> done);
    // The same steps on the profile's host, through m_host (RemoteSteps).
    void stageOnHost();
    void stagedOnHost(const StageResult& staged);
    void probeOnHost();
    void compileOnHost(const SideBuild& build);
    void startHarnessOnHost();
    QString sideFileName(bool candidate) const { return sideFileName(m_request, candidate); }
    // Both sides and the test into a work folder (here, or to stage on the host); empty or what failed.
    QString writeJobFiles(const QDir& work) const;
    bool readCompilerVersion(const ProcessOutcome& outcome);
    void afterProbe();
    void compileNext();
    void useCachedModule(const SideBuild& build, const QString& why);
    void buildLocked();
    void buildFailed(const SideBuild& build, CompileStage stage, const QString& why);
    void runBuildStep(const SideBuild& build, CompileStage stage, int step);
    void startHarness();
    void harnessFinished(const ProcessOutcome& outcome, const QString& resultPath);
    bool prepareSide(const QString& text, bool candidate);
    void fail(const QString& why);
    void complete(RerunResult::Status status = RerunResult::Status::Completed);
    ProcessSpec guarded(ProcessSpec spec, const QString& writableDir, const QStringList& readOnly) const;

    struct SideBuild
    {
        bool candidate = true;
        BuildPlan plan;
    };

    RerunRequest m_request;
    RerunResult m_result;
    ToolchainInfo m_info;
    SandboxChoice m_sandbox;
    ResourceLimits m_limits;
    QVector<SideBuild> m_builds; // compiled in order; the candidate's is the compile stage
    SideBuild m_lockedBuild; // the build waiting for, or holding, m_buildLock
    BuildLock m_buildLock;
    QString m_candidateModule;
    QString m_baselineModule;
    ProcessJob m_job;
    RemoteSteps m_host; // the steps on the profile's host
    QString m_localWork; // with a host: the files staged there, and the result fetched back
    QString m_compilerProblem; // with a host: why its compiler did not answer --version
    PythonFinder m_pythonFinder; // for a profile that names no Python
    std::function<void(const ProcessOutcome&)> m_stepDone;
    QString m_stepLog;
    bool m_quietStep = false; // the step's output goes to the log when it ends, not as it comes
    QElapsedTimer m_clock;
    QElapsedTimer m_stepClock;
    QElapsedTimer m_buildClock;
    bool m_running = false;
    bool m_cancelled = false;
    bool m_waitingForDevice = false;
    QStringList m_deviceEnvironment;
    QFuture<LintHints> m_staticHints; // the candidate's static checks, run on a worker meanwhile (StaticConfirmation)
};

} // namespace krw

Q_DECLARE_METATYPE(krw::RerunStage)
