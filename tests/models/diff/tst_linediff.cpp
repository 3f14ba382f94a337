// SPDX-License-Identifier: MIT
#include "models/diff/linediff.h"

#include <QRegularExpression>
#include <QTest>
#include <QtConcurrent>

#include <git2/global.h>
#include <random>

using namespace krw;

namespace {

// Rows, spans and hunks are compared as short text dumps so a failure prints the whole
// picture, e.g. "~ 1 1 [0+1|0+4]": a Changed row, left line 1, right line 1, left span at 0
// of length 1, right span at 0 of length 4.
QString dumpSpans(const QVector<CharSpan>& spans)
{
    QStringList parts;
    for (const CharSpan& s : spans)
        parts.append(QString::number(s.start) + QLatin1Char('+') + QString::number(s.length));
    return parts.join(QLatin1Char(','));
}

QChar kindMark(DiffRow::Kind kind)
{
    switch (kind) {
    case DiffRow::Kind::Equal:
        return QLatin1Char('=');
    case DiffRow::Kind::Changed:
        return QLatin1Char('~');
    case DiffRow::Kind::Removed:
        return QLatin1Char('-');
    case DiffRow::Kind::Added:
        return QLatin1Char('+');
    }
    return QLatin1Char('?');
}

QStringList dumpRows(const DiffResult& result)
{
    QStringList rows;
    for (const DiffRow& row : result.rows) {
        QString text
            = kindMark(row.kind) + QLatin1Char(' ') + QString::number(row.leftLine) + QLatin1Char(' ') + QString::number(row.rightLine);
        // Spans are shown for Changed rows, and for any other row that wrongly has some.
        if (row.kind == DiffRow::Kind::Changed || !row.leftSpans.isEmpty() || !row.rightSpans.isEmpty())
            text += QLatin1String(" [") + dumpSpans(row.leftSpans) + QLatin1Char('|') + dumpSpans(row.rightSpans) + QLatin1Char(']');
        rows.append(text);
    }
    return rows;
}

QString dumpHunks(const DiffResult& result)
{
    QStringList hunks;
    for (const DiffHunk& h : result.hunks)
        hunks.append(QString::number(h.firstRow) + QLatin1Char('-') + QString::number(h.lastRow));
    return hunks.join(QLatin1Char(' '));
}

QString dumpCounts(const DiffResult& result)
{
    return QStringLiteral("+%1 -%2 ~%3").arg(result.added).arg(result.removed).arg(result.changed);
}

QStringList numberedLines(int count)
{
    QStringList lines;
    for (int i = 0; i < count; ++i)
        lines.append(QStringLiteral("line %1").arg(i));
    return lines;
}

// Code-like lines where blank lines and braces repeat, as in real kernels, and the right side
// made from the left by random edits, removals, insertions and moves.
struct RandomPair
{
    QStringList left;
    QStringList right;
};

RandomPair randomPair(unsigned seed, int lineCount)
{
    std::mt19937 random(seed);
    const auto pick = [&random](int n) { return std::uniform_int_distribution<int>(0, n - 1)(random); };
    const auto line = [&pick]() {
        switch (pick(5)) {
        case 0:
            return QString();
        case 1:
            return QStringLiteral("}");
        case 2:
            return QStringLiteral("    return x;");
        default:
            return QStringLiteral("    x%1 = y%2 * %3;").arg(pick(50)).arg(pick(50)).arg(pick(9));
        }
    };
    RandomPair pair;
    for (int i = 0; i < lineCount; ++i)
        pair.left.append(line());
    for (int i = 0; i < lineCount; ++i) {
        switch (pick(12)) {
        case 0: // edited
            pair.right.append(pair.left.at(i) + QStringLiteral(" // edited"));
            break;
        case 1: // removed
            break;
        case 2: // inserted before
            pair.right.append(line());
            pair.right.append(pair.left.at(i));
            break;
        case 3: // moved to the end
            pair.right.append(pair.left.at(pick(lineCount)));
            break;
        default:
            pair.right.append(pair.left.at(i));
        }
    }
    return pair;
}

} // namespace

class TestLineDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Before any diff: libgit2 was set up as the application started, on its thread. Set up by
    // the first diff on a worker, it gave OpenSSL state to that worker, freed twice at exit
    // (AddressSanitizer: double free in a pooled thread as kernel-review-cli ended).
    void libgit2IsSetUpAsTheApplicationStarts()
    {
        const int users = git_libgit2_init(); // the number of set-ups, this one included
        git_libgit2_shutdown();
        QCOMPARE(users, 2);
    }
    void splitLines_data();
    void splitLines();
    void diffLines_data();
    void diffLines();
    void maxLines_data();
    void maxLines();
    void largeInput_data();
    void largeInput();
    void intralineSpans_data();
    void intralineSpans();
    void equalFiles();
    void hugeLines_data();
    void hugeLines();
    void rowsCoverBothSides_data();
    void rowsCoverBothSides();
    void concurrentDiffsAgree();
    void intralineLimits_data();
    void intralineLimits();
    void manyLongLinesHitTheBudget();
};

void TestLineDiff::splitLines_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected");

    QTest::addRow("empty-string-no-lines") << QString() << QStringList();
    QTest::addRow("one-line-no-newline") << QStringLiteral("a") << QStringList{QStringLiteral("a")};
    QTest::addRow("trailing-newline-no-extra-line") << QStringLiteral("a\n") << QStringList{QStringLiteral("a")};
    QTest::addRow("only-newline-one-empty-line") << QStringLiteral("\n") << QStringList{QString()};
    QTest::addRow("blank-line-at-end-kept") << QStringLiteral("a\n\n") << QStringList{QStringLiteral("a"), QString()};
    QTest::addRow("lf") << QStringLiteral("a\nb") << QStringList{QStringLiteral("a"), QStringLiteral("b")};
    QTest::addRow("crlf") << QStringLiteral("a\r\nb\r\n") << QStringList{QStringLiteral("a"), QStringLiteral("b")};
    QTest::addRow("cr-at-end-without-newline") << QStringLiteral("a\r") << QStringList{QStringLiteral("a")};
    QTest::addRow("only-one-cr-dropped") << QStringLiteral("a\r\r\nb") << QStringList{QStringLiteral("a\r"), QStringLiteral("b")};
    QTest::addRow("cr-inside-line-kept") << QStringLiteral("a\rb") << QStringList{QStringLiteral("a\rb")};
}

void TestLineDiff::splitLines()
{
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    QCOMPARE(krw::splitLines(text), expected);
}

