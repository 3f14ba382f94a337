// SPDX-License-Identifier: MIT
#include "models/layouts/geakv4layout.h"

#include "models/layouts/jsonfile.h"
#include "models/layouts/patchcandidate.h"
#include "models/layouts/rawfiles.h"
#include "models/run/loadsession.h"

#include <QDir>
#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace krw {

namespace {

const QString DirectorValidation = QStringLiteral("director_validation.json");
const QString WorkerResult = QStringLiteral("worker_result.json");

// A speedup its own per-case timings do not give (further than this, relative), or a reported
// speedup the director's re-measurement does not confirm.
constexpr double MeanTolerance = 0.05;
constexpr double ReportTolerance = 0.10;

const QRegularExpression& roundPattern()
{
    static const QRegularExpression re(QStringLiteral("^round_(\\d+)$"));
    return re;
}

const QRegularExpression& engineerPattern()
{
    static const QRegularExpression re(QStringLiteral("^engineer_(\\d+)$"));
    return re;
}

// round → engineer → folder, ascending.
QMap<int, QMap<int, QString>> engineersOf(const QDir& kernel)
{
    QMap<int, QMap<int, QString>> out;
    for (const QString& round : kernel.entryList({QStringLiteral("round_*")}, QDir::Dirs)) {
        const auto r = roundPattern().match(round);
        if (!r.hasMatch())
            continue;
        const QDir roundDir(kernel.filePath(round));
        for (const QString& engineer : roundDir.entryList({QStringLiteral("engineer_*")}, QDir::Dirs)) {
            const auto e = engineerPattern().match(engineer);
            if (e.hasMatch())
                out[r.captured(1).toInt()][e.captured(1).toInt()] = roundDir.absoluteFilePath(engineer);
        }
    }
    return out;
}

class KernelReader
{
public:
    KernelReader(const QString& folder, const QString& root, LoadSession* session)
        : m_kernel(folder)
        , m_root(root)
        , m_session(session)
        , m_raw(session)
        , m_patches(session, &m_raw)
    {
        readOriginal();
    }

    QVector<IterationRecord> read()
    {
        QVector<IterationRecord> records;
        const auto rounds = engineersOf(m_kernel);
        int attempt = 0;
        for (auto round = rounds.cbegin(); round != rounds.cend(); ++round) {
            for (auto engineer = round.value().cbegin(); engineer != round.value().cend(); ++engineer) {
                if (m_session->isCancelled())
                    return {};
                IterationRecord record = readEngineer(engineer.value());
                record.iteration = ++attempt;
                record.attempt = QStringLiteral("round %1 · engineer %2").arg(round.key()).arg(engineer.key());
                records.append(record);
            }
        }
        if (QFileInfo::exists(m_kernel.filePath(DirectorValidation))
            || QFileInfo::exists(m_kernel.filePath(QStringLiteral("final_patch.diff")))) {
            IterationRecord final = readDirector();
            final.iteration = ++attempt;
            final.attempt = QStringLiteral("final (director)");
            records.append(final);
        }
        return records;
    }

private:
    // The kernel before the workflow touched it: baseline/<the original's file name>, else the one
    // file in baseline/.
    void readOriginal()
    {
        QFile pathFile(m_kernel.filePath(QStringLiteral("original_kernel_path.txt")));
        QString original;
        if (pathFile.open(QIODevice::ReadOnly))
            original = QString::fromUtf8(pathFile.read(4096)).trimmed();
        const QDir baseline(m_kernel.filePath(QStringLiteral("baseline")));
        QString reference;
        if (!original.isEmpty() && RawFiles::isFileInside(baseline.filePath(QFileInfo(original).fileName()), m_root))
            reference = baseline.filePath(QFileInfo(original).fileName());
        if (reference.isEmpty()) {
            const QStringList files = baseline.entryList(QDir::Files, QDir::Name);
            if (files.size() == 1 && RawFiles::isFileInside(baseline.filePath(files.first()), m_root))
                reference = baseline.filePath(files.first());
        }
        m_reference = reference;
        m_originalPath = original;
        const QString commandment = m_kernel.filePath(QStringLiteral("COMMANDMENT.md"));
        if (RawFiles::isFileInside(commandment, m_root))
            m_commandment = commandment;
        const QString roadmap = m_kernel.filePath(QStringLiteral("roadmap.md"));
        if (RawFiles::isFileInside(roadmap, m_root))
            m_roadmap = roadmap;
    }

