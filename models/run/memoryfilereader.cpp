// SPDX-License-Identifier: MIT
#include "models/run/memoryfilereader.h"

#include "models/run/containerscanner.h"
#include "models/run/fieldreader.h"
#include "models/run/filewarnings.h"
#include "models/run/jsonscalars_p.h"
#include "models/run/loadsession.h"
#include "models/run/mappedfile.h"
#include "models/work/workpools.h"

#include <QFileInfo>
#include <QFuture>
#include <QSet>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>
#include <utility>

namespace krw {

namespace {

using Member = json_spans::Member;

// The memory fields that hold text (besides the two error messages, where "None" means none).
TextRef MemoryEntry::*memoryTextSlot(const std::string& key)
{
    static const std::pair<const char*, TextRef MemoryEntry::*> textSlots[] = {
        {"call_candidate", &MemoryEntry::callCandidate},
        {"exe_candidate", &MemoryEntry::exeCandidate},
        {"temp_strategy", &MemoryEntry::tempStrategy},
        {"reflection", &MemoryEntry::reflection},
        {"perf_strategy", &MemoryEntry::perfStrategy},
        {"oneshot", &MemoryEntry::oneshot},
    };
    for (const auto& [name, slot] : textSlots) {
        if (key == name)
            return slot;
    }
    return nullptr;
}

} // namespace

MemoryFileReader::MemoryFileReader(LoadSession* session)
    : m_session(session)
{
}

void MemoryFileReader::read(const QString& path, const QString& jsonlPath, IterationRecords* records)
{
    QVector<LoadWarning> fileWarnings;
    MappedFile file(path, &fileWarnings);
    int sourceIndex = -1;
    std::optional<QVector<Entry>> entries;
    if (file.open(m_session->limits().maxFileBytes, m_session->limits().mapFiles)) {
        sourceIndex = m_session->addSource(file.source());
        entries = parse(&file, sourceIndex);
    }
    join(path, jsonlPath, sourceIndex, entries, fileWarnings, records);
}

std::optional<QVector<MemoryFileReader::Entry>> MemoryFileReader::parse(MappedFile* file, int sourceIndex)
{
    const std::string_view text = file->text();
    FileWarnings& warnings = file->warnings();
    const std::size_t first = json_spans::skipSpace(text, 0);
    if (first < text.size() && text[first] != '{') {
        warnings.warn(first, QString(), QStringLiteral("expected a JSON object keyed by filename; file ignored"));
        m_session->advance(qint64(text.size()));
        return std::nullopt;
    }
    // First the members are found, one after the other; no value is looked into, so this is
    // quick, and the bytes behind are let go of so that a big file never sits in memory whole.
    QVector<Found> found;
    json_spans::ContainerScanner scanner(text, m_session->limits().maxDepth);
    QSet<QString> seen;
    json_spans::Member m;
    std::size_t released = 0;
    while (!m_session->isCancelled() && !file->isCutShort() && scanner.next(&m)) {
        const auto key = json_scalars::parseString(text.substr(m.keySpan.offset, m.keySpan.length));
        const QString filename = key ? QString::fromStdString(*key) : QString::fromStdString(m.key);
        const bool duplicate = seen.contains(filename);
        if (!duplicate)
            seen.insert(filename);
        found.append({m, filename, warnings.lineOf(m.keySpan.offset), duplicate});
        if (m.keySpan.offset - released >= LoadSession::ProgressStep) {
            file->release(released, m.keySpan.offset);
            released = m.keySpan.offset;
        }
    }
    // Then the entries are read in parts, one per core for a big file, each part with warnings of
    // its own; the parts are put back together in file order.
    const LoadLimits& limits = m_session->limits();
    const int cores = limits.parts > 0 ? limits.parts : QThread::idealThreadCount();
    const int parts = qint64(text.size()) >= limits.minBytesToShare ? std::max(1, std::min(cores, int(found.size()))) : 1;
    std::vector<Part> split(std::size_t(std::max(parts, 1)));
    for (int k = 0; k < parts; ++k) {
        split[std::size_t(k)].from = int(qint64(found.size()) * k / parts);
        split[std::size_t(k)].to = int(qint64(found.size()) * (k + 1) / parts);
    }
    QVector<QFuture<void>> others;
    for (std::size_t k = 0; k + 1 < split.size(); ++k)
        others.append(QtConcurrent::run(
            WorkPools::parts(), [this, &split, &found, file, sourceIndex, k] { readPart(file, sourceIndex, found, &split[k]); }));
    readPart(file, sourceIndex, found, &split.back());
    for (QFuture<void>& part : others)
        part.waitForFinished(); // runs the part here if no other thread has taken it yet

    QVector<Entry> entries;
    qint64 advanced = 0;
    for (const Part& part : split) {
        int copied = 0;
        for (int i = part.from; i < part.to && i - part.from < part.memory.size(); ++i) {
            for (; copied < part.warningsAfter.at(i - part.from); ++copied)
                warnings.add(part.warnings.at(copied));
            if (const auto& memory = part.memory.at(i - part.from))
                entries.append({found.at(i).filename, found.at(i).member.keySpan.offset, found.at(i).line, *memory, warnings.count()});
        }
        advanced += part.advanced;
    }
    if (!scanner.ok() && !m_session->isCancelled() && !file->isCutShort())
        warnings.warn(scanner.errorOffset(), QString(),
            QStringLiteral("memory file is not valid JSON (%1); %2 entries before it loaded")
                .arg(QString::fromStdString(scanner.error()))
                .arg(found.size()));
    m_session->advance(qint64(text.size()) - advanced);
    return entries;
}

void MemoryFileReader::readPart(MappedFile* file, int sourceIndex, const QVector<Found>& found, Part* part)
{
    if (part->from >= part->to)
        return;
    const std::string_view text = file->text();
    FileWarnings warnings(file->warnings().path(), &part->warnings, text);
    const std::size_t start = found.at(part->from).member.keySpan.offset;
    warnings.startAt(start, found.at(part->from).line);
    JsonValidator validator;
    std::size_t reported = start;
    for (int i = part->from; i < part->to && !m_session->isCancelled() && !file->isCutShort(); ++i) {
        const Found& f = found.at(i);
        if (f.duplicate) {
            warnings.warnAtLine(
                f.line, f.member.keySpan.offset, QString(), QStringLiteral("duplicate entry \"%1\"; the first is kept").arg(f.filename));
            part->memory.append(std::nullopt);
        } else {
            const FieldReader fields(&warnings, sourceIndex, 0, 0, &m_session->limits());
            part->memory.append(memoryEntry(fields, validator, text, f.member, f.filename));
        }
        part->warningsAfter.append(int(part->warnings.size()));
        const std::size_t done = f.member.value.offset + f.member.value.length;
        if (done - reported >= LoadSession::ProgressStep) {
            m_session->advance(qint64(done - reported));
            part->advanced += qint64(done - reported);
            file->release(reported, done);
            reported = done;
        }
    }
}

void MemoryFileReader::join(const QString& path, const QString& jsonlPath, int sourceIndex, const std::optional<QVector<Entry>>& entries,
    const QVector<LoadWarning>& fileWarnings, IterationRecords* records)
{
    QVector<LoadWarning>& warnings = m_session->warnings();
    int copied = 0;
    const bool used = sourceIndex >= 0 && entries.has_value(); // opened, and an object
    const QVector<Entry> none;
    for (const Entry& entry : used ? *entries : none) {
        for (; copied < entry.warningsBefore; ++copied)
            warnings.append(fileWarnings.at(copied));
        int index = records->byName.value(entry.filename, -1);
        if (index < 0) {
            IterationRecord record;
            record.jsonlUnreadable = !records->skippedLines.isEmpty();
            if (record.jsonlUnreadable) {
                QStringList lines;
                for (int i = 0; i < std::min(3, int(records->skippedLines.size())); ++i)
                    lines << QString::number(records->skippedLines.at(i));
                if (records->skippedLines.size() > 3)
                    lines << QStringLiteral("…");
                warnings.append({path, entry.line, qint64(entry.keyOffset), QString(),
                    QStringLiteral("memory entry \"%1\" has no readable line in %2, whose line(s) %3 could not be read (one may be "
                                   "its line); shown from memory alone, its prediction unknown")
                        .arg(entry.filename, QFileInfo(jsonlPath).fileName(), lines.join(QStringLiteral(", ")))});
            } else {
                warnings.append({path, entry.line, qint64(entry.keyOffset), QString(),
                    QStringLiteral("memory entry \"%1\" has no line in %2; shown from memory alone")
                        .arg(entry.filename, QFileInfo(jsonlPath).fileName())});
            }
            record.iteration = records->iteration;
            index = int(records->records.size());
            records->byName.insert(entry.filename, index);
            records->records.append({entry.filename, record});
        }
        IterationRecord& record = records->records[index].record;
        record.memorySource = sourceIndex;
        record.memoryLine = entry.line;
        record.memory = entry.memory; // shared: the entry stays with the run for a reload
    }
    for (; copied < fileWarnings.size(); ++copied)
        warnings.append(fileWarnings.at(copied));
    if (!used || m_session->wasCancelled())
        return;
    const SourceTable& sources = m_session->sources();
    for (auto it = records->byName.cbegin(); it != records->byName.cend(); ++it) {
        const auto& record = records->records.at(it.value()).record;
        if (!record.memory && record.jsonlSource >= 0 && !it.key().contains(QStringLiteral(" (duplicate, line ")))
            warnings.append({sources.at(record.jsonlSource).path, record.jsonlLine, -1, QStringLiteral("filename"),
                QStringLiteral("\"%1\" has no entry in %2").arg(it.key(), QFileInfo(path).fileName())});
    }
}

std::optional<MemoryEntry> MemoryFileReader::memoryEntry(
    const FieldReader& fields, JsonValidator& validator, std::string_view text, const Member& m, const QString& filename)
{
    const std::string_view value = text.substr(m.value.offset, m.value.length);
    if (value.front() != '{') {
        fields.warn(m.value.offset, QString(),
            QStringLiteral("entry \"%1\" is %2, not an object; skipped").arg(filename, json_scalars::typeName(value)));
        return std::nullopt;
    }
    const auto members = json_spans::scanContainer(value, m_session->limits().maxDepth);
    if (!members.ok()) {
        fields.warn(m.value.offset + members.errorOffset, QString::fromStdString(members.errorKey),
            QStringLiteral("entry \"%1\" is not valid JSON (%2); skipped").arg(filename, QString::fromStdString(members.error)));
        return std::nullopt;
    }
    const FieldReader entryFields
        = fields.withBase(m.value.offset).validated(m_session->limits().checkWhole && validator.isValid(value)).forEntry(filename);
    MemoryEntry entry;
    for (const Member& f : members.members) {
        const QString key = QString::fromStdString(f.key);
        if (f.key == "pass_call")
            entry.passCall = entryFields.boolField(value, f, key);
        else if (f.key == "pass_exe")
            entry.passExe = entryFields.boolField(value, f, key);
        else if (f.key == "pass_perf")
            entry.passPerf = entryFields.boolField(value, f, key);
        else if (f.key == "call_err_msg")
            entry.callError = entryFields.errorField(value, f, key);
        else if (f.key == "exe_err_msg")
            entry.exeError = entryFields.errorField(value, f, key);
        else if (TextRef MemoryEntry::*slot = memoryTextSlot(f.key))
            entry.*slot = entryFields.textField(value, f, key);
        else if (f.key == "perf_candidates")
            entry.perfCandidates = entryFields.perfCandidates(value, f);
        else if (f.key == "perf_debug_num")
            entry.perfDebugNum = entryFields.intField(value, f, key);
        else {
            entry.extra.append(entryFields.extraField(value, f));
        }
    }
    return entry;
}

} // namespace krw
