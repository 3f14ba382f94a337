// SPDX-License-Identifier: MIT
//
// Full-text search over a run's cases. The texts live in their files (TextRef), so searching
// reads them; run it on a worker thread (runner/CaseSearchJob).
#pragma once

#include "run/rundata.h"

#include <QRegularExpression>
#include <QSet>

#include <functional>

namespace krw {

enum class SearchScope {
    Everything,
    Errors, // call_err_msg, exe_err_msg
    Instruction,
    Code, // predict and every candidate
    Label,
    TestCode,
    Reflection, // temp_strategy, reflection, perf analyses
    Metadata, // unknown fields; "key=value" matches one key
};

struct SearchQuery
{
    QString text;
    SearchScope scope = SearchScope::Everything;
    bool regex = false;
    bool caseSensitive = false;
};

QString scopeTitle(SearchScope scope);

// A query compiled once: plain text is escaped, so only regex mode interprets it.
class CaseMatcher
{
public:
    explicit CaseMatcher(const SearchQuery& query);
    bool isValid() const { return m_pattern.isValid(); }
    QString errorString() const { return m_pattern.errorString(); }
    bool matchesText(const QString& text) const;
    bool matchesMetadata(const QVector<ExtraField>& fields) const; // in-memory, no file access
    const SearchQuery& query() const { return m_query; }

private:
    SearchQuery m_query;
    QRegularExpression m_pattern;
    QString m_metadataKey; // from "key=value" in the Metadata scope
};

// Filenames of the cases that match in any iteration. Stops early when isCancelled says so.
QSet<QString> searchCases(const Run& run, const SearchQuery& query, const std::function<bool()>& isCancelled = {});

} // namespace krw
