// SPDX-License-Identifier: MIT
#include "models/layouts/agentkernelarenalayout.h"

#include "models/layouts/jsonfile.h"
#include "models/layouts/rawfiles.h"
#include "models/layouts/yamlfile.h"
#include "models/run/loadsession.h"

#include <QDir>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace krw {

namespace {

const QString TaskResult = QStringLiteral("task_result.yaml");
const QString Config = QStringLiteral("config.yaml");
const QString BaselinePerf = QStringLiteral("baseline_perf.yaml");
const QString OptimizedPerf = QStringLiteral("optimized_perf.yaml");

// A stored speedup_ratio further than this from the mean of its own per-case ratios was not
// computed from those timings.
constexpr double RatioTolerance = 0.05;
// Below this a recorded time is shorter than any kernel launch: the number is not in ms.
constexpr double ShortestPlausibleMs = 0.0005;

// The task folder's name without the timestamp AKA appends ("hip2hip_gpumode_GELU_20260101_120001").
QString nameOfFolder(const QString& folder)
{
    static const QRegularExpression stamp(QStringLiteral("_\\d{8}_\\d{6}(_\\d+)?$"));
    QString name = QDir(folder).dirName();
    name.remove(stamp);
    return name;
}

bool isRunFolder(const QString& folder)
{
    const QDir dir(folder);
    for (const QString& sub : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (AgentKernelArenaLayout::isTaskFolder(dir.filePath(sub)))
            return true;
    }
    return false;
}

QStringList taskFoldersOf(const QString& run)
{
    QStringList tasks;
    const QDir dir(run);
    for (const QString& sub : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        if (AgentKernelArenaLayout::isTaskFolder(dir.filePath(sub)))
            tasks << dir.absoluteFilePath(sub);
    }
    return tasks;
}

// The first script a command runs ("python3 eval_tools/correctness_check.py --…"), in the task.
QString scriptOf(const QStringList& commands, const QDir& task, const QString& root)
{
    for (const QString& command : commands) {
        for (const QString& word : command.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
            if (word.endsWith(QLatin1String(".py")) || word.endsWith(QLatin1String(".sh"))) {
                const QString path = QDir::cleanPath(task.absoluteFilePath(word));
                if (RawFiles::isFileInside(path, root))
                    return path;
            }
        }
    }
    return {};
}

// The original of a source the agent edited: the harness's copy beside it (<stem>_ref.<ext>), or
// the task in the AgentKernelArena checkout the workspace lives in (tasks/<task_name>/<source>,
// found from KRW_AKA_DIR or the run's folder upwards).
QString referenceOf(const QString& source, const QString& relative, const QString& taskName, const QString& runFolder, const QString& root)
{
    const QFileInfo info(source);
    const QString beside = info.dir().filePath(QStringLiteral("%1_ref.%2").arg(info.completeBaseName(), info.suffix()));
    if (RawFiles::isFileInside(beside, root))
        return beside;
    if (taskName.isEmpty() || relative.isEmpty())
        return {};
    QStringList roots;
    const QString configured = qEnvironmentVariable("KRW_AKA_DIR");
    if (!configured.isEmpty())
        roots << configured;
    QDir up(runFolder);
    for (int level = 0; level < 4 && up.cdUp(); ++level)
        roots << up.absolutePath();
    for (const QString& checkout : roots) {
        // task_name and the path are the run's words: only a file under the checkout's tasks/ is read.
        const QString original = QDir::cleanPath(QDir(checkout).filePath(QStringLiteral("tasks/%1/%2").arg(taskName, relative)));
        if (RawFiles::isFileInside(original, QDir(checkout).filePath(QStringLiteral("tasks"))))
            return original;
    }
    return {};
}

struct PerfCase
{
    QString name;
    std::optional<double> ms;
    QString method;
    QString fallback;
};

// The test cases of a *_perf.yaml, in file order, keyed by test_case_id.
QVector<QPair<QString, PerfCase>> readPerf(YamlFile& file)
{
    QVector<QPair<QString, PerfCase>> cases;
    const YAML::Node root = file.rootMap(QStringLiteral("test_cases"));
    const YAML::Node list = file.list(root, "test_cases", QStringLiteral("test_cases"));
    int i = 0;
    for (const auto& item : list) {
        const QString field = QStringLiteral("test_cases[%1]").arg(i++);
        if (!item.IsMap()) {
            file.warn(item, field, QStringLiteral("a test case (a map of keys) was expected"));
            continue;
        }
        PerfCase c;
        QString id = file.string(item, "test_case_id", field + QStringLiteral(".test_case_id"));
        if (id.isEmpty())
            id = QString::number(i - 1);
        c.ms = file.number(item, "execution_time_ms", field + QStringLiteral(".execution_time_ms"));
        c.method = file.string(item, "benchmark_method", field + QStringLiteral(".benchmark_method"));
        c.fallback = file.string(item, "benchmark_fallback_reason", field + QStringLiteral(".benchmark_fallback_reason"));
        for (const char* key : {"shape", "params"}) {
            const YAML::Node described = item[key];
            if (described.IsDefined() && !described.IsNull()) {
                c.name = YamlFile::compact(described);
                break;
            }
        }
        if (c.name.isEmpty())
            c.name = id;
        else
            c.name = QStringLiteral("%1: %2").arg(id, c.name);
        cases.append({id, c});
    }
    return cases;
}

class TaskReader
{
public:
    TaskReader(const QString& folder, const QString& runFolder, LoadSession* session)
        : m_task(folder)
        , m_runFolder(runFolder)
        , m_session(session)
        , m_raw(session)
    {
    }

