// SPDX-License-Identifier: MIT
//
// How a run is read: each file is mapped, split into lines (JSONL) or top-level members (memory
// JSON) by json_spans, and each line or entry is checked whole by simdjson (JsonValidator); only
// where that fails is each field checked on its own, to say which. Small fields are parsed with
// nlohmann/json; big strings are kept as TextRefs into the file. Every problem becomes one
// LoadWarning naming file, line, byte offset and field, and loading goes on. The files of a run
// are read in parallel, and the bytes read are let go of as the readers move on, so memory stays
// small whatever the run's size (docs/PERFORMANCE.md).
//
// This file only runs the load; each job has a file of its own in run/:
//   LoadSession        what the readers share: sources, warnings, limits, cancel and progress
//   MappedFile         one file mapped into memory, and the FileWarnings about it (with lines)
//   ContainerScanner   the members of a JSON object one at a time (json_spans)
//   JsonValidator      a whole line or entry checked in one pass (simdjson)
//   FieldReader        one member of a JSON object → a value or TextRef, or a warning
//   JsonlReader        an iteration's JSONL file, one case per line
//   MemoryFileReader   an iteration's memory JSON, then joined to the JSONL records by filename
//   DebugFolderReader  a tree of per-case debug folders (its format is DebugFolder's)
//   CaseJoiner         the records of all iterations → Cases with their outcomes
//   IterationRecords   what the readers hand the joiner; jsonscalars_p.h: small JSON values
#include "models/run/runloader.h"

#include "models/layouts/runlayout.h"
#include "models/layouts/runlayouts.h"
#include "models/run/casejoiner.h"
#include "models/run/debugfolderreader.h"
#include "models/run/jsonlreader.h"
#include "models/run/loadedfiles.h"
#include "models/run/loadsession.h"
#include "models/run/mappedfile.h"
#include "models/run/memoryfilereader.h"
#include "models/run/runchoice.h"
#include "models/run/textstore.h"
#include "models/work/workpools.h"

#include <QFileInfo>
#include <QFuture>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#ifdef __GLIBC__
#include <malloc.h>
#endif

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

// One JSONL or memory file of a run, read on whichever thread gets to it first.
struct FileTask
{
    enum class Kind { Jsonl, Memory };
    Kind kind = Kind::Jsonl;
    QString path;
    LoadedFile loaded;
    std::unique_ptr<MappedFile> file; // while it is to be read
};

// What an earlier load of the run gave for path, if the file has not changed since and would
// keep its place in the source table.
const LoadedFile* unchanged(const Run* previous, const QString& path, int sourceIndex)
{
    if (!previous || !previous->loadedFiles)
        return nullptr;
    for (const LoadedFile& file : previous->loadedFiles->files) {
        if (file.source.path == path)
            return file.sourceIndex == sourceIndex && TextStore::isUnchanged(file.source) ? &file : nullptr;
    }
    return nullptr;
}

// Each iteration's files are read at the same time as each other and as other iterations', on
// WorkPools::parts() (a reader that waits for a part runs it itself if no thread has taken it
// yet); the join that needs both sides comes after.
std::shared_ptr<LoadedFiles> readFiles(
    const RunSource& source, const Run* previous, LoadSession* session, QVector<IterationRecords>* iterations, QVector<int>* numbers)
{
    // Opened (mapped, not read) in the order of the source table, so TextRef::source numbers
    // are the same however the reading is shared out.
    std::vector<std::unique_ptr<FileTask>> tasks;
    auto open = [&](FileTask::Kind kind, int iteration, const QString& path) {
        auto task = std::make_unique<FileTask>();
        task->kind = kind;
        task->path = path;
        task->loaded.records.iteration = iteration;
        if (const LoadedFile* kept = unchanged(previous, path, int(session->sources().size()))) {
            task->loaded = *kept;
            task->loaded.kept = true;
            session->addSource(kept->source);
            session->advance(kept->source.size);
        } else {
            task->file = std::make_unique<MappedFile>(path, &task->loaded.warnings);
            if (task->file->open(session->limits().maxFileBytes, session->limits().mapFiles)) {
                task->loaded.source = task->file->source();
                task->loaded.sourceIndex = session->addSource(task->loaded.source);
            } else {
                task->file.reset();
            }
        }
        tasks.push_back(std::move(task));
    };
    for (auto it = source.jsonlByIteration.cbegin(); it != source.jsonlByIteration.cend(); ++it) {
        open(FileTask::Kind::Jsonl, it.key(), it.value());
        const QString memoryPath = source.memoryByIteration.value(it.key());
        if (!memoryPath.isEmpty())
            open(FileTask::Kind::Memory, it.key(), memoryPath);
    }
    // Biggest first, so that one big file does not start last.
    std::vector<FileTask*> toRead;
    for (const auto& task : tasks) {
        if (task->file)
            toRead.push_back(task.get());
    }
    std::stable_sort(
        toRead.begin(), toRead.end(), [](const FileTask* a, const FileTask* b) { return a->file->text().size() > b->file->text().size(); });
    QVector<QFuture<void>> reading;
    for (FileTask* task : toRead) {
        reading.append(QtConcurrent::run(WorkPools::parts(), [session, task] {
            if (session->isCancelled())
                return;
            if (task->kind == FileTask::Kind::Jsonl)
                JsonlReader(session).parse(task->file.get(), task->loaded.sourceIndex, &task->loaded.records);
            else
                task->loaded.entries = MemoryFileReader(session).parse(task->file.get(), task->loaded.sourceIndex);
            // Cut short or rewritten while it was read: what was read is not what the file holds
            // (zeros past the cut, or parts of two versions). None of it is used, the rest of the
            // run is, and the next reload reads the file again (sourceIndex -1 is never kept).
            if (!session->wasCancelled() && task->file->changedWhileRead()) {
                task->loaded.warnings.clear();
                task->file->warnings().warnFile(task->file->changedMessage());
                IterationRecords none;
                none.iteration = task->loaded.records.iteration;
                task->loaded.records = std::move(none);
                task->loaded.entries.reset();
                task->loaded.sourceIndex = -1;
            }
            task->file.reset(); // unmapped as soon as it is read
        }));
    }
    for (QFuture<void>& file : reading)
        file.waitForFinished();
    // Joined in iteration order; warnings in the order one thread would have found them.
    auto loaded = std::make_shared<LoadedFiles>();
    loaded->read = int(toRead.size());
    std::size_t next = 0;
    for (auto it = source.jsonlByIteration.cbegin(); it != source.jsonlByIteration.cend() && !session->isCancelled(); ++it) {
        const FileTask& jsonl = *tasks[next++];
        session->warnings().append(jsonl.loaded.warnings);
        IterationRecords records = jsonl.loaded.records;
        if (!source.memoryByIteration.value(it.key()).isEmpty()) {
            const FileTask& memory = *tasks[next++];
            MemoryFileReader(session).join(
                memory.path, jsonl.path, memory.loaded.sourceIndex, memory.loaded.entries, memory.loaded.warnings, &records);
        }
        iterations->append(std::move(records));
        numbers->append(it.key());
    }
    for (const auto& task : tasks)
        loaded->files.append(std::move(task->loaded));
    return loaded;
}

