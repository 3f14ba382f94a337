// SPDX-License-Identifier: MIT
#include "models/run/jsonlreader.h"

#include "models/run/fieldreader.h"
#include "models/run/jsonspans.h"
#include "models/run/loadsession.h"
#include "models/run/mappedfile.h"

#include <algorithm>

namespace krw {

using Member = json_spans::Member;

JsonlReader::JsonlReader(LoadSession* session)
    : m_session(session)
{
}

void JsonlReader::read(const QString& path, IterationRecords* records)
{
    MappedFile file(path, &m_session->warnings());
    if (!file.open(m_session->limits().maxFileBytes, m_session->limits().mapFiles))
        return;
    parse(&file, m_session->addSource(file.source()), records);
}

void JsonlReader::parse(MappedFile* file, int sourceIndex, IterationRecords* records)
{
    const std::string_view text = file->text();
    std::size_t lineStart = 0;
    std::size_t reported = 0;
    qint64 lineNumber = 0;
    // A file cut short stops the reading where it was found (runloader.cpp drops what was read).
    while (lineStart < text.size() && !m_session->isCancelled() && !file->isCutShort()) {
        std::size_t lineEnd = text.find('\n', lineStart);
        if (lineEnd == std::string_view::npos)
            lineEnd = text.size();
        ++lineNumber;
        const FieldReader fields(&file->warnings(), sourceIndex, lineNumber, lineStart, &m_session->limits());
        readLine(fields, text.substr(lineStart, lineEnd - lineStart), records);
        lineStart = lineEnd + 1;
        if (lineStart - reported >= LoadSession::ProgressStep) {
            m_session->advance(qint64(lineStart - reported));
            file->release(reported, lineStart); // lines behind are done with: let the file's pages go
            reported = lineStart;
        }
    }
    m_session->advance(qint64(text.size() - std::min(reported, text.size())));
}

void JsonlReader::readLine(const FieldReader& fields, std::string_view line, IterationRecords* records)
{
    const std::size_t first = json_spans::skipSpace(line, 0);
    if (first >= line.size())
        return; // blank lines (and a trailing newline) are not cases
    // A line that is not a case may still be one a memory entry names (MemoryFileReader::join).
    const auto skipped = [&] { records->skippedLines.append(fields.line()); };
    if (line[first] != '{') {
        fields.warn(first, QString(), QStringLiteral("line is not a JSON object; skipped"));
        skipped();
        return;
    }
    const auto scan = json_spans::scanContainer(line, m_session->limits().maxDepth);
    if (!scan.ok()) {
        fields.warn(scan.errorOffset, QString::fromStdString(scan.errorKey),
            QStringLiteral("line is not valid JSON (%1); case skipped").arg(QString::fromStdString(scan.error)));
        skipped();
        return;
    }
    const FieldReader checked = fields.validated(m_session->limits().checkWhole && m_validator.isValid(line));
    IterationRecord record;
    record.iteration = records->iteration;
    record.jsonlSource = fields.sourceIndex();
    record.jsonlLine = fields.line();
    QString filename;
    for (const Member& m : scan.members) {
        const QString key = QString::fromStdString(m.key);
        if (m.key == "filename") {
            filename = checked.filenameField(line, m);
            if (filename.isEmpty()) {
                skipped();
                return;
            }
        } else if (m.key == "instruction") {
            record.instruction = checked.textField(line, m, key);
        } else if (m.key == "label") {
            record.label = checked.textField(line, m, key);
        } else if (m.key == "predict") {
            record.predict = checked.textField(line, m, key);
        } else if (m.key == "test_code") {
            record.testCode = checked.textField(line, m, key);
        } else if (m.key == "speedup") {
            record.speedup = checked.numberField(line, m, key);
        } else {
            record.extra.append(checked.extraField(line, m));
        }
    }
    if (filename.isEmpty()) {
        fields.warn(first, QStringLiteral("filename"), QStringLiteral("line has no \"filename\"; case skipped"));
        skipped();
        return;
    }
    if (records->byName.contains(filename)) {
        // Keep both: the second cannot join a memory entry, but its code is still worth reading.
        const auto& firstRecord = records->records.at(records->byName.value(filename)).record;
        fields.warn(first, QStringLiteral("filename"),
            QStringLiteral("duplicate filename \"%1\" (first at line %2); loaded as a separate case without memory")
                .arg(filename)
                .arg(firstRecord.jsonlLine));
        filename = QStringLiteral("%1 (duplicate, line %2)").arg(filename).arg(fields.line());
    }
    records->byName.insert(filename, int(records->records.size()));
    records->records.append({filename, record});
}

} // namespace krw
