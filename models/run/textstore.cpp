// SPDX-License-Identifier: MIT
#include "models/run/textstore.h"

#include "models/diff/patchapplier.h"
#include "models/run/jsonstringdecoder.h"
#include "models/run/textlimits.h"

#include <QFile>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

#include <nlohmann/json.hpp>

#include <yaml-cpp/yaml.h>

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

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// The start of a JSON string literal whose end was cut off: its escapes decoded up to the cut. An
// escape the cut splits is dropped, as is a UTF-8 sequence it splits. False when bytes is not the
// start of a string literal.
bool decodeJsonStringPrefix(const QByteArray& bytes, QString* out)
{
    if (!bytes.startsWith('"'))
        return false;
    QString text;
    text.reserve(bytes.size());
    qsizetype run = 1; // start of the bytes not yet decoded
    auto flush = [&](qsizetype end) {
        text += QString::fromUtf8(bytes.constData() + run, int(end - run));
        run = end;
    };
    for (qsizetype i = 1; i < bytes.size(); ++i) {
        const char c = bytes.at(i);
        if (c == '"')
            break; // the literal ends inside the bytes after all
        if (c != '\\')
            continue;
        flush(i);
        if (i + 1 >= bytes.size()) {
            *out = text; // cut right after the backslash
            return true;
        }
        const char e = bytes.at(i + 1);
        qsizetype next = i + 2;
        switch (e) {
        case 'n':
            text += QLatin1Char('\n');
            break;
        case 't':
            text += QLatin1Char('\t');
            break;
        case 'r':
            text += QLatin1Char('\r');
            break;
        case 'b':
            text += QLatin1Char('\b');
            break;
        case 'f':
            text += QLatin1Char('\f');
            break;
        case 'u': {
            if (i + 6 > bytes.size()) {
                *out = text; // cut inside the escape
                return true;
            }
            int code = 0;
            for (qsizetype k = i + 2; k < i + 6; ++k) {
                const int v = hexValue(bytes.at(k));
                code = v < 0 ? -1 : (code < 0 ? -1 : code * 16 + v);
            }
            text += code < 0 ? QChar(QChar::ReplacementCharacter) : QChar(char16_t(code));
            next = i + 6;
            break;
        }
        default: // \" \\ \/ and anything else: the character itself
            text += QLatin1Char(e);
            break;
        }
        run = next;
        i = next - 1;
    }
    // A UTF-8 sequence the cut split would decode to U+FFFD: leave its bytes out.
    qsizetype end = bytes.size();
    for (qsizetype back = 0; back < 3 && end - back > run; ++back) {
        const auto byte = static_cast<unsigned char>(bytes.at(end - back - 1));
        if ((byte & 0xC0) == 0xC0) { // a lead byte: is its sequence complete?
            const int length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2;
            if (back + 1 < length)
                end -= back + 1;
            break;
        }
        if ((byte & 0xC0) != 0x80)
            break; // ASCII: nothing split
    }
    if (end > run)
        flush(end);
    *out = text;
    return true;
}

#ifdef Q_OS_UNIX
void fillStamp(SourceFile* source, const struct stat& st)
{
    source->size = qint64(st.st_size);
#ifdef Q_OS_MACOS
    const auto& mtime = st.st_mtimespec;
#else
    const auto& mtime = st.st_mtim;
#endif
    // Milliseconds, as QFileInfo::lastModified gives them.
    source->modified = QDateTime::fromMSecsSinceEpoch(qint64(mtime.tv_sec) * 1000 + mtime.tv_nsec / 1000000, Qt::UTC);
    source->device = quint64(st.st_dev);
    source->inode = quint64(st.st_ino);
}
#endif

} // namespace

QString TextStore::changedMessage(const SourceFile& source)
{
    return QStringLiteral("%1 changed on disk after the run was loaded; reload the run").arg(source.path);
}

bool TextStore::stamp(SourceFile* source, const QString& path)
{
#ifdef Q_OS_UNIX
    struct stat st = {};
    if (::stat(QFile::encodeName(path).constData(), &st) == 0) {
        fillStamp(source, st);
        return true;
    }
#endif
    const QFileInfo info(path); // not a native file (a resource), or no stat(2)
    if (!info.exists())
        return false;
    source->size = info.size();
    source->modified = info.lastModified();
    source->device = source->inode = 0;
    return true;
}

bool TextStore::stamp(SourceFile* source, const QFile& opened)
{
#ifdef Q_OS_UNIX
    struct stat st = {};
    if (opened.handle() >= 0 && ::fstat(opened.handle(), &st) == 0) {
        fillStamp(source, st);
        return true;
    }
#endif
    return stamp(source, opened.fileName());
}

// now as TextStore::stamp gave it, against the file as it was loaded. An unknown identity (0:
// a resource, no stat(2)) or time (a run built in memory by a test) is not compared.
bool TextStore::sameStamp(const SourceFile& loaded, const SourceFile& now)
{
    return now.size == loaded.size && (!loaded.modified.isValid() || now.modified == loaded.modified)
        && (loaded.inode == 0 || now.inode == 0 || (now.device == loaded.device && now.inode == loaded.inode));
}

