// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/rerunresult.h"
#include "runner/build/buildplan.h"
#include "runner/profile/toolchaininfo.h"
#include "runner/remote/remotehost.h"
#include "runner/remote/remotejob.h"
#include "runner/remote/remotestager.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>

#include <functional>

namespace krw {

// The host's side of a rerun (docs/RUNNER.md "Remote host (SSH)"): the steps RerunPipeline runs
// on a profile's host instead of here, each started with a callback that gets what it found out.
// Stage the job's files, probe the host's Python and compiler, compile one side into the host's
// module cache (<work>/modules/<key>/), run the harness and fetch its result.json back. Every
// failure of the host or the connection is said in RemoteFailure's words. Lives on the UI thread;
// one step at a time.
class RemoteSteps : public QObject
{
    Q_OBJECT
public:
    struct Probe
    {
        bool cancelled = false;
        QString hostFailure; // the host, not the probe: "cannot reach …", "… has no python3 (…)"
        ToolchainInfo info; // compilerPath empty when the compiler did not answer --version
        QString compilerProblem; // why it did not
    };
    struct Build
    {
        bool cancelled = false;
        CompileStage stage; // ok, cached, log, diagnostics, kernels
        QString why; // a failure the diagnostics do not say: the host, a timeout, the compiler's last words
    };
    struct Harness
    {
        bool cancelled = false;
        ProcessOutcome outcome; // the harness's
        QString log; // the harness's
        QString failure; // the host or the fetch failed, not the harness: the rerun's failure line
    };

    explicit RemoteSteps(QObject* parent = nullptr);

    // A new rerun on this host: forgets the last one's job folder and cancel.
    // inheritOnly: the environment names the compile and the harness keep on the host
    // (SandboxEnvironment::names(); empty: the login environment as it is, for probes).
    void reset(const RemoteHost& host, const QStringList& inheritOnly = {});
    void cancel(); // the running step ends as cancelled, and so does any later one
    const RemoteHost& host() const { return m_host; }
    QString jobFolder() const { return m_jobFolder; } // absolute on the host, after stage()
    QString workFolder() const { return m_work; } // absolute on the host, after stage(): modules/ is the cache

    // files go into <work>/<jobFolder>/ (RemoteStager: only what the host lacks is sent).
    void stage(const QVector<StageFile>& files, const QString& jobFolder, std::function<void(const StageResult&)> done);
    // harnessFile: its name in the job folder's harness/.
    void probe(const QString& harnessFile, std::function<void(const Probe&)> done);
    // sideFile: the side's source in the job folder; the plan has the host's paths.
    void compile(const BuildPlan& plan, const QString& sideFile, int timeoutS, std::function<void(const Build&)> done);
    // spec: spec.json with the host's paths; the result is fetched to localResult.
    void runHarness(const QJsonObject& spec, const QString& harnessFile, const QStringList& environment, int timeoutS,
        const QString& localResult, std::function<void(const Harness&)> done);

    // What a compile step marks its output with when the module was in the host's cache.
    static QString cachedMarker() { return QStringLiteral("KRW-CACHED-MODULE"); }
    // ... followed by this when it waited for another builder of the key, who has just built it.
    static QString justBuiltMarker() { return QStringLiteral("just-built"); }
    // The sh script compile() runs in the job folder: one builder per key on the host (flock on
    // the plan's lockPath, waiting up to waitS), the module renamed into place.
    static QString compileScript(const BuildPlan& plan, const QString& sideFile, const QString& hostName, int waitS);

Q_SIGNALS:
    void log(const QString& text);
    void timingStarted(); // the harness said it is timing

private:
    // doing: what the step is on the host ("compiling"); empty: a step here (scp).
    void runStep(const ProcessSpec& spec, const QString& doing, std::function<void(const ProcessOutcome&)> done, bool quiet = false);

    RemoteHost m_host;
    QStringList m_inheritOnly;
    RemoteJob m_job;
    ProcessJob m_local; // fetching the result
    RemoteStager m_stager;
    std::function<void(const StageResult&)> m_staged;
    std::function<void(const ProcessOutcome&)> m_stepDone;
    QString m_stepLog;
    QString m_hostFailure; // the last step's RemoteFailure words, if any
    QString m_jobFolder;
    QString m_work;
    QElapsedTimer m_clock;
    bool m_quiet = false; // the step's output goes to the log when it ends, not as it comes
    bool m_cancelled = false;
};

} // namespace krw
