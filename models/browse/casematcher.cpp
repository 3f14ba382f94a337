// SPDX-License-Identifier: MIT
#include "models/browse/casematcher.h"

#include "models/run/textstore.h"

namespace krw {

CaseMatcher::CaseMatcher(const SearchQuery& query)
    : m_query(query)
{
    QString text = query.text;
    if (query.scope == SearchScope::Metadata) {
        const int eq = text.indexOf(QLatin1Char('='));
        if (eq > 0) {
            m_metadataKey = text.left(eq).trimmed();
            text = text.mid(eq + 1).trimmed();
        }
    }
    m_pattern.setPattern(query.regex ? text : QRegularExpression::escape(text));
    m_pattern.setPatternOptions(query.caseSensitive ? QRegularExpression::NoPatternOption : QRegularExpression::CaseInsensitiveOption);
}

bool CaseMatcher::matchesText(const QString& text) const
{
    return m_pattern.match(text).hasMatch();
}

bool CaseMatcher::matchesMetadata(const QVector<ExtraField>& fields) const
{
    for (const ExtraField& f : fields) {
        if (!m_metadataKey.isEmpty()) {
            if (f.key == m_metadataKey && matchesText(f.shortValue))
                return true;
        } else if (matchesText(f.key) || matchesText(f.shortValue)) {
            return true;
        }
    }
    return false;
}

} // namespace krw
