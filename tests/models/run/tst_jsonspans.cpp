// SPDX-License-Identifier: MIT
//
// json_spans (models/run/jsonspans.h): where the members of a JSON object or the elements of an
// array start and end, without building values. The loader reads a JSONL line and a memory
// file's top level with scanContainer, a nested value's extent with valueLength, and skips
// space (and a UTF-8 BOM) with skipSpace. Scalars are spans here, not checked: the field
// readers check them.
// JSON is written as plain escaped literals: moc (Qt 6.4) misreads some raw string literals and
// then finds no test class in the file.
#include "models/run/jsonspans.h"

#include <QStringList>
#include <QTest>

#include <initializer_list>
#include <string>
#include <string_view>

using namespace krw;
namespace js = krw::json_spans;

namespace {

// One line per member: key (raw, as found between its quotes), value text and depth, so a
// failing row prints what the scanner found.
QStringList dump(std::string_view text, const js::ScanResult& result)
{
    QStringList lines;
    for (const js::Member& m : result.members) {
        const std::string_view key = text.substr(m.keySpan.offset, m.keySpan.length);
        const std::string_view value = text.substr(m.value.offset, m.value.length);
        lines << QStringLiteral("%1 %2 =%3")
                     .arg(QString::fromUtf8(key.data(), int(key.size())), QString::fromUtf8(value.data(), int(value.size())))
                     .arg(m.depth);
    }
    return lines;
}

QString str(const std::string& s)
{
    return QString::fromStdString(s);
}

// Expected lines, written as UTF-8 literals.
QStringList L(std::initializer_list<const char*> lines)
{
    QStringList list;
    for (const char* line : lines)
        list << QString::fromUtf8(line);
    return list;
}

} // namespace

