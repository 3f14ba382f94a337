// SPDX-License-Identifier: MIT
//
// Value types of a loaded run. They cross threads by value (implicitly shared Qt containers and
// shared_ptr<const>), and hold no big text: every large string stays in its file and is referenced
// by a TextRef, resolved on demand by TextStore. This keeps a 10,000-case run small in memory and
// means no text is ever held twice (once as JSON, once as QString).
#pragma once

#include <QDateTime>
#include <QHashFunctions>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>
#include <optional>

namespace krw {

// Outcome of a case in the newest iteration (FORMAT.md "pass flags"), in stage order.
enum class Outcome {
    NoPrediction,
    CallFailed,
    ExeFailed,
    PerfFailed,
    Passed,
    Unknown,
};
constexpr int OutcomeCount = 6;

// Failing: the newest iteration says a stage failed, or nothing was produced (FORMAT.md: "any
// pass_* is false"). Unknown is not failing: without the flags nobody can tell; it is counted
// apart, and F8 does not visit it.
constexpr bool isFailingOutcome(Outcome outcome)
{
    return outcome != Outcome::Passed && outcome != Outcome::Unknown;
}

// Furthest stage a case ever reached, judged by the candidates present in any iteration.
enum class Stage {
    None,
    Call,
    Exe,
    Perf,
};
constexpr int StageCount = 4;

// One file a run was read from. TextRefs point into these by index.
struct SourceFile
{
    enum class Kind {
        Json, // JSONL or memory JSON: spans are JSON values
        Raw, // a plain text file of a debug folder: spans are UTF-8 text
        Yaml, // a YAML file of another layout: spans are one YAML scalar's source text, decoded when read
        Patched, // a patch (path) applied to the file basePath when read: the text is the patched file
    };
    QString path;
    Kind kind = Kind::Json;
    qint64 size = 0;
    // To notice a file rewritten or replaced after it was loaded (TextStore::isUnchanged, which
    // also fills these in: TextStore::stamp): its modification time, and which file it is (device
    // and inode; 0 where unknown): a copy that keeps the size and modification time (cp -p,
    // rsync -t, an unpacked archive) put in its place is another file. The status-change time is
    // not compared: a chmod or chown changes nothing a reader sees.
    QDateTime modified;
    quint64 device = 0;
    quint64 inode = 0;
    QString basePath = {}; // Patched only: the file the patch is applied to
};
using SourceTable = QVector<SourceFile>;

// A span of bytes in a source file that holds one text: a JSON value (a string literal is
// decoded, any other value is shown as its JSON text) or raw UTF-8.
struct TextRef
{
    int source = -1; // index into the run's SourceTable; -1 = absent
    qint64 offset = 0;
    qint64 length = 0;
    bool isNull = false; // JSON null
    bool isEmptyString = false; // JSON "" (or an empty raw file)

    bool isPresent() const { return source >= 0 && !isNull; }
    // True when the field holds text a reader would want to see (not absent, null, "" or "None").
    bool hasContent() const { return isPresent() && !isEmptyString; }
};

// A problem with the input. Loading goes on; the case or field named is skipped or repaired.
struct LoadWarning
{
    QString file;
    qint64 line = 0; // 1-based; 0 when the problem is not tied to a line
    qint64 byteOffset = -1; // within the file, when known
    QString field; // e.g. "pass_call", "perf_candidates[2][1]"; empty for whole-line problems
    QString message;
};

// A field we do not interpret, kept so it can be shown and filtered on.
struct ExtraField
{
    QString key;
    QString shortValue; // compact JSON (strings unquoted), cut to a few hundred characters
    TextRef value; // the whole value
};

// One item of a perf_candidates entry; entries come in several layouts (FORMAT.md).
struct PerfItem
{
    enum class Kind { Text, Number, Numbers, Null, Other };
    Kind kind = Kind::Null;
    TextRef text; // Text and Other (raw JSON)
    QVector<double> numbers; // Number (one value) and Numbers
};

struct PerfCandidate
{
    enum class Layout {
        SpeedupReflectionProfile, // [code, speedup, 0.0, reflection_md, profiling_or_null] (current agent)
        MeanMsEfficiency, // [code, mean_ms, efficiency_percent, reflection_md] (older agent)
        PairAnalysis, // [code, [n1, n2], analysis_md] (HIP variant)
        Unknown,
    };
    Layout layout = Layout::Unknown;
    TextRef code;
    QVector<PerfItem> items; // everything after the code, as found

