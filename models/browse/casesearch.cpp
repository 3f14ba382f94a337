// SPDX-License-Identifier: MIT
#include "browse/casesearch.h"

#include "run/textstore.h"

namespace krw {

namespace {

// The text fields of one iteration that a scope looks at.
QVector<TextRef> fieldsInScope(const IterationRecord& r, SearchScope scope)
{
    QVector<TextRef> refs;
    const bool all = scope == SearchScope::Everything;
    const MemoryEntry* m = r.memory ? &*r.memory : nullptr;
    if (all || scope == SearchScope::Instruction)
        refs << r.instruction;
    if (all || scope == SearchScope::Label)
        refs << r.label;
    if (all || scope == SearchScope::TestCode)
        refs << r.testCode;
    if (all || scope == SearchScope::Code) {
        refs << r.predict;
        if (m) {
            refs << m->callCandidate << m->exeCandidate;
            for (const PerfCandidate& p : m->perfCandidates)
                refs << p.code;
        }
    }
    if (m && (all || scope == SearchScope::Errors))
        refs << m->callError << m->exeError;
    if (m && (all || scope == SearchScope::Reflection)) {
        refs << m->tempStrategy << m->reflection << m->perfStrategy;
        for (const PerfCandidate& p : m->perfCandidates)
            refs << p.analysis() << p.profiling();
    }
    if (m && all)
        refs << m->oneshot;
    return refs;
}

} // namespace

QString scopeTitle(SearchScope scope)
{
    switch (scope) {
    case SearchScope::Everything:
        return QStringLiteral("All fields");
    case SearchScope::Errors:
        return QStringLiteral("Error messages");
    case SearchScope::Instruction:
        return QStringLiteral("Instruction");
    case SearchScope::Code:
        return QStringLiteral("Prediction and candidates");
    case SearchScope::Label:
        return QStringLiteral("Label");
    case SearchScope::TestCode:
        return QStringLiteral("Test code");
    case SearchScope::Reflection:
        return QStringLiteral("Reflections and strategies");
    case SearchScope::Metadata:
        return QStringLiteral("Metadata (key=value)");
    }
    return {};
}

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

QSet<QString> searchCases(const Run& run, const SearchQuery& query, const std::function<bool()>& isCancelled)
{
    QSet<QString> found;
    const CaseMatcher matcher(query);
    if (!matcher.isValid() || query.text.isEmpty())
        return found;
    TextReader reader(run.sources);
    for (const Case& c : run.cases) {
        if (isCancelled && isCancelled())
            return {};
        bool hit = query.scope == SearchScope::Everything && matcher.matchesText(c.filename);
        for (auto it = c.history.crbegin(); !hit && it != c.history.crend(); ++it) {
            if (query.scope == SearchScope::Everything || query.scope == SearchScope::Metadata)
                hit = matcher.matchesMetadata(it->extra) || (it->memory && matcher.matchesMetadata(it->memory->extra));
            if (query.scope == SearchScope::Metadata)
                continue;
            const auto refs = fieldsInScope(*it, query.scope);
            for (const TextRef& ref : refs) {
                if (hit)
                    break;
                if (ref.hasContent())
                    hit = matcher.matchesText(reader.read(ref, TextStore::DefaultMaxBytes).text);
            }
        }
        if (hit)
            found.insert(c.filename);
    }
    return found;
}

} // namespace krw
