// SPDX-License-Identifier: MIT
#include "models/layouts/geakevallayout.h"

#include "models/layouts/jsonfile.h"
#include "models/layouts/rawfiles.h"
#include "models/run/loadsession.h"
#include "models/run/textstore.h"

#include <QDir>
#include <QMap>
#include <QRegularExpression>

#include <algorithm>

namespace krw {

namespace {

const QRegularExpression& passPattern()
{
    static const QRegularExpression re(QStringLiteral("^.+_results_(\\d+)\\.json$"));
    return re;
}

// One row of a result file, where it is.
struct Row
{
    int pass = 0;
    QString fileName;
    IterationRecord record;
};

// The rows of one result file: a JSON list of row objects. A row without a file_name is skipped
// with a warning; a flag of another type is a warning and left unknown.
void readRows(const QString& path, const QDir& folder, LoadSession* session, RawFiles* raw, QVector<Row>* rows)
{
    JsonFile file(path, session);
    if (!file.isOpen())
        return;
    // The file is a list: its elements are scanned as the members of a container.
    const JsonFile::Object list = file.list(0, QString());
    for (std::size_t i = 0; i < list.members.size(); ++i) {
        const QString field = QStringLiteral("[%1]").arg(i);
        const JsonFile::Object o = file.object(list.base + list.members[i].value.offset, field);
        if (o.members.empty())
            continue;
        Row row;
        row.fileName = file.string(o, "file_name");
        if (row.fileName.isEmpty()) {
            file.warn(o, field + QStringLiteral(".file_name"), QStringLiteral("no file_name: the row names no case; skipped"));
            continue;
        }
        row.pass = int(file.number(o, "pass_num", field + QStringLiteral(".pass_num")).value_or(0));
        IterationRecord& r = row.record;
        MemoryEntry m;
        const std::optional<double> call = file.number(o, "call_status", field + QStringLiteral(".call_status"));
        const std::optional<double> exec = file.number(o, "exec_status", field + QStringLiteral(".exec_status"));
        const std::optional<double> speedup = file.number(o, "speedup", field + QStringLiteral(".speedup"));
        const TextRef stderrRef = file.error(o, "stderr", field + QStringLiteral(".stderr"));
        if (call) {
            m.passCall = *call != 0;
            if (*m.passCall) {
                m.reached = Stage::Call;
                if (exec) {
                    m.passExe = *exec != 0;
                    if (*m.passExe) {
                        m.reached = Stage::Exe;
                        // 0 is GEAK-eval's "not measured"; an older writer measured nothing.
                        m.passPerf = speedup.value_or(0) > 0;
                        if (*m.passPerf) {
                            m.reached = Stage::Perf;
                            r.speedupVerified = speedup;
                        } else {
                            r.extra.append(RunLayout::note(QStringLiteral("speedup"),
                                speedup ? QStringLiteral("0: not measured") : QStringLiteral("not written by this GEAK-eval (no timing)")));
                        }
                    } else {
                        m.exeError = stderrRef;
                    }
                }
            } else {
                m.callError = stderrRef;
            }
        }
        m.extra = file.extras(o, {"pass_num", "file_name", "call_status", "exec_status", "speedup", "stderr"});
        r.memory = m;
        const QString candidate = folder.filePath(row.fileName);
        if (RawFiles::isFileInside(candidate, folder.absolutePath()))
            r.predict = raw->ref(candidate);
        else
            r.candidateElsewhere = true; // evaluated from a prediction file that is not in the folder
        r.extra.append(RunLayout::note(QStringLiteral("pass_num"), QString::number(row.pass)));
        rows->append(row);
    }
}

} // namespace

QString GeakEvalLayout::lookedFor() const
{
    return QStringLiteral("GEAK-eval results (<out>_all_passes.json, <out>_results_<pass>.json)");
}

QStringList GeakEvalLayout::resultFiles(const QString& folder)
{
    const QDir dir(folder);
    const QStringList all = dir.entryList({QStringLiteral("*_all_passes.json")}, QDir::Files, QDir::Name);
    if (!all.isEmpty())
        return {dir.absoluteFilePath(all.first())};
    QStringList passes;
    for (const QString& name : dir.entryList({QStringLiteral("*_results_*.json")}, QDir::Files, QDir::Name)) {
        if (passPattern().match(name).hasMatch())
            passes << dir.absoluteFilePath(name);
    }
    return passes;
}

QVector<RunSource> GeakEvalLayout::locate(const QFileInfo& path) const
{
    QString folder;
    if (path.isFile()) {
        const QString name = path.fileName();
        if (!name.endsWith(QStringLiteral("_all_passes.json")) && !passPattern().match(name).hasMatch())
            return {};
        folder = path.absolutePath();
    } else if (path.isDir()) {
        folder = path.absoluteFilePath();
    }
    if (folder.isEmpty() || resultFiles(folder).isEmpty())
        return {};
    return {runAt(folder)};
}

QVector<IterationRecords> GeakEvalLayout::read(const RunSource& source, LoadSession* session) const
{
    const QDir folder(source.folder);
    QVector<Row> rows;
    RawFiles raw(session);
    for (const QString& path : resultFiles(source.folder)) {
        if (session->isCancelled())
            return {};
        readRows(path, folder, session, &raw, &rows);
    }
    // A case's passes in pass order are its iterations 0, 1, …; the cases in the order they come.
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.pass < b.pass; });
    QHash<QString, int> passesOf;
    QMap<int, IterationRecords> byIteration;
    for (Row& row : rows) {
        const int iteration = passesOf.value(row.fileName, 0);
        passesOf.insert(row.fileName, iteration + 1);
        row.record.iteration = iteration;
        IterationRecords& records = byIteration[iteration];
        records.iteration = iteration;
        if (records.byName.contains(row.fileName))
            continue;
        records.byName.insert(row.fileName, records.records.size());
        records.records.append({row.fileName, row.record});
    }
    return QVector<IterationRecords>(byIteration.cbegin(), byIteration.cend());
}

} // namespace krw
