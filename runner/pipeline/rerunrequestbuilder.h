// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/resultstore.h"
#include "models/run/casetexts.h"
#include "models/run/caseversions.h"
#include "runner/pipeline/rerunrequest.h"

#include <optional>

namespace krw {

// One version of a case, resolved to its text.
struct ResolvedVersion
{
    QString id; // "it1:predict", "label", "local:NAME", "file:/abs/path"
    QString title; // as the version lists show it
    QString text;
};

// The one place a RerunRequest is made from a case, used by the runner panel and the CLI: which
// version runs against which baseline, with the case's test code, the runner's data files
// (harness, compatibility headers), the module cache and the run's scratch folder.
//
// Version specs: a full id ("it3:predict", "it1:perf:2", "label"); a short name ("predict",
// "call", "exe", "perf:N": the newest iteration that has one); "local:NAME" for a locally
// edited copy kept in the run's ResultStore; with allowFiles, any other spec is read as a file.
class RerunRequestBuilder
{
public:
    static const QString LocalPrefix; // "local:"

    RerunRequestBuilder(CaseTexts texts, QVector<CodeVersion> versions, ResultStore store);

    QString caseName() const;
    const QVector<CodeVersion>& versions() const { return m_versions; }
    // The local versions' names; their texts come from the store's files unless given here, read
    // already (the runner panel reads them on a worker): then resolving one touches no file.
    QStringList localNames() const;
    void setLocalTexts(QMap<QString, QString> texts); // name → text
    static QString localTitle(const QString& name); // "Local edit · NAME"

    // The version a spec names; std::nullopt with error naming what exists when none matches.
    std::optional<ResolvedVersion> resolve(const QString& spec, QString* error, bool allowFiles = false) const;
    QString titleOf(const QString& id) const;

    // A complete request, or std::nullopt with error when a version or the test code is missing.
    std::optional<RerunRequest> build(
        const QString& candidate, const QString& baseline, const ToolchainProfile& profile, QString* error, bool allowFiles = false) const;

private:
    CaseTexts m_texts;
    QVector<CodeVersion> m_versions; // newest iteration first
    ResultStore m_store;
    std::optional<QMap<QString, QString>> m_localTexts;
};

} // namespace krw
