// SPDX-License-Identifier: MIT
#include "models/browse/casesearch.h"

#include "models/run/textreader.h"

namespace krw {

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

bool caseMatchesQuery(const Case& c, const CaseMatcher& matcher, TextReader& reader)
{
    const SearchQuery& query = matcher.query();
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
    return hit;
}

std::optional<QSet<QString>> searchCases(const Run& run, const SearchQuery& query, const std::function<bool()>& isCancelled,
    const std::function<void(int searched, int total)>& progress)
{
    QSet<QString> found;
    const CaseMatcher matcher(query);
    if (!matcher.isValid() || query.text.isEmpty())
        return found;
    TextReader reader(run.sources);
    const int total = int(run.cases.size());
    int searched = 0;
    for (const Case& c : run.cases) {
        if (isCancelled && isCancelled())
            return std::nullopt;
        if (progress)
            progress(searched, total);
        ++searched;
        if (caseMatchesQuery(c, matcher, reader))
            found.insert(c.filename);
    }
    if (progress)
        progress(total, total);
    return found;
}

} // namespace krw
