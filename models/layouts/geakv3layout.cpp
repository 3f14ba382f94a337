// SPDX-License-Identifier: MIT
#include "models/layouts/geakv3layout.h"

#include "models/layouts/frontmatter.h"
#include "models/layouts/jsonfile.h"
#include "models/layouts/patchcandidate.h"
#include "models/layouts/rawfiles.h"
#include "models/run/loadsession.h"
#include "models/run/textstore.h"

#include <QDir>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

namespace krw {

namespace {

const QRegularExpression& evaluationPattern()
{
    static const QRegularExpression re(QStringLiteral("^round_(\\d+)_evaluation\\.json$"));
    return re;
}

const QRegularExpression& roundFolderPattern()
{
    static const QRegularExpression re(QStringLiteral("^round_(\\d+)$"));
    return re;
}

// The rounds an output folder has anything of, ascending.
QVector<int> roundsOf(const QDir& output)
{
    QSet<int> rounds;
    for (const QString& name : output.entryList({QStringLiteral("round_*_evaluation.json")}, QDir::Files)) {
        const auto match = evaluationPattern().match(name);
        if (match.hasMatch())
            rounds.insert(match.captured(1).toInt());
    }
    for (const QString& parent : {QStringLiteral("tasks"), QStringLiteral("results")}) {
        for (const QString& name : QDir(output.filePath(parent)).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            const auto match = roundFolderPattern().match(name);
            if (match.hasMatch())
                rounds.insert(match.captured(1).toInt());
        }
    }
    QVector<int> sorted(rounds.cbegin(), rounds.cend());
    std::sort(sorted.begin(), sorted.end());
    return sorted;
}

// The line of text that holds needle (case-insensitive), trimmed; empty when none does.
QString lineWith(const QString& text, const QStringList& needles)
{
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        for (const QString& needle : needles) {
            if (line.contains(needle, Qt::CaseInsensitive))
                return line.trimmed();
        }
    }
    return {};
}

class OutputReader
{
public:
    // root: the folder the run was opened at; no file outside it is read.
    OutputReader(const QString& folder, const QString& root, LoadSession* session)
        : m_output(folder)
        , m_root(root)
        , m_session(session)
        , m_raw(session)
        , m_patches(session, &m_raw)
    {
    }

    // The case's name: the kernel's file name as the first task names it, else the folder's.
    QString caseName(const QVector<int>& rounds) const
    {
        for (int round : rounds) {
            const QString task = taskFile(round);
            if (task.isEmpty())
                continue;
            const QString kernel = QFileInfo(FrontMatter::read(task).value(QStringLiteral("kernel_path"))).fileName();
            if (!kernel.isEmpty())
                return kernel;
        }
        return m_output.dirName();
    }

