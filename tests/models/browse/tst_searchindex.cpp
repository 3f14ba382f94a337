// SPDX-License-Identifier: MIT
//
// SearchIndex (models/browse/searchindex.h): the indexed search gives the same cases as the old
// path (searchCases) on the sample, tests/data/series and tests/data/hostile, for queries taken
// from the runs' own texts in every scope, both cases, with non-ASCII letters; its case folding
// agrees with QRegularExpression's caseless matching for every character that has a case; and
// CaseSearchJob replaces (and cancels) the index when the run changes or is reloaded.
#include "browse/casesearch.h"
#include "browse/casesearchjob.h"
#include "browse/searchindex.h"
#include "run/runloader.h"
#include "run/textstore.h"
#include "workertests.h"

#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <map>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <unistd.h>
#endif

using namespace krw;
using namespace krw::test;

namespace {

QStringList sorted(const QSet<QString>& names)
{
    QStringList list(names.cbegin(), names.cend());
    list.sort();
    return list;
}

RunPtr load(const QString& path)
{
    QString error;
    auto run = std::make_shared<const Run>(loadRunAtPath(path, {}, &error));
    if (!error.isEmpty())
        qWarning("cannot load %s: %s", qPrintable(path), qPrintable(error));
    return run;
}

QString runPath(const QString& which)
{
    if (which == QLatin1String("sample"))
        return QStringLiteral(KRW_SAMPLE_RUN_DIR);
    return QStringLiteral(KRW_TEST_DATA_DIR "/") + which;
}

// Pieces of the run's own texts (so most of them match somewhere), in the case they have, upper
// and lower-cased, plus letters whose case folding is special and a miss.
QStringList queriesFor(const Run& run)
{
    QStringList queries{
        QStringLiteral("ß"), // folds to itself; ẞ (U+1E9E) folds to it; "ss" must not match it
        QStringLiteral("SS"),
        QStringLiteral("ẞ"),
        QStringLiteral("\u212A"), // KELVIN SIGN folds to k
        QStringLiteral("k"),
        QStringLiteral("\u017F"), // LONG S folds to s
        QStringLiteral("Σ"),
        QStringLiteral("ς"),
        QStringLiteral("İ"), // no simple folding: matches only itself
        QStringLiteral("ı"),
        QStringLiteral("É"),
        QStringLiteral("ǅ"), // title case, one of three
        QStringLiteral("\U0001F680"), // outside the BMP: a surrogate pair
        QStringLiteral("\U00010428"), // DESERET SMALL LONG I, whose capital is U+10400
        QStringLiteral("µ"), // MICRO SIGN folds to Greek mu
        QStringLiteral("the"),
        QStringLiteral("xyzzy-nowhere"),
    };
    QRandomGenerator random(12); // the same queries every time
    for (const Case& c : run.cases) {
        queries << c.filename << c.filename.toUpper();
        const IterationRecord& r = c.newest();
        QVector<TextRef> refs{r.instruction, r.predict, r.testCode, r.label};
        if (r.memory)
            refs << r.memory->callError << r.memory->exeError << r.memory->reflection << r.memory->oneshot;
        for (const TextRef& ref : refs) {
            const QString text = TextStore::resolveOrEmpty(*run.sources, ref);
            if (text.size() < 4)
                continue;
            for (const int length : {2, 5, 12}) {
                const int at = int(random.bounded(qMax(1, int(text.size()) - length)));
                const QString piece = text.mid(at, length);
                if (piece.trimmed().isEmpty() || (at > 0 && text.at(at).isLowSurrogate()))
                    continue;
                queries << piece << piece.toUpper() << piece.toLower();
            }
        }
    }
    queries.removeDuplicates();
    return queries;
}

// Every character with a case mapping of its own, and the strings all of them.
std::vector<uint> casedCodePoints()
{
    std::vector<uint> points;
    for (uint c = 0; c <= 0x10FFFF; ++c) {
        if (c >= 0xD800 && c <= 0xDFFF)
            continue;
        if (QChar::toCaseFolded(c) != c || QChar::toLower(c) != c || QChar::toUpper(c) != c || QChar::toTitleCase(c) != c)
            points.push_back(c);
    }
    return points;
}

QString fromUcs4(uint c)
{
    const char32_t one[] = {char32_t(c)};
    return QString::fromUcs4(one, 1);
}

} // namespace