    void common(IterationRecord* record)
    {
        record->label = m_raw.ref(m_reference);
        record->testCode = m_raw.ref(m_commandment);
        if (m_reference.isEmpty())
            record->extra.append(RunLayout::note(QStringLiteral("reference"),
                m_originalPath.isEmpty() ? QStringLiteral("no baseline/ copy of the kernel in the run's folder")
                                         : QStringLiteral("%1 has no copy in baseline/").arg(m_originalPath)));
    }

    // The per_case list of a worker's or the director's file, as shape timings.
    static QVector<ShapeTiming> perCase(JsonFile& file, const JsonFile::Object& o)
    {
        QVector<ShapeTiming> out;
        const json_spans::Member* list = o.find("per_case");
        if (!list)
            return out;
        const JsonFile::Object items = file.list(o.base + list->value.offset, QStringLiteral("per_case"));
        int i = 0;
        for (const json_spans::Member& item : items.members) {
            const QString field = QStringLiteral("per_case[%1]").arg(i++);
            const JsonFile::Object c = file.object(items.base + item.value.offset, field);
            if (c.members.empty())
                continue;
            ShapeTiming t;
            t.name = file.string(c, "name");
            if (t.name.isEmpty())
                t.name = QString::number(i - 1);
            t.baselineMs = file.number(c, "baseline_ms", field + QStringLiteral(".baseline_ms"));
            t.candidateMs = file.number(c, "optimized_ms", field + QStringLiteral(".optimized_ms"));
            const std::optional<double> stated = file.number(c, "speedup", field + QStringLiteral(".speedup"));
            if (stated && t.baselineMs && t.candidateMs && *t.candidateMs > 0
                && std::abs(*stated - *t.baselineMs / *t.candidateMs) > MeanTolerance * *stated)
                t.note = QStringLiteral("its speedup %1 is not baseline_ms / optimized_ms = %2")
                             .arg(*stated, 0, 'g', 4)
                             .arg(*t.baselineMs / *t.candidateMs, 0, 'g', 4);
            out.append(t);
        }
        return out;
    }

    // A speedup (geomean) against the geometric mean of the per-case timings it should follow from.
    static void checkAgainstCases(
        const QVector<ShapeTiming>& cases, std::optional<double> geomean, const QString& what, IterationRecord* record)
    {
        double logSum = 0;
        int n = 0;
        for (const ShapeTiming& t : cases) {
            if (t.baselineMs && t.candidateMs && *t.baselineMs > 0 && *t.candidateMs > 0) {
                logSum += std::log(*t.baselineMs / *t.candidateMs);
                ++n;
            }
            if (!t.note.isEmpty())
                record->claimWarnings << QStringLiteral("%1 per_case %2: %3").arg(what, t.name, t.note);
        }
        if (!geomean || n == 0)
            return;
        const double mean = std::exp(logSum / n);
        if (std::abs(mean - *geomean) > MeanTolerance * mean)
            record->claimWarnings << QStringLiteral("%1 speedup_geomean %2 is not the geometric mean %3 of its own per_case timings")
                                         .arg(what)
                                         .arg(*geomean, 0, 'g', 4)
                                         .arg(mean, 0, 'g', 4);
    }