    QString name;

    IterationRecord read()
    {
        IterationRecord record;
        YamlFile result(m_task.filePath(TaskResult), m_session);
        const YAML::Node r = result.rootMap(QStringLiteral("the task's result"));
        name = result.string(r, "task_name", QStringLiteral("task_name"));
        readConfig(&record);
        if (name.isEmpty())
            name = nameOfFolder(m_task.absolutePath());
        readTimings(&record);
        if (!result.isOpen()) {
            record.extra.append(RunLayout::note(QStringLiteral("task_result"),
                QStringLiteral("%1 is not in %2: the evaluator has not scored this task").arg(TaskResult, m_task.absolutePath())));
            return record;
        }
        readOutcome(result, r, &record);
        return record;
    }

private:
    void readConfig(IterationRecord* record)
    {
        YamlFile config(m_task.filePath(Config), m_session);
        const YAML::Node c = config.rootMap(QStringLiteral("the task's configuration"));
        const YAML::Node prompt = config.map(c, "prompt", QStringLiteral("prompt"));
        record->instruction = config.text(prompt, "instructions", QStringLiteral("prompt.instructions"));
        QStringList sources = config.strings(c, "source_file_path", QStringLiteral("source_file_path"));
        const QString target = config.string(c, "target_file_path", QStringLiteral("target_file_path"));
        if (sources.isEmpty() && !target.isEmpty())
            sources << target;
        QStringList shown;
        for (const QString& relative : sources) {
            const QString path = QDir::cleanPath(m_task.absoluteFilePath(relative));
            if (!RawFiles::isFileInside(path, m_runFolder)) {
                config.warn(c["source_file_path"], QStringLiteral("source_file_path"),
                    QStringLiteral("%1 is not a file in the task's folder").arg(relative));
                continue;
            }
            if (!record->predict.isPresent()) {
                record->predict = m_raw.ref(path);
                record->label = m_raw.ref(referenceOf(path, relative, name, m_runFolder, m_runFolder));
                if (!record->label.isPresent())
                    record->extra.append(RunLayout::note(QStringLiteral("reference"),
                        QStringLiteral("no %1_ref beside %2 and no AgentKernelArena checkout with tasks/%3/%2 above the run (set "
                                       "KRW_AKA_DIR)")
                            .arg(QFileInfo(relative).completeBaseName(), relative, name.isEmpty() ? QStringLiteral("<task>") : name)));
            }
            shown << relative;
        }
        if (shown.size() > 1)
            record->extra.append(RunLayout::note(QStringLiteral("sources"),
                QStringLiteral("the agent edited %1; the first is shown").arg(shown.join(QStringLiteral(", ")))));
        const QStringList correctness = config.strings(c, "correctness_command", QStringLiteral("correctness_command"));
        record->testCode = m_raw.ref(scriptOf(correctness, m_task, m_runFolder));
        for (const char* key : {"task_type", "compile_command", "correctness_command", "performance_command", "target_kernel_functions"}) {
            const QStringList values = config.strings(c, key, QString::fromLatin1(key));
            if (!values.isEmpty())
                record->extra.append(
                    RunLayout::note(QStringLiteral("config.") + QString::fromLatin1(key), values.join(QStringLiteral("\n"))));
        }
    }

