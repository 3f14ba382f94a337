// SPDX-License-Identifier: MIT
#include "runner/pipeline/rerunrequestbuilder.h"

#include "models/run/textlimits.h"
#include "runner/pipeline/rerunpipeline.h"
#include "runner/pipeline/rerunrequestformat.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace krw {

const QString RerunRequestBuilder::LocalPrefix = QStringLiteral("local:");

RerunRequestBuilder::RerunRequestBuilder(CaseTexts texts, QVector<CodeVersion> versions, ResultStore store)
    : m_texts(std::move(texts))
    , m_versions(std::move(versions))
    , m_store(std::move(store))
{
}

QString RerunRequestBuilder::caseName() const
{
    return m_texts.run && m_texts.caseIndex >= 0 && m_texts.caseIndex < m_texts.run->cases.size()
        ? m_texts.run->cases.at(m_texts.caseIndex).filename
        : QString();
}

QStringList RerunRequestBuilder::localNames() const
{
    if (m_localTexts)
        return m_localTexts->keys();
    const QString name = caseName();
    return name.isEmpty() ? QStringList() : m_store.localVersions(name).keys();
}

void RerunRequestBuilder::setLocalTexts(QMap<QString, QString> texts)
{
    m_localTexts = std::move(texts);
}

QString RerunRequestBuilder::localTitle(const QString& name)
{
    return QStringLiteral("Local edit · %1").arg(name);
}

std::optional<ResolvedVersion> RerunRequestBuilder::resolve(const QString& spec, QString* error, bool allowFiles) const
{
    for (const CodeVersion& v : m_versions) {
        const QString shortId = v.id().section(QLatin1Char(':'), 1);
        if (v.id() == spec || shortId == spec)
            return ResolvedVersion{v.id(), v.title(), m_texts.text(v.id())};
    }
    if (spec.startsWith(LocalPrefix)) {
        const QString name = spec.mid(LocalPrefix.size());
        if (m_localTexts) {
            if (m_localTexts->contains(name))
                return ResolvedVersion{spec, localTitle(name), m_localTexts->value(name)};
        } else {
            QFile file(caseName().isEmpty() ? QString() : m_store.localVersions(caseName()).value(name));
            if (!file.fileName().isEmpty() && file.open(QIODevice::ReadOnly))
                return ResolvedVersion{spec, localTitle(name), QString::fromUtf8(file.readAll())};
        }
    } else if (allowFiles) {
        QFile file(spec);
        if (file.open(QIODevice::ReadOnly)) {
            const QString path = QFileInfo(spec).absoluteFilePath();
            return ResolvedVersion{QStringLiteral("file:") + path, path, QString::fromUtf8(file.readAll())};
        }
    }
    QStringList ids;
    for (const CodeVersion& v : m_versions)
        ids << v.id();
    const QStringList locals = localNames();
    for (const QString& name : locals)
        ids << LocalPrefix + name;
    if (error)
        *error = QStringLiteral("no version \"%1\" in %2 (versions: %3)%4")
                     .arg(spec, caseName(), ids.join(QStringLiteral(", ")), allowFiles ? QStringLiteral(", and no such file") : QString());
    return std::nullopt;
}

QString RerunRequestBuilder::titleOf(const QString& id) const
{
    for (const CodeVersion& v : m_versions) {
        if (v.id() == id)
            return v.title();
    }
    return id.startsWith(LocalPrefix) ? localTitle(id.mid(LocalPrefix.size())) : id;
}

std::optional<RerunRequest> RerunRequestBuilder::build(
    const QString& candidate, const QString& baseline, const ToolchainProfile& profile, QString* error, bool allowFiles) const
{
    const auto c = resolve(candidate, error, allowFiles);
    const auto b = c ? resolve(baseline, error, allowFiles) : std::nullopt;
    if (!c || !b)
        return std::nullopt;
    if (!m_texts.has(QStringLiteral("test"))) {
        if (error)
            *error = QStringLiteral("%1 has no test code to run the versions with").arg(caseName());
        return std::nullopt;
    }
    // A text the case view read cut (a hostile run's 60 MiB field) would be compiled with the cut and
    // its marker in it: refuse, naming the version and both sizes, instead of rerunning something else.
    for (const QString& key : {c->id, b->id, QStringLiteral("test")}) {
        const ResolvedText& text = m_texts.texts.value(key);
        if (text.truncated) {
            if (error)
                *error = QStringLiteral("%1 is %2, more than the %3 read for a rerun; it cannot be rerun cut")
                             .arg(key == QLatin1String("test") ? QStringLiteral("the test code") : titleOf(key),
                                 TextLimits::size(text.fieldBytes), TextLimits::size(text.shownBytes));
            return std::nullopt;
        }
    }
    RerunRequest request;
    request.caseName = caseName();
    request.candidateId = c->id;
    request.candidateTitle = c->title;
    request.candidateText = c->text;
    request.baselineId = b->id;
    request.baselineTitle = b->title;
    request.baselineText = b->text;
    request.testCode = m_texts.text(QStringLiteral("test"));
    request.profile = profile;
    return RerunRequestFormat::withLocalPaths(request, m_store.workRoot());
}

} // namespace krw
