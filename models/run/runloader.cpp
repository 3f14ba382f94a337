// SPDX-License-Identifier: MIT
//
// How a run is read: each file is mapped, split into lines (JSONL) or top-level members (memory
// JSON) by json_spans, and each field is checked on its own. Small fields are parsed with
// nlohmann/json; big strings are validated and kept as TextRefs into the file. Every problem
// becomes one LoadWarning naming file, line, byte offset and field, and loading goes on.
//
// This file only runs the load; each job has a file of its own in run/:
//   LoadSession        what the readers share: sources, warnings, limits, cancel and progress
//   MappedFile         one file mapped into memory, byte offsets → lines, warnings about it
//   FieldReader        one member of a JSON object → a value or TextRef, or a warning
//   JsonlReader        an iteration's JSONL file, one case per line
//   MemoryFileReader   an iteration's memory JSON, joined to the JSONL records by filename
//   DebugFolderReader  a tree of per-case debug folders (its format is DebugFolder's)
//   CaseJoiner         the records of all iterations → Cases with their outcomes
//   IterationRecords   what the readers hand the joiner; jsonscalars_p.h: small JSON values
#include "run/runloader.h"

#include "run/casejoiner.h"
#include "run/debugfolderreader.h"
#include "run/jsonlreader.h"
#include "run/loadsession.h"
#include "run/memoryfilereader.h"

#include <QFileInfo>

#include <algorithm>
#include <utility>

namespace krw {

namespace {

// The bytes progress counts: the JSONL and memory files (a debug-folder tree counts none).
qint64 totalBytes(const RunSource& source)
{
    qint64 total = 0;
    for (const auto& path : source.jsonlByIteration)
        total += QFileInfo(path).size();
    for (const auto& path : source.memoryByIteration)
        total += QFileInfo(path).size();
    return total;
}

Run load(const RunSource& source, const LoadControl& control, const LoadLimits& limits)
{
    Run run;
    run.name = source.name;
    run.path = source.path;
    run.isSeries = source.kind == RunSource::Kind::Series;
    LoadSession session(control, limits);
    session.setTotalBytes(totalBytes(source));
    QVector<IterationRecords> iterations;
    if (source.kind == RunSource::Kind::DebugFolders) {
        run.iterations = {0};
        iterations.append(DebugFolderReader(&session).read(source.caseFolders));
    } else {
        for (auto it = source.jsonlByIteration.cbegin(); it != source.jsonlByIteration.cend() && !session.isCancelled(); ++it) {
            IterationRecords records;
            records.iteration = it.key();
            JsonlReader(&session).read(it.value(), &records);
            const QString memoryPath = source.memoryByIteration.value(it.key());
            if (!memoryPath.isEmpty() && !session.isCancelled())
                MemoryFileReader(&session).read(memoryPath, it.value(), &records);
            iterations.append(records);
            run.iterations.append(it.key());
        }
    }
    run.cases = CaseJoiner::join(iterations);
    // Warnings in file order, then line order, whatever order the files were read in.
    run.warnings = std::move(session.warnings());
    std::stable_sort(run.warnings.begin(), run.warnings.end(),
        [](const LoadWarning& a, const LoadWarning& b) { return a.file != b.file ? a.file < b.file : a.line < b.line; });
    run.sources = std::make_shared<const SourceTable>(session.sources());
    run.cancelled = session.wasCancelled(); // a cancel that comes after the last check changes nothing
    if (run.cancelled)
        run.cases.clear();
    return run;
}

} // namespace

Run loadRun(const RunSource& source, const LoadControl& control, const LoadLimits& limits)
{
    try {
        return load(source, control, limits);
    } catch (const std::exception& e) {
        // Nothing above throws by design; this keeps an unforeseen case from crossing threads.
        Run run;
        run.name = source.name;
        run.path = source.path;
        run.warnings.append(
            {source.path, 0, -1, QString(), QStringLiteral("internal error while loading: %1").arg(QString::fromUtf8(e.what()))});
        return run;
    }
}

Run loadRunAtPath(const QString& path, const QString& runName, QString* error)
{
    const LocateResult located = locateRuns(path);
    if (!located) {
        if (error)
            *error = located.error;
        return {};
    }
    const RunSource* chosen = &located.runs.front();
    if (!runName.isEmpty()) {
        chosen = nullptr;
        QStringList names;
        for (const auto& run : located.runs) {
            names.append(run.name);
            if (run.name == runName)
                chosen = &run;
        }
        if (!chosen) {
            if (error)
                *error = QStringLiteral("%1: no run named \"%2\" (found: %3)").arg(path, runName, names.join(QStringLiteral(", ")));
            return {};
        }
    }
    return loadRun(*chosen);
}

} // namespace krw
