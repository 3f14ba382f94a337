// SPDX-License-Identifier: MIT
#include "models/run/loadedfiles.h"
#include "models/run/outcomes.h"
#include "models/run/runloader.h"
#include "models/run/textreader.h"
#include "models/run/textstore.h"
#include "rundump.h"
#include "tooltests.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <cmath>

#ifdef __GLIBC__
#include <malloc.h>
#endif

// AddressSanitizer (the Qt 5 CI build) brings an allocator of its own in place of glibc's.
#if defined(__SANITIZE_ADDRESS__)
#define KRW_GLIBC_MALLOC 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KRW_GLIBC_MALLOC 0
#endif
#endif
#if !defined(KRW_GLIBC_MALLOC) && defined(__GLIBC__)
#define KRW_GLIBC_MALLOC 1
#elif !defined(KRW_GLIBC_MALLOC)
#define KRW_GLIBC_MALLOC 0
#endif

using namespace krw;

namespace {

QString seriesDir()
{
    return QStringLiteral(KRW_TEST_DATA_DIR "/series");
}

QString text(const Run& run, const TextRef& ref)
{
    return TextStore::resolveOrEmpty(*run.sources, ref);
}

const Case& caseNamed(const Run& run, const QString& name)
{
    const int index = run.indexOf(name);
    if (index < 0)
        qFatal("no case %s", qPrintable(name));
    return run.cases.at(index);
}

bool writeFile(const QString& path, const QByteArray& content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

QByteArray goodLine(const QByteArray& name)
{
    return "{\"filename\": \"" + name + "\", \"instruction\": \"i\", \"label\": \"l\", \"predict\": \"p\", \"test_code\": \"t\"}";
}

bool copyDir(const QString& from, const QString& to)
{
    for (const QFileInfo& info : QDir(from).entryInfoList(QDir::Files)) {
        if (!QFile::copy(info.filePath(), QDir(to).filePath(info.fileName())))
            return false;
    }
    return true;
}

} // namespace

class TestRunLoader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void seriesLoadsAllIterations()
    {
        QString error;
        const Run run = loadRunAtPath(seriesDir(), {}, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(run.name, QStringLiteral("mini"));
        QCOMPARE(run.iterations, (QVector<int>{0, 1}));
        QStringList names;
        for (const Case& c : run.cases)
            names << c.filename;
        QCOMPARE(names,
            (QStringList{
                QStringLiteral("a.py"), QStringLiteral("b.py"), QStringLiteral("c.py"), QStringLiteral("d.py"), QStringLiteral("e.py")}));
        QCOMPARE(caseNamed(run, QStringLiteral("a.py")).history.size(), 2);
        QCOMPARE(caseNamed(run, QStringLiteral("d.py")).history.size(), 1);
    }

    void seriesOutcomes()
    {
        const Run run = loadRunAtPath(seriesDir());
        auto check = [&](const char* name, Outcome latest, Stage best) {
            const Case& c = caseNamed(run, QString::fromLatin1(name));
            QCOMPARE(outcomeName(c.latest), outcomeName(latest));
            QCOMPARE(stageName(c.best), stageName(best));
        };
        check("a.py", Outcome::ExeFailed, Stage::Call);
        check("b.py", Outcome::NoPrediction, Stage::None);
        check("c.py", Outcome::Passed, Stage::Perf);
        check("d.py", Outcome::Unknown, Stage::None);
        check("e.py", Outcome::NoPrediction, Stage::Call);
    }

    void seriesWarnsAboutUnjoinedEntries()
    {
        const Run run = loadRunAtPath(seriesDir());
        QStringList messages;
        for (const LoadWarning& w : run.warnings)
            messages << QStringLiteral("%1:%2 %3").arg(QFileInfo(w.file).fileName()).arg(w.line).arg(w.message);
        QCOMPARE(run.warnings.size(), 2);
        QVERIFY2(messages.filter(QStringLiteral("mini_1.jsonl:4 \"d.py\" has no entry in mini_mem_1.json")).size() == 1,
            qPrintable(messages.join(QLatin1Char('\n'))));
        QVERIFY2(
            messages.filter(QStringLiteral("mini_mem_1.json:")).filter(QStringLiteral("\"e.py\" has no line in mini_1.jsonl")).size() == 1,
            qPrintable(messages.join(QLatin1Char('\n'))));
    }

    void textsResolveLazily()
    {
        const Run run = loadRunAtPath(seriesDir());
        const Case& a = caseNamed(run, QStringLiteral("a.py"));
        QCOMPARE(text(run, a.newest().predict), QStringLiteral("#include <x>\nint a2;\n"));
        QCOMPARE(text(run, a.history.first().predict), QStringLiteral("#include <x>\nint a;\n"));
        QCOMPARE(text(run, a.history.first().memory->callError), QStringLiteral("/tmp/a.hip:2:5: error: boom"));
        QVERIFY(!a.newest().memory->callError.isPresent()); // "None" means no error
        QCOMPARE(text(run, a.history.first().memory->tempStrategy), QStringLiteral("Fix **it**"));
        const Case& b = caseNamed(run, QStringLiteral("b.py"));
        QCOMPARE(b.newest().extra.size(), 1);
        QCOMPARE(b.newest().extra.first().key, QStringLiteral("_difficulty"));
        QCOMPARE(b.newest().extra.first().shortValue, QStringLiteral("3"));
    }