    // Per test case: baseline_perf.yaml joined to optimized_perf.yaml on test_case_id.
    void readTimings(IterationRecord* record)
    {
        YamlFile baselineFile(m_task.filePath(BaselinePerf), m_session);
        YamlFile optimizedFile(m_task.filePath(OptimizedPerf), m_session);
        const auto baseline = readPerf(baselineFile);
        const auto optimized = readPerf(optimizedFile);
        QVector<QString> order;
        QHash<QString, PerfCase> base;
        QHash<QString, PerfCase> opt;
        for (const auto& [id, c] : baseline) {
            if (!base.contains(id))
                order << id;
            base.insert(id, c);
        }
        for (const auto& [id, c] : optimized) {
            if (!base.contains(id) && !opt.contains(id))
                order << id;
            opt.insert(id, c);
        }
        for (const QString& id : order) {
            const PerfCase b = base.value(id);
            const PerfCase o = opt.value(id);
            ShapeTiming t;
            t.name = b.name.isEmpty() ? o.name : b.name;
            t.baselineMs = b.ms;
            t.candidateMs = o.ms;
            t.method = b.method == o.method || o.method.isEmpty() ? b.method
                : b.method.isEmpty()                              ? o.method
                                                                  : b.method + QStringLiteral(" → ") + o.method;
            QStringList notes;
            if (!b.fallback.isEmpty())
                notes << QStringLiteral("baseline: ") + b.fallback;
            if (!o.fallback.isEmpty())
                notes << QStringLiteral("optimized: ") + o.fallback;
            t.note = notes.join(QStringLiteral("; "));
            record->shapeTimings.append(t);
        }
    }

    void readOutcome(YamlFile& result, const YAML::Node& r, IterationRecord* record)
    {
        MemoryEntry m;
        m.passCall = result.flag(r, "pass_compilation", QStringLiteral("pass_compilation"));
        m.callError = result.text(r, "compilation_error_message", QStringLiteral("compilation_error_message"));
        if (m.passCall.value_or(false)) {
            m.reached = Stage::Call;
            m.passExe = result.flag(r, "pass_correctness", QStringLiteral("pass_correctness"));
            m.exeError = result.text(r, "correctness_error_message", QStringLiteral("correctness_error_message"));
        }
        const std::optional<double> ratio = result.number(r, "speedup_ratio", QStringLiteral("speedup_ratio"));
        const std::optional<double> base = result.number(r, "base_execution_time", QStringLiteral("base_execution_time"));
        const std::optional<double> best
            = result.number(r, "best_optimized_execution_time", QStringLiteral("best_optimized_execution_time"));
        const std::optional<double> validOptimized = result.number(r, "valid_optimized_cases", QStringLiteral("valid_optimized_cases"));
        const QString speedupError
            = result.string(r, "speedup_calculation_error_message", QStringLiteral("speedup_calculation_error_message"));
        // speedup_ratio is 0 when the evaluator found it invalid.
        const bool timed = ratio && *ratio > 0 && validOptimized.value_or(1) > 0;
        if (m.passExe.value_or(false)) {
            m.reached = Stage::Exe;
            m.passPerf = timed;
            if (timed)
                m.reached = Stage::Perf;
        }
        // The evaluator timed both versions itself: what it found is the verified speedup, and the
        // task's own timings say whether it holds.
        if (timed && m.passExe.value_or(false))
            record->speedupVerified = ratio;
        checkClaims(result, r, ratio, base, best, speedupError, record);
        m.extra = result.extras(r,
            {"task_name", "pass_compilation", "compilation_error_message", "pass_correctness", "correctness_error_message",
                "speedup_ratio"});
        for (ExtraField& extra : m.extra) {
            if (extra.key == QLatin1String("score"))
                extra.shortValue += QStringLiteral(" (as stored: its scale changed between AgentKernelArena versions)");
        }
        record->memory = m;
    }