// glibc's malloc, told what a load's allocations are like (docs/PERFORMANCE.md, "The window's
// memory until the tree shows"). Left to itself, glibc raises its mmap threshold to the size of
// each mapped block freed (up to 32 MB): after the first records vector has grown past a few MB,
// the next vectors, hash tables and parts of the memory file land in the reading threads' arenas,
// and what they free there stays the process's (10 MB on the 10,000-case run, in arenas no other
// thread allocates from). A fixed threshold (glibc's own starting value, which also turns the
// raising off) keeps every block over 128 KB a mapping of its own, given back when freed. Once, for
// the process: the window, the CLI and the benchmarks all load through here.
void keepBigBlocksMapped()
{
#ifdef __GLIBC__
    static std::once_flag once;
    std::call_once(once, [] { ::mallopt(M_MMAP_THRESHOLD, 128 * 1024); });
#endif
}

// After a load, the pages of the readers' arenas that hold only freed memory (each line's and
// entry's temporaries, the joins' copies) go back to the system: 0.4-0.7 ms at 10,000 cases, on
// the loading thread.
void giveBackFreePages()
{
#ifdef __GLIBC__
    ::malloc_trim(0);
#endif
}

// Another writer's cases in the order its layout gives them (a KernelBench run by problem), not
// the series' rule of the newest iteration first: a case seen only in a later round comes after
// those of the first.
void keepLayoutOrder(const QVector<IterationRecords>& iterations, QVector<Case>* cases)
{
    QHash<QString, int> order;
    for (const IterationRecords& round : iterations) {
        for (const IterationRecords::Named& named : round.records)
            order.insert(named.name, order.value(named.name, int(order.size())));
    }
    std::stable_sort(
        cases->begin(), cases->end(), [&order](const Case& a, const Case& b) { return order.value(a.filename) < order.value(b.filename); });
}

Run load(const RunSource& source, const LoadControl& control, const LoadLimits& limits, const Run* previous)
{
    keepBigBlocksMapped();
    Run run;
    run.name = source.name;
    run.path = source.path;
    run.layout = source.layoutId();
    // Another writer's rounds, attempts or samples are numbered by that writer, as a series is.
    run.isSeries = source.kind == RunSource::Kind::Series || source.kind == RunSource::Kind::Layout;
    LoadSession session(control, limits);
    session.setTotalBytes(totalBytes(source));
    QVector<IterationRecords> iterations;
    if (source.kind == RunSource::Kind::DebugFolders) {
        run.iterations = {0};
        iterations.append(DebugFolderReader(&session).read(source.caseFolders));
    } else if (source.kind == RunSource::Kind::Layout) {
        if (const RunLayout* layout = RunLayouts::find(source.layout)) {
            iterations = layout->read(source, &session);
            for (const IterationRecords& records : qAsConst(iterations))
                run.iterations.append(records.iteration);
        } else {
            session.warnings().append(
                {source.path, 0, -1, QString(), QStringLiteral("no reader for the layout \"%1\"").arg(source.layout)});
        }
    } else {
        run.loadedFiles = readFiles(source, previous, &session, &iterations, &run.iterations);
    }
    run.cases = CaseJoiner::join(iterations);
    if (source.kind == RunSource::Kind::Layout)
        keepLayoutOrder(iterations, &run.cases);
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

Run loadRun(const RunSource& source, const LoadControl& control, const LoadLimits& limits, const Run* previous)
{
    try {
        Run run = load(source, control, limits, previous);
        giveBackFreePages();
        return run;
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
    const RunChoice choice = RunChoice::of(path, located, runName);
    if (!choice.isChosen()) {
        if (error)
            *error = choice.message;
        return {};
    }
    return loadRun(located.runs.at(choice.index));
}

} // namespace krw