void TestLineDiff::diffLines_data()
{
    QTest::addColumn<QString>("left");
    QTest::addColumn<QString>("right");
    QTest::addColumn<bool>("ignoreWhitespace");
    QTest::addColumn<bool>("intraline");
    QTest::addColumn<int>("maxIntralineChars");
    QTest::addColumn<QStringList>("rows");
    QTest::addColumn<QString>("hunks");
    QTest::addColumn<QString>("counts");

    const auto s = [](const char* utf8) { return QString::fromUtf8(utf8); };
    const auto rows = [](std::initializer_list<const char*> list) {
        QStringList result;
        for (const char* row : list)
            result.append(QString::fromUtf8(row));
        return result;
    };
    const int max = DiffOptions().maxIntralineChars;

    QTest::addRow("empty-vs-empty") << QString() << QString() << false << true << max << QStringList() << QString() << s("+0 -0 ~0");
    QTest::addRow("empty-vs-text") << QString() << s("a\nb\n") << false << true << max << rows({"+ -1 0", "+ -1 1"}) << s("0-1")
                                   << s("+2 -0 ~0");
    QTest::addRow("text-vs-empty") << s("a\nb") << QString() << false << true << max << rows({"- 0 -1", "- 1 -1"}) << s("0-1")
                                   << s("+0 -2 ~0");
    QTest::addRow("equal") << s("a\nb\nc") << s("a\nb\nc") << false << true << max << rows({"= 0 0", "= 1 1", "= 2 2"}) << QString()
                           << s("+0 -0 ~0");
    QTest::addRow("prefix-only-change") << s("hello world\nx") << s("jello world\nx") << false << true << max
                                        << rows({"~ 0 0 [0+1|0+1]", "= 1 1"}) << s("0-0") << s("+0 -0 ~1");
    QTest::addRow("suffix-only-change") << s("value = 10") << s("value = 12") << false << true << max << rows({"~ 0 0 [9+1|9+1]"})
                                        << s("0-0") << s("+0 -0 ~1");
    QTest::addRow("whole-line-change") << s("a\nabc\nb") << s("a\nxyz\nb") << false << true << max
                                       << rows({"= 0 0", "~ 1 1 [0+3|0+3]", "= 2 2"}) << s("1-1") << s("+0 -0 ~1");
    QTest::addRow("line-emptied") << s("a\nfoo\nb") << s("a\n\nb") << false << true << max << rows({"= 0 0", "~ 1 1 [0+3|]", "= 2 2"})
                                  << s("1-1") << s("+0 -0 ~1");
    QTest::addRow("insert-in-middle") << s("a\nb\nc") << s("a\nx\nb\nc") << false << true << max
                                      << rows({"= 0 0", "+ -1 1", "= 1 2", "= 2 3"}) << s("1-1") << s("+1 -0 ~0");
    QTest::addRow("delete-at-end") << s("a\nb\nc") << s("a\nb") << false << true << max << rows({"= 0 0", "= 1 1", "- 2 -1"}) << s("2-2")
                                   << s("+0 -1 ~0");
    QTest::addRow("crlf-vs-lf-equal") << s("a\r\nb\r\n") << s("a\nb\n") << false << true << max << rows({"= 0 0", "= 1 1"}) << QString()
                                      << s("+0 -0 ~0");
    QTest::addRow("indent-change-whitespace-counts") << s("int x;\n\tfoo();\n}") << s("int x;\n    foo();\n}") << false << true << max
                                                     << rows({"= 0 0", "~ 1 1 [0+1|0+4]", "= 2 2"}) << s("1-1") << s("+0 -0 ~1");
    QTest::addRow("indent-change-whitespace-ignored") << s("int x;\n\tfoo();\n}") << s("int x;\n    foo();\n}") << true << true << max
                                                      << rows({"= 0 0", "= 1 1", "= 2 2"}) << QString() << s("+0 -0 ~0");
    // Ignoring whitespace decides which lines pair up; the spans still show every difference.
    QTest::addRow("whitespace-ignored-real-change-keeps-original-spans")
        << s("\tfoo(1);") << s("  foo(2);") << true << true << max << rows({"~ 0 0 [0+1,5+1|0+2,6+1]"}) << s("0-0") << s("+0 -0 ~1");
    QTest::addRow("changed-pair-then-removed-leftover")
        << s("a\nx\ny\nz\nb") << s("a\nq\nb") << false << true << max << rows({"= 0 0", "~ 1 1 [0+1|0+1]", "- 2 -1", "- 3 -1", "= 4 2"})
        << s("1-3") << s("+0 -2 ~1");
    QTest::addRow("hunk-boundaries-and-counts")
        << s("a\nb\nc\nd\ne\nf") << s("a\nB\nc\nd\nE\nF\ng") << false << true << max
        << rows({"= 0 0", "~ 1 1 [0+1|0+1]", "= 2 2", "= 3 3", "~ 4 4 [0+1|0+1]", "~ 5 5 [0+1|0+1]", "+ -1 6"}) << s("1-1 4-6")
        << s("+1 -0 ~3");
    QTest::addRow("change-at-start-and-end") << s("x\na\ny") << s("a") << false << true << max << rows({"- 0 -1", "= 1 0", "- 2 -1"})
                                             << s("0-0 2-2") << s("+0 -2 ~0");
    QTest::addRow("intraline-off-marks-whole-lines")
        << s("value = 10") << s("value = 12!") << false << false << max << rows({"~ 0 0 [0+10|0+11]"}) << s("0-0") << s("+0 -0 ~1");
    QTest::addRow("line-over-max-intraline-chars") << s("abcdef1\nab1") << s("abcdef2\nab2") << false << true << 5
                                                   << rows({"~ 0 0 [0+7|0+7]", "~ 1 1 [2+1|2+1]"}) << s("0-1") << s("+0 -0 ~2");
    QTest::addRow("emoji-change-spans-whole-surrogate-pair")
        << s("ok 😀\nend") << s("ok 😃\nend") << false << true << max << rows({"~ 0 0 [3+2|3+2]", "= 1 1"}) << s("0-0") << s("+0 -0 ~1");
    // Hunks without context name the line before an insertion (0 = before the first) and the
    // first line of a removal: every edge of the text is covered.
    QTest::addRow("insert-at-start") << s("a\nb") << s("x\na\nb") << false << true << max << rows({"+ -1 0", "= 0 1", "= 1 2"}) << s("0-0")
                                     << s("+1 -0 ~0");
    QTest::addRow("insert-at-end") << s("a\nb") << s("a\nb\nx\ny") << false << true << max << rows({"= 0 0", "= 1 1", "+ -1 2", "+ -1 3"})
                                   << s("2-3") << s("+2 -0 ~0");
    QTest::addRow("delete-at-start") << s("x\na") << s("a") << false << true << max << rows({"- 0 -1", "= 1 0"}) << s("0-0")
                                     << s("+0 -1 ~0");
    QTest::addRow("only-insertions-spread") << s("a\nb\nc") << s("a\nx\nb\ny\nc\nz") << false << true << max
                                            << rows({"= 0 0", "+ -1 1", "= 1 2", "+ -1 3", "= 2 4", "+ -1 5"}) << s("1-1 3-3 5-5")
                                            << s("+3 -0 ~0");
    QTest::addRow("only-removals-spread") << s("a\nx\nb\ny\nc\nz") << s("a\nb\nc") << false << true << max
                                          << rows({"= 0 0", "- 1 -1", "= 2 1", "- 3 -1", "= 4 2", "- 5 -1"}) << s("1-1 3-3 5-5")
                                          << s("+0 -3 ~0");
    QTest::addRow("crlf-vs-lf-with-change") << s("a\r\nb\r\nc\r\n") << s("a\nB\nc\n") << false << true << max
                                            << rows({"= 0 0", "~ 1 1 [0+1|0+1]", "= 2 2"}) << s("1-1") << s("+0 -0 ~1");
    // Our whitespace rule (QChar::isSpace) decides, not the diff library's ASCII one.
    QTest::addRow("unicode-whitespace-ignored")
        << s("x\u00a0=\u30001\nend") << s("x = 1\nend") << true << true << max << rows({"= 0 0", "= 1 1"}) << QString() << s("+0 -0 ~0");
    QTest::addRow("unicode-whitespace-counts") << s("x\u00a0=\u30001\nend") << s("x = 1\nend") << false << true << max
                                               << rows({"~ 0 0 [1+3|1+3]", "= 1 1"}) << s("0-0") << s("+0 -0 ~1");
    // An edited line pairs with its old self among repeated blank lines and braces.
    QTest::addRow("edit-among-repeated-lines") << s("}\n\n}\nreturn a;\n}\n\n}") << s("}\n\n}\nreturn b;\n}\n\n}") << false << true << max
                                               << rows({"= 0 0", "= 1 1", "= 2 2", "~ 3 3 [7+1|7+1]", "= 4 4", "= 5 5", "= 6 6"})
                                               << s("3-3") << s("+0 -0 ~1");
    // Bram Cohen's example for patience diff: a function added above another, one line taken
    // out of it, one function removed. `git diff --minimal` interleaves the old and new
    // functions brace by brace; here the new function is one added block, the removed one
    // one removed block.
    QTest::addRow("patience-keeps-functions-whole")
        << s("#include <stdio.h>\n"
             "\n"
             "// Frobs foo heartily\n"
             "int frobnitz(int foo)\n"
             "{\n"
             "    int i;\n"
             "    for(i = 0; i < 10; i++)\n"
             "    {\n"
             "        printf(\"Your answer is: \");\n"
             "        printf(\"%d\\n\", foo);\n"
             "    }\n"
             "}\n"
             "\n"
             "int fact(int n)\n"
             "{\n"
             "    if(n > 1)\n"
             "    {\n"
             "        return fact(n-1) * n;\n"
             "    }\n"
             "    return 1;\n"
             "}\n"
             "\n"
             "int main(int argc, char **argv)\n"
             "{\n"
             "    frobnitz(fact(10));\n"
             "}\n")
        << s("#include <stdio.h>\n"
             "\n"
             "int fib(int n)\n"
             "{\n"
             "    if(n > 2)\n"
             "    {\n"
             "        return fib(n-1) + fib(n-2);\n"
             "    }\n"
             "    return 1;\n"
             "}\n"
             "\n"
             "// Frobs foo heartily\n"
             "int frobnitz(int foo)\n"
             "{\n"
             "    int i;\n"
             "    for(i = 0; i < 10; i++)\n"
             "    {\n"
             "        printf(\"%d\\n\", foo);\n"
             "    }\n"
             "}\n"
             "\n"
             "int main(int argc, char **argv)\n"
             "{\n"
             "    frobnitz(fib(10));\n"
             "}\n")
        << false << true << max
        << rows({"= 0 0", "= 1 1", "+ -1 2", "+ -1 3", "+ -1 4", "+ -1 5", "+ -1 6", "+ -1 7", "+ -1 8", "+ -1 9", "+ -1 10", "= 2 11",
               "= 3 12", "= 4 13", "= 5 14", "= 6 15", "= 7 16", "- 8 -1", "= 9 17", "= 10 18", "= 11 19", "= 12 20", "- 13 -1", "- 14 -1",
               "- 15 -1", "- 16 -1", "- 17 -1", "- 18 -1", "- 19 -1", "- 20 -1", "- 21 -1", "= 22 21", "= 23 22", "~ 24 23 [14+3|14+2]",
               "= 25 24"})
        << s("2-10 17-17 22-30 33-33") << s("+9 -10 ~1");
}

