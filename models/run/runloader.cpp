// SPDX-License-Identifier: MIT
//
// How a run is read: each file is mapped, split into lines (JSONL) or top-level members (memory
// JSON) by json_spans, and each field is checked on its own. Small fields are parsed with
// nlohmann/json; big strings are validated and kept as TextRefs into the file. Every problem
// becomes one LoadWarning naming file, line, byte offset and field, and loading goes on.
#include "run/runloader.h"

#include "run/debugfolder.h"
#include "run/jsonspans.h"
#include "run/outcomes.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <QRegularExpression>
#include <QtGlobal>

#if QT_VERSION >= QT_VERSION_CHECK(6, 3, 0)
#include <QByteArrayView>
#endif

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace krw {

namespace {

using nlohmann::json;
using Member = json_spans::Member;

bool isValidUtf8(std::string_view bytes)
{
#if QT_VERSION >= QT_VERSION_CHECK(6, 3, 0)
    return QByteArrayView(bytes.data(), qsizetype(bytes.size())).isValidUtf8();
#else
    // Qt 5 has no validator; a round trip through QString replaces what is invalid.
    const QByteArray raw = QByteArray::fromRawData(bytes.data(), int(bytes.size()));
    return QString::fromUtf8(raw).toUtf8() == raw;
#endif
}

QString typeName(std::string_view value)
{
    if (value.empty())
        return QStringLiteral("nothing");
    switch (value.front()) {
    case '"':
        return QStringLiteral("a string");
    case '{':
        return QStringLiteral("an object");
    case '[':
        return QStringLiteral("a list");
    case 't':
    case 'f':
        return QStringLiteral("a boolean");
    case 'n':
        return QStringLiteral("null");
    default:
        return QStringLiteral("a number");
    }
}

// Numbers, including Python's NaN/Infinity literals that json.dump writes by default.
std::optional<double> parseNumber(std::string_view value)
{
    if (value == "NaN" || value == "-NaN")
        return std::numeric_limits<double>::quiet_NaN();
    if (value == "Infinity")
        return std::numeric_limits<double>::infinity();
    if (value == "-Infinity")
        return -std::numeric_limits<double>::infinity();
    const json parsed = json::parse(value.begin(), value.end(), nullptr, false);
    if (parsed.is_number())
        return parsed.get<double>();
    return std::nullopt;
}

std::optional<std::string> parseString(std::string_view value)
{
    const json parsed = json::parse(value.begin(), value.end(), nullptr, false);
    if (parsed.is_string())
        return parsed.get<std::string>();
    return std::nullopt;
}

// Reads one source file and reports what it finds, with positions turned into line numbers.
class FileReader
{
public:
    FileReader(QString path, QVector<LoadWarning>* warnings)
        : m_path(std::move(path))
        , m_warnings(warnings)
    {
    }

    // E1: exists, readable, not empty, not over the limit. Returns false (with a warning) if not.
    bool open(qint64 maxBytes)
    {
        m_file.setFileName(m_path);
        const QFileInfo info(m_path);
        if (!info.exists())
            return warnFile(QStringLiteral("file does not exist"));
        if (!m_file.open(QIODevice::ReadOnly))
            return warnFile(QStringLiteral("cannot open: %1").arg(m_file.errorString()));
        if (m_file.size() == 0)
            return warnFile(QStringLiteral("file is empty"));
        if (m_file.size() > maxBytes)
            return warnFile(QStringLiteral("file is %1 MB, over the %2 MB limit").arg(m_file.size() >> 20).arg(maxBytes >> 20));
        // Mapping keeps big runs out of the heap; resources and odd files fall back to reading.
        if (uchar* mapped = m_file.map(0, m_file.size())) {
            m_text = std::string_view(reinterpret_cast<const char*>(mapped), std::size_t(m_file.size()));
        } else {
            m_buffer = m_file.readAll();
            if (m_buffer.size() != m_file.size())
                return warnFile(QStringLiteral("cannot read: %1").arg(m_file.errorString()));
            m_text = std::string_view(m_buffer.constData(), std::size_t(m_buffer.size()));
        }
        m_source.path = m_path;
        m_source.size = m_file.size();
        m_source.modified = info.lastModified();
        return true;
    }

    std::string_view text() const { return m_text; }
    const SourceFile& source() const { return m_source; }
    const QString& path() const { return m_path; }

    // 1-based line of a byte offset; offsets must be asked in ascending order for speed.
    qint64 lineOf(std::size_t offset)
    {
        if (offset < m_lineCountedUpTo) {
            m_lineCountedUpTo = 0;
            m_lineAtCounted = 1;
        }
        for (std::size_t i = m_lineCountedUpTo; i < offset && i < m_text.size(); ++i)
            m_lineAtCounted += m_text[i] == '\n' ? 1 : 0;
        m_lineCountedUpTo = offset;
        return m_lineAtCounted;
    }

    void warn(std::size_t offset, const QString& field, const QString& message)
    {
        m_warnings->append({m_path, lineOf(offset), qint64(offset), field, message});
    }

    void warnAtLine(qint64 line, std::size_t offset, const QString& field, const QString& message)
    {
        m_warnings->append({m_path, line, qint64(offset), field, message});
    }

private:
    bool warnFile(const QString& message)
    {
        m_warnings->append({m_path, 0, -1, QString(), message});
        return false;
    }

    QString m_path;
    QVector<LoadWarning>* m_warnings;
    QFile m_file;
    QByteArray m_buffer;
    std::string_view m_text;
    SourceFile m_source;
    std::size_t m_lineCountedUpTo = 0;
    qint64 m_lineAtCounted = 1;
};

// Where a field's problems are reported: the file, the line, and the absolute offset of the
// container the field's offsets are relative to.
struct FieldContext
{
    FileReader* reader = nullptr;
    int sourceIndex = -1;
    qint64 line = 0; // fixed line for JSONL; 0 = compute from the offset (memory JSON)
    std::size_t base = 0;
    const LoadLimits* limits = nullptr;

    void warn(std::size_t relOffset, const QString& field, const QString& message) const
    {
        if (line > 0)
            reader->warnAtLine(line, base + relOffset, field, message);
        else
            reader->warn(base + relOffset, field, message);
    }
};

// A text field: a string, or null. Checked now so problems show at load, decoded only when read.
TextRef textField(const FieldContext& ctx, std::string_view text, const Member& m, const QString& field)
{
    TextRef ref;
    ref.source = ctx.sourceIndex;
    ref.offset = qint64(ctx.base + m.value.offset);
    ref.length = qint64(m.value.length);
    const std::string_view value = text.substr(m.value.offset, m.value.length);
    if (value == "null") {
        ref.isNull = true;
        return ref;
    }
    if (value.front() != '"') {
        ctx.warn(m.value.offset, field, QStringLiteral("expected a string, found %1; shown as JSON").arg(typeName(value)));
        return ref;
    }
    ref.isEmptyString = value.size() == 2;
    if (!json::accept(value.begin(), value.end())) {
        if (!isValidUtf8(value))
            ctx.warn(m.value.offset, field, QStringLiteral("invalid UTF-8; bad bytes are shown as \uFFFD"));
        else
            ctx.warn(m.value.offset, field, QStringLiteral("malformed string (bad escape sequence); field ignored"));
        if (isValidUtf8(value))
            return {};
    }
    if (qint64(value.size()) > ctx.limits->maxFieldBytes)
        ctx.warn(m.value.offset, field,
                 QStringLiteral("field is %1 MB; only the first %2 MB are shown").arg(value.size() >> 20).arg(ctx.limits->maxFieldBytes >> 20));
    return ref;
}

// An error message field: the string "None" means no error.
TextRef errorField(const FieldContext& ctx, std::string_view text, const Member& m, const QString& field)
{
    const std::string_view value = text.substr(m.value.offset, m.value.length);
    if (value == "\"None\"" || value == "\"\"")
        return {};
    return textField(ctx, text, m, field);
}

std::optional<bool> boolField(const FieldContext& ctx, std::string_view text, const Member& m, const QString& field)
{
    const std::string_view value = text.substr(m.value.offset, m.value.length);
    if (value == "true")
        return true;
    if (value == "false")
        return false;
    if (value != "null")
        ctx.warn(m.value.offset, field, QStringLiteral("expected true or false, found %1; flag ignored").arg(typeName(value)));
    return std::nullopt;
}

ExtraField extraField(const FieldContext& ctx, std::string_view text, const Member& m)
{
    constexpr std::size_t maxShort = 300;
    ExtraField extra;
    extra.key = QString::fromStdString(m.key);
    extra.value.source = ctx.sourceIndex;
    extra.value.offset = qint64(ctx.base + m.value.offset);
    extra.value.length = qint64(m.value.length);
    std::string_view value = text.substr(m.value.offset, m.value.length);
    extra.value.isNull = value == "null";
    if (value.size() >= 2 && value.front() == '"')
        value = value.substr(1, value.size() - 2); // show strings unquoted
    extra.shortValue = QString::fromUtf8(value.data(), int(std::min(value.size(), maxShort)));
    if (value.size() > maxShort)
        extra.shortValue += QStringLiteral("…");
    return extra;
}

PerfItem perfItem(const FieldContext& ctx, std::string_view text, const Member& m, const QString& field)
{
    PerfItem item;
    const std::string_view value = text.substr(m.value.offset, m.value.length);
    if (value == "null")
        return item;
    if (value.front() == '"') {
        item.kind = PerfItem::Kind::Text;
        item.text = textField(ctx, text, m, field);
        return item;
    }
    if (auto number = parseNumber(value)) {
        item.kind = PerfItem::Kind::Number;
        item.numbers = {*number};
        return item;
    }
    if (value.front() == '[') {
        const auto list = json_spans::scanContainer(value, ctx.limits->maxDepth);
        bool allNumbers = list.ok();
        for (const auto& element : list.members) {
            const auto number = parseNumber(value.substr(element.value.offset, element.value.length));
            allNumbers = allNumbers && number.has_value();
            if (number)
                item.numbers.append(*number);
        }
        if (allNumbers) {
            item.kind = PerfItem::Kind::Numbers;
            return item;
        }
        item.numbers.clear();
    }
    item.kind = PerfItem::Kind::Other; // kept and shown as JSON
    item.text.source = ctx.sourceIndex;
    item.text.offset = qint64(ctx.base + m.value.offset);
    item.text.length = qint64(m.value.length);
    return item;
}

PerfCandidate::Layout detectLayout(const QVector<PerfItem>& items)
{
    using K = PerfItem::Kind;
    auto isNumber = [&](int i) { return i < items.size() && (items[i].kind == K::Number || items[i].kind == K::Numbers); };
    auto isText = [&](int i) { return i < items.size() && (items[i].kind == K::Text || items[i].kind == K::Null); };
    if (items.size() == 4 && isNumber(0) && isNumber(1) && isText(2))
        return PerfCandidate::Layout::SpeedupReflectionProfile;
    if (items.size() == 3 && isNumber(0) && isNumber(1) && isText(2))
        return PerfCandidate::Layout::MeanMsEfficiency;
    if (items.size() == 2 && items[0].kind == K::Numbers && isText(1))
        return PerfCandidate::Layout::PairAnalysis;
    return PerfCandidate::Layout::Unknown;
}

QVector<PerfCandidate> perfCandidates(const FieldContext& ctx, std::string_view text, const Member& m)
{
    QVector<PerfCandidate> result;
    const std::string_view value = text.substr(m.value.offset, m.value.length);
    if (value == "null")
        return result;
    if (value.front() != '[') {
        ctx.warn(m.value.offset, QStringLiteral("perf_candidates"),
                 QStringLiteral("expected a list, found %1; ignored").arg(typeName(value)));
        return result;
    }
    const auto entries = json_spans::scanContainer(value, ctx.limits->maxDepth);
    for (std::size_t i = 0; i < entries.members.size(); ++i) {
        const Member& entry = entries.members[i];
        const QString field = QStringLiteral("perf_candidates[%1]").arg(i);
        FieldContext entryCtx = ctx;
        entryCtx.base = ctx.base + m.value.offset + entry.value.offset;
        const std::string_view entryText = value.substr(entry.value.offset, entry.value.length);
        PerfCandidate candidate;
        if (entryText.front() == '"') {
            candidate.code = textField(entryCtx, entryText, Member{{}, {}, {0, entryText.size()}, 0}, field);
            result.append(candidate);
            continue;
        }
        const auto items = json_spans::scanContainer(entryText, ctx.limits->maxDepth);
        if (entryText.front() != '[' || items.members.empty()) {
            ctx.warn(m.value.offset + entry.value.offset, field, QStringLiteral("expected [code, ...], found %1; ignored").arg(typeName(entryText)));
            continue;
        }
        candidate.code = textField(entryCtx, entryText, items.members.front(), field + QStringLiteral("[0]"));
        for (std::size_t k = 1; k < items.members.size(); ++k)
            candidate.items.append(perfItem(entryCtx, entryText, items.members[k], field + QStringLiteral("[%1]").arg(k)));
        candidate.layout = detectLayout(candidate.items);
        result.append(candidate);
    }
    return result;
}

// The memory fields that hold text (besides the two error messages, where "None" means none).
TextRef MemoryEntry::*memoryTextSlot(const std::string& key)
{
    static const std::pair<const char*, TextRef MemoryEntry::*> textSlots[] = {
        {"call_candidate", &MemoryEntry::callCandidate}, {"exe_candidate", &MemoryEntry::exeCandidate},
        {"temp_strategy", &MemoryEntry::tempStrategy}, {"reflection", &MemoryEntry::reflection},
        {"perf_strategy", &MemoryEntry::perfStrategy}, {"oneshot", &MemoryEntry::oneshot},
    };
    for (const auto& [name, slot] : textSlots) {
        if (key == name)
            return slot;
    }
    return nullptr;
}

class Loader
{
public:
    Loader(const RunSource& source, const LoadControl& control, const LoadLimits& limits)
        : m_source(source)
        , m_control(control)
        , m_limits(limits)
    {
    }

    Run load()
    {
        m_run.name = m_source.name;
        m_run.path = m_source.path;
        computeTotalBytes();
        if (m_source.kind == RunSource::Kind::DebugFolders) {
            loadDebugFolders();
        } else {
            for (auto it = m_source.jsonlByIteration.cbegin(); it != m_source.jsonlByIteration.cend() && !cancelled(); ++it)
                loadIteration(it.key(), it.value(), m_source.memoryByIteration.value(it.key()));
        }
        return finish();
    }

private:
    struct NamedRecord
    {
        QString name;
        IterationRecord record;
    };
    using Records = QVector<NamedRecord>;

    bool cancelled()
    {
        if (!m_cancelled && m_control.isCancelled && m_control.isCancelled())
            m_cancelled = true;
        return m_cancelled;
    }

    void progress(qint64 bytesInFile)
    {
        if (m_control.progress)
            m_control.progress(m_doneBytes + bytesInFile, m_totalBytes);
    }

    void computeTotalBytes()
    {
        for (const auto& path : m_source.jsonlByIteration)
            m_totalBytes += QFileInfo(path).size();
        for (const auto& path : m_source.memoryByIteration)
            m_totalBytes += QFileInfo(path).size();
    }

    int addSource(const SourceFile& file)
    {
        m_sources.append(file);
        return int(m_sources.size() - 1);
    }

    void loadIteration(int iteration, const QString& jsonlPath, const QString& memoryPath)
    {
        Records records;
        QHash<QString, int> byName;
        loadJsonl(iteration, jsonlPath, &records, &byName);
        if (!memoryPath.isEmpty() && !cancelled())
            loadMemory(iteration, memoryPath, &records, &byName);
        m_iterations.append({iteration, records});
        m_run.iterations.append(iteration);
    }

    void loadJsonl(int iteration, const QString& path, Records* records, QHash<QString, int>* byName)
    {
        FileReader reader(path, &m_run.warnings);
        if (!reader.open(m_limits.maxFileBytes))
            return;
        const int sourceIndex = addSource(reader.source());
        const std::string_view text = reader.text();
        std::size_t lineStart = 0;
        qint64 lineNumber = 0;
        while (lineStart < text.size() && !cancelled()) {
            std::size_t lineEnd = text.find('\n', lineStart);
            if (lineEnd == std::string_view::npos)
                lineEnd = text.size();
            ++lineNumber;
            FieldContext ctx{&reader, sourceIndex, lineNumber, lineStart, &m_limits};
            parseJsonlLine(ctx, text.substr(lineStart, lineEnd - lineStart), iteration, records, byName);
            lineStart = lineEnd + 1;
            if ((lineNumber & 63) == 0)
                progress(qint64(lineStart));
        }
        m_doneBytes += qint64(text.size());
        progress(0);
    }

    void parseJsonlLine(const FieldContext& ctx, std::string_view line, int iteration, Records* records, QHash<QString, int>* byName)
    {
        const std::size_t first = json_spans::skipSpace(line, 0);
        if (first >= line.size())
            return; // blank lines (and a trailing newline) are not cases
        if (line[first] != '{') {
            ctx.warn(first, QString(), QStringLiteral("line is not a JSON object; skipped"));
            return;
        }
        const auto scan = json_spans::scanContainer(line, m_limits.maxDepth);
        if (!scan.ok()) {
            ctx.warn(scan.errorOffset, QString::fromStdString(scan.errorKey),
                     QStringLiteral("line is not valid JSON (%1); case skipped").arg(QString::fromStdString(scan.error)));
            return;
        }
        IterationRecord record;
        record.iteration = iteration;
        record.jsonlSource = ctx.sourceIndex;
        record.jsonlLine = ctx.line;
        QString filename;
        for (const Member& m : scan.members) {
            const QString key = QString::fromStdString(m.key);
            if (m.key == "filename") {
                filename = filenameField(ctx, line, m);
                if (filename.isEmpty())
                    return;
            } else if (m.key == "instruction") {
                record.instruction = textField(ctx, line, m, key);
            } else if (m.key == "label") {
                record.label = textField(ctx, line, m, key);
            } else if (m.key == "predict") {
                record.predict = textField(ctx, line, m, key);
            } else if (m.key == "test_code") {
                record.testCode = textField(ctx, line, m, key);
            } else if (m.key == "speedup") {
                record.speedup = numberField(ctx, line, m, key);
            } else {
                record.extra.append(extraField(ctx, line, m));
            }
        }
        if (filename.isEmpty()) {
            ctx.warn(first, QStringLiteral("filename"), QStringLiteral("line has no \"filename\"; case skipped"));
            return;
        }
        if (byName->contains(filename)) {
            // Keep both: the second cannot join a memory entry, but its code is still worth reading.
            const auto& firstRecord = records->at(byName->value(filename)).record;
            ctx.warn(first, QStringLiteral("filename"),
                     QStringLiteral("duplicate filename \"%1\" (first at line %2); loaded as a separate case without memory")
                         .arg(filename)
                         .arg(firstRecord.jsonlLine));
            filename = QStringLiteral("%1 (duplicate, line %2)").arg(filename).arg(ctx.line);
        }
        byName->insert(filename, int(records->size()));
        records->append({filename, record});
    }

    QString filenameField(const FieldContext& ctx, std::string_view line, const Member& m)
    {
        const std::string_view value = line.substr(m.value.offset, m.value.length);
        auto name = parseString(value);
        if (!name && value.front() == '"' && !isValidUtf8(value))
            name = parseString(QString::fromUtf8(value.data(), int(value.size())).toStdString());
        if (!name) {
            ctx.warn(m.value.offset, QStringLiteral("filename"), QStringLiteral("expected a string, found %1; case skipped").arg(typeName(value)));
            return {};
        }
        if (name->empty()) {
            ctx.warn(m.value.offset, QStringLiteral("filename"), QStringLiteral("empty filename; case skipped"));
            return {};
        }
        return QString::fromStdString(*name);
    }

    std::optional<double> numberField(const FieldContext& ctx, std::string_view text, const Member& m, const QString& field)
    {
        const std::string_view value = text.substr(m.value.offset, m.value.length);
        if (value == "null")
            return std::nullopt;
        if (auto number = parseNumber(value))
            return number;
        ctx.warn(m.value.offset, field, QStringLiteral("expected a number, found %1; ignored").arg(typeName(value)));
        return std::nullopt;
    }

    void loadMemory(int iteration, const QString& path, Records* records, QHash<QString, int>* byName)
    {
        FileReader reader(path, &m_run.warnings);
        if (!reader.open(m_limits.maxFileBytes))
            return;
        const int sourceIndex = addSource(reader.source());
        const std::string_view text = reader.text();
        const auto scan = json_spans::scanContainer(text, m_limits.maxDepth);
        const std::size_t first = json_spans::skipSpace(text, 0);
        if (first < text.size() && text[first] != '{') {
            reader.warn(first, QString(), QStringLiteral("expected a JSON object keyed by filename; file ignored"));
            return;
        }
        QSet<QString> seen;
        for (const Member& m : scan.members) {
            if (cancelled())
                return;
            FieldContext ctx{&reader, sourceIndex, 0, 0, &m_limits};
            const auto key = parseString(text.substr(m.keySpan.offset, m.keySpan.length));
            const QString filename = key ? QString::fromStdString(*key) : QString::fromStdString(m.key);
            if (seen.contains(filename)) {
                reader.warn(m.keySpan.offset, QString(), QStringLiteral("duplicate entry \"%1\"; the first is kept").arg(filename));
                continue;
            }
            seen.insert(filename);
            auto entry = memoryEntry(ctx, text, m, filename);
            if (!entry)
                continue;
            int index = byName->value(filename, -1);
            if (index < 0) {
                reader.warn(m.keySpan.offset, QString(),
                            QStringLiteral("memory entry \"%1\" has no line in %2; shown from memory alone")
                                .arg(filename, QFileInfo(m_source.jsonlByIteration.value(iteration)).fileName()));
                IterationRecord record;
                record.iteration = iteration;
                index = int(records->size());
                byName->insert(filename, index);
                records->append({filename, record});
            }
            IterationRecord& record = (*records)[index].record;
            record.memorySource = sourceIndex;
            record.memoryLine = reader.lineOf(m.keySpan.offset);
            record.memory.emplace(std::move(*entry));
            progress(qint64(m.value.offset));
        }
        if (!scan.ok())
            reader.warn(scan.errorOffset, QString(),
                        QStringLiteral("memory file is not valid JSON (%1); %2 entries before it loaded")
                            .arg(QString::fromStdString(scan.error))
                            .arg(scan.members.size()));
        for (auto it = byName->cbegin(); it != byName->cend(); ++it) {
            const auto& record = records->at(it.value()).record;
            if (!record.memory && record.jsonlSource >= 0 && !it.key().contains(QStringLiteral(" (duplicate, line ")))
                m_run.warnings.append({m_sources.at(record.jsonlSource).path, record.jsonlLine, -1, QStringLiteral("filename"),
                                       QStringLiteral("\"%1\" has no entry in %2").arg(it.key(), QFileInfo(path).fileName())});
        }
        m_doneBytes += qint64(text.size());
        progress(0);
    }

    std::optional<MemoryEntry> memoryEntry(FieldContext ctx, std::string_view text, const Member& m, const QString& filename)
    {
        const std::string_view value = text.substr(m.value.offset, m.value.length);
        if (value.front() != '{') {
            ctx.warn(m.value.offset, QString(), QStringLiteral("entry \"%1\" is %2, not an object; skipped").arg(filename, typeName(value)));
            return std::nullopt;
        }
        const auto fields = json_spans::scanContainer(value, m_limits.maxDepth);
        if (!fields.ok()) {
            ctx.warn(m.value.offset + fields.errorOffset, QString::fromStdString(fields.errorKey),
                     QStringLiteral("entry \"%1\" is not valid JSON (%2); skipped").arg(filename, QString::fromStdString(fields.error)));
            return std::nullopt;
        }
        ctx.base = m.value.offset;
        MemoryEntry entry;
        for (const Member& f : fields.members) {
            const QString key = QString::fromStdString(f.key);
            if (f.key == "pass_call")
                entry.passCall = boolField(ctx, value, f, key);
            else if (f.key == "pass_exe")
                entry.passExe = boolField(ctx, value, f, key);
            else if (f.key == "pass_perf")
                entry.passPerf = boolField(ctx, value, f, key);
            else if (f.key == "call_err_msg")
                entry.callError = errorField(ctx, value, f, key);
            else if (f.key == "exe_err_msg")
                entry.exeError = errorField(ctx, value, f, key);
            else if (TextRef MemoryEntry::*slot = memoryTextSlot(f.key))
                entry.*slot = textField(ctx, value, f, key);
            else if (f.key == "perf_candidates")
                entry.perfCandidates = perfCandidates(ctx, value, f);
            else if (f.key == "perf_debug_num") {
                if (auto n = numberField(ctx, value, f, key); n && std::isfinite(*n))
                    entry.perfDebugNum = int(*n);
            } else {
                entry.extra.append(extraField(ctx, value, f));
            }
        }
        return entry;
    }

    // A folder tree written by the workspace export lists each case's original filename in
    // index.json next to the case folders (the folder names were made safe, so they may differ).
    // Returns folder name → filename; empty when there is no such index.
    QHash<QString, QString> workspaceIndex(const QString& parent)
    {
        QHash<QString, QString> names;
        QStringList problems;
        for (const DebugFolderIndexEntry& entry : DebugFolder::readIndex(parent, &problems))
            names.insert(entry.folder, entry.filename);
        for (const QString& problem : problems)
            m_run.warnings.append({QDir(parent).filePath(DebugFolder::IndexFile), 0, -1, QStringLiteral("cases"), problem});
        return names;
    }

    // One case per sub-folder, named after it (FORMAT.md "Per-case debug folder"), or as the
    // workspace index says.
    void loadDebugFolders()
    {
        m_run.iterations = {0};
        Records records;
        QHash<QString, QHash<QString, QString>> indexes; // parent folder → its index
        QSet<QString> names;
        for (const QString& folder : m_source.caseFolders) {
            if (cancelled())
                break;
            const QDir dir(folder);
            const QString parent = QFileInfo(folder).absolutePath();
            if (!indexes.contains(parent))
                indexes.insert(parent, workspaceIndex(parent));
            QString name = indexes.value(parent).value(dir.dirName());
            if (name.isEmpty() || names.contains(name))
                name = dir.dirName() + QStringLiteral(".py");
            names.insert(name);
            IterationRecord record;
            MemoryEntry memory;
            record.instruction = rawFile(dir, DebugFolder::Instruction);
            record.label = rawFile(dir, DebugFolder::Label);
            record.predict = rawFile(dir, DebugFolder::fileWithStem(dir, DebugFolder::PredictStem));
            record.testCode = rawFile(dir, DebugFolder::TestCode);
            memory.callError = rawFile(dir, DebugFolder::ErrorLog);
            memory.tempStrategy = rawFile(dir, DebugFolder::Reflection);
            memory.callCandidate = rawFile(dir, DebugFolder::fileWithStem(dir, DebugFolder::CallFixStem));
            memory.exeCandidate = rawFile(dir, DebugFolder::fileWithStem(dir, DebugFolder::ExeFixStem));
            for (const QString& perf : DebugFolder::perfFiles(dir)) {
                PerfCandidate candidate;
                candidate.code = rawFile(dir, perf);
                memory.perfCandidates.append(candidate);
            }
            record.memory = memory;
            records.append({name, record});
        }
        m_iterations.append({0, records});
    }

    TextRef rawFile(const QDir& dir, const QString& name)
    {
        if (name.isEmpty() || !dir.exists(name))
            return {};
        const QFileInfo info(dir.filePath(name));
        if (!info.isReadable()) {
            m_run.warnings.append({info.filePath(), 0, -1, QString(), QStringLiteral("not readable; skipped")});
            return {};
        }
        SourceFile source{info.absoluteFilePath(), SourceFile::Kind::Raw, info.size(), info.lastModified()};
        TextRef ref;
        ref.source = addSource(source);
        ref.length = info.size();
        ref.isEmptyString = info.size() == 0;
        return ref;
    }

    Run finish()
    {
        // Cases follow the newest iteration's dataset order; cases seen only earlier come after.
        QHash<QString, int> caseIndex;
        for (auto it = m_iterations.crbegin(); it != m_iterations.crend(); ++it) {
            for (const NamedRecord& named : it->second) {
                int index = caseIndex.value(named.name, -1);
                if (index < 0) {
                    index = int(m_run.cases.size());
                    caseIndex.insert(named.name, index);
                    Case c;
                    c.filename = named.name;
                    m_run.cases.append(c);
                }
                m_run.cases[index].history.prepend(named.record);
            }
        }
        for (Case& c : m_run.cases)
            computeOutcomes(&c);
        // Warnings in file order, then line order, whatever order the files were read in.
        std::stable_sort(m_run.warnings.begin(), m_run.warnings.end(), [](const LoadWarning& a, const LoadWarning& b) {
            return a.file != b.file ? a.file < b.file : a.line < b.line;
        });
        m_run.sources = std::make_shared<const SourceTable>(m_sources);
        m_run.cancelled = m_cancelled;
        if (m_cancelled)
            m_run.cases.clear();
        return std::move(m_run);
    }

    const RunSource& m_source;
    const LoadControl& m_control;
    const LoadLimits& m_limits;
    Run m_run;
    SourceTable m_sources;
    QVector<QPair<int, Records>> m_iterations;
    qint64 m_totalBytes = 0;
    qint64 m_doneBytes = 0;
    bool m_cancelled = false;
};

} // namespace

Run loadRun(const RunSource& source, const LoadControl& control, const LoadLimits& limits)
{
    try {
        return Loader(source, control, limits).load();
    } catch (const std::exception& e) {
        // Nothing above throws by design; this keeps an unforeseen case from crossing threads.
        Run run;
        run.name = source.name;
        run.path = source.path;
        run.warnings.append({source.path, 0, -1, QString(), QStringLiteral("internal error while loading: %1").arg(QString::fromUtf8(e.what()))});
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
