// SPDX-License-Identifier: MIT
#include "models/run/fieldreader.h"

#include "models/run/filewarnings.h"
#include "models/run/jsonscalars_p.h"
#include "models/run/textlimits.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace krw {

namespace {

using nlohmann::json;
using namespace json_scalars;

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

} // namespace

FieldReader::FieldReader(FileWarnings* warnings, int sourceIndex, qint64 line, std::size_t base, const LoadLimits* limits)
    : m_warnings(warnings)
    , m_sourceIndex(sourceIndex)
    , m_line(line)
    , m_base(base)
    , m_limits(limits)
{
}

FieldReader FieldReader::withBase(std::size_t base) const
{
    FieldReader reader = *this;
    reader.m_base = base;
    return reader;
}

FieldReader FieldReader::validated(bool valid) const
{
    FieldReader reader = *this;
    reader.m_validated = valid;
    return reader;
}

FieldReader FieldReader::forEntry(const QString& filename) const
{
    FieldReader reader = *this;
    reader.m_entry = filename;
    return reader;
}

void FieldReader::warn(std::size_t relOffset, const QString& field, const QString& message) const
{
    const QString text = m_entry.isEmpty() ? message : QStringLiteral("%1 (entry \"%2\")").arg(message, m_entry);
    if (m_line > 0)
        m_warnings->warnAtLine(m_line, m_base + relOffset, field, text);
    else
        m_warnings->warn(m_base + relOffset, field, text);
}

TextRef FieldReader::textField(std::string_view text, const Member& m, const QString& field) const
{
    TextRef ref;
    ref.source = m_sourceIndex;
    ref.offset = qint64(m_base + m.value.offset);
    ref.length = qint64(m.value.length);
    const std::string_view value = text.substr(m.value.offset, m.value.length);
    if (value == "null") {
        ref.isNull = true;
        return ref;
    }
    if (value.front() != '"') {
        warn(m.value.offset, field, QStringLiteral("expected a string, found %1; shown as JSON").arg(typeName(value)));
        return ref;
    }
    ref.isEmptyString = value.size() == 2;
    if (!m_validated && !json::accept(value.begin(), value.end())) {
        if (!isValidUtf8(value))
            warn(m.value.offset, field, QStringLiteral("invalid UTF-8; bad bytes are shown as \uFFFD"));
        else
            warn(m.value.offset, field, QStringLiteral("malformed string (bad escape sequence); field ignored"));
        if (isValidUtf8(value))
            return {};
    }
    if (qint64(value.size()) > m_limits->maxFieldBytes)
        warn(m.value.offset, field,
            QStringLiteral("field is %1: the window shows its first %2 (Show all and Save as… read it whole); search, "
                           "reports and the command line use its first %3")
                .arg(TextLimits::size(qint64(value.size())), TextLimits::size(TextLimits::ShownBytes),
                    TextLimits::size(m_limits->maxFieldBytes)));
    return ref;
}

TextRef FieldReader::errorField(std::string_view text, const Member& m, const QString& field) const
{
    const std::string_view value = text.substr(m.value.offset, m.value.length);
    if (value == "\"None\"" || value == "\"\"")
        return {};
    return textField(text, m, field);
}

std::optional<bool> FieldReader::boolField(std::string_view text, const Member& m, const QString& field) const
{
    const std::string_view value = text.substr(m.value.offset, m.value.length);
    if (value == "true")
        return true;
    if (value == "false")
        return false;
    if (value != "null")
        warn(m.value.offset, field, QStringLiteral("expected true or false, found %1; flag ignored").arg(typeName(value)));
    return std::nullopt;
}

std::optional<double> FieldReader::numberField(std::string_view text, const Member& m, const QString& field) const
{
    const std::string_view value = text.substr(m.value.offset, m.value.length);
    if (value == "null")
        return std::nullopt;
    if (auto number = parseNumber(value))
        return number;
    warn(m.value.offset, field, QStringLiteral("expected a number, found %1; ignored").arg(typeName(value)));
    return std::nullopt;
}

