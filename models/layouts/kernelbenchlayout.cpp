// SPDX-License-Identifier: MIT
#include "models/layouts/kernelbenchlayout.h"

#include "models/layouts/kernelbenchcheckout.h"
#include "models/layouts/kernelbenchresults.h"
#include "models/layouts/rawfiles.h"
#include "models/run/loadsession.h"
#include "models/run/textstore.h"

#include <QDir>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace krw {

namespace {

const QRegularExpression& samplePattern()
{
    static const QRegularExpression re(QStringLiteral("^level_(\\d+)_problem_(\\d+)_sample_(\\d+)_(kernel\\.py|prompt\\.txt)$"));
    return re;
}

const QString EvalResults = QStringLiteral("eval_results.json");
const QString GenerationConfig = QStringLiteral("generation_config.yaml");

// A kernel or prompt file of one sample.
struct SampleFiles
{
    QString kernel;
    QString prompt;
};

// Below this a measured runtime is shorter than any kernel launch: the number is not in ms.
constexpr double ShortestPlausibleMs = 0.0005;

} // namespace

QString KernelBenchLayout::lookedFor() const
{
    return QStringLiteral("a KernelBench run (level_<L>_problem_<P>_sample_<S>_kernel.py, eval_results.json) or a folder of them");
}

bool KernelBenchLayout::isRunFolder(const QString& folder)
{
    const QDir dir(folder);
    const QStringList kernels = dir.entryList({QStringLiteral("level_*_problem_*_sample_*_kernel.py")}, QDir::Files);
    for (const QString& name : kernels) {
        if (samplePattern().match(name).hasMatch())
            return true;
    }
    return dir.exists(EvalResults) && dir.exists(GenerationConfig);
}

QVector<RunSource> KernelBenchLayout::locate(const QFileInfo& path) const
{
    if (path.isFile()) {
        const QString name = path.fileName();
        const bool ours = samplePattern().match(name).hasMatch() || name == EvalResults || name == GenerationConfig
            || name == QLatin1String("pass_at_k_results.json");
        if (ours && isRunFolder(path.absolutePath()))
            return {runAt(path.absolutePath())};
        return {};
    }
    if (!path.isDir())
        return {};
    if (isRunFolder(path.absoluteFilePath()))
        return {runAt(path.absoluteFilePath())};
    // A runs/ folder: each run folder in it.
    QVector<RunSource> runs;
    const QDir dir(path.absoluteFilePath());
    for (const QString& sub : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        if (isRunFolder(dir.filePath(sub)))
            runs.append(runAt(dir.filePath(sub)));
    }
    return runs;
}