    IterationRecord readEngineer(const QString& folder)
    {
        IterationRecord record;
        common(&record);
        const QDir dir(folder);
        JsonFile result(dir.filePath(WorkerResult), m_session);
        const JsonFile::Object o = result.object(0, QString());
        record.instruction = result.text(o, "task", QStringLiteral("task"));
        if (!record.instruction.hasContent())
            record.instruction = m_raw.ref(m_roadmap);
        const QString recorded = result.string(o, "patch_file");
        QString patch = RawFiles::remap(recorded, m_kernel, m_kernel, m_root);
        if (patch.isEmpty() && RawFiles::isFileInside(dir.filePath(QStringLiteral("best_patch.diff")), m_root))
            patch = dir.filePath(QStringLiteral("best_patch.diff"));
        record.predict = m_patches.ref(patch, m_reference, QStringLiteral("patch_file"), &record);
        if (patch.isEmpty() && !recorded.isEmpty())
            record.extra.append(
                RunLayout::note(QStringLiteral("patch_file"), QStringLiteral("%1 is not in the run's folder").arg(recorded)));
        if (!result.isOpen()) {
            record.extra.append(RunLayout::note(
                QStringLiteral("worker_result"), QStringLiteral("%1 is not in %2: the engineer did not report").arg(WorkerResult, folder)));
            return record;
        }
        const QString status = result.string(o, "status");
        std::optional<double> claimed = result.number(o, "speedup_weighted", QStringLiteral("speedup_weighted"));
        const std::optional<double> geomean = result.number(o, "speedup_geomean", QStringLiteral("speedup_geomean"));
        if (!claimed)
            claimed = geomean;
        record.speedup = claimed;
        record.shapeTimings = perCase(result, o);
        MemoryEntry m;
        // The engineer's own report: it built and checked its patch, or says it failed (notes: why).
        if (status == QLatin1String("success") || status == QLatin1String("partial")) {
            m.passCall = true;
            m.passExe = true;
            m.passPerf = claimed.has_value();
            m.reached = claimed ? Stage::Perf : Stage::Exe;
        } else if (status == QLatin1String("failed")) {
            m.passCall = true;
            m.passExe = false;
            m.reached = Stage::Call;
            m.exeError = result.text(o, "notes", QStringLiteral("notes"));
            if (claimed && *claimed > 1)
                record.claimWarnings << QStringLiteral("the engineer reported failure, yet a speedup of %1 is recorded").arg(*claimed);
        } else {
            result.warn(o, QStringLiteral("status"),
                status.isEmpty()
                    ? QStringLiteral("no status (success, partial or failed); the outcome is not known")
                    : QStringLiteral("status \"%1\" is none of success, partial, failed; the outcome is not known").arg(status));
        }
        checkAgainstCases(record.shapeTimings, geomean, QStringLiteral("the engineer's"), &record);
        m.extra = result.extras(o, {"task", "status", "speedup_weighted", "per_case", "patch_file"});
        record.memory = m;
        return record;
    }

    IterationRecord readDirector()
    {
        IterationRecord record;
        common(&record);
        record.instruction = m_raw.ref(m_roadmap);
        JsonFile validation(m_kernel.filePath(DirectorValidation), m_session);
        const JsonFile::Object o = validation.object(0, QString());
        const QString recorded = validation.string(o, "final_patch");
        QString patch = RawFiles::remap(recorded, m_kernel, m_kernel, m_root);
        if (patch.isEmpty() && RawFiles::isFileInside(m_kernel.filePath(QStringLiteral("final_patch.diff")), m_root))
            patch = m_kernel.filePath(QStringLiteral("final_patch.diff"));
        record.predict = m_patches.ref(patch, m_reference, QStringLiteral("final_patch"), &record);
        if (!validation.isOpen()) {
            record.extra.append(RunLayout::note(QStringLiteral("director_validation"),
                QStringLiteral("%1 is not in the kernel's folder: the final patch was not validated").arg(DirectorValidation)));
            return record;
        }
        record.speedup = validation.number(o, "tech_lead_reported_speedup_geomean", QStringLiteral("tech_lead_reported_speedup_geomean"));
        const std::optional<double> geomean
            = validation.number(o, "director_verified_speedup_geomean", QStringLiteral("director_verified_speedup_geomean"));
        record.speedupVerified
            = validation.number(o, "director_verified_speedup_weighted", QStringLiteral("director_verified_speedup_weighted"));
        if (!record.speedupVerified)
            record.speedupVerified = geomean;
        record.shapeTimings = perCase(validation, o);
        MemoryEntry m;
        const QString correctness = validation.string(o, "correctness");
        if (correctness == QLatin1String("pass") || correctness == QLatin1String("fail")) {
            m.passCall = true;
            m.reached = Stage::Call;
            m.passExe = correctness == QLatin1String("pass");
            if (*m.passExe) {
                m.reached = Stage::Exe;
                m.passPerf = record.speedupVerified.has_value();
                if (*m.passPerf)
                    m.reached = Stage::Perf;
            } else {
                m.exeError = validation.text(o, "arbitration_note", QStringLiteral("arbitration_note"));
                if (record.speedup)
                    record.claimWarnings << QStringLiteral("the tech lead reported %1× for a final patch the director found wrong")
                                                .arg(*record.speedup, 0, 'g', 4);
            }
        } else {
            validation.warn(o, QStringLiteral("correctness"),
                correctness.isEmpty()
                    ? QStringLiteral("no correctness (pass or fail); the outcome is not known")
                    : QStringLiteral("correctness \"%1\" is neither pass nor fail; the outcome is not known").arg(correctness));
        }
        const QString status = validation.string(o, "validation_status");
        if (status == QLatin1String("flagged")) {
            const QString why = validation.string(o, "arbitration_note");
            record.claimWarnings << QStringLiteral("the director flagged this result%1")
                                        .arg(why.isEmpty() ? QString() : QStringLiteral(": ") + why.left(300));
        }
        if (record.speedup && record.speedupVerified && *record.speedupVerified > 0
            && std::abs(*record.speedup - *record.speedupVerified) > ReportTolerance * *record.speedupVerified)
            record.claimWarnings << QStringLiteral("the tech lead reported %1×, the director measured %2×")
                                        .arg(*record.speedup, 0, 'g', 4)
                                        .arg(*record.speedupVerified, 0, 'g', 4);
        checkAgainstCases(record.shapeTimings, geomean, QStringLiteral("the director's"), &record);
        m.extra = validation.extras(
            o, {"correctness", "per_case", "tech_lead_reported_speedup_geomean", "director_verified_speedup_weighted", "final_patch"});
        record.memory = m;
        return record;
    }