class TestSearchIndex : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qRegisterMetaType<krw::SearchQuery>();
        qRegisterMetaType<QSet<QString>>();
    }

    void cleanup()
    {
        settle(); // no test leaves work behind for the next one
    }

    // For each run, every query in every scope but Metadata (which the index does not answer),
    // both cases: the index finds exactly what searchCases finds.
    void sameAsTheOldPath_data()
    {
        QTest::addColumn<QString>("which");
        QTest::addRow("sample") << QStringLiteral("sample");
        QTest::addRow("series") << QStringLiteral("series");
        QTest::addRow("hostile") << QStringLiteral("hostile");
    }

    void sameAsTheOldPath()
    {
        QFETCH(QString, which);
        const RunPtr run = load(runPath(which));
        QVERIFY(!run->cases.isEmpty());
        const auto index = SearchIndex::build(*run);
        QVERIFY(index);
        QCOMPARE(index->caseCount(), run->cases.size());
        const QStringList queries = queriesFor(*run);
        QVERIFY(queries.size() > 40);
        const SearchScope scopes[] = {SearchScope::Everything, SearchScope::Errors, SearchScope::Instruction, SearchScope::Code,
            SearchScope::Label, SearchScope::TestCode, SearchScope::Reflection};
        int compared = 0;
        int someButNotAll = 0; // queries that tell cases apart, so agreeing means something
        for (const QString& text : queries) {
            for (const SearchScope scope : scopes) {
                for (const bool caseSensitive : {false, true}) {
                    const SearchQuery query{text, scope, false, caseSensitive};
                    if (!SearchIndex::canAnswer(query)) {
                        QVERIFY(text.contains(QLatin1Char('\n'))); // the only plain text it leaves to searchCases
                        continue;
                    }
                    const auto expected = searchCases(*run, query);
                    const auto actual = index->search(*run, query);
                    QVERIFY(expected && actual);
                    if (*actual != *expected)
                        QFAIL(
                            qPrintable(QStringLiteral("\"%1\" in scope %2%3: index found [%4], searchCases [%5]")
                                           .arg(text, scopeTitle(scope), caseSensitive ? QStringLiteral(", case-sensitive") : QString(),
                                               sorted(*actual).join(QStringLiteral(", ")), sorted(*expected).join(QStringLiteral(", ")))));
                    ++compared;
                    if (!expected->isEmpty() && expected->size() < run->cases.size())
                        ++someButNotAll;
                }
            }
        }
        qInfo("%s: %d searches compared, %d of them matched some cases but not all", qPrintable(which), compared, someButNotAll);
        QVERIFY(someButNotAll >= 20);
    }

    // Regular expressions and the Metadata scope are left to searchCases.
    void answersPlainTextOnly()
    {
        QVERIFY(SearchIndex::canAnswer({QStringLiteral("x"), SearchScope::Everything, false, false}));
        QVERIFY(SearchIndex::canAnswer({QStringLiteral("x"), SearchScope::Code, false, true}));
        QVERIFY(!SearchIndex::canAnswer({QStringLiteral("x"), SearchScope::Everything, true, false}));
        QVERIFY(!SearchIndex::canAnswer({QStringLiteral("k=v"), SearchScope::Metadata, false, false}));
        QVERIFY(!SearchIndex::canAnswer({QStringLiteral("two\nlines"), SearchScope::Everything, false, false}));
    }

    // Two characters match each other caselessly in QRegularExpression (PCRE2) exactly when
    // they fold to the same text: checked for every character that has a case mapping, against
    // every character (one regular expression per folded form, over a string of all of them).
    void foldingAgreesWithCaselessRegex()
    {
        const std::vector<uint> cased = casedCodePoints();
        QVERIFY(cased.size() > 2000);
        std::map<QByteArray, std::vector<uint>> classes; // folded form -> the characters with it
        for (const uint c : cased)
            classes[SearchIndex::fold(fromUcs4(c))].push_back(c);
        QString all; // every character but the surrogates, one after the other
        std::vector<uint> at; // the character at each UTF-16 position a match can start
        for (uint c = 0; c <= 0x10FFFF; ++c) {
            if (c >= 0xD800 && c <= 0xDFFF)
                continue;
            at.resize(size_t(all.size()) + 1, 0);
            at[size_t(all.size())] = c;
            all += fromUcs4(c);
        }
        for (const auto& [folded, members] : classes) {
            const QRegularExpression caseless(
                QRegularExpression::escape(fromUcs4(members.front())), QRegularExpression::CaseInsensitiveOption);
            std::vector<uint> matched;
            auto it = caseless.globalMatch(all);
            while (it.hasNext())
                matched.push_back(at[size_t(it.next().capturedStart())]);
            // The class and its folded form (which may have no mapping of its own): every other
            // character folds to itself, alone.
            std::vector<uint> expected = members;
            const auto self = QString::fromUtf8(folded).toUcs4();
            if (self.size() == 1 && std::find(expected.begin(), expected.end(), uint(self.front())) == expected.end())
                expected.push_back(self.front());
            std::sort(expected.begin(), expected.end());
            if (matched != expected) {
                QStringList m, e;
                for (const uint c : matched)
                    m << QString::number(c, 16);
                for (const uint c : expected)
                    e << QString::number(c, 16);
                QFAIL(qPrintable(QStringLiteral("U+%1: the regex matches [%2], folding groups [%3]")
                                     .arg(QString::number(members.front(), 16), m.join(QLatin1Char(' ')), e.join(QLatin1Char(' ')))));
            }
        }
    }

    // The job indexes the run it is given; another run cancels that build and is indexed instead;
    // the same run reloaded (a new RunPtr) is indexed again. Searches then use the index.
    void replacedWhenTheRunChanges()
    {
        const RunPtr sample = load(runPath(QStringLiteral("sample")));
        const RunPtr series = load(runPath(QStringLiteral("series")));
        CaseSearchJob job;
        QSignalSpy ready(&job, &CaseSearchJob::indexReady);
        {
            PoolBlocker blocker; // the sample's build cannot start before the run changes
            if (!blocker.holding())
                return;
            job.setRun(sample);
            QVERIFY(job.isIndexing());
            job.setRun(series);
        }
        if (!waitForSignals(ready, 1, "indexReady") || !settle())
            return;
        QCOMPARE(ready.count(), 1); // the sample's build was cancelled: it never reports
        QVERIFY(!job.isIndexing());
        QVERIFY(!job.indexFor(sample));
        const auto index = job.indexFor(series);
        QVERIFY(index);
        QCOMPARE(index->caseCount(), series->cases.size());

        // A search now answers from the index, with the old path's result.
        QSignalSpy finished(&job, &CaseSearchJob::finished);
        const SearchQuery query{series->cases.first().filename, SearchScope::Everything, false, false};
        job.start(series, query);
        if (!waitForSignals(finished, 1, "finished"))
            return;
        QCOMPARE(sorted(finished.first().at(0).value<QSet<QString>>()), sorted(*searchCases(*series, query)));

        // Reloading gives a new Run: its index is built anew, the old one is no longer used.
        const RunPtr reloaded = load(runPath(QStringLiteral("series")));
        job.setRun(reloaded);
        QVERIFY(job.isIndexing());
        QVERIFY(!job.indexFor(series));
        QVERIFY(!job.indexFor(reloaded));
        if (!waitForSignals(ready, 2, "indexReady") || !settle())
            return;
        QVERIFY(job.indexFor(reloaded));
        QVERIFY(job.indexFor(reloaded) != index);

        // The same run again keeps its index; no run drops it.
        job.setRun(reloaded);
        QVERIFY(!job.isIndexing());
        job.setRun(nullptr);
        QVERIFY(!job.indexFor(reloaded));
        if (!settle())
            return;
        QCOMPARE(ready.count(), 2);
    }

    // A case whose texts could not be read while the index was built (here: its files were gone)
    // is not indexed as empty: each search reads it again, and finds it once it reads. (Before, the
    // read error was dropped and the case missed every search of the session.)
    void aTextThatFailedToReadIsSearchedByReading()
    {
        const RunPtr run = load(runPath(QStringLiteral("series")));
        QVERIFY(!run->cases.isEmpty());
        const Case& target = run->cases.first();
        const IterationRecord* it = nullptr;
        for (const IterationRecord& r : target.history) {
            if (r.predict.hasContent())
                it = &r;
        }
        QVERIFY(it);
        const QString text = TextStore::resolve(*run->sources, it->predict).text;
        // A line of this case's prediction; the build cannot read any file.
        Run broken = *run;
        auto sources = std::make_shared<SourceTable>(*run->sources);
        for (SourceFile& source : *sources)
            source.path += QStringLiteral(".gone");
        broken.sources = sources;
        const auto index = SearchIndex::build(broken);
        QVERIFY(index);
        QString piece;
        for (const QString& line : text.split(QLatin1Char('\n'))) {
            if (line.trimmed().size() > piece.size())
                piece = line.trimmed();
        }
        const SearchQuery query{piece, SearchScope::Code, false, false};
        QVERIFY(SearchIndex::canAnswer(query));
        const auto expected = searchCases(*run, query);
        QVERIFY(expected && expected->contains(target.filename));
        const auto actual = index->search(*run, query);
        QVERIFY(actual);
        QCOMPARE(sorted(*actual), sorted(*expected));
    }

    // A build cancelled part-way gives no index.
    void cancelledBuildGivesNothing()
    {
        const RunPtr run = load(runPath(QStringLiteral("hostile")));
        QVERIFY(!SearchIndex::build(*run, [] { return true; }));
    }

#ifdef Q_OS_LINUX
    // The index build runs below the window's priority (docs/PERFORMANCE.md): every task started
    // through runOnBuildPool, however many queue up; the thread that starts them is left as it was.
    void buildTasksRunBelowTheWindow()
    {
        const auto niceOfThisThread = [] { return getpriority(PRIO_PROCESS, id_t(gettid())); };
        const int mine = niceOfThisThread();
        QCOMPARE(SearchIndex::runOnBuildPool(niceOfThisThread).result(), std::max(mine, int(SearchIndex::BuildNice)));
        // Many more tasks than threads: each thread of the pool is lowered before it runs one.
        QVector<QFuture<int>> tasks;
        for (int i = 0; i < 64; ++i)
            tasks.append(SearchIndex::runOnBuildPool(niceOfThisThread));
        for (QFuture<int>& task : tasks)
            QVERIFY(task.result() >= SearchIndex::BuildNice);
        QCOMPARE(niceOfThisThread(), mine);
    }
#endif
};

QTEST_GUILESS_MAIN(TestSearchIndex)
#include "tst_searchindex.moc"