void TestLineDiff::diffLines()
{
    QFETCH(QString, left);
    QFETCH(QString, right);
    QFETCH(bool, ignoreWhitespace);
    QFETCH(bool, intraline);
    QFETCH(int, maxIntralineChars);
    QFETCH(QStringList, rows);
    QFETCH(QString, hunks);
    QFETCH(QString, counts);

    DiffOptions options;
    options.ignoreWhitespace = ignoreWhitespace;
    options.intraline = intraline;
    options.maxIntralineChars = maxIntralineChars;
    const DiffResult result = krw::diffLines(krw::splitLines(left), krw::splitLines(right), options);

    QCOMPARE(result.error, QString());
    QCOMPARE(dumpRows(result), rows);
    QCOMPARE(dumpHunks(result), hunks);
    QCOMPARE(dumpCounts(result), counts);
    QCOMPARE(result.identical(), hunks.isEmpty());
}

void TestLineDiff::maxLines_data()
{
    QTest::addColumn<int>("leftCount");
    QTest::addColumn<int>("rightCount");
    QTest::addColumn<int>("maxLines");
    QTest::addColumn<QString>("error");
    QTest::addColumn<int>("rowCount");

    QTest::addRow("left-over-limit") << 3 << 1 << 2 << QStringLiteral("Not compared: the left side has 3 lines, more than the limit of 2.")
                                     << 0;
    QTest::addRow("right-over-limit") << 1 << 4 << 3
                                      << QStringLiteral("Not compared: the right side has 4 lines, more than the limit of 3.") << 0;
    QTest::addRow("both-at-limit-compared") << 2 << 2 << 2 << QString() << 2;
}

