// SPDX-License-Identifier: MIT
//
// Search speed on a run: loads RUN_DIR, builds its SearchIndex (time, size, resident memory
// growth), then searches ~50 queries typed the way a user types them (growing prefixes of
// identifiers found in the run's code, words of its instructions, a case name, a miss), in the
// Everything scope, plain text, case-insensitive, as the search box sends them. Each query is
// run REPEAT times; search_p95_ms is the p95 over every run of every query (a keystroke runs its
// query once, so a slow run counts, not only a query's typical time); the medians are shown too. Also times the
// other scopes, case-sensitive and regex queries, the old path (searchCases) on a few queries,
// and four substring searchers over the index's lines (why memmem).
// Usage: bench_search RUN_DIR [REPEAT=5]. Not a test: numbers are quoted in notes, not asserted.
#include "benchsupport.h"
#include "models/browse/casesearch.h"
#include "models/browse/searchindex.h"
#include "models/run/textstore.h"

#include <QByteArrayMatcher>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QTextStream>

#include <algorithm>
#include <cstring>
#include <functional>
#include <string_view>

using namespace krw;
using bench::percentile;

namespace {

double lastCpuMs = 0; // of the median run of the last medianMs
std::vector<double>* allRuns = nullptr; // when set, medianMs adds every run's wall time to it

double medianMs(int repeat, const std::function<void()>& work)
{
    std::vector<std::pair<double, double>> times; // wall, cpu
    for (int i = 0; i < repeat; ++i) {
        QElapsedTimer t;
        const double cpu = bench::processCpuMs();
        t.start();
        work();
        times.emplace_back(double(t.nsecsElapsed()) / 1e6, bench::processCpuMs() - cpu);
        if (allRuns)
            allRuns->push_back(times.back().first);
    }
    std::sort(times.begin(), times.end());
    lastCpuMs = times[times.size() / 2].second;
    return times[times.size() / 2].first;
}

// Identifiers and words of a few cases, picked the same way on every run of the same data.
QStringList wordsOf(const Run& run, const TextRef& ref, const QRegularExpression& pattern, int count)
{
    QStringList words;
    const QString text = TextStore::resolveOrEmpty(*run.sources, ref);
    auto it = pattern.globalMatch(text);
    while (it.hasNext() && words.size() < count) {
        const QString w = it.next().captured();
        if (!words.contains(w))
            words << w;
    }
    return words;
}

// Growing prefixes, as the debounce lets them through while someone types.
void addPrefixes(QStringList& queries, const QString& word)
{
    for (int n : {3, 5, 8, 12})
        if (n < word.size())
            queries << word.left(n);
    queries << word;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QTextStream& out = bench::out();
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        QTextStream(stderr) << "usage: bench_search RUN_DIR [REPEAT]\n";
        return 2;
    }
    const int repeat = args.size() > 2 ? std::max(1, args.at(2).toInt()) : 5;

    QElapsedTimer timer;
    timer.start();
    const auto run = bench::loadRun(QStringLiteral("bench_search"), args.at(1));
    if (!run)
        return 1;
    out << "run: " << args.at(1) << ", " << run->cases.size() << " cases, loaded in " << timer.elapsed() << " ms\n";

    const double rssBefore = bench::rssMb();
    timer.restart();
    const auto index = SearchIndex::build(*run);
    const double indexS = double(timer.elapsed()) / 1000;
    const double indexMb = double(index->memoryBytes()) / 1e6;
    out << "index: " << indexS << " s, " << index->lineCount() << " distinct lines, " << double(index->lineBytes()) / 1e6
        << " MB of folded lines, " << index->lineRefs() << " lines in all texts, " << indexMb << " MB in all; resident memory grew by "
        << bench::rssMb() - rssBefore << " MB\n";

    // The queries: identifiers from the code of three cases, words from their instructions.
    const QRegularExpression identifier(QStringLiteral("\\b[A-Za-z_][A-Za-z0-9_]{9,}\\b"));
    const QRegularExpression word(QStringLiteral("\\b[A-Za-z]{6,}\\b"));
    QStringList queries;
    const int n = int(run->cases.size());
    for (const int c : {n / 7, n / 2, n - 1}) {
        const IterationRecord& r = run->cases.at(c).newest();
        for (const QString& id : wordsOf(*run, r.predict, identifier, 2))
            addPrefixes(queries, id);
        for (const QString& w : wordsOf(*run, r.instruction, word, 2))
            addPrefixes(queries, w);
    }
    addPrefixes(queries, run->cases.at(n / 3).filename);
    addPrefixes(queries, QStringLiteral("zqxjvkw_not_in_any_case"));
    queries.removeDuplicates();

