// SPDX-License-Identifier: MIT
//
// The result of rerunning one version of a case: what the compile step did, how the outputs
// compare with the baseline, and how fast both are. Saved as JSON next to the run, printed by
// `kernel-review-cli rerun --json`, shown by the runner panel. Stages not reached are absent.
#pragma once

#include "rerun/diagnostic.h"
#include "rerun/kernelresourceusage.h"

#include <QDateTime>
#include <QMap>
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
    qint64 mismatched = 0;
    qint64 total = 0;
    bool allclose = false;
    QStringList flags;
};

struct AccuracyStage
{
    bool ok = false;
    double rtol = 0;
    double atol = 0;
    QStringList flags; // e.g. "no_tensors"
    QVector<OutputComparison> outputs;
};

struct TimingStats
{
    double p10 = 0;
    double p50 = 0;
    double p90 = 0;
    int reps = 0;
};

struct CallTiming
{
    QString name;
    int index = 0;
    std::optional<TimingStats> baseline;
    std::optional<TimingStats> candidate;
    std::optional<double> speedup;
    bool withinNoise = false;
    QString note;
};

struct TimingStage
{
    double baselineMs = 0;
    double candidateMs = 0;
    std::optional<double> speedup;
    bool withinNoise = false;
    QVector<CallTiming> calls;
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
    QString baselineId; // "label" or another version id
    QString profile;
    QDateTime started;
    double seconds = 0;
    QMap<QString, QString> environment; // GPU, toolchain and library versions
    bool sandboxed = false;
    QString sandboxNote;

    std::optional<CompileStage> compile;
    std::optional<SideRun> baselineRun;
    std::optional<SideRun> candidateRun;
    std::optional<AccuracyStage> accuracy;
    std::optional<TimingStage> timing;
    QString harnessLog;

    // The verdict in one word: "passed", "compile_failed", "wrong", "candidate_failed", ...
    QString verdict() const;
};

// One point of a case's history plot: a rerun of ours, or one of the agent's own perf candidates.
struct HistoryPoint
{
    enum class Source { Rerun, AgentPerfCandidate };
    Source source = Source::Rerun;
    QString label; // "it1:perf:2", "rerun 14:02 it1:predict"
    QDateTime when; // reruns only
    std::optional<double> speedup;
    std::optional<bool> passed; // accuracy verdict; absent when not reached
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