void TestLineDiff::maxLines()
{
    QFETCH(int, leftCount);
    QFETCH(int, rightCount);
    QFETCH(int, maxLines);
    QFETCH(QString, error);
    QFETCH(int, rowCount);

    DiffOptions options;
    options.maxLines = maxLines;
    const DiffResult result = krw::diffLines(numberedLines(leftCount), numberedLines(rightCount), options);

    QCOMPARE(result.error, error);
    QCOMPARE(static_cast<int>(result.rows.size()), rowCount);
    QVERIFY(result.hunks.isEmpty());
    QCOMPARE(dumpCounts(result), QStringLiteral("+0 -0 ~0"));
    QCOMPARE(result.identical(), error.isEmpty()); // an error is never "identical"
}

// Big enough for dtl to restart its search more than once (its path table holds 2M points);
// dtl's own indices go wrong from the second restart, so this pins the line numbers.
void TestLineDiff::largeInput_data()
{
    QTest::addColumn<int>("lineCount");
    QTest::addColumn<int>("changeEvery"); // line i differs when i % changeEvery == 0

    QTest::addRow("all-3000-lines-different") << 3000 << 1;
    QTest::addRow("every-third-of-12000-lines-changed") << 12000 << 3;
}

void TestLineDiff::largeInput()
{
    QFETCH(int, lineCount);
    QFETCH(int, changeEvery);

    QStringList left;
    QStringList right;
    QStringList expectedRows;
    for (int i = 0; i < lineCount; ++i) {
        const bool changed = i % changeEvery == 0;
        left.append(QStringLiteral("a%1").arg(i));
        right.append(QStringLiteral("%1%2").arg(changed ? QLatin1Char('b') : QLatin1Char('a')).arg(i));
        expectedRows.append(changed ? QStringLiteral("~ %1 %1 [0+1|0+1]").arg(i) : QStringLiteral("= %1 %1").arg(i));
    }
    const DiffResult result = krw::diffLines(left, right);

    QCOMPARE(dumpRows(result), expectedRows);
    const int changedCount = (lineCount + changeEvery - 1) / changeEvery;
    QCOMPARE(dumpCounts(result), QStringLiteral("+0 -0 ~%1").arg(changedCount));
    QCOMPARE(static_cast<int>(result.hunks.size()), changeEvery == 1 ? 1 : changedCount);
}

