// SPDX-License-Identifier: MIT
#include "diff/linediff.h"

#include <QTest>

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

} // namespace

class TestLineDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
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

QTEST_GUILESS_MAIN(TestLineDiff)
#include "tst_linediff.moc"