    void checkClaims(YamlFile& result, const YAML::Node& r, std::optional<double> ratio, std::optional<double> base,
        std::optional<double> best, const QString& speedupError, IterationRecord* record)
    {
        if (!ratio || *ratio <= 0)
            return;
        QStringList& warnings = record->claimWarnings;
        if (!result.flag(r, "benchmark_method_consistent", QStringLiteral("benchmark_method_consistent")).value_or(true)) {
            const QStringList b = result.strings(r, "baseline_benchmark_methods", QStringLiteral("baseline_benchmark_methods"));
            const QStringList o = result.strings(r, "optimized_benchmark_methods", QStringLiteral("optimized_benchmark_methods"));
            warnings << QStringLiteral("baseline and candidate were timed by different methods (%1 against %2)")
                            .arg(b.isEmpty() ? QStringLiteral("?") : b.join(QStringLiteral(", ")),
                                o.isEmpty() ? QStringLiteral("?") : o.join(QStringLiteral(", ")));
        }
        if (!speedupError.isEmpty())
            warnings << QStringLiteral("the evaluator recorded a speedup and also an error computing it: %1").arg(speedupError.left(300));
        const std::optional<double> validBaseline = result.number(r, "valid_baseline_cases", QStringLiteral("valid_baseline_cases"));
        const std::optional<double> validOptimized = result.number(r, "valid_optimized_cases", QStringLiteral("valid_optimized_cases"));
        if (validBaseline && validOptimized && *validOptimized < *validBaseline)
            warnings << QStringLiteral("only %1 of %2 test cases were timed for the candidate: the speedup leaves the others out")
                            .arg(*validOptimized)
                            .arg(*validBaseline);
        // The per-case ratios the speedup is the mean of, from the task's own perf files.
        double sum = 0;
        int n = 0;
        QStringList fallbacks;
        for (const ShapeTiming& t : qAsConst(record->shapeTimings)) {
            if (t.baselineMs && t.candidateMs && *t.baselineMs > 0 && *t.candidateMs > 0) {
                sum += *t.baselineMs / *t.candidateMs;
                ++n;
            }
            if ((t.baselineMs && *t.baselineMs > 0 && *t.baselineMs < ShortestPlausibleMs)
                || (t.candidateMs && *t.candidateMs > 0 && *t.candidateMs < ShortestPlausibleMs))
                fallbacks << QStringLiteral("%1: a time under %2 ms cannot be in ms").arg(t.name).arg(ShortestPlausibleMs);
            if (!t.note.isEmpty())
                fallbacks << QStringLiteral("%1: %2").arg(t.name, t.note);
        }
        if (!fallbacks.isEmpty())
            warnings << QStringLiteral("test cases were not timed as asked: %1").arg(fallbacks.join(QStringLiteral("; ")).left(400));
        if (n > 0) {
            const double mean = sum / n;
            if (std::abs(mean - *ratio) > RatioTolerance * mean)
                warnings << QStringLiteral("speedup_ratio %1 is not the mean %2 of the per-case ratios in %3 and %4")
                                .arg(*ratio, 0, 'g', 4)
                                .arg(mean, 0, 'g', 4)
                                .arg(BaselinePerf, OptimizedPerf);
        } else if (base && best && *base > 0 && *best > 0 && std::abs(*base / *best - *ratio) > RatioTolerance * (*base / *best) * 4) {
            // No per-case files: the means must at least point the same way.
            warnings << QStringLiteral("speedup_ratio %1 is far from base_execution_time / best_optimized_execution_time = %2")
                            .arg(*ratio, 0, 'g', 4)
                            .arg(*base / *best, 0, 'g', 4);
        }
    }

    QDir m_task;
    QString m_runFolder;
    LoadSession* m_session;
    RawFiles m_raw;
};

} // namespace

QString AgentKernelArenaLayout::lookedFor() const
{
    return QStringLiteral("an AgentKernelArena run (run_<time>/<task>/task_result.yaml) or a workspace of them");
}

bool AgentKernelArenaLayout::isTaskFolder(const QString& folder)
{
    const QDir dir(folder);
    return dir.exists(TaskResult) || (dir.exists(Config) && (dir.exists(BaselinePerf) || dir.exists(OptimizedPerf)));
}

QVector<RunSource> AgentKernelArenaLayout::locate(const QFileInfo& path) const
{
    auto runOf = [this](const QString& folder) { return runAt(folder, taskFoldersOf(folder)); };
    if (path.isFile() || (path.isDir() && isTaskFolder(path.absoluteFilePath()))) {
        // A task's folder or any file in one: its run.
        const QString task = path.isFile() ? folderAbove(path, 5, isTaskFolder) : path.absoluteFilePath();
        QDir run(task);
        if (task.isEmpty() || !run.cdUp())
            return {};
        return {runOf(run.absolutePath())};
    }
    if (!path.isDir())
        return {};
    const QString folder = path.absoluteFilePath();
    if (isRunFolder(folder))
        return {runOf(folder)};
    // A workspace: each run_<time> in it.
    QVector<RunSource> runs;
    const QDir dir(folder);
    for (const QString& sub : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        if (isRunFolder(dir.filePath(sub)))
            runs.append(runOf(dir.absoluteFilePath(sub)));
    }
    return runs;
}

QVector<IterationRecords> AgentKernelArenaLayout::read(const RunSource& source, LoadSession* session) const
{
    IterationRecords records;
    QSet<QString> names;
    for (const QString& folder : source.caseFolders) {
        if (session->isCancelled())
            return {};
        TaskReader task(folder, source.folder, session);
        const IterationRecord record = task.read();
        QString name = task.name;
        if (names.contains(name)) // a task run twice in one run: each keeps its folder's name
            name = QStringLiteral("%1 (%2)").arg(name, QDir(folder).dirName());
        names.insert(name);
        records.byName.insert(name, records.records.size());
        records.records.append({name, record});
    }
    return {records};
}

} // namespace krw