void TestLineDiff::intralineSpans_data()
{
    QTest::addColumn<QString>("left");
    QTest::addColumn<QString>("right");
    QTest::addColumn<QString>("leftSpans");
    QTest::addColumn<QString>("rightSpans");

    const auto s = [](const char* utf8) { return QString::fromUtf8(utf8); };

    QTest::addRow("both-empty") << QString() << QString() << QString() << QString();
    QTest::addRow("empty-vs-text") << QString() << s("abc") << QString() << s("0+3");
    QTest::addRow("equal") << s("abc") << s("abc") << QString() << QString();
    QTest::addRow("prefix-only") << s("hello world") << s("jello world") << s("0+1") << s("0+1");
    QTest::addRow("suffix-only") << s("value = 10") << s("value = 12") << s("9+1") << s("9+1");
    QTest::addRow("whole-line") << s("abc") << s("xyz") << s("0+3") << s("0+3");
    QTest::addRow("insertion-only") << s("foo()") << s("foo(x)") << QString() << s("4+1");
    QTest::addRow("deletion-only") << s("foo(x, y)") << s("foo(x)") << s("5+3") << QString();
    QTest::addRow("adjacent-changes-merged") << s("a123b") << s("a789b") << s("1+3") << s("1+3");
    QTest::addRow("equal-run-of-1-folded") << s("a1b2c") << s("a9b8c") << s("1+3") << s("1+3");
    QTest::addRow("equal-run-of-2-folded") << s("a1bc2d") << s("a9bc8d") << s("1+4") << s("1+4");
    QTest::addRow("equal-run-of-3-kept") << s("1abc2") << s("9abc8") << s("0+1,4+1") << s("0+1,4+1");
    QTest::addRow("short-equal-edge-not-folded") << s("ab1") << s("ab2") << s("2+1") << s("2+1");
    QTest::addRow("multi-byte-latin") << s("größe") << s("grösse") << s("3+1") << s("3+2");
    QTest::addRow("cjk") << s("日本語") << s("日本人") << s("2+1") << s("2+1");
    // 😀 and 😃 share their high surrogate; a QChar diff would mark only the low one.
    QTest::addRow("emoji-same-high-surrogate") << s("a😀b") << s("a😃b") << s("1+2") << s("1+2");
    QTest::addRow("emoji-vs-ascii") << s("x😀") << s("xy") << s("1+2") << s("1+1");
    QTest::addRow("emoji-inserted") << s("ab") << s("a😀b") << QString() << s("1+2");
    QTest::addRow("emoji-before-change-shifts-offsets") << s("😀 = 1") << s("😀 = 2") << s("5+1") << s("5+1");
    QTest::addRow("lone-surrogate-is-one-unit") << QString(QChar(0xD83D) + s("a")) << s("a") << s("0+1") << QString();
}

void TestLineDiff::intralineSpans()
{
    QFETCH(QString, left);
    QFETCH(QString, right);
    QFETCH(QString, leftSpans);
    QFETCH(QString, rightSpans);

    // Start from junk: the function must replace the output, not append to it.
    QVector<CharSpan> l{{7, 7}};
    QVector<CharSpan> r{{7, 7}};
    krw::intralineSpans(left, right, &l, &r);
    QCOMPARE(dumpSpans(l), leftSpans);
    QCOMPARE(dumpSpans(r), rightSpans);
}

void TestLineDiff::equalFiles()
{
    QStringList lines = numberedLines(5000);
    for (int i = 0; i < lines.size(); i += 7)
        lines[i] = QString(); // repeated lines too
    const DiffResult result = krw::diffLines(lines, lines);

    QVERIFY(result.identical());
    QCOMPARE(static_cast<int>(result.rows.size()), 5000);
    for (int i = 0; i < result.rows.size(); ++i) {
        const DiffRow& row = result.rows.at(i);
        QVERIFY2(row.kind == DiffRow::Kind::Equal && row.leftLine == i && row.rightLine == i, qPrintable(QString::number(i)));
    }
    QCOMPARE(dumpCounts(result), QStringLiteral("+0 -0 ~0"));
}

// A line of a megabyte: compared once as a whole in the line diff, marked whole when changed
// (over maxIntralineChars), equal when equal.
void TestLineDiff::hugeLines_data()
{
    QTest::addColumn<bool>("changed");
    QTest::addColumn<bool>("ignoreWhitespace");
    QTest::addColumn<QStringList>("rows");

    const int size = 1 << 20;
    const QString whole = QStringLiteral("~ 1 1 [0+%1|0+%1]").arg(size);
    QTest::addRow("changed-marked-whole") << true << false << QStringList{QStringLiteral("= 0 0"), whole, QStringLiteral("= 2 2")};
    QTest::addRow("changed-marked-whole-ignoring-whitespace")
        << true << true << QStringList{QStringLiteral("= 0 0"), whole, QStringLiteral("= 2 2")};
    QTest::addRow("equal") << false << false << QStringList{QStringLiteral("= 0 0"), QStringLiteral("= 1 1"), QStringLiteral("= 2 2")};
}

