// SPDX-License-Identifier: MIT
#include "run/textstore.h"

#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

namespace krw {

namespace {

// nlohmann rejects invalid UTF-8; re-encoding through QString replaces bad bytes by U+FFFD.
QByteArray repairedUtf8(const QByteArray& bytes)
{
    return QString::fromUtf8(bytes).toUtf8();
}

bool parseJson(const QByteArray& bytes, nlohmann::json* out)
{
    *out = nlohmann::json::parse(bytes.cbegin(), bytes.cend(), nullptr, false);
    return !out->is_discarded();
}

} // namespace

QString TextStore::changedMessage(const SourceFile& source)
{
    return QStringLiteral("%1 changed on disk after the run was loaded; reload the run").arg(source.path);
}

bool TextStore::isUnchanged(const SourceFile& source)
{
    const QFileInfo info(source.path);
    return info.size() == source.size && (!source.modified.isValid() || info.lastModified() == source.modified);
}

ResolvedText TextStore::decodeSpan(const SourceFile& source, const QByteArray& bytes, const TextRef& ref, bool truncated, qint64 maxBytes)
{
    ResolvedText result;
    result.truncated = truncated;
    if (source.kind == SourceFile::Kind::Raw || truncated) {
        // A cut JSON string cannot be decoded; its raw text is the best we can show.
        result.text = QString::fromUtf8(bytes);
    } else if (!TextStore::decodeJsonText(bytes, &result.text)) {
        result.error = QStringLiteral("malformed JSON at offset %1 of %2").arg(ref.offset).arg(source.path);
    }
    if (truncated)
        result.text += QStringLiteral("\n… [cut: the field is %1 MB; only the first %2 MB are shown]")
                           .arg(ref.length / (1024 * 1024))
                           .arg(maxBytes / (1024 * 1024));
    return result;
}

bool TextStore::decodeJsonText(const QByteArray& json, QString* out)
{
    nlohmann::json value;
    if (!parseJson(json, &value) && !parseJson(repairedUtf8(json), &value)) {
        // Python's NaN/Infinity literals make a list invalid JSON; its text is still worth showing.
        if (json.trimmed().startsWith('"'))
            return false;
        *out = QString::fromUtf8(json);
        return true;
    }
    if (value.is_string()) {
        const auto& s = value.get_ref<const std::string&>();
        *out = QString::fromUtf8(s.data(), static_cast<int>(s.size()));
    } else {
        // Non-strings (numbers, lists, objects) are shown as indented JSON.
        *out = QString::fromStdString(value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    }
    return true;
}

ResolvedText TextStore::resolve(const SourceTable& sources, const TextRef& ref, qint64 maxBytes)
{
    ResolvedText result;
    if (!ref.isPresent() || ref.isEmptyString)
        return result;
    if (ref.source >= sources.size()) {
        result.error = QStringLiteral("internal: text refers to unknown source %1").arg(ref.source);
        return result;
    }
    // One span, read directly: cheaper than mapping the whole file for a single text.
    const SourceFile& source = sources.at(ref.source);
    if (!isUnchanged(source)) {
        result.error = changedMessage(source);
        return result;
    }
    QFile file(source.path);
    if (!file.open(QIODevice::ReadOnly) || !file.seek(ref.offset)) {
        result.error = QStringLiteral("cannot read %1: %2").arg(source.path, file.errorString());
        return result;
    }
    const bool truncated = ref.length > maxBytes;
    const qint64 length = truncated ? maxBytes : ref.length;
    const QByteArray bytes = file.read(length);
    if (bytes.size() != length) {
        result.error = QStringLiteral("cannot read %1 bytes at offset %2 of %3").arg(length).arg(ref.offset).arg(source.path);
        return result;
    }
    return decodeSpan(source, bytes, ref, truncated, maxBytes);
}

QString TextStore::resolveOrEmpty(const SourceTable& sources, const TextRef& ref)
{
    return resolve(sources, ref).text;
}

} // namespace krw
