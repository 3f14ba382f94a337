// SPDX-License-Identifier: MIT
//
// The result of rerunning one version of a case: what the compile step did, how the outputs
// compare with the baseline, and how fast both are. Saved as JSON next to the run, printed by
// `kernel-review-cli rerun --json`, shown by the runner panel. Stages not reached are absent.
#pragma once

#include "models/rerun/diagnostic.h"
#include "models/rerun/kernelresourceusage.h"

#include <QDateTime>
#include <QMap>
#include <QMetaType>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace krw {

struct CompileStage
{
    bool ok = false;
    bool cached = false; // a module built from the same source, flags and toolchain was reused
    double seconds = 0;
    QStringList command; // program + arguments, exactly as run
    QString log;
    QVector<Diagnostic> diagnostics;
    QString error; // why it failed when not from diagnostics: timed out, cancelled, tool missing
    QString modulePath;
    QVector<KernelResourceUsage> kernels; // what the compiler reported per kernel; kept with a cached module
};

struct SideRun
{
    bool ok = false;
    QString error;
    double seconds = 0;
};

struct OutputComparison
{
    QString name;
    bool ok = false;
    QVector<qint64> shape;
    QVector<qint64> baselineShape;
    QString dtype;
    QString baselineDtype;
    std::optional<double> maxAbsErr;
    std::optional<double> maxRelErr;
    std::optional<double> maxAbsBaseline; // shown next to the tolerance (zeros_would_pass)
    qint64 mismatched = 0;
    qint64 total = 0;
    bool allclose = false;
    QStringList flags;
};

// One recorded call replayed on new random inputs (the seed_sensitive check).
struct SeedCheck
{
    QString call; // the function's name
    int index = 0; // of the call among the recorded ones
    int seed = 0;
    std::optional<bool> ok; // absent: skipped (note says why)
    QStringList failedOutputs;
    std::optional<double> maxAbsErr;
    QString note;
};

struct AccuracyStage
{
    bool ok = false;
    double rtol = 0;
    double atol = 0;
    QStringList flags; // e.g. "no_tensors", "seed_sensitive"
    QVector<OutputComparison> outputs;
    QVector<SeedCheck> seeds;
};

struct TimingStats
{
    double p10 = 0;
    double p50 = 0;
    double p90 = 0;
    int reps = 0;
};

struct KernelTime
{
    QString name;
    double ms = 0; // per call
    std::optional<bool> own; // defined in the side's own source; absent when that is unknown
};

// What one side's figures for one call rest on, beside its device time.
struct SideEvidence
{
    std::optional<TimingStats> call; // host wall time around a synchronising call
    std::optional<TimingStats> events; // stream events (cuda)
    std::optional<qint64> bytes; // read and written: the call's argument and result tensors
    std::optional<double> gbs; // bytes over the device time's median
    std::optional<double> peakFraction;
    bool launchBound = false;
    QVector<KernelTime> kernels;
};

struct CallTiming
{
    QString name;
    int index = 0;
    std::optional<TimingStats> baseline; // device time (older results: the only time measured)
    std::optional<TimingStats> candidate;
    SideEvidence baselineEvidence;
    SideEvidence candidateEvidence;
    std::optional<double> speedup; // of device time
    std::optional<double> callSpeedup;
    std::optional<QPair<double, double>> ci95; // bootstrap interval of the speedup
    bool withinNoise = false;
    QStringList flags; // battery and timing flags raised on this call
    QMap<QString, QString> flagNotes; // flag -> what was seen
    QString note;
};

struct TimingStage
{
    double baselineMs = 0; // device time, summed over the calls
    double candidateMs = 0;
    std::optional<double> speedup;
    std::optional<QPair<double, double>> ci95;
    bool withinNoise = false;
    std::optional<double> baselineCallMs;
    std::optional<double> candidateCallMs;
    std::optional<double> callSpeedup;
    QString deviceTimeSource; // empty in results older than device timing
    qint64 flushBytes = 0; // cache flush buffers, all of them; 0 when not flushed
    // How the harness flushed (krw_measure.CacheFlush): "write_read", "write" (results before the
    // read pass existed, or chosen), "none"; empty in results older than the field.
    QString flushMethod;
    std::optional<qint64> cacheBytes; // the device's last-level cache
    std::optional<double> peakGbs;
    QString peakSource;
    QString error;
    QVector<CallTiming> calls;
};