    std::optional<double> speedup() const;
    std::optional<double> meanMs() const;
    std::optional<double> efficiencyPercent() const;
    TextRef analysis() const; // reflection or analysis Markdown
    TextRef profiling() const;
};

// The memory file's entry for one case in one iteration.
struct MemoryEntry
{
    std::optional<bool> passCall;
    std::optional<bool> passExe;
    std::optional<bool> passPerf;
    TextRef callError; // "None" is stored as absent
    TextRef exeError;
    TextRef callCandidate;
    TextRef exeCandidate;
    TextRef tempStrategy;
    TextRef reflection;
    TextRef perfStrategy;
    TextRef oneshot;
    std::optional<int> perfDebugNum;
    QVector<PerfCandidate> perfCandidates;
    // How far this record's version got, where a layout records it without candidates (a
    // KernelBench sample that compiled reached Call, was right Exe, was timed Perf).
    std::optional<Stage> reached;
    QVector<ExtraField> extra;
};

// One shape or test case a layout timed both versions on (AgentKernelArena's *_perf.yaml test
// cases, GEAK v4's per_case, GEAK v3's per-shape latencies): a case's timing table and chart.
struct ShapeTiming
{
    QString name; // the shape or test case as its writer named it
    std::optional<double> baselineMs;
    std::optional<double> candidateMs;
    QString method; // how it was timed, where recorded ("cuda_graph"; "a → b" when the two differ)
    QString note; // why a time is missing or not to be trusted (a benchmark's fallback reason)
};

// Everything known of one case in one iteration: its JSONL line and its memory entry.
struct IterationRecord
{
    int iteration = 0;
    // How the layout names this attempt ("round 2 · engineer 1", "final (director)"); empty when
    // its number says it (attemptTitle).
    QString attempt;
    int jsonlSource = -1; // -1 when the case only appears in the memory file
    qint64 jsonlLine = 0;
    // No JSONL line of its own, while lines of that JSONL file could not be read: one of them may
    // be this case's, so what it predicted is not known (the outcome is unknown, not "no prediction").
    bool jsonlUnreadable = false;
    int memorySource = -1;
    qint64 memoryLine = 0;
    TextRef instruction;
    TextRef label;
    TextRef predict;
    // The writer made and judged a candidate whose file is not in the run's folder (GEAK v3 keeps
    // patches outside it): the outcome follows its flags, not "no prediction".
    bool candidateElsewhere = false;
    TextRef testCode;
    std::optional<double> speedup; // as the run's own files claim it (the agent's, or its report's)
    // As an evaluator that timed this version found it (KernelBench's eval against its baseline
    // timing, a director's validation), where the layout has one (docs/LAYOUTS.md).
    std::optional<double> speedupVerified;
    // Why the speedups above cannot be taken as they are: the files contradict themselves or hide
    // a fallback (docs/LAYOUTS.md). A warned speedup is never shown as a plain one.
    QStringList claimWarnings;
    QVector<ShapeTiming> shapeTimings; // per shape, where the layout times several (docs/LAYOUTS.md)
    QVector<ExtraField> extra; // unknown JSONL fields (_difficulty, ...)
    std::optional<MemoryEntry> memory;
};

// The one name of a warning's file for people: its path from the run's folder (runPath, or the
// folder of runPath when it is a file) when it is inside it — several files of one name (a
// worker_result.json per engineer) must be told apart —, else its file name.
QString warningFileName(const QString& file, const QString& runPath);

// The one name of an iteration for people: its layout's name for the attempt, else "Iteration N".
QString attemptTitle(int iteration, const QString& attempt);

struct Case
{
    QString filename; // unique within a run
    QVector<IterationRecord> history; // ascending iteration
    Outcome latest = Outcome::Unknown;
    Stage best = Stage::None;

    const IterationRecord& newest() const { return history.constLast(); }
    bool isFailing() const { return isFailingOutcome(latest); }
};

struct LoadedFiles; // run/loadedfiles.h

struct Run
{
    QString layout; // which writer's layout it was read from: RunSource::layoutId()
    QString name;
    QString path; // what the user opened
    QVector<int> iterations; // ascending
    // True for an iteration series, whose iterations are numbered by their files (<root>_<N>.jsonl);
    // a lone JSONL or debug folders are one iteration, 0, with no number of their own.
    bool isSeries = false;
    std::shared_ptr<const SourceTable> sources;
    QVector<Case> cases; // dataset order of the newest iteration, then cases only seen earlier
    QVector<LoadWarning> warnings;
    bool cancelled = false;
    // What each file gave, for a reload that reads only the files that changed (runloader.h).
    std::shared_ptr<const LoadedFiles> loadedFiles;

    int indexOf(const QString& filename) const;
};
using RunPtr = std::shared_ptr<const Run>;

// For QSet/QHash keys in both Qt 5 and Qt 6.
using HashSeed = decltype(qHash(0));
inline HashSeed qHash(Outcome outcome, HashSeed seed = 0)
{
    return ::qHash(int(outcome), seed);
}
inline HashSeed qHash(Stage stage, HashSeed seed = 0)
{
    return ::qHash(int(stage), seed);
}

QString outcomeName(Outcome outcome); // "call_failed", ... as in the CLI and JSON
QString outcomeTitle(Outcome outcome); // "Call failed", ... for people
QString stageName(Stage stage); // "none", "call", "exe", "perf"
std::optional<Outcome> outcomeFromName(const QString& name);

} // namespace krw

Q_DECLARE_METATYPE(krw::RunPtr)
Q_DECLARE_METATYPE(krw::TextRef)