void TestLineDiff::hugeLines()
{
    QFETCH(bool, changed);
    QFETCH(bool, ignoreWhitespace);
    QFETCH(QStringList, rows);

    QString huge;
    while (huge.size() < (1 << 20))
        huge += QStringLiteral("0x1f, ");
    huge.truncate(1 << 20);
    QString other = huge;
    if (changed)
        other[other.size() / 2] = QLatin1Char('Z');
    DiffOptions options;
    options.ignoreWhitespace = ignoreWhitespace;
    const DiffResult result = krw::diffLines(
        {QStringLiteral("start"), huge, QStringLiteral("end")}, {QStringLiteral("start"), other, QStringLiteral("end")}, options);

    QCOMPARE(result.error, QString());
    QCOMPARE(dumpRows(result), rows);
    QCOMPARE(result.identical(), !changed);
}

void TestLineDiff::rowsCoverBothSides_data()
{
    QTest::addColumn<unsigned>("seed");
    QTest::addColumn<int>("lineCount");
    QTest::addColumn<bool>("ignoreWhitespace");

    for (unsigned seed = 1; seed <= 6; ++seed)
        QTest::addRow("seed-%u", seed) << seed << int(300 * seed) << (seed % 2 == 0);
}

// What any correct diff must give, on random code-like input: every line of each side exactly
// once and in order, Equal rows only on equal lines, counts and hunks that match the rows.
void TestLineDiff::rowsCoverBothSides()
{
    QFETCH(unsigned, seed);
    QFETCH(int, lineCount);
    QFETCH(bool, ignoreWhitespace);

    const RandomPair pair = randomPair(seed, lineCount);
    DiffOptions options;
    options.ignoreWhitespace = ignoreWhitespace;
    const DiffResult result = krw::diffLines(pair.left, pair.right, options);
    QCOMPARE(result.error, QString());

    const auto key
        = [ignoreWhitespace](QString line) { return ignoreWhitespace ? line.remove(QRegularExpression(QStringLiteral("\\s"))) : line; };
    int nextLeft = 0;
    int nextRight = 0;
    int added = 0, removed = 0, changed = 0;
    for (const DiffRow& row : result.rows) {
        if (row.leftLine >= 0)
            QCOMPARE(row.leftLine, nextLeft++);
        if (row.rightLine >= 0)
            QCOMPARE(row.rightLine, nextRight++);
        switch (row.kind) {
        case DiffRow::Kind::Equal:
            QCOMPARE(key(pair.left.at(row.leftLine)), key(pair.right.at(row.rightLine)));
            break;
        case DiffRow::Kind::Changed:
            QVERIFY(row.leftLine >= 0 && row.rightLine >= 0);
            ++changed;
            break;
        case DiffRow::Kind::Removed:
            QVERIFY(row.leftLine >= 0 && row.rightLine == -1);
            ++removed;
            break;
        case DiffRow::Kind::Added:
            QVERIFY(row.leftLine == -1 && row.rightLine >= 0);
            ++added;
            break;
        }
    }
    QCOMPARE(nextLeft, static_cast<int>(pair.left.size()));
    QCOMPARE(nextRight, static_cast<int>(pair.right.size()));
    QCOMPARE(dumpCounts(result), QStringLiteral("+%1 -%2 ~%3").arg(added).arg(removed).arg(changed));
    int hunkRows = 0;
    for (const DiffHunk& hunk : result.hunks) {
        QVERIFY(result.rows.at(hunk.firstRow).kind != DiffRow::Kind::Equal);
        QVERIFY(hunk.firstRow == 0 || result.rows.at(hunk.firstRow - 1).kind == DiffRow::Kind::Equal);
        QVERIFY(hunk.lastRow + 1 == result.rows.size() || result.rows.at(hunk.lastRow + 1).kind == DiffRow::Kind::Equal);
        hunkRows += hunk.lastRow - hunk.firstRow + 1;
    }
    QCOMPARE(hunkRows, added + removed + changed);
    QVERIFY(!result.hunks.isEmpty()); // the generator always changes something at these sizes
}