class TestJsonSpans : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void skipSpace_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("expected");
        QTest::addRow("empty") << QByteArray() << 0 << 0;
        QTest::addRow("no-space") << QByteArray("{}") << 0 << 0;
        QTest::addRow("all-four-spaces") << QByteArray(" \t\r\n{") << 0 << 4;
        QTest::addRow("only-space") << QByteArray("  \n ") << 0 << 4;
        QTest::addRow("from-the-middle") << QByteArray("[1,  2]") << 3 << 5;
        QTest::addRow("bom") << QByteArray("\xEF\xBB\xBF{") << 0 << 3;
        QTest::addRow("bom-between-spaces") << QByteArray(" \xEF\xBB\xBF\n{") << 0 << 5;
        QTest::addRow("half-a-bom-is-not-space") << QByteArray("\xEF\xBB{") << 0 << 0;
        QTest::addRow("other-control-chars-are-not-space") << QByteArray("\f\v{") << 0 << 0;
        QTest::addRow("past-the-end") << QByteArray("ab") << 5 << 5;
    }

    void skipSpace()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, from);
        QFETCH(int, expected);
        QCOMPARE(int(js::skipSpace(std::string_view(text.constData(), std::size_t(text.size())), std::size_t(from))), expected);
    }

    // Well-formed containers: every member with its exact spans.
    void scanMembers_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("members");
        QTest::addRow("empty-object") << QByteArray("{}") << QStringList{};
        QTest::addRow("empty-object-with-space") << QByteArray(" {  \n } ") << QStringList{};
        QTest::addRow("empty-array") << QByteArray("[]") << QStringList{};
        QTest::addRow("top-level-members") << QByteArray("{\"filename\": \"a.py\", \"pass_call\": true, \"n\": -1.5e3, \"x\": null}")
                                           << L({"\"filename\" \"a.py\" =0", "\"pass_call\" true =0", "\"n\" -1.5e3 =0", "\"x\" null =0"});
        QTest::addRow("no-space-at-all") << QByteArray("{\"a\":1,\"b\":\"2\"}") << L({"\"a\" 1 =0", "\"b\" \"2\" =0"});
        QTest::addRow("space-everywhere") << QByteArray(" {\n \"a\" \t:\r\n 1 \n,\n \"b\" : [ ] \n}\n")
                                          << L({"\"a\" 1 =0", "\"b\" [ ] =1"});
        QTest::addRow("array-elements-have-no-key")
            << QByteArray("[1, \"two\", null, [3]]") << L({" 1 =0", " \"two\" =0", " null =0", " [3] =1"});
        QTest::addRow("python-literals") << QByteArray("[NaN, Infinity, -Infinity, -NaN]")
                                         << L({" NaN =0", " Infinity =0", " -Infinity =0", " -NaN =0"});
        QTest::addRow("escaped-quote-in-string")
            << QByteArray("{\"a\": \"say \\\"hi\\\"\", \"b\": 2}") << L({"\"a\" \"say \\\"hi\\\"\" =0", "\"b\" 2 =0"});
        QTest::addRow("escaped-backslash-before-closing-quote")
            << QByteArray("{\"a\": \"C:\\\\\", \"b\": 2}") << L({"\"a\" \"C:\\\\\" =0", "\"b\" 2 =0"});
        QTest::addRow("braces-brackets-commas-colons-in-strings") << QByteArray("{\"code\": \"int f() { return a[0], b: }\", \"n\": 1}")
                                                                  << L({"\"code\" \"int f() { return a[0], b: }\" =0", "\"n\" 1 =0"});
        QTest::addRow("unbalanced-brackets-inside-strings-of-nested-values") << QByteArray(
            "{\"c\": [[\"}\", \"]]\"], {\"k\": \"{{\"}], \"d\": 0}") << L({"\"c\" [[\"}\", \"]]\"], {\"k\": \"{{\"}] =2", "\"d\" 0 =0"});
        QTest::addRow("escaped-unicode-and-newline")
            << QByteArray("{\"s\": \"\\u00e9\\n\\t\\\"\", \"t\": true}") << L({"\"s\" \"\\u00e9\\n\\t\\\"\" =0", "\"t\" true =0"});
        QTest::addRow("utf8-in-strings") << QByteArray("{\"s\": \"é → 日本\"}") << QStringList{QStringLiteral("\"s\" \"é → 日本\" =0")};
        QTest::addRow("key-escapes-stay-undecoded") << QByteArray("{\"a\\\"b\": 1}") << L({"\"a\\\"b\" 1 =0"});
        QTest::addRow("nesting-depth-per-member") << QByteArray("{\"s\": 1, \"o\": {}, \"l\": [[]], \"m\": {\"a\": [{\"b\": [1]}]}}")
                                                  << L({"\"s\" 1 =0", "\"o\" {} =1", "\"l\" [[]] =2", "\"m\" {\"a\": [{\"b\": [1]}]} =4"});
        QTest::addRow("bom-before-the-object") << QByteArray("\xEF\xBB\xBF{\"a\": 1}") << L({"\"a\" 1 =0"});
        QTest::addRow("raw-newline-inside-a-string") << QByteArray("{\"a\": \"x\ny\"}") << QStringList{QStringLiteral("\"a\" \"x\ny\" =0")};
        // What follows the container is the caller's to look at.
        QTest::addRow("only-the-first-container") << QByteArray("{\"a\": 1}\n{\"b\": 2}") << L({"\"a\" 1 =0"});
    }

    void scanMembers()
    {
        QFETCH(QByteArray, text);
        QFETCH(QStringList, members);
        const std::string_view view(text.constData(), std::size_t(text.size()));
        const js::ScanResult result = js::scanContainer(view, 200);
        QVERIFY2(result.ok(), result.error.c_str());
        QCOMPARE(dump(view, result), members);
        for (const js::Member& m : result.members) {
            // key is the key span without its quotes
            if (m.keySpan.length > 0)
                QCOMPARE(str(m.key), QString::fromStdString(std::string(view.substr(m.keySpan.offset + 1, m.keySpan.length - 2))));
            else
                QVERIFY(m.key.empty());
        }
    }

    // Offsets are byte offsets into the text scanned, so a field's TextRef can point into its file.
    void offsetsAreBytesIntoTheText()
    {
        const std::string_view text = "\xEF\xBB\xBF { \"é\" : \"x\" , \"n\":12 }";
        const auto result = js::scanContainer(text, 200);
        QVERIFY(result.ok());
        QCOMPARE(result.members.size(), std::size_t(2));
        QCOMPARE(result.members[0].keySpan.offset, std::size_t(6));
        QCOMPARE(result.members[0].keySpan.length, std::size_t(4)); // "é" is two bytes
        QCOMPARE(result.members[0].value.offset, std::size_t(13));
        QCOMPARE(result.members[0].value.length, std::size_t(3));
        QCOMPARE(result.members[1].keySpan.offset, std::size_t(19));
        QCOMPARE(result.members[1].value.offset, std::size_t(23));
        QCOMPARE(result.members[1].value.length, std::size_t(2));
    }

    // The loader's use on a JSONL file: each line is scanned on its own, with offsets relative
    // to the line, and one bad line costs only that line.
    void jsonlLines()
    {
        const std::string text = std::string("{\"filename\": \"a.py\", \"predict\": \"int a; // {\\\"}\"}")
            + "\n" // a quote and a brace in a string
            + "\n" // blank
            + "{\"filename\": \"b.py\", \"predict\": \"unclosed}" + "\n" // cut off
            + "  {\"filename\": \"c.py\"}" + "\r\n"; // written on Windows
        const std::string_view all(text);
        QStringList found;
        std::size_t start = 0;
        while (start < all.size()) {
            std::size_t end = all.find('\n', start);
            if (end == std::string_view::npos)
                end = all.size();
            const std::string_view line = all.substr(start, end - start);
            if (js::skipSpace(line, 0) < line.size()) {
                const auto result = js::scanContainer(line, 200);
                QString what = result.ok() ? QStringLiteral("ok") : QStringLiteral("error at %1").arg(result.errorOffset);
                for (const js::Member& m : result.members)
                    what
                        += QLatin1Char(' ') + str(m.key) + QLatin1Char('=') + str(std::string(line.substr(m.value.offset, m.value.length)));
                found << what;
            }
            start = end + 1;
        }
        QCOMPARE(found,
            (QStringList{
                QStringLiteral("ok filename=\"a.py\" predict=\"int a; // {\\\"}\""),
                QStringLiteral("error at 32 filename=\"b.py\""),
                QStringLiteral("ok filename=\"c.py\""),
            }));
    }

    // Malformed input: the error, where it is, the member it is in, and the members before it.
    void malformed_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QTest::addColumn<int>("errorOffset");
        QTest::addColumn<QString>("errorKey");
        QTest::addColumn<QStringList>("membersBefore");
        QTest::addRow("empty") << QByteArray() << QStringLiteral("empty input") << 0 << QString() << QStringList{};
        QTest::addRow("only-space") << QByteArray(" \n\t") << QStringLiteral("empty input") << 3 << QString() << QStringList{};
        QTest::addRow("scalar-at-top-level") << QByteArray(" 42") << QStringLiteral("expected '{' or '['") << 1 << QString()
                                             << QStringList{};
        QTest::addRow("string-at-top-level") << QByteArray("\"a\"") << QStringLiteral("expected '{' or '['") << 0 << QString()
                                             << QStringList{};
        QTest::addRow("truncated-after-open") << QByteArray("{") << QStringLiteral("expected a quoted key") << 1 << QString()
                                              << QStringList{};
        QTest::addRow("truncated-in-key") << QByteArray("{\"fil") << QStringLiteral("key is not closed (text ends)") << 1 << QString()
                                          << QStringList{};
        QTest::addRow("truncated-after-key") << QByteArray("{\"a\"") << QStringLiteral("expected ':' after key \"a\"") << 4 << QString()
                                             << QStringList{};
        QTest::addRow("truncated-after-colon") << QByteArray("{\"a\": ") << QStringLiteral("value missing (text ends)") << 6
                                               << QStringLiteral("a") << QStringList{};
        QTest::addRow("truncated-in-string-value")
            << QByteArray("{\"a\": 1, \"b\": \"int x") << QStringLiteral("string is not closed (text ends)") << 14 << QStringLiteral("b")
            << L({"\"a\" 1 =0"});
        QTest::addRow("truncated-after-escape") << QByteArray("{\"a\": \"x\\") << QStringLiteral("string is not closed (text ends)") << 6
                                                << QStringLiteral("a") << QStringList{};
        QTest::addRow("truncated-in-nested-value")
            << QByteArray("{\"a\": 1, \"p\": [[\"code\", 1.5], [") << QStringLiteral("object or array is not closed (text ends)") << 14
            << QStringLiteral("p") << L({"\"a\" 1 =0"});
        QTest::addRow("truncated-in-string-in-nested-value")
            << QByteArray("{\"p\": [[\"code") << QStringLiteral("string is not closed (text ends)") << 6 << QStringLiteral("p")
            << QStringList{};
        QTest::addRow("truncated-after-value") << QByteArray("{\"a\": 1") << QStringLiteral("expected ',' or '}' (text ends)") << 7
                                               << QString() << L({"\"a\" 1 =0"});
        QTest::addRow("truncated-array") << QByteArray("[1, 2") << QStringLiteral("expected ',' or ']' (text ends)") << 5 << QString()
                                         << L({" 1 =0", " 2 =0"});
        QTest::addRow("unquoted-key") << QByteArray("{a: 1}") << QStringLiteral("expected a quoted key") << 1 << QString() << QStringList{};
        QTest::addRow("missing-colon") << QByteArray("{\"a\" 1}") << QStringLiteral("expected ':' after key \"a\"") << 5 << QString()
                                       << QStringList{};
        QTest::addRow("missing-comma") << QByteArray("{\"a\": 1 \"b\": 2}") << QStringLiteral("expected ',' or '}'") << 8 << QString()
                                       << L({"\"a\" 1 =0"});
        QTest::addRow("trailing-comma-in-object")
            << QByteArray("{\"a\": 1,}") << QStringLiteral("expected a quoted key") << 8 << QString() << L({"\"a\" 1 =0"});
        QTest::addRow("trailing-comma-in-array")
            << QByteArray("[1,]") << QStringLiteral("unexpected character ']'") << 3 << QString() << L({" 1 =0"});
        QTest::addRow("leading-comma-in-array")
            << QByteArray("[,1]") << QStringLiteral("unexpected character ','") << 1 << QString() << QStringList{};
        QTest::addRow("wrong-closer-for-object")
            << QByteArray("{\"a\": 1]") << QStringLiteral("expected ',' or '}'") << 7 << QString() << L({"\"a\" 1 =0"});
        QTest::addRow("mismatched-brackets-in-value")
            << QByteArray("{\"a\": [1}, \"b\": 2}") << QStringLiteral("unbalanced '}'") << 6 << QStringLiteral("a") << QStringList{};
        QTest::addRow("missing-value") << QByteArray("{\"a\": , \"b\": 2}") << QStringLiteral("unexpected character ','") << 6
                                       << QStringLiteral("a") << QStringList{};
    }

    void malformed()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        QFETCH(int, errorOffset);
        QFETCH(QString, errorKey);
        QFETCH(QStringList, membersBefore);
        const std::string_view view(text.constData(), std::size_t(text.size()));
        const js::ScanResult result = js::scanContainer(view, 200);
        QVERIFY(!result.ok());
        QCOMPARE(str(result.error), error);
        QCOMPARE(int(result.errorOffset), errorOffset);
        QCOMPARE(str(result.errorKey), errorKey);
        QCOMPARE(dump(view, result), membersBefore);
    }

    // maxDepth counts the scanned container itself: text nested maxDepth levels deep scans,
    // one more level is an error on the member that goes too deep.
    void depthLimit_data()
    {
        QTest::addColumn<int>("levels"); // of the whole text, the outer container included
        QTest::addColumn<int>("maxDepth");
        QTest::addColumn<bool>("ok");
        QTest::addRow("flat-at-limit-1") << 1 << 1 << true;
        QTest::addRow("one-over-limit-1") << 2 << 1 << false;
        QTest::addRow("at-limit") << 5 << 5 << true;
        QTest::addRow("one-over") << 6 << 5 << false;
        QTest::addRow("default-limit") << 200 << 200 << true;
        QTest::addRow("one-over-default-limit") << 201 << 200 << false;
    }

    void depthLimit()
    {
        QFETCH(int, levels);
        QFETCH(int, maxDepth);
        QFETCH(bool, ok);
        // {"before": 1, "deep": [[...[1]...]], "after": 2}
        const std::string inner = std::string(std::size_t(levels - 1), '[') + "1" + std::string(std::size_t(levels - 1), ']');
        const std::string text = "{\"before\": 1, \"deep\": " + (levels > 1 ? inner : std::string("1")) + ", \"after\": 2}";
        const js::ScanResult result = js::scanContainer(text, maxDepth);
        QCOMPARE(result.ok(), ok);
        if (ok) {
            QCOMPARE(result.members.size(), std::size_t(3));
            QCOMPARE(result.members[1].depth, levels - 1);
        } else {
            QVERIFY2(str(result.error).startsWith(QStringLiteral("nesting deeper than")), result.error.c_str());
            QCOMPARE(str(result.errorKey), QStringLiteral("deep"));
            QCOMPARE(result.errorOffset, text.find('['));
            QCOMPARE(result.members.size(), std::size_t(1)); // "before"
        }
    }

    // The scanner does not recurse: nesting far beyond any limit neither overflows the stack
    // nor takes long, whether it is allowed, refused or never closed.
    void deepNestingIsIterative()
    {
        constexpr std::size_t levels = 1000000;
        const std::string closed = std::string(levels, '[') + std::string(levels, ']');
        const auto allowed = js::scanContainer(closed, int(levels));
        QVERIFY2(allowed.ok(), allowed.error.c_str());
        QCOMPARE(allowed.members.size(), std::size_t(1));
        QCOMPARE(allowed.members[0].depth, int(levels - 1));

        const auto refused = js::scanContainer(closed, 200);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.errorOffset, std::size_t(1));

        const std::string unclosed(levels, '[');
        const auto open = js::scanContainer(unclosed, int(levels));
        QCOMPARE(str(open.error), QStringLiteral("object or array is not closed (text ends)"));
    }

    // valueLength: the extent of one value at pos, as used for a nested list.
    void valueLength_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("pos");
        QTest::addColumn<int>("maxDepth");
        QTest::addColumn<int>("length");
        QTest::addColumn<int>("depth");
        QTest::addColumn<QString>("error");
        QTest::addRow("string") << QByteArray("x \"a\\\"b\" y") << 2 << 10 << 6 << 0 << QString();
        QTest::addRow("number-ends-at-comma") << QByteArray("[12.5e-3,1]") << 1 << 10 << 7 << 0 << QString();
        QTest::addRow("number-ends-at-space") << QByteArray("-0 ") << 0 << 10 << 2 << 0 << QString();
        QTest::addRow("literal-at-end-of-text") << QByteArray("true") << 0 << 10 << 4 << 0 << QString();
        QTest::addRow("scalars-are-not-checked") << QByteArray("tru}") << 0 << 10 << 3 << 0 << QString();
        QTest::addRow("object") << QByteArray("{\"a\": [1, {\"b\": \"]\"}]} tail") << 0 << 10 << 22 << 3 << QString();
        QTest::addRow("object-in-the-middle") << QByteArray("[0, {\"a\": 1}, 2]") << 4 << 10 << 8 << 1 << QString();
        QTest::addRow("depth-at-limit") << QByteArray("[[[]]]") << 0 << 3 << 6 << 3 << QString();
        QTest::addRow("depth-over-limit") << QByteArray("[[[]]]") << 0 << 2 << 0 << 3 << QStringLiteral("nesting deeper than 2 levels");
        QTest::addRow("pos-at-end") << QByteArray("[1, ") << 4 << 10 << 0 << 0 << QStringLiteral("value missing (text ends)");
        QTest::addRow("pos-past-end") << QByteArray("[1") << 9 << 10 << 0 << 0 << QStringLiteral("value missing (text ends)");
        QTest::addRow("closer-where-a-value-should-be")
            << QByteArray("]") << 0 << 10 << 0 << 0 << QStringLiteral("unexpected character ']'");
        QTest::addRow("colon-where-a-value-should-be")
            << QByteArray(":1") << 0 << 10 << 0 << 0 << QStringLiteral("unexpected character ':'");
        QTest::addRow("unclosed-string") << QByteArray("\"abc") << 0 << 10 << 0 << 0 << QStringLiteral("string is not closed (text ends)");
        QTest::addRow("unclosed-string-in-list")
            << QByteArray("[\"abc]") << 0 << 10 << 0 << 1 << QStringLiteral("string is not closed (text ends)");
        QTest::addRow("unclosed-list") << QByteArray("[[1], [2]") << 0 << 10 << 0 << 2
                                       << QStringLiteral("object or array is not closed (text ends)");
        QTest::addRow("mismatched-closer") << QByteArray("[{]}") << 0 << 10 << 0 << 2 << QStringLiteral("unbalanced ']'");
    }

    void valueLength()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, pos);
        QFETCH(int, maxDepth);
        QFETCH(int, length);
        QFETCH(int, depth);
        QFETCH(QString, error);
        int foundDepth = -1;
        std::string foundError;
        const std::size_t found = js::valueLength(
            std::string_view(text.constData(), std::size_t(text.size())), std::size_t(pos), maxDepth, &foundDepth, &foundError);
        QCOMPARE(int(found), length);
        QCOMPARE(foundDepth, depth);
        QCOMPARE(str(foundError), error);
    }
};

QTEST_GUILESS_MAIN(TestJsonSpans)
#include "tst_jsonspans.moc"
