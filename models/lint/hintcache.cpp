// SPDX-License-Identifier: MIT
#include "lint/hintcache.h"

#include "krw-lint-fingerprint.h"
#include "lint/linter.h"
#include "modelslogging.h"
#include "run/textstore.h"
#include "storage/atomicfile.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <nlohmann/json.hpp>

#include <algorithm>

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

QString text(const json& value)
{
    return value.is_string() ? QString::fromStdString(value.get_ref<const std::string&>()) : QString();
}

json sourceJson(const SourceFile& s)
{
    return json{{"path", utf8(s.path)}, {"kind", s.kind == SourceFile::Kind::Raw ? "raw" : "json"}, {"size", s.size},
        {"modified", s.modified.isValid() ? json(s.modified.toMSecsSinceEpoch()) : json()}, {"device", s.device}, {"inode", s.inode}};
}

// The stamp a cache file recorded; nullopt when the entry is not one.
std::optional<SourceFile> sourceFrom(const json& value)
{
    if (!value.is_object() || !value.value("path", json()).is_string() || !value.value("size", json()).is_number_integer()
        || !value.value("device", json()).is_number_unsigned() || !value.value("inode", json()).is_number_unsigned())
        return std::nullopt;
    SourceFile s;
    s.path = text(value.at("path"));
    s.kind = value.value("kind", std::string()) == "raw" ? SourceFile::Kind::Raw : SourceFile::Kind::Json;
    s.size = value.at("size").get<qint64>();
    const json& modified = value.value("modified", json());
    if (modified.is_number_integer())
        s.modified = QDateTime::fromMSecsSinceEpoch(modified.get<qint64>());
    s.device = value.at("device").get<quint64>();
    s.inode = value.at("inode").get<quint64>();
    return s;
}

bool sameSources(const json& recorded, const SourceTable& now)
{
    if (!recorded.is_array() || recorded.size() != std::size_t(now.size()))
        return false;
    for (int i = 0; i < now.size(); ++i) {
        const auto was = sourceFrom(recorded.at(std::size_t(i)));
        const SourceFile& is = now.at(i);
        // Stamps compared both ways: a stamp missing on either side (no modification time, no
        // inode) is no match, as the loader's rule would let it be.
        if (!was || was->path != is.path || was->kind != is.kind || !TextStore::sameStamp(*was, is) || !TextStore::sameStamp(is, *was))
            return false;
    }
    return true;
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
    if (!run.sources)
        return std::nullopt;
    QFile file(pathFor(run));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray bytes = file.readAll();
    const json root = json::parse(bytes.cbegin(), bytes.cend(), nullptr, false);
    if (!root.is_object() || root.value("format", 0) != FormatVersion || root.value("fingerprint", std::string()) != KRW_LINT_FINGERPRINT
        || root.value("qt", std::string()) != qVersion() || !sameSources(root.value("sources", json()), *run.sources)) {
        qCDebug(lcLint) << "hint cache miss:" << file.fileName();
        return std::nullopt;
    }
    const json& cases = root.value("cases", json());
    if (!cases.is_array() || cases.size() != std::size_t(run.cases.size()))
        return std::nullopt;
    QVector<LintHints> hints(run.cases.size());
    for (int i = 0; i < run.cases.size(); ++i) {
        const json& entry = cases.at(std::size_t(i));
        if (!entry.is_object() || text(entry.value("name", json())) != run.cases.at(i).filename || !entry.value("hints", json()).is_array())
            return std::nullopt;
        for (const json& h : entry.at("hints")) {
            if (!h.is_array() || h.size() != 4 || !h.at(0).is_string() || !h.at(1).is_string() || !h.at(2).is_number_integer()
                || !h.at(3).is_string())
                return std::nullopt;
            hints[i].append({text(h.at(0)), text(h.at(1)), h.at(2).get<int>(), text(h.at(3))});
        }
    }
    return hints;
}

bool HintCache::save(const Run& run, const QVector<LintHints>& hints, QString* error)
{
    if (!run.sources || hints.size() != run.cases.size()) {
        if (error)
            *error = QStringLiteral("internal: hints for %1 cases, the run has %2").arg(hints.size()).arg(run.cases.size());
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
    const bool useCache = enabled();
    if (useCache) {
        if (auto cached = load(*run)) {
            if (fromCache)
                *fromCache = true;
            // Used now: the last to be dropped (the file's time orders dropOldFiles).
            QFile used(pathFor(*run));
            if (used.open(QIODevice::ReadOnly))
                used.setFileTime(QDateTime::currentDateTimeUtc(), QFileDevice::FileModificationTime);
            return *std::move(cached);
        }
    }
    QVector<LintHints> hints = Linter::lintRun(run, cancel, pool);
    if (useCache && !(cancel && cancel->load()))
        save(*run, hints);
    return hints;
}

} // namespace krw
