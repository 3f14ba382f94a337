// SPDX-License-Identifier: MIT
#include "models/layouts/jsonfile.h"

#include "models/layouts/rawfiles.h"
#include "models/run/loadsession.h"
#include "models/run/textstore.h"

#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace krw {

JsonFile::JsonFile(const QString& path, LoadSession* session)
    : m_path(QFileInfo(path).absoluteFilePath())
    , m_session(session)
{
    std::optional<QByteArray> bytes = RawFiles::readWhole(m_path, session, &m_warnings);
    if (!bytes)
        return;
    m_bytes = std::move(*bytes);
    SourceFile source;
    source.path = m_path;
    source.kind = SourceFile::Kind::Json;
    source.size = m_bytes.size();
    TextStore::stamp(&source, m_path);
    m_source = session->addSource(source);
    m_warnings->setText(std::string_view(m_bytes.constData(), std::size_t(m_bytes.size())));
    session->advance(m_bytes.size());
}

JsonFile::~JsonFile() = default;

const json_spans::Member* JsonFile::Object::find(std::string_view key) const
{
    const auto it = std::find_if(members.cbegin(), members.cend(), [key](const json_spans::Member& m) { return m.key == key; });
    return it == members.cend() ? nullptr : &*it;
}

std::string_view JsonFile::from(const Object& o) const
{
    return std::string_view(m_bytes.constData(), std::size_t(m_bytes.size())).substr(o.base);
}

JsonFile::Object JsonFile::object(std::size_t offset, const QString& field)
{
    return container(offset, field, '{');
}

JsonFile::Object JsonFile::row(std::size_t offset, std::size_t length, const QString& field)
{
    return container(offset, field, '{', length);
}

JsonFile::Object JsonFile::list(std::size_t offset, const QString& field)
{
    return container(offset, field, '[');
}

void JsonFile::warn(const Object& o, const QString& field, const QString& message)
{
    if (m_warnings)
        m_warnings->warn(o.base, field, message);
}

JsonFile::Object JsonFile::container(std::size_t offset, const QString& field, char open, std::size_t length)
{
    Object o;
    o.base = offset;
    if (!isOpen())
        return o;
    const std::string_view text(m_bytes.constData(), std::size_t(m_bytes.size()));
    const std::size_t start = json_spans::skipSpace(text, offset);
    if (start >= text.size() || text[start] != open) {
        const QString what = open == '{' ? QStringLiteral("object") : QStringLiteral("list");
        m_warnings->warn(start, field,
            field.isEmpty() ? QStringLiteral("not a JSON %1; nothing read").arg(what) : QStringLiteral("not a JSON %1; ignored").arg(what));
        return o;
    }
    o.base = start;
    const std::size_t end = length == std::string_view::npos ? text.size() : std::min(text.size(), offset + length);
    json_spans::ScanResult scan = json_spans::scanContainer(text.substr(start, end - std::min(start, end)), m_session->limits().maxDepth);
    if (!scan.ok())
        m_warnings->warn(
            start + scan.errorOffset, field.isEmpty() ? QString::fromStdString(scan.errorKey) : field, QString::fromStdString(scan.error));
    o.members = std::move(scan.members);
    return o;
}

JsonFile::Object JsonFile::member(const Object& o, std::string_view key, const QString& field)
{
    const json_spans::Member* m = o.find(key);
    if (!m)
        return Object{o.base, {}};
    return object(o.base + m->value.offset, field);
}

FieldReader JsonFile::reader(const Object& o) const
{
    return FieldReader(m_warnings.get(), m_source, 0, o.base, &m_session->limits());
}

TextRef JsonFile::text(const Object& o, std::string_view key, const QString& field) const
{
    const json_spans::Member* m = o.find(key);
    return m ? reader(o).textField(from(o), *m, field) : TextRef();
}

TextRef JsonFile::error(const Object& o, std::string_view key, const QString& field) const
{
    const json_spans::Member* m = o.find(key);
    return m ? reader(o).errorField(from(o), *m, field) : TextRef();
}

std::optional<double> JsonFile::number(const Object& o, std::string_view key, const QString& field) const
{
    const json_spans::Member* m = o.find(key);
    if (!m || from(o).substr(m->value.offset, m->value.length) == "null")
        return std::nullopt;
    return reader(o).numberField(from(o), *m, field);
}

std::optional<bool> JsonFile::flag(const Object& o, std::string_view key, const QString& field) const
{
    const json_spans::Member* m = o.find(key);
    if (!m || from(o).substr(m->value.offset, m->value.length) == "null")
        return std::nullopt;
    return reader(o).boolField(from(o), *m, field);
}

QString JsonFile::string(const Object& o, std::string_view key) const
{
    const json_spans::Member* m = o.find(key);
    if (!m)
        return {};
    const std::string_view value = from(o).substr(m->value.offset, m->value.length);
    const nlohmann::json parsed = nlohmann::json::parse(value.begin(), value.end(), nullptr, false);
    return parsed.is_string() ? QString::fromStdString(parsed.get<std::string>()) : QString();
}

QVector<ExtraField> JsonFile::extras(const Object& o, const std::vector<std::string_view>& known) const
{
    QVector<ExtraField> fields;
    for (const json_spans::Member& m : o.members) {
        if (std::find(known.cbegin(), known.cend(), std::string_view(m.key)) == known.cend())
            fields.append(reader(o).extraField(from(o), m));
    }
    return fields;
}

} // namespace krw
