// SPDX-License-Identifier: MIT
//
// An in-memory index of a run's searchable text, so a plain-text search answers in milliseconds
// instead of reading every TextRef from disk (searchCases). Built once per loaded run on worker
// threads (CaseSearchJob builds it after the tree shows), then read-only and shared between
// searches. docs/PERFORMANCE.md ("Search") says why it looks like this and what it costs.
//
// What it holds: every text a search can look at (the fields of fieldsInScope, the filename, the
// metadata keys and short values), decoded exactly as searchCases decodes them, then case-folded
// (simple Unicode case folding, one code point to one, as PCRE2 matches caselessly) and stored as
// UTF-8, split in lines, each distinct line once (code repeats line by line across cases, and
// label, instruction, test code, oneshot repeat whole across iterations). A text is the list of
// its lines' numbers, each distinct list once; each case lists its texts with the scopes each one is in, and has a
// signature of its trigrams.
//
// How it answers: a plain, case-insensitive query is folded the same way; the cases whose
// signature has all its trigrams are the candidates; the distinct lines are searched for it as
// bytes (memmem, one sweep on all threads); a candidate matches when a text of the scope has
// one of the lines found. A folded substring match is a caseless match and nothing else is. A
// query with a line break is left to searchCases (canAnswer). A case-sensitive query uses the same scan as a prefilter (a case-sensitive
// match is also a caseless one) and confirms the cases it finds with caseMatchesQuery, the old
// path, on those cases only. Regular expressions and the Metadata scope are not answered
// (canAnswer() says no): the caller keeps searchCases for them.
#pragma once

#include "models/browse/searchquery.h"
#include "models/run/rundata.h"

#include <QByteArray>
#include <QSet>
#include <QStringView>
#include <QtConcurrent>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

class QThreadPool;

namespace krw {

class SearchIndex
{
public:
    // The index of run, or nullptr once isCancelled says yes (asked between batches of cases).
    // Works on buildPool() (blocking: call it from a worker, best from a task on buildPool()).
    // progress hears how many cases are indexed after each batch.
    //
    // previous: the index of an earlier load of the same run (File ▸ Reload). The texts of the
    // files the loader kept from it (carriedSources) are taken from that index, already folded,
    // instead of being read again; only the texts of files it read anew are read. The result is
    // the index a build from scratch would give, line for line.
    struct Previous
    {
        RunPtr run;
        std::shared_ptr<const SearchIndex> index; // of run
    };
    static std::shared_ptr<const SearchIndex> build(const Run& run, const std::function<bool()>& isCancelled = {},
        const std::function<void(int indexed, int total)>& progress = {}, const Previous& previous = {});

    // Per source of run: whether its texts can be taken from previous's index. True where the
    // loader kept the file from the load before (LoadedFile::kept: TextStore::isUnchanged said
    // so) and previous lists the same file (path, size, times) at the same place.
    static std::vector<bool> carriedSources(const Run& previous, const Run& run);

    // Where indexes are built: WorkPools::background(), so that the seconds a 10,000-case run's
    // build takes never hold the pool where a case is read and a diff computed, nor Qt's global
    // pool, where Qt 6.4 splits the window's image work while it paints (with the build there,
    // repaints waited 70 ms for 3 ms of work).
    static QThreadPool* buildPool();

    // Runs fn on buildPool() with its thread at a lower priority (nice BuildNice on Linux), as every
    // task of the build does: on 2 cores the build's threads otherwise share the CPU evenly with
    // the UI thread while the window paints its first case and opens the next ones. A thread that
    // waits for the future may run fn itself and is lowered too, unless it is the main thread.
    template<typename Fn>
    static auto runOnBuildPool(Fn fn)
    {
        return QtConcurrent::run(buildPool(), [fn = std::move(fn)]() mutable {
            lowerThreadPriority();
            return fn();
        });
    }

    static constexpr int BuildNice = 10; // the CFS gives a nice-0 thread ~9x the CPU of a nice-10 one

private:
    // WorkPools::runParts on buildPool(), each part at the build's priority.
    static void runParts(int count, const std::function<void(int part)>& work);
    static void lowerThreadPriority();

public:
    // Whether search() answers query: plain text (not a regular expression) of one line, not the
    // Metadata scope.
    static bool canAnswer(const SearchQuery& query);

    // The same answer as searchCases(run, query) for a query canAnswer() accepts; run must be the
    // run the index was built from. nullopt once isCancelled says yes.
    std::optional<QSet<QString>> search(const Run& run, const SearchQuery& query, const std::function<bool()>& isCancelled = {}) const;

    // text case-folded code point by code point (QChar::toCaseFolded), as UTF-8.
    static QByteArray fold(QStringView text);

    int caseCount() const { return int(m_caseStart.size()) - 1; }
    int lineCount() const { return int(m_lineStart.size()) - 1; }
    qint64 lineBytes() const { return qint64(m_lines.size()); } // the distinct folded lines, UTF-8, each with its \n
    qint64 lineRefs() const { return qint64(m_refs.size()); } // lines of all distinct texts
    qint64 memoryBytes() const; // everything the index holds
    // What the build read: texts read from each source of the run (by source index), and texts
    // taken from the previous index instead.
    const std::vector<qint64>& textsRead() const { return m_textsRead; }
    qint64 textsCarried() const { return m_textsCarried; }
    std::string_view line(int i) const // without its \n
    {
        return std::string_view(m_lines.data() + m_lineStart[size_t(i)], size_t(m_lineStart[size_t(i) + 1] - m_lineStart[size_t(i)] - 1));
    }

private:
    SearchIndex() = default;
    struct Builder;
    struct Carry;
    friend struct Carry;

    // The cases that may hold needle (a bit per case): those with all its trigrams.
    std::vector<quint64> candidates(const QByteArray& needle) const;

    // One text of a case: its lines (m_refs[first], ... count of them), and the scopes it is
    // searched in (bit int(scope); bit 0, Everything's, marks texts only Everything looks at:
    // filename, metadata, oneshot).
    struct Entry
    {
        quint32 first;
        quint32 count;
        quint8 scopes;
        bool invalidUtf16; // the text was not valid UTF-16 (its case is confirmed by the old path)
    };
    // Which entry holds the text of each field a TextRef points to (-1: the text was empty or
    // could not be read), so that a later build can take it over when the file did not change.
    struct FieldText
    {
        qint64 offset;
        qint64 length;
        qint32 source;
        qint32 entry;
    };
    QByteArray foldedText(const Entry& entry) const; // its lines joined again

    std::string m_lines; // the distinct folded lines, each followed by \n
    std::vector<quint64> m_lineStart{0}; // line i: [m_lineStart[i], m_lineStart[i + 1] - 1) of m_lines
    std::vector<quint32> m_refs; // the distinct texts of all cases, as line numbers
    std::vector<Entry> m_entries;
    std::vector<quint32> m_caseStart{0}; // case i's entries: [m_caseStart[i], m_caseStart[i + 1])
    // Trigram signatures, a block of SignatureBits words per 64 cases: word b of block w has bit
    // c % 64 set for each case c = 64 w + c % 64 with a trigram that hashes to b, in any of its
    // texts. Case-major, so the build writes only the blocks of the cases it has indexed: memory
    // grows with the build instead of being taken whole when it starts.
    std::vector<quint64> m_signature;
    size_t m_caseWords = 0;
    std::vector<bool> m_verify; // cases with a text folding cannot stand for (invalid UTF-16): always confirmed
    std::vector<FieldText> m_fieldTexts;
    std::vector<qint64> m_textsRead;
    qint64 m_textsCarried = 0;
};

} // namespace krw
