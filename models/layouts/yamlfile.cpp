// SPDX-License-Identifier: MIT
#include "models/layouts/yamlfile.h"

#include "models/layouts/rawfiles.h"
#include "models/run/filewarnings.h"
#include "models/run/loadsession.h"
#include "models/run/textstore.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace krw {

namespace {

constexpr int ShortValueChars = 300;

void collectStarts(const YAML::Node& node, std::vector<std::size_t>* starts)
{
    const YAML::Mark mark = node.Mark();
    if (mark.pos >= 0)
        starts->push_back(std::size_t(mark.pos));
    if (node.IsMap()) {
        for (const auto& item : node) {
            collectStarts(item.first, starts);
            collectStarts(item.second, starts);
        }
    } else if (node.IsSequence()) {
        for (const auto& item : node)
            collectStarts(item, starts);
    }
}

QString kindOf(const YAML::Node& node)
{
    switch (node.Type()) {
    case YAML::NodeType::Map:
        return QStringLiteral("a map");
    case YAML::NodeType::Sequence:
        return QStringLiteral("a list");
    case YAML::NodeType::Null:
        return QStringLiteral("null");
    default:
        return QStringLiteral("\"%1\"").arg(QString::fromStdString(node.Scalar()).left(60));
    }
}

} // namespace

YamlFile::YamlFile(const QString& path, LoadSession* session)
    : m_path(QFileInfo(path).absoluteFilePath())
    , m_session(session)
{
    const std::optional<QByteArray> bytes = RawFiles::readWhole(m_path, session, &m_warnings);
    if (!bytes)
        return;
    m_bytes = bytes->toStdString();
    m_warnings->setText(m_bytes);
    session->advance(qint64(m_bytes.size()));
    try {
        m_root = YAML::Load(m_bytes);
    } catch (const YAML::Exception& e) {
        m_warnings->warnAtLine(e.mark.line >= 0 ? e.mark.line + 1 : 0, e.mark.pos >= 0 ? std::size_t(e.mark.pos) : 0, QString(),
            QStringLiteral("not YAML: %1").arg(QString::fromStdString(e.msg)));
        return;
    }
    collectStarts(m_root, &m_starts);
    std::sort(m_starts.begin(), m_starts.end());
    SourceFile source;
    source.path = m_path;
    source.kind = SourceFile::Kind::Yaml;
    source.size = qint64(m_bytes.size());
    TextStore::stamp(&source, m_path);
    m_source = session->addSource(source);
}

YamlFile::~YamlFile() = default;

QString YamlFile::compact(const YAML::Node& node)
{
    if (node.IsScalar())
        return QString::fromStdString(node.Scalar());
    QStringList parts;
    if (node.IsSequence()) {
        for (const auto& item : node)
            parts << compact(item);
        return QStringLiteral("[%1]").arg(parts.join(QStringLiteral(", ")));
    }
    if (node.IsMap()) {
        for (const auto& item : node)
            parts << compact(item.first) + QStringLiteral(": ") + compact(item.second);
        return QStringLiteral("{%1}").arg(parts.join(QStringLiteral(", ")));
    }
    return QStringLiteral("null");
}

void YamlFile::warn(const YAML::Node& node, const QString& field, const QString& message)
{
    if (!m_warnings)
        return;
    const YAML::Mark mark = node.IsDefined() ? node.Mark() : YAML::Mark::null_mark();
    if (mark.pos >= 0)
        m_warnings->warnAtLine(mark.line + 1, std::size_t(mark.pos), field, message);
    else
        m_warnings->warnAtLine(1, 0, field, message);
}

YAML::Node YamlFile::rootMap(const QString& what)
{
    if (!isOpen())
        return YAML::Node(YAML::NodeType::Undefined);
    if (!m_root.IsMap()) {
        warn(m_root, QString(), QStringLiteral("is not a map of keys (%1 expected), but %2").arg(what, kindOf(m_root)));
        return YAML::Node(YAML::NodeType::Undefined);
    }
    return m_root;
}

YAML::Node YamlFile::map(const YAML::Node& parent, const char* key, const QString& field)
{
    if (!parent.IsMap())
        return YAML::Node(YAML::NodeType::Undefined);
    const YAML::Node node = parent[key];
    if (!node.IsDefined() || node.IsNull())
        return YAML::Node(YAML::NodeType::Undefined);
    if (!node.IsMap()) {
        warn(node, field, QStringLiteral("a map of keys was expected, not %1").arg(kindOf(node)));
        return YAML::Node(YAML::NodeType::Undefined);
    }
    return node;
}

YAML::Node YamlFile::list(const YAML::Node& parent, const char* key, const QString& field)
{
    if (!parent.IsMap())
        return YAML::Node(YAML::NodeType::Undefined);
    const YAML::Node node = parent[key];
    if (!node.IsDefined() || node.IsNull())
        return YAML::Node(YAML::NodeType::Undefined);
    if (!node.IsSequence()) {
        warn(node, field, QStringLiteral("a list was expected, not %1").arg(kindOf(node)));
        return YAML::Node(YAML::NodeType::Undefined);
    }
    return node;
}