std::optional<int> FieldReader::intField(std::string_view text, const Member& m, const QString& field) const
{
    const std::optional<double> number = numberField(text, m, field);
    if (!number)
        return std::nullopt;
    // Compared as doubles, before any conversion: casting one out of int's range is undefined.
    if (std::isfinite(*number) && std::trunc(*number) == *number && *number >= double(std::numeric_limits<int>::min())
        && *number <= double(std::numeric_limits<int>::max()))
        return int(*number);
    warn(m.value.offset, field,
        QStringLiteral("expected a whole number up to %1, found %2; ignored")
            .arg(std::numeric_limits<int>::max())
            .arg(QString::fromUtf8(text.substr(m.value.offset, std::min<std::size_t>(m.value.length, 40)).data(),
                int(std::min<std::size_t>(m.value.length, 40)))));
    return std::nullopt;
}

QString FieldReader::filenameField(std::string_view text, const Member& m) const
{
    const std::string_view value = text.substr(m.value.offset, m.value.length);
    auto name = parseString(value);
    if (!name && value.front() == '"' && !isValidUtf8(value))
        name = parseString(QString::fromUtf8(value.data(), int(value.size())).toStdString());
    if (!name) {
        warn(m.value.offset, QStringLiteral("filename"), QStringLiteral("expected a string, found %1; case skipped").arg(typeName(value)));
        return {};
    }
    if (name->empty()) {
        warn(m.value.offset, QStringLiteral("filename"), QStringLiteral("empty filename; case skipped"));
        return {};
    }
    return QString::fromStdString(*name);
}

ExtraField FieldReader::extraField(std::string_view text, const Member& m) const
{
    constexpr std::size_t maxShort = 300;
    ExtraField extra;
    extra.key = QString::fromStdString(m.key);
    extra.value.source = m_sourceIndex;
    extra.value.offset = qint64(m_base + m.value.offset);
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

PerfItem FieldReader::perfItem(std::string_view text, const Member& m, const QString& field) const
{
    PerfItem item;
    const std::string_view value = text.substr(m.value.offset, m.value.length);
    if (value == "null")
        return item;
    if (value.front() == '"') {
        item.kind = PerfItem::Kind::Text;
        item.text = textField(text, m, field);
        return item;
    }
    if (auto number = parseNumber(value)) {
        item.kind = PerfItem::Kind::Number;
        item.numbers = {*number};
        return item;
    }
    if (value.front() == '[') {
        const auto list = json_spans::scanContainer(value, m_limits->maxDepth);
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
    item.text.source = m_sourceIndex;
    item.text.offset = qint64(m_base + m.value.offset);
    item.text.length = qint64(m.value.length);
    return item;
}

QVector<PerfCandidate> FieldReader::perfCandidates(std::string_view text, const Member& m) const
{
    QVector<PerfCandidate> result;
    const std::string_view value = text.substr(m.value.offset, m.value.length);
    if (value == "null")
        return result;
    if (value.front() != '[') {
        warn(m.value.offset, QStringLiteral("perf_candidates"), QStringLiteral("expected a list, found %1; ignored").arg(typeName(value)));
        return result;
    }
    const auto entries = json_spans::scanContainer(value, m_limits->maxDepth);
    // Exactly as many as there are: a list grown one append at a time keeps up to twice the room,
    // and there are two lists per candidate in every case of a run (4 MB at 10,000 cases).
    result.reserve(qsizetype(entries.members.size()));
    for (std::size_t i = 0; i < entries.members.size(); ++i) {
        const Member& entry = entries.members[i];
        const QString field = QStringLiteral("perf_candidates[%1]").arg(i);
        const FieldReader entryReader = withBase(m_base + m.value.offset + entry.value.offset);
        const std::string_view entryText = value.substr(entry.value.offset, entry.value.length);
        PerfCandidate candidate;
        if (entryText.front() == '"') {
            candidate.code = entryReader.textField(entryText, Member{{}, {}, {0, entryText.size()}, 0}, field);
            result.append(candidate);
            continue;
        }
        const auto items = json_spans::scanContainer(entryText, m_limits->maxDepth);
        if (entryText.front() != '[' || items.members.empty()) {
            warn(m.value.offset + entry.value.offset, field,
                QStringLiteral("expected [code, ...], found %1; ignored").arg(typeName(entryText)));
            continue;
        }
        candidate.code = entryReader.textField(entryText, items.members.front(), field + QStringLiteral("[0]"));
        candidate.items.reserve(qsizetype(items.members.size() - 1));
        for (std::size_t k = 1; k < items.members.size(); ++k)
            candidate.items.append(entryReader.perfItem(entryText, items.members[k], field + QStringLiteral("[%1]").arg(k)));
        candidate.layout = detectLayout(candidate.items);
        result.append(candidate);
    }
    return result;
}

} // namespace krw
