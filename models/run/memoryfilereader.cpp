// SPDX-License-Identifier: MIT
#include "run/memoryfilereader.h"

#include "run/containerscanner.h"
#include "run/fieldreader.h"
#include "run/jsonscalars_p.h"
#include "run/loadsession.h"
#include "run/mappedfile.h"

#include <QFileInfo>
#include <QSet>

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
    QVector<Entry> entries;
    const std::string_view text = file->text();
    const std::size_t first = json_spans::skipSpace(text, 0);
    if (first < text.size() && text[first] != '{') {
        file->warn(first, QString(), QStringLiteral("expected a JSON object keyed by filename; file ignored"));
        m_session->advance(qint64(text.size()));
        return std::nullopt;
    }
    // Each entry is handled as soon as it is found, and the bytes behind it are let go of, so
    // that a big file never sits in memory whole.
    json_spans::ContainerScanner scanner(text, m_session->limits().maxDepth);
    QSet<QString> seen;
    json_spans::Member m;
    std::size_t reported = 0;
    int scanned = 0;
    while (!m_session->isCancelled() && scanner.next(&m)) {
        ++scanned;
        const FieldReader fields(file, sourceIndex, 0, 0, &m_session->limits());
        const auto key = json_scalars::parseString(text.substr(m.keySpan.offset, m.keySpan.length));
        const QString filename = key ? QString::fromStdString(*key) : QString::fromStdString(m.key);
        if (seen.contains(filename)) {
            file->warn(m.keySpan.offset, QString(), QStringLiteral("duplicate entry \"%1\"; the first is kept").arg(filename));
            continue;
        }
        seen.insert(filename);
        const qint64 line = file->lineOf(m.keySpan.offset);
        auto memory = memoryEntry(fields, text, m, filename);
        if (memory)
            entries.append({filename, m.keySpan.offset, line, std::move(*memory), file->warningCount()});
        const std::size_t done = m.value.offset + m.value.length;
        if (done - reported >= LoadSession::ProgressStep) {
            m_session->advance(qint64(done - reported));
            reported = done;
            file->release(m.keySpan.offset);
        }
    }
    if (!scanner.ok() && !m_session->isCancelled())
        file->warn(scanner.errorOffset(), QString(),
            QStringLiteral("memory file is not valid JSON (%1); %2 entries before it loaded")
                .arg(QString::fromStdString(scanner.error()))
                .arg(scanned));
    m_session->advance(qint64(text.size() - reported));
    return entries;
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
            warnings.append({path, entry.line, qint64(entry.keyOffset), QString(),
                QStringLiteral("memory entry \"%1\" has no line in %2; shown from memory alone")
                    .arg(entry.filename, QFileInfo(jsonlPath).fileName())});
            IterationRecord record;
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
    const FieldReader& fields, std::string_view text, const Member& m, const QString& filename)
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
    const FieldReader entryFields = fields.withBase(m.value.offset).validated(m_session->limits().checkWhole && m_validator.isValid(value));
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