// diffLines runs on workers (the compare page, report export): several at once must each give
// what one alone gives.
void TestLineDiff::concurrentDiffsAgree()
{
    QVector<RandomPair> pairs;
    QStringList expected;
    for (unsigned seed = 10; seed < 18; ++seed) {
        pairs.append(randomPair(seed, 2000));
        expected.append(dumpRows(krw::diffLines(pairs.last().left, pairs.last().right)).join(QLatin1Char('\n')));
    }
    for (int round = 0; round < 3; ++round) {
        // One QtConcurrent::run each (Qt 5's blockingMapped takes no lambda with a deduced result).
        QVector<QFuture<QString>> futures;
        for (const RandomPair& pair : pairs)
            futures.append(QtConcurrent::run([pair] { return dumpRows(krw::diffLines(pair.left, pair.right)).join(QLatin1Char('\n')); }));
        QStringList actual;
        for (QFuture<QString>& future : futures)
            actual.append(future.result());
        QCOMPARE(actual, expected);
    }
}

// The character diff's limits (E4): a line over maxIntralineChars is marked whole; past the
// maxIntralineCells budget a pair's spans are what lies between its common prefix and suffix.
// Both are counted in roughRows so the view can say so; intraline off is not a limit.
void TestLineDiff::intralineLimits_data()
{
    QTest::addColumn<bool>("intraline");
    QTest::addColumn<int>("maxIntralineChars");
    QTest::addColumn<qint64>("maxIntralineCells");
    QTest::addColumn<QStringList>("rows");
    QTest::addColumn<int>("roughRows");

    const QString exact0 = QStringLiteral("~ 0 0 [4+3,11+1|4+3,11+1]");
    const QString exact1 = QStringLiteral("~ 1 1 [4+3,11+1|4+3,11+1]");
    const QString middle0 = QStringLiteral("~ 0 0 [4+8|4+8]"); // "foo(a, b" vs "bar(a, c": 8 × 8 cells
    const QString middle1 = QStringLiteral("~ 1 1 [4+8|4+8]");
    const QString whole0 = QStringLiteral("~ 0 0 [0+13|0+13]");
    const QString whole1 = QStringLiteral("~ 1 1 [0+13|0+13]");
    QTest::addRow("within-budget") << true << 2000 << qint64(128) << QStringList{exact0, exact1} << 0;
    QTest::addRow("budget-for-one-pair") << true << 2000 << qint64(127) << QStringList{exact0, middle1} << 1;
    QTest::addRow("no-budget") << true << 2000 << qint64(0) << QStringList{middle0, middle1} << 2;
    QTest::addRow("over-max-chars") << true << 12 << qint64(128) << QStringList{whole0, whole1} << 2;
    QTest::addRow("intraline-off-not-a-limit") << false << 2000 << qint64(0) << QStringList{whole0, whole1} << 0;
}

void TestLineDiff::intralineLimits()
{
    QFETCH(bool, intraline);
    QFETCH(int, maxIntralineChars);
    QFETCH(qint64, maxIntralineCells);
    QFETCH(QStringList, rows);
    QFETCH(int, roughRows);

    DiffOptions options;
    options.intraline = intraline;
    options.maxIntralineChars = maxIntralineChars;
    options.maxIntralineCells = maxIntralineCells;
    const DiffResult result = krw::diffLines({QStringLiteral("x = foo(a, b)"), QStringLiteral("y = foo(a, b)")},
        {QStringLiteral("x = bar(a, c)"), QStringLiteral("y = bar(a, c)")}, options);

    QCOMPARE(dumpRows(result), rows);
    QCOMPARE(result.roughRows, roughRows);
}

// A thousand changed pairs of unrelated 1,000-character lines would take the character diff
// about 13 s; the default budget stops it after the first few and the rest are marked rough.
void TestLineDiff::manyLongLinesHitTheBudget()
{
    std::mt19937 random(7);
    const auto longLine = [&random]() {
        QString line;
        while (line.size() < 1000)
            line += QString::number(std::uniform_int_distribution<int>(0, 999)(random)) + QStringLiteral(", ");
        return line.left(1000);
    };
    QStringList left;
    QStringList right;
    for (int i = 0; i < 1000; ++i) {
        left.append(longLine());
        right.append(longLine());
    }
    const DiffResult result = krw::diffLines(left, right);

    QCOMPARE(result.changed, 1000);
    QVERIFY2(result.roughRows > 900 && result.roughRows < 1000, qPrintable(QString::number(result.roughRows)));
    for (const DiffRow& row : result.rows)
        QVERIFY(!row.leftSpans.isEmpty() && !row.rightSpans.isEmpty());
}

QTEST_GUILESS_MAIN(TestLineDiff)
#include "tst_linediff.moc"