    QDir m_kernel;
    QString m_root;
    LoadSession* m_session;
    RawFiles m_raw;
    PatchCandidate m_patches;
    QString m_reference;
    QString m_originalPath;
    QString m_commandment;
    QString m_roadmap;
};

QStringList kernelFoldersIn(const QString& folder, int depth)
{
    if (GeakV4Layout::isKernelFolder(folder))
        return {QDir(folder).absolutePath()};
    if (depth == 0)
        return {};
    QStringList out;
    const QDir dir(folder);
    for (const QString& sub : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        out += kernelFoldersIn(dir.filePath(sub), depth - 1);
    return out;
}

} // namespace

QString GeakV4Layout::lookedFor() const
{
    return QStringLiteral("a GEAK v4 kernel run (team_<kernel>_<time>/<kernel>/ with round_<N>/engineer_<i>/worker_result.json or "
                          "director_validation.json) or a folder of them");
}

bool GeakV4Layout::isKernelFolder(const QString& folder)
{
    const QDir dir(folder);
    if (dir.exists(DirectorValidation))
        return true;
    if (dir.exists(QStringLiteral("COMMANDMENT.md")) && QFileInfo(dir.filePath(QStringLiteral("baseline"))).isDir())
        return true;
    for (const QString& round : dir.entryList({QStringLiteral("round_*")}, QDir::Dirs)) {
        if (roundPattern().match(round).hasMatch()
            && !QDir(dir.filePath(round)).entryList({QStringLiteral("engineer_*")}, QDir::Dirs).isEmpty())
            return true;
    }
    return false;
}

QVector<RunSource> GeakV4Layout::locate(const QFileInfo& path) const
{
    if (path.isFile()) {
        const QString kernel = folderAbove(path, 4, isKernelFolder);
        return kernel.isEmpty() ? QVector<RunSource>{} : QVector<RunSource>{runAt(kernel, {kernel})};
    }
    if (!path.isDir())
        return {};
    // A kernel's folder, a team_* folder (one kernel inside), or an experiment root of team_* folders.
    const QStringList kernels = kernelFoldersIn(path.absoluteFilePath(), 2);
    if (kernels.isEmpty())
        return {};
    return {runAt(path.absoluteFilePath(), kernels)};
}

QVector<IterationRecords> GeakV4Layout::read(const RunSource& source, LoadSession* session) const
{
    QMap<int, IterationRecords> byAttempt;
    QSet<QString> names;
    for (const QString& folder : source.caseFolders) {
        if (session->isCancelled())
            return {};
        QString name = QDir(folder).dirName();
        if (names.contains(name)) // one kernel in two team folders: each keeps its team's name too
            name = QStringLiteral("%1 (%2)").arg(name, QFileInfo(folder).dir().dirName());
        names.insert(name);
        KernelReader kernel(folder, source.folder, session);
        for (const IterationRecord& record : kernel.read()) {
            IterationRecords& records = byAttempt[record.iteration];
            records.iteration = record.iteration;
            records.byName.insert(name, records.records.size());
            records.records.append({name, record});
        }
    }
    return QVector<IterationRecords>(byAttempt.cbegin(), byAttempt.cend());
}

} // namespace krw
