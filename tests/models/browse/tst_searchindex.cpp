// SPDX-License-Identifier: MIT
//
// SearchIndex (models/browse/searchindex.h): the indexed search gives the same cases as the old
// path (searchCases) on the sample, tests/data/series and tests/data/hostile, for queries taken
// from the runs' own texts in every scope, both cases, with non-ASCII letters; its case folding
// agrees with QRegularExpression's caseless matching for every character that has a case; and
// CaseSearchJob replaces (and cancels) the index when the run changes or is reloaded. A reload
// with one file changed reads only that file's texts and gives the index a fresh build gives.
#include "models/browse/casesearch.h"
#include "models/browse/casesearchjob.h"
#include "models/browse/searchindex.h"
#include "models/run/loadedfiles.h"
#include "models/run/runloader.h"
#include "models/run/runlocator.h"
#include "models/run/textstore.h"
#include "sortednames.h"
#include "workertests.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <map>
#include <stdexcept>
#include <string>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <unistd.h>
#endif

using namespace krw;
using namespace krw::test;

namespace {

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

// A generated series run: iterations of JSONL and memory files with texts of a few lines from a
// small vocabulary (so lines repeat across cases, as code does), some non-ASCII. seed picks the
// texts; cases [firstCase, firstCase + cases) are written.
QString words(QRandomGenerator& random, int lines)
{
    static const QStringList vocabulary{QStringLiteral("tl.load"), QStringLiteral("BLOCK_SIZE"), QStringLiteral("mask"),
        QStringLiteral("Ärger"), QStringLiteral("straße"), QStringLiteral("offs"), QStringLiteral("def kernel"), QStringLiteral("return"),
        QStringLiteral("ΣΑΣ"), QStringLiteral("x = y + 1"), QStringLiteral("tl.store"), QStringLiteral("pid")};
    QStringList out;
    for (int l = 0; l < lines; ++l) {
        QStringList line;
        for (int w = 0; w < 1 + int(random.bounded(5)); ++w)
            line << vocabulary.at(int(random.bounded(int(vocabulary.size()))));
        out << line.join(QLatin1Char(' '));
    }
    return out.join(QLatin1Char('\n'));
}

void writeJsonl(const QString& path, int iteration, int firstCase, int cases, quint32 seed)
{
    QRandomGenerator random(seed);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    for (int c = firstCase; c < firstCase + cases; ++c) {
        QJsonObject line{{QStringLiteral("filename"), QStringLiteral("case_%1.py").arg(c)},
            {QStringLiteral("instruction"), words(random, 2)}, {QStringLiteral("label"), words(random, 6)},
            {QStringLiteral("predict"), words(random, 8 + iteration)}, {QStringLiteral("test_code"), words(random, 4)},
            {QStringLiteral("speedup"), double(random.bounded(300)) / 100}, {QStringLiteral("note"), words(random, 1)}};
        file.write(QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n');
    }
}

void writeMemory(const QString& path, int firstCase, int cases, quint32 seed)
{
    QRandomGenerator random(seed);
    QJsonObject memory;
    for (int c = firstCase; c < firstCase + cases; ++c) {
        const bool passCall = random.bounded(3) > 0;
        memory.insert(QStringLiteral("case_%1.py").arg(c),
            QJsonObject{{QStringLiteral("pass_call"), passCall}, {QStringLiteral("pass_exe"), passCall && random.bounded(2) > 0},
                {QStringLiteral("pass_perf"), false},
                {QStringLiteral("call_err_msg"), passCall ? QStringLiteral("None") : words(random, 3)},
                {QStringLiteral("exe_err_msg"), words(random, 2)}, {QStringLiteral("call_candidate"), words(random, 5)},
                {QStringLiteral("exe_candidate"), words(random, 5)}, {QStringLiteral("reflection"), words(random, 3)},
                {QStringLiteral("oneshot"), words(random, 2)}, {QStringLiteral("temp_strategy"), words(random, 1)}});
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(QJsonDocument(memory).toJson(QJsonDocument::Indented));
}

// A file rewritten a moment later than the load before: moved on by a second, so that even a
// file system with coarse times sees the change.
void markChanged(const QString& path)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(5), QFileDevice::FileModificationTime));
}

RunSource locate(const QString& dir)
{
    const LocateResult located = locateRuns(dir);
    if (located.runs.isEmpty())
        return {};
    return located.runs.front();
}