// One check of the cheat battery (docs/RUNNER.md, "Checks").
struct CheckSummary
{
    QString name; // "input_mutated", ...
    bool enabled = true;
    bool flagged = false;
    QStringList where; // calls ("name#index") or outputs
    QStringList notes;
    QStringList errors; // the check could not run there
};

struct RerunResult
{
    enum class Status {
        Completed, // every stage that could run ran; the verdict is in the stages
        Cancelled,
        Failed, // the pipeline itself could not run (tool missing, harness crashed, ...)
    };
    Status status = Status::Completed;
    QString failure; // for Failed: which stage and why, in words

    QString caseName;
    QString versionId; // "it1:predict", "local:fix-1", "file:/path"
    QString versionTitle;
    QString versionHash; // versionContentHash() of the text that ran; empty in older results
    QString baselineId; // "label" or another version id
    QString profile;
    QDateTime started;
    double seconds = 0;
    QMap<QString, QString> environment; // GPU, toolchain and library versions
    bool sandboxed = false;
    QString sandboxNote;
    QString pythonPath; // the Python that ran the probe and the harness; empty in older results
    bool pythonAutomatic = false; // chosen by PythonFinder (the profile names none)

    std::optional<CompileStage> compile;
    std::optional<SideRun> baselineRun;
    std::optional<SideRun> candidateRun;
    std::optional<AccuracyStage> accuracy;
    std::optional<TimingStage> timing;
    QStringList flags; // the battery's and timing's warnings, canonical order (docs/RUNNER.md)
    QStringList raisedFlags; // notes the profile raised to suspect (ToolchainProfile::suspectFlags)
    QVector<CheckSummary> checks;
    QString harnessLog;

    // The verdict in one word: "passed", "compile_failed", "wrong", "candidate_failed", ...
    QString verdict() const;
    // The verdict with its level and flags, as every view shows it (VerdictLevel::line): "passed",
    // "passed — notes: launch_bound", "suspect — output_reused, no_own_kernel". A suspect result is
    // never shown as "passed". inWords: the verdict as verdictTitle() says it ("Compile failed — …"),
    // for a window; the token for files, reports and the CLI.
    QString verdictLine(bool inWords = false) const;
    // Where it ran, as every view says it: "local", "local, HIP_VISIBLE_DEVICES=1" (a batch's device),
    // "host gpu1" (environment "ssh_host", set by the pipeline when the steps ran over SSH),
    // "slurm job 1234_3 on node1" (environment's slurm_job and slurm_node, runner/slurm/), or
    // "Slurm, not submitted" (slurm_submitted "no": staging or sbatch failed, or cancelled first).
    QString where() const;
};

// A verdict or level token (RerunResult::verdict(), VerdictLevel's "clean", "notes", "suspect", a batch's "not_rerun")
// in the words a person reads: "compile_failed" → "Compile failed". The one place these words
// live (outcomeTitle() is the same for a dataset's outcomes); an unknown token comes back as it is.
QString verdictTitle(const QString& verdict);

// One point of a case's history plot: a rerun of ours, or one of the agent's own perf candidates.
struct HistoryPoint
{
    enum class Source { Rerun, AgentPerfCandidate };
    Source source = Source::Rerun;
    QString label; // "it1:perf:2", "rerun 14:02 it1:predict"
    QDateTime when; // reruns only
    std::optional<double> speedup;
    std::optional<bool> passed; // accuracy verdict; absent when not reached
    bool suspect = false; // a rerun whose level is suspect (VerdictLevel): its speedup is drawn apart, never the best
};

// Fills accuracy/timing/sides/environment from the harness's result file (docs/RUNNER.md).
// Returns false with error set when the file is not a harness result.
bool applyHarnessResult(const QByteArray& json, RerunResult* result, QString* error);

QByteArray rerunToJson(const RerunResult& result);
std::optional<RerunResult> rerunFromJson(const QByteArray& json, QString* error);

QString statusName(RerunResult::Status status);

// A compile stage's kernel list as its own JSON array (the same objects as stages.compile.kernels),
// for the file kept beside a cached module.
QByteArray kernelsToJson(const QVector<KernelResourceUsage>& kernels);
std::optional<QVector<KernelResourceUsage>> kernelsFromJson(const QByteArray& json, QString* error);

} // namespace krw

Q_DECLARE_METATYPE(krw::RerunResult) // carried by signals and QVariant (runner, batches, tests)
