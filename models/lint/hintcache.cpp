// SPDX-License-Identifier: MIT
#include "models/lint/hintcache.h"

#include "krw-lint-fingerprint.h"
#include "models/lint/linter.h"
#include "models/modelslogging.h"
#include "models/run/textstore.h"
#include "models/storage/atomicfile.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <simdjson.h>

namespace krw {

namespace {

using nlohmann::json;

// The layout of the file below; a file of another layout is a miss.
constexpr int FormatVersion = 1;

QString folder()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + QStringLiteral("/kernel-review/hints");
}

std::string utf8(const QString& s)
{
    return s.toStdString();
}

QString text(std::string_view value)
{
    return QString::fromUtf8(value.data(), int(value.size()));
}

const char* kindName(SourceFile::Kind kind)
{
    switch (kind) {
    case SourceFile::Kind::Raw:
        return "raw";
    case SourceFile::Kind::Yaml:
        return "yaml";
    case SourceFile::Kind::Patched:
        return "patched";
    case SourceFile::Kind::Json:
        break;
    }
    return "json";
}

json sourceJson(const SourceFile& s)
{
    json out{{"path", utf8(s.path)}, {"kind", kindName(s.kind)}, {"size", s.size},
        {"modified", s.modified.isValid() ? json(s.modified.toMSecsSinceEpoch()) : json()}, {"device", s.device}, {"inode", s.inode}};
    if (!s.basePath.isEmpty())
        out["base"] = utf8(s.basePath); // a patched text depends on its base file too (itself a source of the run)
    return out;
}

// The stamp a cache file recorded; nullopt when the entry is not one.
std::optional<SourceFile> sourceFrom(simdjson::dom::element value)
{
    std::string_view path;
    std::string_view kind;
    int64_t size = 0;
    uint64_t device = 0;
    uint64_t inode = 0;
    simdjson::dom::element modified;
    if (value["path"].get(path) || value["kind"].get(kind) || value["size"].get(size) || value["device"].get(device)
        || value["inode"].get(inode) || value["modified"].get(modified))
        return std::nullopt;
    SourceFile s;
    s.path = text(path);
    if (kind == "raw")
        s.kind = SourceFile::Kind::Raw;
    else if (kind == "yaml")
        s.kind = SourceFile::Kind::Yaml;
    else if (kind == "patched")
        s.kind = SourceFile::Kind::Patched;
    else
        s.kind = SourceFile::Kind::Json;
    s.size = size;
    int64_t ms = 0;
    if (!modified.is_null()) {
        if (modified.get(ms))
            return std::nullopt;
        s.modified = QDateTime::fromMSecsSinceEpoch(ms);
    }
    s.device = device;
    s.inode = inode;
    std::string_view base;
    if (!value["base"].get(base))
        s.basePath = text(base);
    return s;
}

bool sameSources(simdjson::dom::element recorded, const SourceTable& now)
{
    simdjson::dom::array list;
    if (recorded.get(list) || list.size() != std::size_t(now.size()))
        return false;
    int i = 0;
    for (simdjson::dom::element entry : list) {
        const auto was = sourceFrom(entry);
        const SourceFile& is = now.at(i++);
        // Compared both ways, so that a part of the stamp recorded on one side only counts too.
        if (!was || was->path != is.path || was->kind != is.kind || was->basePath != is.basePath || !TextStore::sameStamp(*was, is)
            || !TextStore::sameStamp(is, *was))
            return false;
    }
    return true;
}

// Whether "unchanged" can be told of every file of a run: each has a modification time (a file
// of Qt's resources has none, and its size alone is no proof).
bool verifiable(const Run& run)
{
    if (!run.sources)
        return false;
    return std::all_of(run.sources->cbegin(), run.sources->cend(), [](const SourceFile& s) { return s.modified.isValid(); });
}

void dropOldFiles(const QString& keep)
{
    QDir dir(folder());
    const QFileInfoList files = dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Time); // newest first
    for (int i = HintCache::MaxFiles; i < files.size(); ++i) {
        if (files.at(i).absoluteFilePath() != keep)
            QFile::remove(files.at(i).absoluteFilePath());
    }
}

} // namespace

bool HintCache::enabled()
{
    return qEnvironmentVariable("KRW_HINT_CACHE") != QLatin1String("off");
}

QString HintCache::pathFor(const Run& run)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (run.sources) {
        for (const SourceFile& s : *run.sources) {
            hash.addData(s.path.toUtf8());
            hash.addData(QByteArrayLiteral("\n"));
        }
    }
    return folder() + QLatin1Char('/') + QString::fromLatin1(hash.result().toHex().left(32)) + QStringLiteral(".json");
}

