// SPDX-License-Identifier: MIT
#pragma once

#include "runner/harness/harnesscontract.h"
#include "runner/remote/remotehost.h"

#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

class QJsonObject;
class QSettings;

namespace krw {

// Where a batch goes when it runs on a Slurm cluster instead of this machine (docs/RUNNER.md
// "Slurm cluster"; runner/slurm/slurmbatch.h). Saved with its profile; off unless enabled.
struct SlurmSettings
{
    bool enabled = false; // kernel-review-cli rerun --only/--cases submits to Slurm (as --slurm does)
    QString sharedDir; // a folder this machine and every node see at the same path (NFS, Lustre, ...)
    QString partition; // sbatch --partition; empty: the cluster's default
    QString gres = QStringLiteral("gpu:1"); // sbatch --gres; empty for none (the cpu profile)
    int timeLimitMinutes = 60; // sbatch --time, per task; 0: the partition's limit
    int maxRunning = 0; // tasks running at once (--array=0-N%M); 0: as many as the cluster gives
    QStringList sbatchOptions; // more sbatch options, one argument each: {"--account=gpu", "--qos=short"}
    QString worker; // kernel-review-cli as the nodes see it; empty: the one beside this program
    int pollIntervalMs = 10000; // how often squeue is asked

    bool operator==(const SlurmSettings& other) const;
    bool operator!=(const SlurmSettings& other) const { return !(*this == other); }
};

// How to build and run a case on this machine (docs/RUNNER.md "Profiles"). Plain values: the UI
// thread reads them from settings and hands a copy to the pipeline (L4).
struct ToolchainProfile
{
    enum class Kind { Rocm, HipNvidia, CompileCheck, Cpu };
    enum class RunsOn { ThisMachine, Host, Slurm };
    QString name; // unique; defaults are named after their kind
    Kind kind = Kind::Cpu;
    QString compiler; // hipcc for HIP kinds, a C++ compiler for cpu; a name is looked up in PATH
    // Empty = automatic: PythonFinder picks the first Python that imports torch (docs/RUNNER.md
    // "Which Python"). Saved profiles that name a path keep it.
    QString python;
    QString offloadArch; // rocm / compile-check: gfx90a, gfx942, ...; empty = detect (rocm) or gfx90a
    QStringList extraFlags;
    int compileTimeoutS = 600;
    int harnessTimeoutS = 600;
    // The cheat battery (docs/RUNNER.md "Checks"): every check runs unless named here.
    QStringList disabledChecks;
    // Notes this profile treats as suspect (VerdictLevel::raisableNotes(): launch_bound, ...): kept
    // in each result as RerunResult::raisedFlags, so the level reads the same wherever it is shown.
    QStringList suspectFlags;
    // Names of this machine's environment variables the compile steps and the harness see beside
    // SandboxEnvironment's documented list (NAME, or PREFIX* for every name with that prefix).
    QStringList passEnvironment;
    // seed_sensitive: correctness repeated on this many sets of new random inputs
    int seeds = HarnessContract::defaultOf(QStringLiteral("checks/seeds")).toInt();
    // implausible_speedup above this device-time ratio
    double implausibleSpeedup = HarnessContract::defaultOf(QStringLiteral("checks/implausible_speedup")).toDouble();
    double peakBandwidthGbs = 0; // the device's peak memory bandwidth; 0 = the harness's table by device name
    bool sandbox = true; // compile and run in bubblewrap (runner/sandbox/sandbox.h)
    int memoryLimitMiB = 0; // for everything a step starts; 0 = automatic: half the machine's memory
    int processLimit = 0; // processes and threads of a step; 0 = automatic: see effectiveProcessLimit()
    SlurmSettings slurm;
    // Where probe, compile and harness run: an empty destination is this machine; else a GPU host
    // over SSH (docs/RUNNER.md "Remote host (SSH)"), with the host's own Python and compiler.
    RemoteHost host;

    bool remote() const { return !host.destination.isEmpty(); }

    // Where this profile's batches run, the one rule for a profile that has both: Slurm when it is
    // enabled (a batch becomes a job array and the request that travels to a node drops the host:
    // kernel-review-cli's rerunBatch, RerunRequestFormat), else the host when it names one (every
    // step of RerunPipeline runs there), else this machine.
    RunsOn runsOn() const;
    // Makes the choice exclusive, so a single rerun and a batch agree: a host or this machine turns
    // Slurm off; Slurm or this machine clears the host's destination (its other fields stay).
    void setRunsOn(RunsOn where);

    bool runsCode() const { return kind != Kind::CompileCheck; }
    qint64 effectiveMemoryLimitBytes() const;
    int effectiveProcessLimit() const;
    bool compilesHip() const { return kind != Kind::Cpu; }
};

QString kindName(ToolchainProfile::Kind kind); // "rocm", "hip-nvidia", "compile-check", "cpu"
std::optional<ToolchainProfile::Kind> kindFromName(const QString& name);

ToolchainProfile defaultProfile(ToolchainProfile::Kind kind);
QVector<ToolchainProfile> defaultProfiles();

// Stored as an array in the given settings; missing → the defaults.
QVector<ToolchainProfile> loadProfiles(QSettings& settings);
void saveProfiles(QSettings& settings, const QVector<ToolchainProfile>& profiles);
// Every field but the SSH host as JSON, for a request that travels to another machine
// (runner/pipeline/rerunrequestformat.h): there it runs on that machine itself.
// Fields missing from the object keep the kind's defaults; an unknown kind is nullopt with error set.
QJsonObject profileToJson(const ToolchainProfile& profile);
std::optional<ToolchainProfile> profileFromJson(const QJsonObject& object, QString* error);
std::optional<ToolchainProfile> findProfile(const QVector<ToolchainProfile>& profiles, const QString& name);

} // namespace krw

Q_DECLARE_METATYPE(krw::ToolchainProfile)