bool TextStore::isUnchanged(const SourceFile& source)
{
    SourceFile now;
    return stamp(&now, source.path) && sameStamp(source, now);
}

bool TextStore::isUnchanged(const SourceFile& source, const QFile& opened)
{
    SourceFile now;
    return stamp(&now, opened) && sameStamp(source, now);
}

ResolvedText TextStore::readSpan(const SourceFile& source, QFile& opened, const TextRef& ref, qint64 maxBytes)
{
    ResolvedText result;
    if (ref.offset + ref.length > source.size) {
        result.error = changedMessage(source);
        return result;
    }
    const bool truncated = ref.length > maxBytes;
    const qint64 length = truncated ? maxBytes : ref.length;
    opened.unsetError();
    if (!opened.seek(ref.offset)) {
        result.error = QStringLiteral("cannot read %1: %2").arg(source.path, opened.errorString());
        return result;
    }
    const QByteArray bytes = opened.read(length);
    if (opened.error() != QFileDevice::NoError) { // EIO, ESTALE: a reload would not help
        result.error = QStringLiteral("cannot read %1: %2").arg(source.path, opened.errorString());
        return result;
    }
    // Checked on the file read, after the read: replaced (another inode), rewritten in place or
    // cut short since the run was loaded, the bytes read are not the text the span names.
    if (bytes.size() != length || !isUnchanged(source, opened)) {
        result.error = changedMessage(source);
        return result;
    }
    return decodeSpan(source, bytes, ref, truncated, maxBytes);
}

ResolvedText TextStore::decodeSpan(const SourceFile& source, const QByteArray& bytes, const TextRef& ref, bool truncated, qint64 maxBytes)
{
    ResolvedText result;
    result.truncated = truncated;
    result.shownBytes = bytes.size();
    result.fieldBytes = ref.length;
    if (source.kind == SourceFile::Kind::Raw || (source.kind != SourceFile::Kind::Json && truncated)) {
        result.text = QString::fromUtf8(bytes);
    } else if (source.kind == SourceFile::Kind::Patched) {
        QFile base(source.basePath);
        if (!base.open(QIODevice::ReadOnly)) {
            result.error = QStringLiteral("cannot read %1, the file the patch %2 applies to: %3")
                               .arg(source.basePath, source.path, base.errorString());
            return result;
        }
        const PatchApplier::Result patched = PatchApplier::apply(bytes, base.readAll(), QFileInfo(source.basePath).fileName());
        if (!patched.applied)
            result.error = QStringLiteral("%1 does not apply to %2: %3").arg(source.path, source.basePath, patched.error);
        result.text = QString::fromUtf8(patched.text);
        result.shownBytes = patched.text.size();
        result.fieldBytes = patched.text.size();
    } else if (source.kind == SourceFile::Kind::Yaml) {
        if (!decodeYamlText(bytes, &result.text))
            result.error = QStringLiteral("malformed YAML at offset %1 of %2").arg(ref.offset).arg(source.path);
    } else if (truncated) {
        // A cut string literal is decoded up to the cut; other cut JSON is shown as it is.
        if (!decodeJsonStringPrefix(bytes, &result.text))
            result.text = QString::fromUtf8(bytes);
    } else if (!TextStore::decodeJsonText(bytes, &result.text)) {
        result.error = QStringLiteral("malformed JSON at offset %1 of %2").arg(ref.offset).arg(source.path);
    }
    if (truncated)
        result.text += QStringLiteral("\n… [cut: the field is %1; only the first %2 are here]")
                           .arg(TextLimits::size(ref.length), TextLimits::size(maxBytes));
    return result;
}

bool TextStore::decodeYamlText(const QByteArray& yaml, QString* out)
{
    try {
        const YAML::Node node = YAML::Load(yaml.toStdString());
        if (node.IsNull())
            out->clear();
        else if (node.IsScalar())
            *out = QString::fromStdString(node.Scalar());
        else
            *out = QString::fromUtf8(yaml); // a list or map: its YAML as written
        return true;
    } catch (const YAML::Exception&) {
        return false;
    }
}

bool TextStore::decodeJsonText(const QByteArray& json, QString* out)
{
    // Nearly every text field is a valid string literal of a few KB: the fast path.
    if (JsonStringDecoder::decode(std::string_view(json.constData(), std::size_t(json.size())), out))
        return true;
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
    QFile file(source.path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        result.error
            = isUnchanged(source) ? QStringLiteral("cannot read %1: %2").arg(source.path, file.errorString()) : changedMessage(source);
        return result;
    }
    return readSpan(source, file, ref, maxBytes);
}

QString TextStore::resolveOrEmpty(const SourceTable& sources, const TextRef& ref)
{
    return resolve(sources, ref).text;
}

} // namespace krw