    IterationRecord readRound(int round, bool newest)
    {
        IterationRecord record;
        record.iteration = round;
        const QString task = taskFile(round);
        FrontMatter matter;
        if (!task.isEmpty()) {
            matter = FrontMatter::read(task);
            // The task itself, after its front matter (whose fields are shown apart).
            record.instruction = m_raw.ref(task);
            const qint64 skip = std::min(matter.bodyOffset, record.instruction.length);
            record.instruction.offset = skip;
            record.instruction.length -= skip;
            record.instruction.isEmptyString = record.instruction.length == 0;
            for (auto it = matter.fields.cbegin(); it != matter.fields.cend(); ++it)
                record.extra.append(RunLayout::note(QStringLiteral("task.") + it.key(), it.value()));
            if (!matter.error.isEmpty())
                m_session->warnings().append({task, matter.errorLine, -1, QStringLiteral("front matter"), matter.error});
        }
        JsonFile evaluation(m_output.filePath(QStringLiteral("round_%1_evaluation.json").arg(round)), m_session);
        const JsonFile::Object eval = evaluation.object(0, QString());
        const QString label
            = evaluation.string(eval, "best_task").isEmpty() ? matter.value(QStringLiteral("label")) : evaluation.string(eval, "best_task");
        const QDir results(m_output.filePath(QStringLiteral("results/round_%1").arg(round)));
        JsonFile best(results.filePath(label + QStringLiteral("/best_results.json")), m_session);
        const JsonFile::Object bestObject = best.object(0, QString());
        const QDir worktree = firstWorktree(results);

        // The versions: the best patch where it is in the folder, else the worktree's candidate; the
        // reference; the harness.
        const QString kernel = QFileInfo(matter.value(QStringLiteral("kernel_path"))).fileName();
        const QString translated = QFileInfo(matter.value(QStringLiteral("flydsl_kernel_filename"))).fileName();
        const QString recordedPatch = best.string(bestObject, "best_patch_file").isEmpty() ? evaluation.string(eval, "best_patch")
                                                                                           : best.string(bestObject, "best_patch_file");
        const QString patch = RawFiles::remap(recordedPatch, m_output, m_output, m_root);
        const QString inWorktree = worktree.exists() ? worktree.filePath(translated.isEmpty() ? kernel : translated) : QString();
        if (!patch.isEmpty()) {
            record.predict = m_raw.ref(patch); // the patched file once the reference is known (below)
        } else if (!inWorktree.isEmpty() && RawFiles::isFileInside(inWorktree, m_root)) {
            record.predict = m_raw.ref(inWorktree);
            if (!recordedPatch.isEmpty())
                record.extra.append(RunLayout::note(QStringLiteral("best_patch"),
                    QStringLiteral("%1 is not in the run's folder; the round's worktree file %2 is shown").arg(recordedPatch, inWorktree)));
        } else if (evaluation.isOpen()) {
            // Evaluated, so there was a candidate; GEAK keeps patches outside what is shared.
            record.candidateElsewhere = true;
            record.extra.append(RunLayout::note(QStringLiteral("candidate"),
                recordedPatch.isEmpty() ? QStringLiteral("evaluated, but no patch and no worktree file is in the run's folder")
                                        : QStringLiteral("%1 is not in the run's folder").arg(recordedPatch)));
        }
        const QString taskDir = task.isEmpty() ? m_output.absolutePath() : QFileInfo(task).absolutePath();
        QString reference = RawFiles::remap(matter.value(QStringLiteral("kernel_path")), QDir(taskDir), m_output, m_root);
        if (reference.isEmpty() && !translated.isEmpty() && worktree.exists() && RawFiles::isFileInside(worktree.filePath(kernel), m_root))
            reference = worktree.filePath(kernel); // a translation leaves the source untouched in the worktree
        record.label = m_raw.ref(reference);
        if (!patch.isEmpty())
            record.predict = m_patches.ref(patch, reference, QStringLiteral("best_patch_file"), &record);
        if (reference.isEmpty() && !matter.value(QStringLiteral("kernel_path")).isEmpty())
            record.extra.append(RunLayout::note(QStringLiteral("reference"),
                QStringLiteral("%1 is not in the run's folder").arg(matter.value(QStringLiteral("kernel_path")))));
        const QString harness = QFileInfo(matter.value(QStringLiteral("harness_path"))).fileName();
        if (!harness.isEmpty() && worktree.exists() && RawFiles::isFileInside(worktree.filePath(harness), m_root))
            record.testCode = m_raw.ref(worktree.filePath(harness));

        const JsonFile::Object benchmark = evaluation.member(eval, "full_benchmark", QStringLiteral("full_benchmark"));
        readOutcome(evaluation, eval, benchmark, &record);
        readClaims(evaluation, eval, benchmark, best, bestObject, &record);
        if (newest)
            readFinalReport(&record);
        return record;
    }

private:
    QString taskFile(int round) const
    {
        const QDir tasks(m_output.filePath(QStringLiteral("tasks/round_%1").arg(round)));
        const QStringList files = tasks.entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
        return files.isEmpty() ? QString() : tasks.filePath(files.first());
    }