qint64 sum(const std::vector<qint64>& counts)
{
    qint64 total = 0;
    for (const qint64 n : counts)
        total += n;
    return total;
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
            PoolBlocker blocker(SearchIndex::buildPool()); // the sample's build cannot start before the run changes
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

    // File ▸ Reload with one file of a generated series run changed: the new index reads the
    // texts of that file only, takes the others from the old index, and is the index a build
    // from scratch gives (the same lines, in the same order), so every search answers the same.
    void reloadReadsOnlyTheChangedFile_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addRow("memory file rewritten") << QStringLiteral("memory");
        QTest::addRow("JSONL file: cases removed and added") << QStringLiteral("jsonl");
        QTest::addRow("last memory file removed") << QStringLiteral("removed");
        QTest::addRow("nothing changed") << QStringLiteral("none");
    }

    void reloadReadsOnlyTheChangedFile()
    {
        QFETCH(QString, change);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto path = [&dir](const QString& name) { return dir.filePath(name); };
        constexpr int Cases = 120;
        for (int it = 0; it < 3; ++it) {
            writeJsonl(path(QStringLiteral("gen_%1.jsonl").arg(it)), it, 0, Cases, quint32(10 + it));
            writeMemory(path(QStringLiteral("gen_mem_%1.json").arg(it)), 0, Cases, quint32(20 + it));
        }
        const RunSource source = locate(dir.path());
        QCOMPARE(int(source.jsonlByIteration.size()), 3);
        const auto before = std::make_shared<const Run>(loadRun(source));
        QCOMPARE(int(before->cases.size()), Cases);
        const auto oldIndex = SearchIndex::build(*before);
        QVERIFY(oldIndex);
        QCOMPARE(oldIndex->textsCarried(), qint64(0));

        QString changed; // the file read again
        if (change == QLatin1String("memory")) {
            changed = path(QStringLiteral("gen_mem_1.json"));
            writeMemory(changed, 0, Cases, 99);
        } else if (change == QLatin1String("jsonl")) {
            changed = path(QStringLiteral("gen_0.jsonl"));
            writeJsonl(changed, 0, 7, Cases, 98); // cases 0-6 gone from it, 120-126 new
        } else if (change == QLatin1String("removed")) {
            QVERIFY(QFile::remove(path(QStringLiteral("gen_mem_2.json"))));
        }
        if (!changed.isEmpty())
            markChanged(changed);
        const RunSource again = locate(dir.path());
        const auto after = std::make_shared<const Run>(loadRun(again, {}, {}, before.get()));
        QCOMPARE(after->loadedFiles->read, changed.isEmpty() ? 0 : 1);
        // A case whose JSONL line is gone stays, from its memory entries; the new ones come.
        QCOMPARE(int(after->cases.size()), change == QLatin1String("jsonl") ? Cases + 7 : Cases);

        const auto carried = SearchIndex::build(*after, {}, {}, {before, oldIndex});
        const auto fresh = SearchIndex::build(*after);
        QVERIFY(carried && fresh);
        const std::vector<bool> kept = SearchIndex::carriedSources(*before, *after);
        QCOMPARE(int(kept.size()), int(after->sources->size()));
        for (int s = 0; s < after->sources->size(); ++s) {
            const bool isChanged = after->sources->at(s).path == changed;
            QCOMPARE(bool(kept[size_t(s)]), !isChanged);
            // Texts are read from the changed file only, all of them (as many as a fresh build reads).
            if (isChanged) {
                QVERIFY(carried->textsRead()[size_t(s)] > 0);
                QCOMPARE(carried->textsRead()[size_t(s)], fresh->textsRead()[size_t(s)]);
            } else {
                QCOMPARE(carried->textsRead()[size_t(s)], qint64(0));
            }
        }
        QVERIFY(carried->textsCarried() > 0);
        QCOMPARE(carried->textsCarried() + sum(carried->textsRead()), sum(fresh->textsRead()));

        // The same index as a fresh build: the same distinct lines in the same order, the same texts.
        QCOMPARE(carried->caseCount(), fresh->caseCount());
        QCOMPARE(carried->lineCount(), fresh->lineCount());
        QCOMPARE(carried->lineRefs(), fresh->lineRefs());
        QCOMPARE(carried->lineBytes(), fresh->lineBytes());
        for (int i = 0; i < fresh->lineCount(); ++i) {
            if (carried->line(i) != fresh->line(i))
                QFAIL(qPrintable(QStringLiteral("line %1 differs").arg(i)));
        }
        // And every search answers the same (words of the old texts that are gone included).
        QStringList queries = queriesFor(*after) + queriesFor(*before);
        queries.removeDuplicates();
        int someButNotAll = 0;
        for (const QString& text : queries) {
            for (const SearchScope scope :
                {SearchScope::Everything, SearchScope::Errors, SearchScope::Code, SearchScope::Reflection, SearchScope::Label}) {
                const SearchQuery query{text, scope, false, false};
                if (!SearchIndex::canAnswer(query))
                    continue;
                const auto expected = fresh->search(*after, query);
                const auto actual = carried->search(*after, query);
                QVERIFY(expected && actual);
                if (*actual != *expected)
                    QFAIL(qPrintable(QStringLiteral("\"%1\" in scope %2: carried index found [%3], fresh [%4]")
                                         .arg(text, scopeTitle(scope), sorted(*actual).join(QStringLiteral(", ")),
                                             sorted(*expected).join(QStringLiteral(", ")))));
                if (!expected->isEmpty() && expected->size() < after->cases.size())
                    ++someButNotAll;
            }
        }
        QVERIFY(someButNotAll >= 20);
    }

    // The job takes the texts of a reload over from the index it has: nothing is read when
    // nothing changed.
    void jobCarriesTheIndexOverOnReload()
    {
        const RunSource source = locate(runPath(QStringLiteral("series")));
        const auto first = std::make_shared<const Run>(loadRun(source));
        CaseSearchJob job;
        QSignalSpy ready(&job, &CaseSearchJob::indexReady);
        job.setRun(first);
        if (!waitForSignals(ready, 1, "indexReady") || !settle())
            return;
        QCOMPARE(job.indexFor(first)->textsCarried(), qint64(0));
        const auto reloaded = std::make_shared<const Run>(loadRun(source, {}, {}, first.get()));
        QCOMPARE(reloaded->loadedFiles->read, 0);
        job.setRun(reloaded);
        if (!waitForSignals(ready, 2, "indexReady") || !settle())
            return;
        const auto index = job.indexFor(reloaded);
        QVERIFY(index);
        QVERIFY(index->textsCarried() > 0);
        QCOMPARE(sum(index->textsRead()), qint64(0));
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
    // The trigram signatures (SignatureBits bits per case, 2 KB) are written batch by batch as the
    // build goes, not taken whole when it starts, when the window has just shown the run: at the
    // first progress report of a 12,800-case build the process has grown by a few of their blocks,
    // not by the 26 MB of all of them (docs/PERFORMANCE.md, "The window's memory until the tree
    // shows"). Every block is still searched: the first, a middle and the last case are found.
    void signaturesGrowWithTheBuild()
    {
        Run run;
        for (int i = 0; i < 12800; ++i) {
            Case c;
            c.filename = QStringLiteral("kernel_%1_of_the_run.py").arg(i, 5, 10, QLatin1Char('0'));
            run.cases.append(c);
        }
        const auto resident = [] {
            QFile statm(QStringLiteral("/proc/self/statm"));
            if (!statm.open(QIODevice::ReadOnly))
                return qint64(-1);
            return statm.readAll().split(' ').value(1).toLongLong() * qint64(::sysconf(_SC_PAGESIZE));
        };
        const qint64 before = resident();
        QVERIFY(before > 0);
        qint64 grownAtFirstReport = -1;
        const auto index = SearchIndex::build(run, {}, [&](int, int) {
            if (grownAtFirstReport < 0)
                grownAtFirstReport = resident() - before;
        });
        QVERIFY(index);
        QVERIFY(grownAtFirstReport >= 0);
        QVERIFY2(grownAtFirstReport < (8 << 20), qPrintable(QStringLiteral("%1 MB").arg(grownAtFirstReport >> 20)));
        for (const int i : {0, 6400, 12799}) {
            const QString name = run.cases.at(i).filename;
            const auto found = index->search(run, {name, SearchScope::Everything, false, false});
            QVERIFY(found);
            QCOMPARE(*found, QSet<QString>{name});
        }
    }

    // The index build runs below the window's priority (docs/PERFORMANCE.md): every task started
    // through runOnBuildPool, however many queue up, and never the main thread, even when it runs a
    // task itself while it waits for the task's future.
    void buildTasksRunBelowTheWindow()
    {
        const auto niceOfThisThread = [] { return getpriority(PRIO_PROCESS, id_t(gettid())); };
        const int mine = niceOfThisThread();
        QVector<QFuture<int>> tasks;
        for (int i = 0; i < 64; ++i)
            tasks.append(SearchIndex::runOnBuildPool(niceOfThisThread));
        SearchIndex::buildPool()->waitForDone(); // every task on a pool thread: none left to steal
        for (QFuture<int>& task : tasks)
            QCOMPARE(task.result(), std::max(mine, int(SearchIndex::BuildNice)));
        // Waiting on queued tasks lets this thread run some of them itself: it stays as it was.
        tasks.clear();
        for (int i = 0; i < 64; ++i)
            tasks.append(SearchIndex::runOnBuildPool(niceOfThisThread));
        for (QFuture<int>& task : tasks)
            task.waitForFinished();
        QCOMPARE(niceOfThisThread(), mine);
    }
#endif
};

QTEST_GUILESS_MAIN(TestSearchIndex)
#include "tst_searchindex.moc"