QVector<IterationRecords> KernelBenchLayout::read(const RunSource& source, LoadSession* session) const
{
    const QDir dir(source.folder);
    // problem → sample → files; the level of every file (one run is one level).
    QMap<int, QMap<int, SampleFiles>> files;
    QMap<int, int> levels; // level → files
    for (const QString& name : dir.entryList({QStringLiteral("level_*")}, QDir::Files, QDir::Name)) {
        const auto match = samplePattern().match(name);
        if (!match.hasMatch())
            continue;
        levels[match.captured(1).toInt()] += 1;
        SampleFiles& sample = files[match.captured(2).toInt()][match.captured(3).toInt()];
        (match.captured(4) == QLatin1String("kernel.py") ? sample.kernel : sample.prompt) = dir.filePath(name);
    }
    if (session->isCancelled())
        return {};
    const QHash<int, KernelBenchResults::Samples> results = KernelBenchResults::read(dir.filePath(EvalResults), session);
    // The level most files are of; KernelBench writes one level per run.
    int level = 1;
    int mostFiles = 0;
    QStringList levelNames;
    for (auto it = levels.cbegin(); it != levels.cend(); ++it) {
        levelNames << QString::number(it.key());
        if (it.value() > mostFiles) {
            level = it.key();
            mostFiles = it.value();
        }
    }
    if (levels.size() > 1)
        session->warnings().append({source.folder, 0, -1, QString(),
            QStringLiteral("files of several levels (%1); KernelBench writes one level per run: level %2 is used for the references")
                .arg(levelNames.join(QStringLiteral(", ")))
                .arg(level)});
    const KernelBenchCheckout checkout = KernelBenchCheckout::find(source.folder, level, session);

    QSet<int> problemIds;
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        problemIds.insert(it.key());
    for (auto it = results.cbegin(); it != results.cend(); ++it)
        problemIds.insert(it.key());
    QVector<int> problems(problemIds.cbegin(), problemIds.cend());
    std::sort(problems.begin(), problems.end());

    RawFiles raw(session);
    QMap<int, IterationRecords> bySample;
    for (int problem : qAsConst(problems)) {
        if (session->isCancelled())
            return {};
        const QString reference = checkout.problemFile(problem);
        const QString problemFileName = reference.isEmpty() ? QString() : QFileInfo(reference).fileName();
        const QString caseName = reference.isEmpty() ? QStringLiteral("level%1_problem_%2").arg(level).arg(problem) : problemFileName;
        const QMap<int, SampleFiles> sampleFiles = files.value(problem);
        const KernelBenchResults::Samples evaluated = results.value(problem);
        QSet<int> sampleIds;
        for (auto it = sampleFiles.cbegin(); it != sampleFiles.cend(); ++it)
            sampleIds.insert(it.key());
        for (auto it = evaluated.cbegin(); it != evaluated.cend(); ++it)
            sampleIds.insert(it.key());
        for (int sampleId : qAsConst(sampleIds)) {
            const SampleFiles paths = sampleFiles.value(sampleId);
            IterationRecord record;
            record.iteration = sampleId;
            record.predict = raw.ref(paths.kernel);
            record.instruction = raw.ref(paths.prompt);
            record.label = raw.ref(reference);
            const auto eval = evaluated.constFind(sampleId);
            if (eval != evaluated.cend()) {
                const KernelBenchResults::Sample& s = *eval;
                MemoryEntry m;
                // One outcome rule for every layout (outcomes.h): built and loaded, then right, then timed.
                m.passCall = s.compiled;
                if (s.compiled.value_or(false)) {
                    m.reached = Stage::Call;
                    m.passExe = s.correct;
                    if (s.correct.value_or(false)) {
                        m.reached = Stage::Exe;
                        m.passPerf = s.runtimeMs.has_value() && *s.runtimeMs > 0;
                        if (*m.passPerf)
                            m.reached = Stage::Perf;
                    }
                }
                m.callError = s.compilationError;
                m.exeError = s.runtimeError;
                m.extra = s.extra;
                record.memory = m;
                if (s.runtimeMs && *s.runtimeMs > 0 && s.correct.value_or(false)) {
                    const std::optional<double> baseline = checkout.baselineMs(problemFileName, s.hardware);
                    if (baseline && *baseline > 0) {
                        record.speedupVerified = *baseline / *s.runtimeMs;
                        record.extra.append(note(QStringLiteral("baseline_ms"), QString::number(*baseline)));
                    } else if (!checkout.found()) {
                        record.extra.append(note(QStringLiteral("speedup"),
                            QStringLiteral(
                                "not computed: no KernelBench checkout found above the run (File ▸ KernelBench Checkout…, or set "
                                "KRW_KERNELBENCH_DIR)")));
                    } else {
                        record.extra.append(note(QStringLiteral("speedup"),
                            QStringLiteral("not computed: no baseline of %1 timed on %2 in %3/results/timing (there are: %4)")
                                .arg(problemFileName.isEmpty() ? QStringLiteral("problem %1").arg(problem) : problemFileName,
                                    s.hardware.isEmpty() ? QStringLiteral("an unnamed GPU") : s.hardware, checkout.root(),
                                    checkout.baselineHardware().isEmpty() ? QStringLiteral("none")
                                                                          : checkout.baselineHardware().join(QStringLiteral(", ")))));
                    }
                    if (*s.runtimeMs < ShortestPlausibleMs)
                        record.claimWarnings << QStringLiteral("runtime %1 ms is shorter than any kernel launch: its unit cannot be right")
                                                    .arg(*s.runtimeMs);
                }
                if (s.excessiveSpeedup)
                    record.claimWarnings << QStringLiteral(
                        "KernelBench flagged an excessive speedup over the reference it timed itself: check for reward hacking");
            }
            IterationRecords& round = bySample[sampleId];
            round.iteration = sampleId;
            round.byName.insert(caseName, round.records.size());
            round.records.append({caseName, record});
        }
    }
    if (!checkout.found() && !problems.isEmpty())
        session->warnings().append({source.folder, 0, -1, QString(),
            QStringLiteral("no KernelBench checkout (KernelBench/level%1/) found above the run, chosen in the window or in "
                           "KRW_KERNELBENCH_DIR: cases have no "
                           "reference and no speedup")
                .arg(level)});
    return QVector<IterationRecords>(bySample.cbegin(), bySample.cend());
}

} // namespace krw