    static QDir firstWorktree(const QDir& results)
    {
        const QDir worktrees(results.filePath(QStringLiteral("worktrees")));
        const QStringList slotFolders = worktrees.entryList({QStringLiteral("slot_*")}, QDir::Dirs, QDir::Name);
        return slotFolders.isEmpty() ? QDir(results.filePath(QStringLiteral("worktrees/none")))
                                     : QDir(worktrees.filePath(slotFolders.first()));
    }

    // The one outcome rule's flags from the round's evaluation: a patch that did not apply did not
    // build; a full benchmark that failed was not right; one that ran and verified a speedup passed.
    static void readOutcome(JsonFile& evaluation, const JsonFile::Object& eval, const JsonFile::Object& benchmark, IterationRecord* record)
    {
        if (!evaluation.isOpen())
            return;
        MemoryEntry m;
        if (evaluation.string(eval, "status") == QLatin1String("patch_failed")) {
            m.passCall = false;
            m.callError = evaluation.text(eval, "patch_apply_error", QStringLiteral("patch_apply_error"));
        } else if (!benchmark.members.empty()) {
            const std::optional<bool> success = evaluation.flag(benchmark, "success", QStringLiteral("full_benchmark.success"));
            if (success) {
                m.passCall = true;
                m.reached = Stage::Call;
                m.passExe = *success;
                if (*success) {
                    m.reached = Stage::Exe;
                    m.passPerf
                        = evaluation.number(benchmark, "verified_speedup", QStringLiteral("full_benchmark.verified_speedup")).has_value();
                    if (*m.passPerf)
                        m.reached = Stage::Perf;
                } else {
                    m.exeError = evaluation.text(benchmark, "error", QStringLiteral("full_benchmark.error"));
                    if (!m.exeError.hasContent())
                        m.exeError = evaluation.text(benchmark, "stderr", QStringLiteral("full_benchmark.stderr"));
                }
            }
            m.extra = evaluation.extras(benchmark, {"success", "error"});
            for (ExtraField& extra : m.extra)
                extra.key.prepend(QStringLiteral("full_benchmark."));
        }
        m.extra += evaluation.extras(eval, {"round", "status", "patch_apply_error", "full_benchmark", "best_patch", "best_task"});
        record->memory = m;
    }

    // Claimed (the round's best patch, as its task measured it) beside verified (the full benchmark),
    // and whatever in the files says not to trust them.
    void readClaims(JsonFile& evaluation, const JsonFile::Object& eval, const JsonFile::Object& benchmark, JsonFile& best,
        const JsonFile::Object& bestObject, IterationRecord* record)
    {
        record->speedup = best.number(bestObject, "best_patch_speedup", QStringLiteral("best_patch_speedup"));
        if (!record->speedup)
            record->speedup = evaluation.number(eval, "benchmark_speedup", QStringLiteral("benchmark_speedup"));
        record->speedupVerified = evaluation.number(benchmark, "verified_speedup", QStringLiteral("full_benchmark.verified_speedup"));
        const TextRef stdoutRef = evaluation.text(benchmark, "stdout", QStringLiteral("full_benchmark.stdout"));
        const QString output = stdoutRef.hasContent() ? TextStore::resolveOrEmpty(m_session->sources(), stdoutRef) : QString();
        const QString fallback = lineWith(output,
            {QStringLiteral("falling back to baseline"), QStringLiteral("fall back to baseline"), QStringLiteral("fallback to baseline"),
                QStringLiteral("could not load")});
        if (!fallback.isEmpty() && (record->speedup || record->speedupVerified))
            record->claimWarnings << QStringLiteral(
                "the full benchmark's output says \"%1\": the candidate may never have run, yet a speedup is recorded")
                                         .arg(fallback.left(300));
        if (evaluation.flag(benchmark, "config_mismatch", QStringLiteral("full_benchmark.config_mismatch")).value_or(false)) {
            const QString detail = evaluation.string(benchmark, "config_mismatch_detail");
            record->claimWarnings << QStringLiteral("the full benchmark ran another configuration than the candidate's%1")
                                         .arg(detail.isEmpty() ? QString() : QStringLiteral(": ") + detail);
        }
        const QString analysis = best.string(bestObject, "llm_selection_analysis");
        const int clamped = analysis.indexOf(QStringLiteral("[Clamped"));
        if (clamped >= 0)
            record->claimWarnings << QStringLiteral("the speedup was clamped to 1.0 %1").arg(analysis.mid(clamped).left(200));
        const QString baselineSource = best.string(bestObject, "baseline_source");
        if (baselineSource.contains(QStringLiteral("FALLBACK"), Qt::CaseInsensitive))
            record->claimWarnings
                << QStringLiteral("the baseline was not measured as the task asked: it comes from %1").arg(baselineSource);
        record->extra += best.extras(bestObject, {"best_patch_speedup", "best_patch_file"});
    }