    void perfCandidateLayouts()
    {
        const Run run = loadRunAtPath(seriesDir());
        const Case& c = caseNamed(run, QStringLiteral("c.py"));
        const auto& first = c.history.first().memory->perfCandidates;
        QCOMPARE(first.size(), 2);
        QCOMPARE(first[0].layout, PerfCandidate::Layout::SpeedupReflectionProfile);
        QCOMPARE(*first[0].speedup(), 1.5);
        QCOMPARE(text(run, first[0].analysis()), QStringLiteral("## faster"));
        QVERIFY(!first[0].profiling().isPresent());
        QCOMPARE(first[1].items[0].kind, PerfItem::Kind::Numbers);
        QCOMPARE(*first[1].speedup(), 2.0); // lists of per-input numbers are summed
        const auto& second = c.newest().memory->perfCandidates;
        QCOMPARE(second[0].layout, PerfCandidate::Layout::MeanMsEfficiency);
        QCOMPARE(*second[0].meanMs(), 12.5);
        QCOMPARE(*second[0].efficiencyPercent(), 80.0);
        QCOMPARE(second[1].layout, PerfCandidate::Layout::PairAnalysis);
        QCOMPARE(text(run, second[1].analysis()), QStringLiteral("hip layout"));
        QCOMPARE(text(run, second[1].code), QStringLiteral("int c5;\n"));
        QCOMPARE(c.newest().speedup.value_or(0), 1.5);
    }

    // The perf candidates of every case hold just the room they need (docs/PERFORMANCE.md, "The
    // window's memory until the tree shows"): lists grown one append at a time kept up to twice it,
    // 4 MB of the 10,000-case run.
    void perfCandidatesTakeNoSpareRoom()
    {
        const Run run = loadRunAtPath(seriesDir());
        int lists = 0;
        for (const Case& c : run.cases) {
            for (const IterationRecord& r : c.history) {
                if (!r.memory || r.memory->perfCandidates.isEmpty())
                    continue;
                const auto& candidates = r.memory->perfCandidates;
                QCOMPARE(candidates.capacity(), candidates.size());
                for (const PerfCandidate& candidate : candidates) {
                    QCOMPARE(candidate.items.capacity(), candidate.items.size());
                    lists += candidate.items.isEmpty() ? 0 : 1;
                }
            }
        }
        QVERIFY(lists >= 4);
    }

    // After a load, a block over 128 KB is a mapping of its own (given back when freed), even where
    // glibc would have raised its threshold past it (it does so for each mapped block freed, as
    // this test does first with a 4 MB one): what a load's readers free does not stay in their
    // arenas (docs/PERFORMANCE.md, "The window's memory until the tree shows").
    void bigBlocksStayMappedAfterALoad()
    {
#if !KRW_GLIBC_MALLOC
        QSKIP("the allocator is not glibc's (AddressSanitizer's, or another C library's)");
#else
        void* volatile raising = std::malloc(std::size_t(4) << 20); // volatile: not elided with its free
        std::free(raising);
        loadRunAtPath(seriesDir());
        const auto mappedBlocks = [] { return ::mallinfo2().hblks; };
        const std::size_t before = mappedBlocks();
        void* volatile block = std::malloc(std::size_t(1) << 20);
        const std::size_t during = mappedBlocks();
        std::free(block);
        QCOMPARE(during, before + 1);
#endif
    }

    void anyFileOfSeriesFindsSiblings()
    {
        const Run run = loadRunAtPath(seriesDir() + QStringLiteral("/mini_mem_0.json"));
        QCOMPARE(run.iterations, (QVector<int>{0, 1}));
        QCOMPARE(run.cases.size(), 5);
    }

    void loneJsonlHasNoMemory()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lone.jsonl"));
        QVERIFY(writeFile(path, goodLine("x.py") + "\n" + goodLine("y.py") + "\n"));
        const Run run = loadRunAtPath(path);
        QCOMPARE(run.cases.size(), 2);
        QVERIFY(run.warnings.isEmpty());
        QCOMPARE(run.cases.first().latest, Outcome::Unknown);
    }