std::optional<double> YamlFile::number(const YAML::Node& parent, const char* key, const QString& field)
{
    if (!parent.IsMap())
        return std::nullopt;
    const YAML::Node node = parent[key];
    if (!node.IsDefined() || node.IsNull())
        return std::nullopt;
    double value = 0;
    if (node.IsScalar() && YAML::convert<double>::decode(node, value) && node.Tag() != "!")
        return value;
    warn(node, field, QStringLiteral("a number was expected, not %1").arg(kindOf(node)));
    return std::nullopt;
}

std::optional<bool> YamlFile::flag(const YAML::Node& parent, const char* key, const QString& field)
{
    if (!parent.IsMap())
        return std::nullopt;
    const YAML::Node node = parent[key];
    if (!node.IsDefined() || node.IsNull())
        return std::nullopt;
    bool value = false;
    if (node.IsScalar() && node.Tag() != "!" && YAML::convert<bool>::decode(node, value))
        return value;
    warn(node, field, QStringLiteral("true or false was expected, not %1").arg(kindOf(node)));
    return std::nullopt;
}

QString YamlFile::string(const YAML::Node& parent, const char* key, const QString& field)
{
    if (!parent.IsMap())
        return {};
    const YAML::Node node = parent[key];
    if (!node.IsDefined() || node.IsNull())
        return {};
    if (!node.IsScalar()) {
        warn(node, field, QStringLiteral("a text was expected, not %1").arg(kindOf(node)));
        return {};
    }
    return QString::fromStdString(node.Scalar());
}

QStringList YamlFile::strings(const YAML::Node& parent, const char* key, const QString& field)
{
    if (!parent.IsMap())
        return {};
    const YAML::Node node = parent[key];
    if (!node.IsDefined() || node.IsNull())
        return {};
    if (node.IsScalar())
        return {QString::fromStdString(node.Scalar())};
    QStringList out;
    if (node.IsSequence()) {
        int i = 0;
        for (const auto& item : node) {
            if (item.IsScalar())
                out << QString::fromStdString(item.Scalar());
            else
                warn(item, QStringLiteral("%1[%2]").arg(field).arg(i), QStringLiteral("a text was expected, not %1").arg(kindOf(item)));
            ++i;
        }
        return out;
    }
    warn(node, field, QStringLiteral("a list of texts was expected, not %1").arg(kindOf(node)));
    return out;
}

TextRef YamlFile::text(const YAML::Node& parent, const char* key, const QString& field)
{
    Q_UNUSED(field); // any value can be shown as text
    if (!parent.IsMap())
        return {};
    const YAML::Node node = parent[key];
    if (!node.IsDefined())
        return {};
    if (node.IsNull()) {
        TextRef ref;
        ref.source = m_source;
        ref.isNull = true;
        return ref;
    }
    return refOf(node);
}

QVector<ExtraField> YamlFile::extras(const YAML::Node& map, const std::vector<std::string>& known)
{
    QVector<ExtraField> out;
    if (!map.IsMap())
        return out;
    for (const auto& item : map) {
        if (!item.first.IsScalar() || std::find(known.cbegin(), known.cend(), item.first.Scalar()) != known.cend())
            continue;
        ExtraField extra;
        extra.key = QString::fromStdString(item.first.Scalar());
        if (item.second.IsNull()) {
            extra.shortValue = QStringLiteral("null");
        } else {
            extra.shortValue = compact(item.second).left(ShortValueChars);
            extra.value = refOf(item.second);
        }
        out.append(extra);
    }
    return out;
}

std::size_t YamlFile::endOf(std::size_t start) const
{
    const auto next = std::upper_bound(m_starts.cbegin(), m_starts.cend(), start);
    return next == m_starts.cend() ? m_bytes.size() : *next;
}

// The value's own source text: from where it starts to where the next node's line starts (the
// next node on a later line: "- " and indentation before it are not the value's), checked by
// decoding it alone. A value whose text does not decode alone to itself (inside a flow list) is
// shown as written, from the raw file.
TextRef YamlFile::refOf(const YAML::Node& node)
{
    const YAML::Mark mark = node.Mark();
    if (!isOpen() || mark.pos < 0)
        return {};
    const std::size_t start = std::size_t(mark.pos);
    std::size_t end = endOf(start);
    const std::size_t lastNewline = m_bytes.rfind('\n', end == 0 ? 0 : end - 1);
    if (lastNewline != std::string::npos && lastNewline >= start)
        end = lastNewline + 1;
    TextRef ref;
    ref.source = m_source;
    ref.offset = qint64(start);
    ref.length = qint64(end - start);
    if (node.IsScalar()) {
        // A plain scalar on one line is its own text: no need to decode it to know (most are).
        const std::string_view slice(m_bytes.data() + start, end - start);
        const std::size_t last = slice.find_last_not_of(" \t\r\n");
        const bool plain = last != std::string_view::npos && slice.substr(0, last + 1) == node.Scalar();
        QString decoded;
        if (!plain
            && (!TextStore::decodeYamlText(QByteArray::fromRawData(slice.data(), int(slice.size())), &decoded)
                || decoded != QString::fromStdString(node.Scalar()))) {
            if (m_rawSource < 0) {
                SourceFile raw = m_session->sources().at(m_source);
                raw.kind = SourceFile::Kind::Raw;
                m_rawSource = m_session->addSource(raw);
            }
            ref.source = m_rawSource;
        }
        ref.isEmptyString = node.Scalar().empty();
    }
    return ref;
}

} // namespace krw