    void readFinalReport(IterationRecord* record)
    {
        JsonFile report(m_output.filePath(QStringLiteral("final_report.json")), m_session);
        if (!report.isOpen())
            return;
        const JsonFile::Object o = report.object(0, QString());
        for (ExtraField& extra : report.extras(o, {"round_summaries", "round_evaluation"})) {
            extra.key.prepend(QStringLiteral("final_report."));
            record->extra.append(extra);
        }
    }

    QDir m_output;
    QString m_root;
    LoadSession* m_session;
    RawFiles m_raw;
    PatchCandidate m_patches;
};

} // namespace

QString GeakV3Layout::lookedFor() const
{
    return QStringLiteral("a GEAK v3 output folder (final_report.json, round_<N>_evaluation.json, tasks/round_<N>/) or a folder of them");
}

bool GeakV3Layout::isOutputFolder(const QString& folder)
{
    const QDir dir(folder);
    if (dir.exists(QStringLiteral("final_report.json")))
        return true;
    for (const QString& name : dir.entryList({QStringLiteral("round_*_evaluation.json")}, QDir::Files)) {
        if (evaluationPattern().match(name).hasMatch())
            return true;
    }
    return QFileInfo(dir.filePath(QStringLiteral("tasks"))).isDir() && QFileInfo(dir.filePath(QStringLiteral("results"))).isDir()
        && !roundsOf(dir).isEmpty();
}

QVector<RunSource> GeakV3Layout::locate(const QFileInfo& path) const
{
    if (path.isFile()) {
        // Any file of an output folder, however deep (a task file, a round's best_results.json).
        const QString output = folderAbove(path, 4, isOutputFolder);
        return output.isEmpty() ? QVector<RunSource>{} : QVector<RunSource>{runAt(output, {output})};
    }
    if (!path.isDir())
        return {};
    const QString folder = path.absoluteFilePath();
    if (isOutputFolder(folder))
        return {runAt(folder, {folder})};
    QStringList outputs;
    const QDir dir(folder);
    for (const QString& sub : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        if (isOutputFolder(dir.filePath(sub)))
            outputs << dir.absoluteFilePath(sub);
    }
    if (outputs.isEmpty())
        return {};
    return {runAt(folder, outputs)};
}

QVector<IterationRecords> GeakV3Layout::read(const RunSource& source, LoadSession* session) const
{
    QMap<int, IterationRecords> byRound;
    QSet<QString> names;
    for (const QString& folder : source.caseFolders) {
        if (session->isCancelled())
            return {};
        OutputReader output(folder, source.folder, session);
        const QVector<int> rounds = roundsOf(QDir(folder));
        QString name = output.caseName(rounds);
        if (names.contains(name)) // two outputs of one kernel: each keeps its folder's name too
            name = QStringLiteral("%1 (%2)").arg(name, QDir(folder).dirName());
        names.insert(name);
        for (int round : rounds) {
            IterationRecords& records = byRound[round];
            records.iteration = round;
            records.byName.insert(name, records.records.size());
            records.records.append({name, output.readRound(round, round == rounds.constLast())});
        }
    }
    return QVector<IterationRecords>(byRound.cbegin(), byRound.cend());
}

} // namespace krw
