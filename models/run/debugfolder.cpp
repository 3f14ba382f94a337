// SPDX-License-Identifier: MIT
#include "models/run/debugfolder.h"

#include "models/run/caseversions.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace krw {

namespace {

const QString IndexFormat = QStringLiteral("kernel-review-workspace");
constexpr int IndexVersion = 1;
constexpr qint64 MaxIndexBytes = 64 * 1024 * 1024;

} // namespace

const QString DebugFolder::Instruction = QStringLiteral("0_instruction.txt");
const QString DebugFolder::Label = QStringLiteral("1_label_source.py");
const QString DebugFolder::PredictStem = QStringLiteral("2_initial_predict");
const QString DebugFolder::TestCode = QStringLiteral("3_test_code.py");
const QString DebugFolder::ErrorLog = QStringLiteral("error_log.txt");
const QString DebugFolder::Reflection = QStringLiteral("reflection_strategy.md");
const QString DebugFolder::CallFixStem = QStringLiteral("candidate_call_fix");
const QString DebugFolder::ExeFixStem = QStringLiteral("candidate_exe_fix");
const QString DebugFolder::Annotation = QStringLiteral("annotation.md");
const QString DebugFolder::IndexFile = QStringLiteral("index.json");

QString DebugFolder::perfFixStem(int number)
{
    return QStringLiteral("candidate_perf_fix_%1").arg(number);
}

bool DebugFolder::isCaseFolder(const QDir& dir)
{
    const QStringList markers = {Instruction, Label, PredictStem + QStringLiteral(".hip.cpp"), TestCode, ErrorLog};
    int found = 0;
    for (const auto& marker : markers)
        found += dir.exists(marker) ? 1 : 0;
    return found >= 2;
}

QString DebugFolder::fileWithStem(const QDir& dir, const QString& stem)
{
    const auto names = dir.entryList({stem + QLatin1Char('*')}, QDir::Files, QDir::Name);
    return names.isEmpty() ? QString() : names.constFirst();
}

QStringList DebugFolder::perfFiles(const QDir& dir)
{
    static const QRegularExpression number(QStringLiteral("candidate_perf_fix_(\\d+)"));
    QStringList names = dir.entryList({QStringLiteral("candidate_perf_fix_*")}, QDir::Files);
    std::sort(names.begin(), names.end(),
        [](const QString& a, const QString& b) { return number.match(a).captured(1).toInt() < number.match(b).captured(1).toInt(); });
    return names;
}

QString DebugFolder::codeExtension(const QString& code)
{
    return detectLanguage(code) == CodeLanguage::Python ? QStringLiteral(".py") : QStringLiteral(".hip.cpp");
}

QByteArray DebugFolder::indexJson(const QString& runName, const QVector<DebugFolderIndexEntry>& entries)
{
    QJsonArray cases;
    for (const DebugFolderIndexEntry& e : entries)
        cases.append(QJsonObject{{QStringLiteral("filename"), e.filename}, {QStringLiteral("folder"), e.folder},
            {QStringLiteral("renamed"), e.renamed.isEmpty() ? QJsonValue() : QJsonValue(e.renamed)}});
    const QJsonObject doc{{QStringLiteral("format"), IndexFormat}, {QStringLiteral("version"), IndexVersion},
        {QStringLiteral("run"), runName}, {QStringLiteral("cases"), cases}};
    return QJsonDocument(doc).toJson(QJsonDocument::Indented);
}

QVector<DebugFolderIndexEntry> DebugFolder::readIndex(const QString& parent, QStringList* problems)
{
    QVector<DebugFolderIndexEntry> entries;
    QFile file(QDir(parent).filePath(IndexFile));
    if (!file.exists() || !file.open(QIODevice::ReadOnly))
        return entries;
    // Read what the file holds: read(MaxIndexBytes) allocated the whole 64 MB limit for every index
    // (tests/fuzz ran at 8 inputs a second for it). A bigger file is named, not silently cut.
    if (file.size() > MaxIndexBytes) {
        if (problems)
            problems->append(QStringLiteral("%1 is %2 MB, over the %3 MB limit; ignored")
                                 .arg(IndexFile)
                                 .arg(file.size() >> 20)
                                 .arg(MaxIndexBytes >> 20));
        return entries;
    }
    const QJsonDocument doc = QJsonDocument::fromJson(file.read(file.size()));
    if (!doc.isObject() || doc.object().value(QStringLiteral("format")).toString() != IndexFormat)
        return entries;
    const QJsonArray cases = doc.object().value(QStringLiteral("cases")).toArray();
    for (const QJsonValue& value : cases) {
        const QJsonObject entry = value.toObject();
        if (!entry.value(QStringLiteral("folder")).isString() || !entry.value(QStringLiteral("filename")).isString()) {
            if (problems)
                problems->append(QStringLiteral("an entry without \"folder\" and \"filename\" strings; ignored"));
            continue;
        }
        entries.append({entry.value(QStringLiteral("filename")).toString(), entry.value(QStringLiteral("folder")).toString(),
            entry.value(QStringLiteral("renamed")).toString()});
    }
    return entries;
}

} // namespace krw