std::optional<QVector<LintHints>> HintCache::load(const Run& run)
{
    if (!verifiable(run))
        return std::nullopt;
    // Read with simdjson (a 10,000-case run's file, about 2 MB, in a few milliseconds: this is
    // on the way to every cached summary); written with nlohmann below.
    const QString path = pathFor(run);
    simdjson::padded_string bytes;
    if (simdjson::padded_string::load(QFile::encodeName(path).toStdString()).get(bytes))
        return std::nullopt;
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    int64_t format = 0;
    std::string_view fingerprint;
    std::string_view qt;
    simdjson::dom::element sources;
    simdjson::dom::array cases;
    if (parser.parse(bytes).get(root) || root["format"].get(format) || format != FormatVersion || root["fingerprint"].get(fingerprint)
        || fingerprint != KRW_LINT_FINGERPRINT || root["qt"].get(qt) || qt != qVersion() || root["sources"].get(sources)
        || !sameSources(sources, *run.sources) || root["cases"].get(cases) || cases.size() != std::size_t(run.cases.size())) {
        qCDebug(lcLint) << "hint cache miss:" << path;
        return std::nullopt;
    }
    QVector<LintHints> hints(run.cases.size());
    int i = 0;
    for (simdjson::dom::element entry : cases) {
        std::string_view name;
        simdjson::dom::array list;
        if (entry["name"].get(name) || text(name) != run.cases.at(i).filename || entry["hints"].get(list))
            return std::nullopt;
        for (simdjson::dom::element h : list) {
            simdjson::dom::array fields;
            std::string_view check;
            std::string_view version;
            int64_t line = 0;
            std::string_view message;
            if (h.get(fields) || fields.size() != 4 || fields.at(0).get(check) || fields.at(1).get(version) || fields.at(2).get(line)
                || fields.at(3).get(message))
                return std::nullopt;
            hints[i].append({text(check), text(version), int(line), text(message)});
        }
        ++i;
    }
    // Used now: the last to be dropped (the file's time orders dropOldFiles).
    QFile used(path);
    if (used.open(QIODevice::ReadOnly))
        used.setFileTime(QDateTime::currentDateTimeUtc(), QFileDevice::FileModificationTime);
    return hints;
}

bool HintCache::save(const Run& run, const QVector<LintHints>& hints, QString* error)
{
    if (!run.sources || hints.size() != run.cases.size()) {
        if (error)
            *error = QStringLiteral("internal: hints for %1 cases, the run has %2").arg(hints.size()).arg(run.cases.size());
        return false;
    }
    if (!verifiable(run)) {
        if (error)
            *error = QStringLiteral("not cached: a file of the run has no modification time to tell a change by");
        return false;
    }
    json sources = json::array();
    for (const SourceFile& s : *run.sources)
        sources.push_back(sourceJson(s));
    json cases = json::array();
    for (int i = 0; i < run.cases.size(); ++i) {
        json list = json::array();
        for (const LintHint& h : hints.at(i))
            list.push_back(json::array({utf8(h.check), utf8(h.version), h.line, utf8(h.message)}));
        cases.push_back(json{{"name", utf8(run.cases.at(i).filename)}, {"hints", std::move(list)}});
    }
    const json root{{"format", FormatVersion}, {"fingerprint", KRW_LINT_FINGERPRINT}, {"qt", qVersion()}, {"sources", std::move(sources)},
        {"cases", std::move(cases)}};
    const std::string bytes = root.dump(-1, ' ', false, json::error_handler_t::replace);
    const QString path = pathFor(run);
    QString failure;
    if (!writeFileAtomically(path, QByteArray::fromStdString(bytes), &failure, true)) {
        qCDebug(lcLint) << "hint cache not saved:" << failure;
        if (error)
            *error = failure;
        return false;
    }
    dropOldFiles(path);
    return true;
}

QVector<LintHints> HintCache::hintsOf(const RunPtr& run, const std::atomic_bool* cancel, QThreadPool* pool, bool* fromCache)
{
    if (fromCache)
        *fromCache = false;
    if (!run)
        return {};
    const bool useCache = enabled() && verifiable(*run);
    if (useCache) {
        if (auto cached = load(*run)) {
            if (fromCache)
                *fromCache = true;
            return *std::move(cached);
        }
    }
    QVector<LintHints> hints = Linter::lintRun(run, cancel, pool);
    if (useCache && !(cancel && cancel->load()))
        save(*run, hints);
    return hints;
}

} // namespace krw
