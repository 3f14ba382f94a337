// SPDX-License-Identifier: MIT
//
// An in-memory index of a run's searchable text, so a plain-text search answers in milliseconds
// instead of reading every TextRef from disk (searchCases). Built once per loaded run on worker
// threads (CaseSearchJob builds it after the tree shows), then read-only and shared between
// searches. docs/PERFORMANCE-search.md says why it looks like this and what it costs.
//
// What it holds: every text a search can look at (the fields of fieldsInScope, the filename, the
// metadata keys and short values), decoded exactly as searchCases decodes them, then case-folded
// (simple Unicode case folding, one code point to one, as PCRE2 matches caselessly) and stored as
// UTF-8, each distinct text once: label, instruction, test code, oneshot repeat across
// iterations and cases. Each case lists its texts with the scopes each one is in.
//
// How it answers: a plain, case-insensitive query is folded the same way and searched as bytes
// (memmem) in the distinct texts, each once, on all threads; then each case of the scope is a
// match when one of its texts is: a folded substring match is a caseless match and nothing else
// is. A case-sensitive query uses the same scan as a prefilter (a case-sensitive
// match is also a caseless one) and confirms the cases it finds with caseMatchesQuery, the old
// path, on those cases only. Regular expressions and the Metadata scope are not answered
// (canAnswer() says no): the caller keeps searchCases for them.
#pragma once

#include "browse/searchquery.h"
#include "run/rundata.h"

#include <QByteArray>
#include <QSet>
#include <QStringView>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace krw {

class SearchIndex
{
public:
    // The index of run, or nullptr once isCancelled says yes (asked between batches of cases).
    // Works on the global thread pool (blocking: call it from a worker). progress hears how many
    // cases are indexed after each batch.
    static std::shared_ptr<const SearchIndex> build(
        const Run& run, const std::function<bool()>& isCancelled = {}, const std::function<void(int indexed, int total)>& progress = {});

    // Whether search() answers query: plain text (not a regular expression), not the Metadata scope.
    static bool canAnswer(const SearchQuery& query);

    // The same answer as searchCases(run, query) for a query canAnswer() accepts; run must be the
    // run the index was built from. nullopt once isCancelled says yes.
    std::optional<QSet<QString>> search(const Run& run, const SearchQuery& query, const std::function<bool()>& isCancelled = {}) const;

    // text case-folded code point by code point (QChar::toCaseFolded), as UTF-8.
    static QByteArray fold(QStringView text);

    int caseCount() const { return int(m_caseStart.size()) - 1; }
    int textCount() const { return int(m_textStart.size()) - 1; }
    qint64 textBytes() const { return qint64(m_text.size()); } // the distinct folded texts, UTF-8
    qint64 memoryBytes() const; // everything the index holds
    std::string_view text(int i) const // for the benchmark
    {
        return std::string_view(m_text.data() + m_textStart[size_t(i)], size_t(m_textStart[size_t(i) + 1] - m_textStart[size_t(i)]));
    }

private:
    SearchIndex() = default;
    struct Builder;

    // The cases that may hold needle (a bit per case): those with all its trigrams.
    std::vector<quint64> candidates(const QByteArray& needle) const;

    // One text of a case: which distinct text, and the scopes it is searched in (bit int(scope);
    // bit 0, Everything's, marks texts only Everything looks at: filename, metadata, oneshot).
    struct Entry
    {
        quint32 text;
        quint8 scopes;
    };

    std::string m_text; // the distinct folded texts, one after the other
    std::vector<quint64> m_textStart{0}; // text i: [m_textStart[i], m_textStart[i + 1]) of m_text
    std::vector<Entry> m_entries;
    std::vector<quint32> m_caseStart{0}; // case i's entries: [m_caseStart[i], m_caseStart[i + 1])
    // Bit-sliced trigram signatures: slice b (m_caseWords words) has a bit for each case with a
    // trigram that hashes to b, in any of its texts.
    std::vector<quint64> m_signature;
    size_t m_caseWords = 0;
    std::vector<bool> m_verify; // cases with a text folding cannot stand for (invalid UTF-16): always confirmed
};

} // namespace krw