    void severalRootsInOneFolder()
    {
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(QStringLiteral("one_0.jsonl")), goodLine("x.py")));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("two_0.jsonl")), goodLine("y.py")));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("two_3.jsonl")), goodLine("y.py")));
        const LocateResult located = locateRuns(dir.path());
        QCOMPARE(located.runs.size(), 2);
        QString error;
        const Run two = loadRunAtPath(dir.path(), QStringLiteral("two"), &error);
        QCOMPARE(two.iterations, (QVector<int>{0, 3}));
        loadRunAtPath(dir.path(), QStringLiteral("three"), &error);
        QVERIFY(error.contains(QStringLiteral("no run named \"three\"")));
    }

    void debugFolders()
    {
        QTemporaryDir dir;
        QDir root(dir.path());
        QVERIFY(root.mkpath(QStringLiteral("sin_kernel")));
        QVERIFY(root.mkpath(QStringLiteral("not_a_case")));
        const QString c = dir.filePath(QStringLiteral("sin_kernel/"));
        QVERIFY(writeFile(c + QStringLiteral("0_instruction.txt"), "write sin"));
        QVERIFY(writeFile(c + QStringLiteral("1_label_source.py"), "import triton\n"));
        QVERIFY(writeFile(c + QStringLiteral("2_initial_predict.hip.cpp"), "__global__ void k() {}\n"));
        QVERIFY(writeFile(c + QStringLiteral("3_test_code.py"), "result_gold = 1\n"));
        QVERIFY(writeFile(c + QStringLiteral("error_log.txt"), "x.hip:1:1: error: e"));
        QVERIFY(writeFile(c + QStringLiteral("candidate_perf_fix_10.hip.cpp"), "ten"));
        QVERIFY(writeFile(c + QStringLiteral("candidate_perf_fix_2.hip.cpp"), "two"));
        const Run run = loadRunAtPath(dir.path());
        QCOMPARE(run.cases.size(), 1);
        const Case& k = run.cases.first();
        QCOMPARE(k.filename, QStringLiteral("sin_kernel.py"));
        QCOMPARE(text(run, k.newest().predict), QStringLiteral("__global__ void k() {}\n"));
        QCOMPARE(text(run, k.newest().memory->callError), QStringLiteral("x.hip:1:1: error: e"));
        QCOMPARE(k.newest().memory->perfCandidates.size(), 2);
        QCOMPARE(text(run, k.newest().memory->perfCandidates[0].code), QStringLiteral("two"));
        QCOMPARE(k.best, Stage::Perf);
    }

    // An index.json over the 64 MB limit was cut and silently ignored, and reading one allocated the
    // whole limit however small it was (tests/fuzz, debugfolderindex: 8 inputs a second); now
    // the reader reads the file's size and names an oversized index in a warning.
    void oversizedWorkspaceIndex()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("k_py")));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("k_py/0_instruction.txt")), "write k"));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("k_py/3_test_code.py")), "result_gold = 1\n"));
        QFile index(dir.filePath(QStringLiteral("index.json")));
        QVERIFY(index.open(QIODevice::WriteOnly));
        QVERIFY(index.resize(64 * 1024 * 1024 + 1)); // sparse: no 64 MB written
        index.close();
        const Run run = loadRunAtPath(dir.path());
        QCOMPARE(run.cases.size(), 1);
        QCOMPARE(run.cases.first().filename, QStringLiteral("k_py.py"));
        QCOMPARE(run.warnings.size(), 1);
        QCOMPARE(run.warnings.first().file, dir.filePath(QStringLiteral("index.json")));
        QCOMPARE(run.warnings.first().message, QStringLiteral("index.json is 64 MB, over the 64 MB limit; ignored"));
    }

    // Each bad input: one warning naming file, line and field; the valid cases still load.
    void badInput_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<int>("cases");
        QTest::addColumn<qint64>("line");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");

        const QByteArray ok1 = goodLine("ok1.py");
        const QByteArray ok2 = goodLine("ok2.py");
        QTest::addRow("truncated-line") << ok1 + "\n{\"filename\": \"cut.py\", \"predict\": \"abc\n" + ok2 << 2 << qint64(2)
                                        << QStringLiteral("predict") << QStringLiteral("string is not closed");
        QTest::addRow("not-json") << ok1 + "\nthis is not json\n" + ok2 << 2 << qint64(2) << QString()
                                  << QStringLiteral("not a JSON object");
        QTest::addRow("wrong-type-predict") << ok1 + "\n{\"filename\": \"n.py\", \"predict\": 42}\n" + ok2 << 3 << qint64(2)
                                            << QStringLiteral("predict") << QStringLiteral("expected a string, found a number");
        QTest::addRow("wrong-type-filename") << ok1 + "\n{\"filename\": [1], \"predict\": \"p\"}\n" + ok2 << 2 << qint64(2)
                                             << QStringLiteral("filename") << QStringLiteral("expected a string, found a list");
        QTest::addRow("missing-filename") << ok1 + "\n{\"predict\": \"p\"}\n" + ok2 << 2 << qint64(2) << QStringLiteral("filename")
                                          << QStringLiteral("no \"filename\"");
        QTest::addRow("duplicate-filename") << ok1 + "\n" + ok1 + "\n" + ok2 << 3 << qint64(2) << QStringLiteral("filename")
                                            << QStringLiteral("duplicate filename \"ok1.py\" (first at line 1)");
        QTest::addRow("invalid-utf8") << ok1 + "\n{\"filename\": \"u.py\", \"predict\": \"bad \xff\xfe bytes\"}\n" + ok2 << 3 << qint64(2)
                                      << QStringLiteral("predict") << QStringLiteral("invalid UTF-8");
        QTest::addRow("bad-escape") << ok1 + "\n{\"filename\": \"e.py\", \"label\": \"\\q\"}\n" + ok2 << 3 << qint64(2)
                                    << QStringLiteral("label") << QStringLiteral("bad escape");
        QTest::addRow("deep-nesting") << ok1 + "\n{\"filename\": \"d.py\", \"x\": " + QByteArray(5000, '[') + QByteArray(5000, ']') + "}\n"
                + ok2 << 2 << qint64(2)
                                      << QStringLiteral("x") << QStringLiteral("nesting deeper than");
        QTest::addRow("wrong-speedup") << ok1 + "\n{\"filename\": \"s.py\", \"predict\": \"p\", \"speedup\": \"fast\"}\n" + ok2 << 3
                                       << qint64(2) << QStringLiteral("speedup") << QStringLiteral("expected a number, found a string");
        QTest::addRow("bom-crlf-nan") << "\xEF\xBB\xBF" + ok1 + "\r\n{\"filename\": \"n.py\", \"predict\": \"p\", \"speedup\": NaN}\r\n"
                + ok2 << 3 << qint64(0)
                                      << QString() << QString();
    }

    void badInput()
    {
        QFETCH(QByteArray, content);
        QFETCH(int, cases);
        QFETCH(qint64, line);
        QFETCH(QString, field);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.jsonl"));
        QVERIFY(writeFile(path, content));
        const Run run = loadRunAtPath(path);
        QCOMPARE(run.cases.size(), cases);
        QVERIFY(run.indexOf(QStringLiteral("ok1.py")) >= 0);
        QVERIFY(run.indexOf(QStringLiteral("ok2.py")) >= 0);
        QCOMPARE(text(run, run.cases.at(run.indexOf(QStringLiteral("ok2.py"))).newest().predict), QStringLiteral("p"));
        if (message.isEmpty()) {
            QVERIFY(run.warnings.isEmpty());
            return;
        }
        QCOMPARE(run.warnings.size(), 1);
        const LoadWarning& w = run.warnings.first();
        QCOMPARE(w.file, path);
        QCOMPARE(w.line, line);
        QCOMPARE(w.field, field);
        QVERIFY2(w.message.contains(message), qPrintable(w.message));
        QVERIFY(w.byteOffset > 0);
    }

    void nanAndInfinityAreNumbers()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("n.jsonl"));
        QVERIFY(writeFile(path, "{\"filename\": \"a\", \"speedup\": NaN}\n{\"filename\": \"b\", \"speedup\": -Infinity}\n"));
        const Run run = loadRunAtPath(path);
        QVERIFY(std::isnan(*run.cases[0].newest().speedup));
        QVERIFY(std::isinf(*run.cases[1].newest().speedup));
    }

    void invalidUtf8IsReplacedNotLost()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("u.jsonl"));
        QVERIFY(writeFile(path,
            "{\"filename\": \"u.py\", \"predict\": \"a\xff"
            "b\"}\n"));
        const Run run = loadRunAtPath(path);
        QCOMPARE(text(run, run.cases.first().newest().predict),
            QStringLiteral("a\uFFFD"
                           "b"));
    }

    void hugeFieldLoadsAndIsCut()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.jsonl"));
        const QByteArray big(60 * 1024 * 1024, 'x');
        QVERIFY(writeFile(path, "{\"filename\": \"big.py\", \"predict\": \"" + big + "\"}\n" + goodLine("ok.py") + "\n"));
        const Run run = loadRunAtPath(path);
        QCOMPARE(run.cases.size(), 2);
        QCOMPARE(run.warnings.size(), 1);
        QCOMPARE(run.warnings.first().field, QStringLiteral("predict"));
        // The warning says what the views do (2 MiB shown, the rest on request) and what the rest reads.
        QCOMPARE(run.warnings.first().message,
            QStringLiteral("field is 60.0 MiB: the window shows its first 2.0 MiB (Show all and Save as… read it whole); search, "
                           "reports and the command line use its first 16.0 MiB"));
        const ResolvedText resolved = TextStore::resolve(*run.sources, run.cases.first().newest().predict);
        QVERIFY(resolved.truncated);
        QVERIFY(resolved.text.size() < 17 * 1024 * 1024);
    }

    void emptyAndMissingFiles()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("empty.jsonl"));
        QVERIFY(writeFile(path, ""));
        const Run run = loadRunAtPath(path);
        QVERIFY(run.cases.isEmpty());
        QCOMPARE(run.warnings.size(), 1);
        QVERIFY(run.warnings.first().message.contains(QStringLiteral("file is empty")));
        QString error;
        loadRunAtPath(dir.filePath(QStringLiteral("nope.jsonl")), {}, &error);
        QVERIFY(error.contains(QStringLiteral("no such file")));
    }

    void unreadableFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("locked_0.jsonl"));
        QVERIFY(writeFile(path, goodLine("a.py")));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("locked_1.jsonl")), goodLine("a.py")));
        QFile::setPermissions(path, QFileDevice::Permissions());
        QFile probe(path);
        if (probe.open(QIODevice::ReadOnly))
            QSKIP("this user can read a file without read permission (root); nothing to test");
        const Run run = loadRunAtPath(dir.path());
        QCOMPARE(run.cases.size(), 1); // iteration 1 still loads
        QCOMPARE(run.warnings.size(), 1);
        QVERIFY(run.warnings.first().message.contains(QStringLiteral("cannot open")));
    }

    void memoryFileProblems()
    {
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(QStringLiteral("r_0.jsonl")), goodLine("a.py") + "\n" + goodLine("b.py") + "\n" + goodLine("c.py")));
        // b's entry has a wrong flag type, c's entry is cut off by truncation.
        QVERIFY(writeFile(dir.filePath(QStringLiteral("r_mem_0.json")),
            "{\n \"a.py\": {\"pass_call\": true, \"pass_exe\": false, \"pass_perf\": false},\n"
            " \"b.py\": {\"pass_call\": \"yes\", \"pass_exe\": false},\n"
            " \"c.py\": {\"pass_call\": tr"));
        const Run run = loadRunAtPath(dir.path());
        QCOMPARE(run.cases.size(), 3);
        QCOMPARE(run.cases[0].latest, Outcome::ExeFailed);
        QCOMPARE(run.cases[1].latest, Outcome::Unknown); // its pass_call was unusable
        QCOMPARE(run.cases[2].latest, Outcome::Unknown); // its entry was lost to truncation
        QStringList lines;
        for (const auto& w : run.warnings)
            lines << QStringLiteral("%1 %2 %3").arg(w.line).arg(w.field, w.message);
        QVERIFY2(
            lines.filter(QStringLiteral("3 pass_call expected true or false, found a string")).size() == 1, qPrintable(lines.join(u'\n')));
        QVERIFY2(lines.filter(QStringLiteral("4  memory file is not valid JSON")).size() == 1, qPrintable(lines.join(u'\n')));
        QVERIFY2(lines.filter(QStringLiteral("has no entry in r_mem_0.json")).size() == 1, qPrintable(lines.join(u'\n')));
    }

    // A memory file written by json.dump is one line: line and field alone would not say which
    // case a bad field belongs to, so the warning names the entry.
    void memoryWarningsNameTheirEntry()
    {
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(QStringLiteral("r_0.jsonl")), goodLine("a.py") + "\n" + goodLine("b.py")));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("r_mem_0.json")),
            "{\"a.py\": {\"pass_call\": true, \"perf_candidates\": 42}, \"b.py\": {\"pass_call\": \"yes\"}}"));
        const Run run = loadRunAtPath(dir.path());
        QCOMPARE(run.cases.size(), 2);
        QStringList lines;
        for (const auto& w : run.warnings)
            lines << QStringLiteral("%1 %2 %3").arg(w.line).arg(w.field, w.message);
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines.filter(QStringLiteral("1 perf_candidates expected a list, found a number; ignored (entry \"a.py\")")).size() == 1,
            qPrintable(lines.join(u'\n')));
        QVERIFY2(
            lines.filter(QStringLiteral("1 pass_call expected true or false, found a string; flag ignored (entry \"b.py\")")).size() == 1,
            qPrintable(lines.join(u'\n')));
    }

    // A case whose JSONL line is broken still has its memory entry: shown from memory, but its
    // outcome is unknown, not "no prediction" (the model may have predicted; the line cannot say),
    // and the warning names the lines that could not be read. With no broken line, a memory entry
    // without a line stays "no prediction".
    void brokenLineLeavesItsCaseUnknown()
    {
        QTemporaryDir dir;
        QByteArray broken = goodLine("b.py");
        broken.chop(5); // cut short, as a crash mid-write leaves it
        QVERIFY(writeFile(dir.filePath(QStringLiteral("r_0.jsonl")), goodLine("a.py") + "\n\n" + broken + "\n"));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("r_mem_0.json")),
            "{\"a.py\": {\"pass_call\": true}, \"b.py\": {\"pass_call\": true, \"pass_exe\": true, \"pass_perf\": true}}"));
        const Run run = loadRunAtPath(dir.path());
        QCOMPARE(run.cases.size(), 2);
        const Case& b = run.cases.at(run.indexOf(QStringLiteral("b.py")));
        QCOMPARE(b.latest, Outcome::Unknown);
        QVERIFY(b.newest().jsonlUnreadable);
        QVERIFY(!run.cases.at(run.indexOf(QStringLiteral("a.py"))).newest().jsonlUnreadable);
        QStringList messages;
        for (const auto& w : run.warnings)
            messages << QStringLiteral("%1:%2 %3").arg(QFileInfo(w.file).fileName()).arg(w.line).arg(w.message);
        QVERIFY2(messages.filter(QStringLiteral("r_0.jsonl:3 line is not valid JSON")).size() == 1, qPrintable(messages.join(u'\n')));
        QVERIFY2(
            messages.filter(QStringLiteral("\"b.py\" has no readable line in r_0.jsonl, whose line(s) 3 could not be read")).size() == 1,
            qPrintable(messages.join(u'\n')));

        QVERIFY(writeFile(dir.filePath(QStringLiteral("r_0.jsonl")), goodLine("a.py") + "\n"));
        const Run whole = loadRunAtPath(dir.path());
        const Case& memoryOnly = whole.cases.at(whole.indexOf(QStringLiteral("b.py")));
        QCOMPARE(memoryOnly.latest, Outcome::NoPrediction);
        QVERIFY(!memoryOnly.newest().jsonlUnreadable);
    }

    // A count too big for an int (found by the memoryfilereader fuzz target in CI: the cast was
    // undefined behaviour) or not whole is named in a warning and ignored; the entry keeps the rest.
    void perfDebugNumOutOfRange()
    {
        QFile found(QStringLiteral(KRW_TEST_DATA_DIR "/fuzz/memoryfilereader/perf-debug-num-out-of-range.json"));
        QVERIFY(found.open(QIODevice::ReadOnly));
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(QStringLiteral("f_0.jsonl")), goodLine("embedding_triton_kernel.py")));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("f_mem_0.json")), found.readAll()));
        Run run = loadRunAtPath(dir.path());
        QCOMPARE(run.cases.size(), 1);
        QVERIFY(!run.cases[0].newest().memory->perfDebugNum);
        QStringList lines;
        for (const auto& w : run.warnings)
            lines << QStringLiteral("%1 %2").arg(w.field, w.message);
        QVERIFY2(
            lines.filter(QStringLiteral("perf_debug_num expected a whole number up to 2147483647, found 92233720368547758080")).size() == 1,
            qPrintable(lines.join(u'\n')));

        QVERIFY(writeFile(dir.filePath(QStringLiteral("f_mem_0.json")),
            "{\"embedding_triton_kernel.py\": {\"pass_call\": true, \"perf_debug_num\": 2.5},\n"
            " \"b.py\": {\"pass_call\": true, \"perf_debug_num\": 3}}"));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("f_0.jsonl")), goodLine("embedding_triton_kernel.py") + "\n" + goodLine("b.py")));
        run = loadRunAtPath(dir.path());
        QCOMPARE(run.cases.size(), 2);
        QVERIFY(!run.cases[0].newest().memory->perfDebugNum);
        QCOMPARE(run.cases[1].newest().memory->perfDebugNum, std::optional<int>(3));
        QCOMPARE(run.warnings.size(), 1);
        QVERIFY2(run.warnings.first().message.contains(QStringLiteral("found 2.5")), qPrintable(run.warnings.first().message));
        QCOMPARE(run.warnings.first().line, qint64(1));
    }

    // The whole-line check (simdjson) only skips per-field checks that would find nothing: with
    // it and without it every fixture loads to the same cases, refs and warnings.
    void wholeLineCheckChangesNothing_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("series") << seriesDir();
        QTest::newRow("bad") << QStringLiteral(KRW_TEST_DATA_DIR "/bad/mixed.jsonl");
        QTest::newRow("hostile") << QStringLiteral(KRW_TEST_DATA_DIR "/hostile");
        QTest::newRow("hostile-html") << QStringLiteral(KRW_TEST_DATA_DIR "/hostile-html");
        QTest::newRow("sample") << QStringLiteral(KRW_SAMPLE_RUN_DIR);
        const QString shared = QStringLiteral(KRW_SHARED_DATA_DIR);
        if (QDir(shared).exists()) {
            QTest::newRow("geak-tutorial") << shared + QStringLiteral("/geak-tutorial");
            QTest::newRow("tritonbench-g") << shared + QStringLiteral("/tritonbench-g");
        }
    }

    void wholeLineCheckChangesNothing()
    {
        QFETCH(QString, path);
        const LocateResult located = locateRuns(path);
        QVERIFY2(located, qPrintable(located.error));
        for (const RunSource& source : located.runs) {
            LoadLimits perField;
            perField.checkWhole = false;
            const Run fast = loadRun(source);
            const Run slow = loadRun(source, {}, perField);
            QVERIFY(!fast.cases.isEmpty() || !fast.warnings.isEmpty());
            QCOMPARE(krw::test::dumpRun(fast), krw::test::dumpRun(slow));
            // Memory files read in parts, one per core, give what one whole read gives.
            for (int threads : {2, 3}) {
                LoadLimits inParts;
                inParts.minBytesToShare = 0;
                inParts.parts = threads;
                QCOMPARE(krw::test::dumpRun(loadRun(source, {}, inParts)), krw::test::dumpRun(fast));
            }
        }
    }

    // A reload reads only the files that changed on disk; the rest give what they gave before,
    // and the run is the same as a fresh load.
    void reloadReadsOnlyChangedFiles()
    {
        QTemporaryDir dir;
        QVERIFY(copyDir(seriesDir(), dir.path()));
        const RunSource source = locateRuns(dir.path()).runs.first();
        const Run first = loadRun(source);
        QCOMPARE(first.loadedFiles->read, 4);
        const Run again = loadRun(source, {}, {}, &first);
        QCOMPARE(again.loadedFiles->read, 0);
        QCOMPARE(krw::test::dumpRun(again), krw::test::dumpRun(first));

        // A changed prediction in iteration 1's JSONL file: only that file is read again.
        const QString jsonl = dir.filePath(QStringLiteral("mini_1.jsonl"));
        QFile file(jsonl);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray content = file.readAll();
        file.close();
        const int at = content.indexOf("\"predict\": \"");
        QVERIFY(at > 0);
        content.insert(at + 12, "CHANGED ");
        QVERIFY(writeFile(jsonl, content));
        const Run changed = loadRun(source, {}, {}, &again);
        QCOMPARE(changed.loadedFiles->read, 1);
        QCOMPARE(krw::test::dumpRun(changed), krw::test::dumpRun(loadRun(source)));
        bool seen = false;
        for (const Case& c : changed.cases)
            seen = seen || text(changed, c.newest().predict).startsWith(QStringLiteral("CHANGED "));
        QVERIFY(seen);

        // Touching a file without changing its size still counts as a change.
        const QString memory = dir.filePath(QStringLiteral("mini_mem_0.json"));
        QFile touched(memory);
        QVERIFY(touched.open(QIODevice::ReadWrite));
        QVERIFY(touched.setFileTime(QDateTime::currentDateTime().addSecs(5), QFileDevice::FileModificationTime));
        touched.close();
        const Run retimed = loadRun(source, {}, {}, &changed);
        QCOMPARE(retimed.loadedFiles->read, 1);

        // A file replaced by one of the same size whose modification time was put back (cp -p,
        // rsync -t, an unpacked archive) counts as a change too: it is another file (its inode).
        const QDateTime mtime = QFileInfo(jsonl).lastModified();
        const qint64 sizeBefore = QFileInfo(jsonl).size();
        QVERIFY(file.open(QIODevice::ReadOnly));
        content = file.readAll();
        file.close();
        QVERIFY(content.contains("CHANGED "));
        content.replace("CHANGED ", "REPLACED");
        QThread::msleep(20); // past the file system clock's tick: the status-change times differ
        const QString replacement = dir.filePath(QStringLiteral("replacement.tmp"));
        QVERIFY(writeFile(replacement, content));
        QFile put(replacement);
        QVERIFY(put.open(QIODevice::ReadWrite));
        QVERIFY(put.setFileTime(mtime, QFileDevice::FileModificationTime));
        put.close();
        QVERIFY(QFile::remove(jsonl));
        QVERIFY(QFile::rename(replacement, jsonl));
        QCOMPARE(QFileInfo(jsonl).size(), sizeBefore);
        QCOMPARE(QFileInfo(jsonl).lastModified(), mtime);
        const Run replaced = loadRun(source, {}, {}, &retimed);
        QCOMPARE(replaced.loadedFiles->read, 1);
        QCOMPARE(krw::test::dumpRun(replaced), krw::test::dumpRun(loadRun(source)));
    }

    // A file cut short while its texts are read (an agent rewrites its memory file while the search
    // index is built) gives the "changed on disk" message for the texts past its new end, and no
    // crash: spans are read, never mapped (a mapped page past the end is SIGBUS).
    void textReaderSurvivesAFileCutShort()
    {
        QTemporaryDir dir;
        QVERIFY(copyDir(seriesDir(), dir.path()));
        const Run run = loadRun(locateRuns(dir.path()).runs.first());
        // The text that starts first and the one that ends last in the same file.
        const int source = run.cases.first().history.first().predict.source;
        const TextRef* first = nullptr;
        const TextRef* last = nullptr;
        for (const Case& c : run.cases) {
            for (const IterationRecord& it : c.history) {
                for (const TextRef* ref : {&it.predict, &it.label}) {
                    if (!ref->isPresent() || ref->isEmptyString || ref->source != source)
                        continue;
                    if (!first || ref->offset < first->offset)
                        first = ref;
                    if (!last || ref->offset > last->offset)
                        last = ref;
                }
            }
        }
        QVERIFY(first && last && first->offset + first->length < last->offset);
        TextReader reader(run.sources);
        const ResolvedText before = reader.read(*first, 1 << 20);
        QVERIFY2(before.error.isEmpty(), qPrintable(before.error));
        QVERIFY(!before.text.isEmpty());
        const QString path = run.sources->at(first->source).path;
        QVERIFY(QFile::resize(path, last->offset)); // the reader has the file open: cut it under it
        const ResolvedText after = reader.read(*last, 1 << 20);
        QVERIFY2(after.error.contains(QStringLiteral("changed on disk")), qPrintable(after.error));
        QVERIFY(after.text.isEmpty());
    }

    // A run file cut short while the loader reads it (an agent rewrites it at the end of an
    // iteration; the loader maps files) ends in a warning naming it, never in SIGBUS: nothing of
    // that file is loaded, the rest of the run is, and the next reload reads the file again.
    // The cut comes from the progress callback, once 4 MB of the big file are read: later pages
    // of its mapping are past its new end. Without the guard the test dies of SIGBUS.
    void loaderSurvivesAFileCutShort_data()
    {
        QTest::addColumn<bool>("memory"); // cut the memory file (read in parts), else the JSONL file
        QTest::addColumn<qint64>("cutTo"); // bytes left; negative: that many bytes less
        QTest::addRow("JSONL cut to nothing") << false << qint64(0);
        QTest::addRow("JSONL cut to 1 MB") << false << qint64(1 << 20);
        QTest::addRow("JSONL cut by 100 bytes") << false << qint64(-100);
        QTest::addRow("memory cut to nothing") << true << qint64(0);
        QTest::addRow("memory cut to 1 MB") << true << qint64(1 << 20);
        QTest::addRow("memory cut by 100 bytes") << true << qint64(-100);
    }

    void loaderSurvivesAFileCutShort()
    {
        QFETCH(bool, memory);
        QFETCH(qint64, cutTo);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // Iteration 0 has the big file (about 20 MB), iteration 1 small ones.
        const QByteArray filler = "\"" + QByteArray(2000, 'x') + "\"";
        for (int it = 0; it < 2; ++it) {
            const int cases = it == 0 ? 10000 : 20;
            const bool bigJsonl = it == 0 && !memory;
            const bool bigMemory = it == 0 && memory;
            QByteArray jsonl;
            QByteArray entries = "{\n";
            jsonl.reserve(cases * (filler.size() + 120)); // grown once: slow under ASan otherwise
            entries.reserve(cases * (filler.size() + 100));
            for (int c = 0; c < cases; ++c) {
                const QByteArray name = "case_" + QByteArray::number(c) + ".py";
                jsonl += "{\"filename\": \"" + name + "\", \"instruction\": \"i\", \"label\": \"l\", \"predict\": "
                    + (bigJsonl ? filler : "\"p" + QByteArray::number(it) + "\"") + ", \"test_code\": \"t\"}\n";
                entries += (c ? ",\n" : "") + ("\"" + name + "\": {\"pass_call\": true, \"pass_exe\": false, \"call_candidate\": ")
                    + (bigMemory ? filler : "\"c\"") + "}";
            }
            entries += "\n}\n";
            QVERIFY(writeFile(dir.filePath(QStringLiteral("cut_%1.jsonl").arg(it)), jsonl));
            QVERIFY(writeFile(dir.filePath(QStringLiteral("cut_mem_%1.json").arg(it)), entries));
        }
        const QString target
            = QFileInfo(dir.filePath(memory ? QStringLiteral("cut_mem_0.json") : QStringLiteral("cut_0.jsonl"))).absoluteFilePath();
        const qint64 size = QFileInfo(target).size();
        QVERIFY(size > 2 * LoadLimits().minBytesToShare); // read in parts, on several threads
        const qint64 left = cutTo >= 0 ? cutTo : size + cutTo;
        bool cut = false; // the callback is called one at a time
        LoadControl control;
        control.progress = [&](qint64 done, qint64) {
            if (!cut && done >= 4 * 1024 * 1024) {
                cut = true;
                QFile::resize(target, left);
            }
        };
        const RunSource source = locateRuns(dir.path()).runs.first();
        const Run run = loadRun(source, control);
        QVERIFY(cut);
        QCOMPARE(QFileInfo(target).size(), left);

        // One warning about the file, that says so; nothing else of it (no line read past the cut).
        QStringList about;
        for (const LoadWarning& w : run.warnings) {
            if (QFileInfo(w.file).absoluteFilePath() == target)
                about << w.message;
        }
        QCOMPARE(about.size(), 1);
        QVERIFY2(about.first().contains(QStringLiteral("cut short")), qPrintable(about.first()));
        QVERIFY2(about.first().contains(QStringLiteral("reload")), qPrintable(about.first()));

        // The rest of the run is there: iteration 1 whole, iteration 0 from its other file.
        QCOMPARE(int(run.cases.size()), 10000);
        for (int c : {0, 7, 19}) {
            const Case& kase = caseNamed(run, QStringLiteral("case_%1.py").arg(c));
            QCOMPARE(int(kase.history.size()), 2);
            QCOMPARE(text(run, kase.history.at(1).predict), QStringLiteral("p1"));
            QVERIFY(kase.history.at(1).memory);
            QCOMPARE(kase.history.at(0).memory.has_value(), !memory); // the memory file's entries are dropped
            QCOMPARE(kase.history.at(0).predict.isPresent(), memory); // the JSONL file's lines are dropped
        }
        // Not kept for the next reload: read again, as it is now.
        const Run reloaded = loadRun(source, {}, {}, &run);
        for (const LoadedFile& file : reloaded.loadedFiles->files)
            QVERIFY(!file.kept || QFileInfo(file.source.path).absoluteFilePath() != target);
        if (left > 0) {
            QCOMPARE(reloaded.loadedFiles->read, 1);
        } else { // not opened: the files after it move up in the source table and are read again too
            const auto empty = std::find_if(reloaded.warnings.cbegin(), reloaded.warnings.cend(),
                [&target](const LoadWarning& w) { return QFileInfo(w.file).absoluteFilePath() == target; });
            QVERIFY(empty != reloaded.warnings.cend());
            QCOMPARE(empty->message, QStringLiteral("file is empty"));
        }
    }

    void cancelStopsLoading()
    {
        LoadControl control;
        control.isCancelled = [] { return true; };
        const LocateResult located = locateRuns(seriesDir());
        const Run run = loadRun(located.runs.first(), control);
        QVERIFY(run.cancelled);
        QVERIFY(run.cases.isEmpty());
    }

    void progressReachesTotal()
    {
        qint64 lastDone = -1, lastTotal = -1;
        LoadControl control;
        control.progress = [&](qint64 done, qint64 total) {
            QVERIFY(done >= lastDone);
            lastDone = done;
            lastTotal = total;
        };
        loadRun(locateRuns(seriesDir()).runs.first(), control);
        QVERIFY(lastTotal > 0);
        QCOMPARE(lastDone, lastTotal);
    }

    void sharedRealRuns()
    {
        const QString shared = QStringLiteral(KRW_SHARED_DATA_DIR);
        if (!QDir(shared).exists())
            KRW_SKIP_MISSING_TOOL("../shared/data, the real public runs (absent in a plain clone of the project)");
        const Run geak = loadRunAtPath(shared + QStringLiteral("/geak-tutorial"));
        QCOMPARE(geak.iterations, (QVector<int>{0, 1, 2, 3, 4, 5}));
        QCOMPARE(geak.cases.size(), 1);
        QVERIFY2(geak.warnings.isEmpty(), geak.warnings.isEmpty() ? "" : qPrintable(geak.warnings.first().message));
        const Case& embedding = geak.cases.first();
        QCOMPARE(embedding.filename, QStringLiteral("embedding_triton_kernel.py"));
        QCOMPARE(embedding.best, Stage::Perf);
        const auto& perf = embedding.newest().memory->perfCandidates;
        QVERIFY(!perf.isEmpty());
        QCOMPARE(perf.first().layout, PerfCandidate::Layout::SpeedupReflectionProfile);
        QVERIFY(*perf.first().speedup() > 1.0);
        QVERIFY(text(geak, perf.first().code).contains(QStringLiteral("@triton.jit")));

        const Run bench = loadRunAtPath(shared + QStringLiteral("/tritonbench-g/tritonbench_g_30.jsonl"));
        QCOMPARE(bench.cases.size(), 30);
        QVERIFY(bench.warnings.isEmpty());
        for (const Case& c : bench.cases) {
            QVERIFY(c.latest == Outcome::Unknown || c.latest == Outcome::NoPrediction);
            QVERIFY(!c.newest().extra.isEmpty()); // _difficulty, _predict_source are kept
        }
    }
};

KRW_GUILESS_TEST_MAIN(TestRunLoader)
#include "tst_runloader.moc"
