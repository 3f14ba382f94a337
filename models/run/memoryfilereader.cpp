// SPDX-License-Identifier: MIT
#include "run/memoryfilereader.h"

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
    MappedFile file(path, &m_session->warnings());
    if (!file.open(m_session->limits().maxFileBytes, m_session->limits().mapFiles))
        return;
    const int sourceIndex = m_session->addSource(file.source());
    const std::string_view text = file.text();
    const auto scan = json_spans::scanContainer(text, m_session->limits().maxDepth);
    const std::size_t first = json_spans::skipSpace(text, 0);
    if (first < text.size() && text[first] != '{') {
        file.warn(first, QString(), QStringLiteral("expected a JSON object keyed by filename; file ignored"));
        return;
    }
    QSet<QString> seen;
    for (const Member& m : scan.members) {
        if (m_session->isCancelled())
            return;
        const FieldReader fields(&file, sourceIndex, 0, 0, &m_session->limits());
        const auto key = json_scalars::parseString(text.substr(m.keySpan.offset, m.keySpan.length));
        const QString filename = key ? QString::fromStdString(*key) : QString::fromStdString(m.key);
        if (seen.contains(filename)) {
            file.warn(m.keySpan.offset, QString(), QStringLiteral("duplicate entry \"%1\"; the first is kept").arg(filename));
            continue;
        }
        seen.insert(filename);
        auto entry = memoryEntry(fields, text, m, filename);
        if (!entry)
            continue;
        int index = records->byName.value(filename, -1);
        if (index < 0) {
            file.warn(m.keySpan.offset, QString(),
                QStringLiteral("memory entry \"%1\" has no line in %2; shown from memory alone")
                    .arg(filename, QFileInfo(jsonlPath).fileName()));
            IterationRecord record;
            record.iteration = records->iteration;
            index = int(records->records.size());
            records->byName.insert(filename, index);
            records->records.append({filename, record});
        }
        IterationRecord& record = records->records[index].record;
        record.memorySource = sourceIndex;
        record.memoryLine = file.lineOf(m.keySpan.offset);
        record.memory.emplace(std::move(*entry));
        m_session->progress(qint64(m.value.offset));
    }
    if (!scan.ok())
        file.warn(scan.errorOffset, QString(),
            QStringLiteral("memory file is not valid JSON (%1); %2 entries before it loaded")
                .arg(QString::fromStdString(scan.error))
                .arg(scan.members.size()));
    const SourceTable& sources = m_session->sources();
    for (auto it = records->byName.cbegin(); it != records->byName.cend(); ++it) {
        const auto& record = records->records.at(it.value()).record;
        if (!record.memory && record.jsonlSource >= 0 && !it.key().contains(QStringLiteral(" (duplicate, line ")))
            m_session->warnings().append({sources.at(record.jsonlSource).path, record.jsonlLine, -1, QStringLiteral("filename"),
                QStringLiteral("\"%1\" has no entry in %2").arg(it.key(), QFileInfo(path).fileName())});
    }
    m_session->fileDone(qint64(text.size()));
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
    const FieldReader entryFields = fields.withBase(m.value.offset);
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
