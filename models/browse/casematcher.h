// SPDX-License-Identifier: MIT
#pragma once

#include "models/browse/searchquery.h"
#include "models/run/rundata.h"

#include <QRegularExpression>

namespace krw {

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

} // namespace krw