    std::vector<double> times; // each query's median
    std::vector<double> cpuTimes;
    std::vector<double> everyRun; // every run of every query: a keystroke runs its query once
    allRuns = &everyRun;
    for (const QString& q : std::as_const(queries)) {
        const SearchQuery query{q, SearchScope::Everything, false, false};
        int found = 0;
        const double ms = medianMs(repeat, [&] { found = int(index->search(*run, query)->size()); });
        times.push_back(ms);
        cpuTimes.push_back(lastCpuMs);
        out << QStringLiteral("  %1 ms (cpu %2 ms)  %3 cases  \"%4\"\n").arg(ms, 7, 'f', 2).arg(lastCpuMs, 6, 'f', 1).arg(found, 6).arg(q);
    }
    allRuns = nullptr;
    const bench::Stats overRuns = bench::stats(everyRun);
    out << queries.size() << " queries, Everything scope, plain, case-insensitive, " << repeat << " runs each: over all " << overRuns.count
        << " runs p50 " << overRuns.p50 << " ms, p95 " << overRuns.p95 << " ms, max " << overRuns.max
        << " ms; over the queries' medians p50 " << percentile(times, 0.5) << " ms, p95 " << percentile(times, 0.95)
        << " ms; CPU time of all threads (medians): p50 " << percentile(cpuTimes, 0.5) << " ms, p95 " << percentile(cpuTimes, 0.95)
        << " ms\n";

    // The other ways to search, one query each.
    const QString probe = queries.at(queries.size() / 2);
    const auto timeOne = [&](const QString& what, const SearchQuery& query, bool old) {
        int found = 0;
        const double ms = medianMs(old ? 1 : repeat,
            [&] { found = int((old || !SearchIndex::canAnswer(query) ? searchCases(*run, query) : index->search(*run, query))->size()); });
        out << QStringLiteral("  %1 ms  %2 cases  %3 \"%4\"\n").arg(ms, 9, 'f', 2).arg(found, 6).arg(what, query.text);
    };
    out << "other queries:\n";
    timeOne(QStringLiteral("Code scope"), {probe, SearchScope::Code, false, false}, false);
    timeOne(QStringLiteral("Errors scope"), {probe, SearchScope::Errors, false, false}, false);
    timeOne(QStringLiteral("case-sensitive, Everything"), {probe, SearchScope::Everything, false, true}, false);
    timeOne(QStringLiteral("old path, case-sensitive"), {probe, SearchScope::Everything, false, true}, true);
    timeOne(QStringLiteral("old path, Everything (miss)"), {queries.constLast(), SearchScope::Everything, false, false}, true);
    timeOne(QStringLiteral("regex (old path), Everything"), {probe + QStringLiteral(".*"), SearchScope::Everything, true, false}, true);

    // Substring searchers over the index's lines as one haystack (the sweep the index does): every
    // occurrence counted, the needle a miss and a word.
    const std::string_view all(index->line(0).data(), size_t(index->lineBytes()));
    out << "searchers over the " << index->lineCount() << " distinct lines, " << double(all.size()) / 1e6 << " MB (single thread):\n";
    for (const QString& q : {queries.constLast(), probe}) {
        const QByteArray needle = SearchIndex::fold(q);
        const std::string_view nv(needle.constData(), size_t(needle.size()));
        int hits = 0;
        const double memmemMs = medianMs(repeat, [&] {
            hits = 0;
            for (const char* at = all.data(); const void* found = memmem(at, size_t(all.data() + all.size() - at), nv.data(), nv.size());) {
                ++hits;
                at = static_cast<const char*>(found) + 1;
            }
        });
        const std::boyer_moore_horspool_searcher bmh(nv.begin(), nv.end());
        const double bmhMs = medianMs(repeat, [&] {
            hits = 0;
            for (auto at = all.begin(); (at = std::search(at, all.end(), bmh)) != all.end(); ++at)
                ++hits;
        });
        const QByteArrayMatcher matcher(needle);
        const double qbamMs = medianMs(repeat, [&] {
            hits = 0;
            for (int at = 0; (at = int(matcher.indexIn(all.data(), int(all.size()), at))) >= 0; ++at)
                ++hits;
        });
        const double svMs = medianMs(repeat, [&] {
            hits = 0;
            for (size_t at = 0; (at = all.find(nv, at)) != std::string_view::npos; ++at)
                ++hits;
        });
        out << QStringLiteral("  \"%1\" (%2 times): memmem %3 ms, boyer_moore_horspool %4 ms, QByteArrayMatcher %5 ms, "
                              "string_view::find %6 ms\n")
                   .arg(q)
                   .arg(hits)
                   .arg(memmemMs, 0, 'f', 1)
                   .arg(bmhMs, 0, 'f', 1)
                   .arg(qbamMs, 0, 'f', 1)
                   .arg(svMs, 0, 'f', 1);
    }

    bench::result(QStringLiteral("search_p95_ms"), overRuns.p95, QStringLiteral("ms"), 2);
    bench::result(QStringLiteral("search_index_s"), indexS, QStringLiteral("s"));
    bench::result(QStringLiteral("search_index_mb"), indexMb, QStringLiteral("MB"));
    return 0;
}
