// SPDX-License-Identifier: MIT
//
// JsonStringDecoder (the fast path of TextStore::decodeJsonText) against nlohmann/json, the careful
// path: where the fast path answers, its text must be nlohmann's to the byte; where nlohmann would
// reject the literal or the value is no string, the fast path must not answer.
#include "models/run/jsonstringdecoder.h"
#include "models/run/textstore.h"

#include <QRandomGenerator>
#include <QTest>

#include <nlohmann/json.hpp>

#include <string>

using namespace krw;

namespace {

// nlohmann's answer: the text of a valid string literal, nothing otherwise.
std::optional<QString> careful(const std::string& json)
{
    const auto value = nlohmann::json::parse(json, nullptr, false);
    if (value.is_discarded() || !value.is_string())
        return std::nullopt;
    const auto& s = value.get_ref<const std::string&>();
    return QString::fromUtf8(s.data(), int(s.size()));
}

} // namespace

class TestJsonStringDecoder : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithNlohmann_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<bool>("decoded");
        QTest::addColumn<QString>("text");
        QTest::newRow("plain") << QByteArray("\"import torch\"") << true << QStringLiteral("import torch");
        QTest::newRow("empty") << QByteArray("\"\"") << true << QString();
        QTest::newRow("escapes") << QByteArray("\"a\\nb\\t\\\"c\\\"\\\\d\\/e\\u00e9\"") << true << QStringLiteral("a\nb\t\"c\"\\d/e\u00e9");
        QTest::newRow("surrogate pair") << QByteArray("\"\\ud83d\\ude80\"") << true << QString::fromUtf8("\xF0\x9F\x9A\x80");
        QTest::newRow("utf-8 as it is") << QByteArray("\"\xE2\x80\xA6 \xE4\xB8\xAD\"") << true
                                        << QString::fromUtf8("\xE2\x80\xA6 \xE4\xB8\xAD");
        QTest::newRow("whitespace around") << QByteArray(" \n\"x\" \r\n") << true << QStringLiteral("x");
        // Not ours: the careful path decides (and repairs or shows as JSON).
        QTest::newRow("number") << QByteArray("42") << false << QString();
        QTest::newRow("list") << QByteArray("[\"a\"]") << false << QString();
        QTest::newRow("null") << QByteArray("null") << false << QString();
        QTest::newRow("invalid utf-8") << QByteArray("\"a\xFF\"") << false << QString();
        QTest::newRow("lone surrogate") << QByteArray("\"\\ud800\"") << false << QString();
        QTest::newRow("bad escape") << QByteArray("\"\\q\"") << false << QString();
        QTest::newRow("raw newline") << QByteArray("\"a\nb\"") << false << QString();
        QTest::newRow("unclosed") << QByteArray("\"abc") << false << QString();
        QTest::newRow("two values") << QByteArray("\"a\" \"b\"") << false << QString();
        QTest::newRow("trailing comma") << QByteArray("\"a\",") << false << QString();
    }

    void agreesWithNlohmann()
    {
        QFETCH(QByteArray, json);
        QFETCH(bool, decoded);
        QFETCH(QString, text);
        QString out = QStringLiteral("untouched");
        QCOMPARE(JsonStringDecoder::decode(std::string_view(json.constData(), std::size_t(json.size())), &out), decoded);
        QCOMPARE(out, decoded ? text : QStringLiteral("untouched"));
        if (decoded)
            QCOMPARE(careful(json.toStdString()), std::optional<QString>(text));
        // Either way, the text a reader is shown is the careful path's where that one accepts.
        QString shown;
        const auto expected = careful(json.toStdString());
        if (expected) {
            QVERIFY(TextStore::decodeJsonText(json, &shown));
            QCOMPARE(shown, *expected);
        }
    }

    // Random literals built from the pieces that go wrong (escapes, quotes, multi-byte UTF-8, cut
    // sequences, control characters): the two paths never disagree.
    void randomLiteralsAgree()
    {
        static const char* pieces[]
            = {"a", "Z", " ", "\\n", "\\\"", "\\\\", "\\/", "\\u0041", "\\u00e9", "\\ud83d\\ude80", "\\ud800", "\\udc00x", "\\u12", "\\x",
                "\"", "\n", "\t", "\x01", "\xC3\xA9", "\xE4\xB8\xAD", "\xF0\x9F\x9A\x80", "\xC3", "\xFF", "\xED\xA0\x80", "{", "]"};
        QRandomGenerator rng(12);
        int fast = 0;
        for (int n = 0; n < 20000; ++n) {
            std::string json = "\"";
            const int count = int(rng.bounded(12));
            for (int k = 0; k < count; ++k)
                json += pieces[rng.bounded(int(sizeof pieces / sizeof *pieces))];
            if (rng.bounded(10) != 0)
                json += '"';
            QString out;
            const bool decoded = JsonStringDecoder::decode(json, &out);
            const auto expected = careful(json);
            if (decoded) {
                ++fast;
                QVERIFY2(expected, json.c_str());
                QCOMPARE(out, *expected);
            } else {
                // The fast path declines only what the careful path rejects (invalid UTF-8 and
                // lone surrogates included: nlohmann rejects those too before the repair).
                QVERIFY2(!expected, json.c_str());
            }
        }
        QVERIFY2(fast > 1000, qPrintable(QString::number(fast))); // the generator makes valid ones too
    }

    void bigTextsTakeTheCarefulPath()
    {
        const std::string big = '"' + std::string(JsonStringDecoder::MaxBytes, 'x') + '"';
        QString out;
        QVERIFY(!JsonStringDecoder::decode(big, &out));
        QString shown;
        QVERIFY(TextStore::decodeJsonText(QByteArray::fromStdString(big), &shown));
        QCOMPARE(shown.size(), qsizetype(JsonStringDecoder::MaxBytes));
    }
};

QTEST_GUILESS_MAIN(TestJsonStringDecoder)
#include "tst_jsonstringdecoder.moc"
