// SPDX-License-Identifier: MIT
#include "models/run/casetexts.h"
#include "models/run/displaytext.h"
#include "models/run/runloader.h"
#include "models/run/textlimits.h"

#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace krw;

namespace {

ResolvedText resolved(const QString& text, qint64 fieldBytes = -1, bool truncated = false)
{
    ResolvedText r;
    r.text = text;
    r.fieldBytes = fieldBytes < 0 ? text.toUtf8().size() : fieldBytes;
    r.shownBytes = truncated ? TextLimits::ShownBytes : r.fieldBytes;
    r.truncated = truncated;
    return r;
}

// A run of one case whose predict field is json (a JSON value, as written in the file).
RunPtr runWithPredict(const QTemporaryDir& dir, const QByteArray& json)
{
    QFile file(dir.filePath(QStringLiteral("one.jsonl")));
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write("{\"filename\": \"one.py\", \"predict\": " + json + "}\n");
    file.close();
    return std::make_shared<const Run>(loadRunAtPath(file.fileName()));
}

} // namespace

class TestDisplayText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rows_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QVector<int>>("rowLengths");
        QTest::addColumn<QVector<int>>("numbers"); // empty: rows are the lines
        const int r = TextLimits::RowChars;
        QTest::addRow("short-lines-unchanged") << QStringLiteral("a\nbb\n") << QVector<int>{1, 2, 0} << QVector<int>{};
        QTest::addRow("exactly-one-row") << QString(r, QLatin1Char('x')) << QVector<int>{r} << QVector<int>{};
        QTest::addRow("one-long-line") << QString(2 * r + 7, QLatin1Char('x')) << QVector<int>{r, r, 7} << QVector<int>{1, 0, 0};
        QTest::addRow("long-line-between-short-ones") << QStringLiteral("a\n") + QString(r + 1, QLatin1Char('x')) + QStringLiteral("\nb")
                                                      << QVector<int>{1, r, 1, 1} << QVector<int>{1, 2, 0, 3};
        // A row never ends between the halves of a surrogate pair.
        QTest::addRow("surrogate-pair-at-the-cut") << QString(r - 1, QLatin1Char('x')) + QString::fromUtf8("😀") + QStringLiteral("yz")
                                                   << QVector<int>{r - 1, 4} << QVector<int>{1, 0};
    }

    void rows()
    {
        QFETCH(QString, text);
        QFETCH(QVector<int>, rowLengths);
        QFETCH(QVector<int>, numbers);
        const DisplayText display = prepareDisplayText(resolved(text));
        QVector<int> lengths;
        for (const QString& row : display.text.split(QLatin1Char('\n')))
            lengths << int(row.size());
        QCOMPARE(lengths, rowLengths);
        QCOMPARE(display.lineNumbers, numbers);
        QCOMPARE(QString(display.text).remove(QLatin1Char('\n')), QString(text).remove(QLatin1Char('\n')));
    }

    void richOnlyUpToTheLimit()
    {
        const QString code = QStringLiteral("#include <hip/hip_runtime.h>\n__global__ void k() {}\n");
        DisplayText small = prepareDisplayText(resolved(code));
        QVERIFY(small.rich);
        QVERIFY(small.whole);
        QVERIFY(!small.isBig());
        QCOMPARE(small.language, CodeLanguage::Cpp);

        const DisplayText large = prepareDisplayText(resolved(code, TextLimits::RichBytes + 1));
        QVERIFY(!large.rich);
        QVERIFY(large.whole);
        QVERIFY(large.isBig());
        QCOMPARE(large.language, CodeLanguage::Plain);

        const DisplayText cut = prepareDisplayText(resolved(code, 60 * 1024 * 1024, true));
        QVERIFY(!cut.whole);
        QVERIFY(!cut.rich);
        QCOMPARE(cut.shownBytes, TextLimits::ShownBytes);
        QCOMPARE(cut.fieldBytes, qint64(60 * 1024 * 1024));
        QCOMPARE(cut.preparedBy, QThread::currentThreadId());
    }

    void errorIsShownNotBig()
    {
        ResolvedText broken;
        broken.error = QStringLiteral("cannot read x");
        const DisplayText display = prepareDisplayText(broken);
        QCOMPARE(display.text, broken.error);
        QVERIFY(!display.isBig());
    }

    void sizesAndTheCompareMessage()
    {
        QCOMPARE(TextLimits::size(512), QStringLiteral("512 bytes"));
        QCOMPARE(TextLimits::size(TextLimits::ShownBytes), QStringLiteral("2.0 MiB"));
        QCOMPARE(TextLimits::size(60 * 1024 * 1024 + 2), QStringLiteral("60.0 MiB"));
        QCOMPARE(TextLimits::tooLargeToCompare(QStringLiteral("Label"), 3 * 1024 * 1024),
            QStringLiteral("Label is too large to compare (3.0 MiB); limit 1.0 MiB"));
    }

    // A cut string literal shows its text, not its JSON escapes.
    void cutStringIsDecodedUpToTheCut_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<qint64>("maxBytes");
        QTest::addColumn<QString>("shown");
        QTest::addRow("escapes") << QByteArray("\"a\\nb\\t\\\"c\\\\ \\u00e9 \\ud83d\\ude00 tail\"") << qint64(32)
                                 << QString::fromUtf8("a\nb\t\"c\\ é 😀");
        QTest::addRow("cut-inside-unicode-escape") << QByteArray("\"ab\\u00e9\"") << qint64(6) << QStringLiteral("ab");
        QTest::addRow("cut-after-backslash") << QByteArray("\"ab\\nc\"") << qint64(4) << QStringLiteral("ab");
        QTest::addRow("cut-inside-utf8") << QByteArray("\"ab\xc3\xa9\"") << qint64(4) << QStringLiteral("ab");
        QTest::addRow("not-a-string") << QByteArray("[1, 2, 3, 4]") << qint64(5) << QStringLiteral("[1, 2");
    }

    void cutStringIsDecodedUpToTheCut()
    {
        QFETCH(QByteArray, json);
        QFETCH(qint64, maxBytes);
        QFETCH(QString, shown);
        QTemporaryDir dir;
        const RunPtr run = runWithPredict(dir, json);
        QVERIFY(run && run->cases.size() == 1);
        const ResolvedText text = TextStore::resolve(*run->sources, run->cases.first().newest().predict, maxBytes);
        QVERIFY(text.truncated);
        QCOMPARE(text.shownBytes, maxBytes);
        QCOMPARE(text.fieldBytes, qint64(json.size()));
        QCOMPARE(text.text.section(QStringLiteral("\n… [cut: "), 0, 0), shown);
        QVERIFY(text.text.endsWith(QStringLiteral("are here]")));
    }

    void wholeTextReadAndSaved()
    {
        QTemporaryDir dir;
        const QByteArray body = QByteArray(3 * 1024 * 1024, 'x');
        const RunPtr run = runWithPredict(dir, "\"line 1\\n" + body + "\"");
        const CaseTexts texts = readCaseTexts(run, 0, TextLimits::ShownBytes);
        const QString key = QStringLiteral("it0:predict");
        QVERIFY(texts.texts.value(key).truncated);
        const WholeTextSource source{run->sources, texts.refs.value(key), QStringLiteral("one.txt")};

        const DisplayText whole = readWholeText(source);
        QVERIFY(whole.whole);
        QVERIFY(!whole.rich);
        QCOMPARE(whole.lineNumbers.value(0), 1);
        QCOMPARE(whole.lineNumbers.value(1), 2);
        QCOMPARE(whole.text.size(), 6 + body.size() + body.size() / TextLimits::RowChars); // a newline per row

        QString error;
        const QString path = dir.filePath(QStringLiteral("whole.txt"));
        QVERIFY2(saveWholeText(source, path, &error), qPrintable(error));
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(saved.readAll(), QByteArray("line 1\n" + body));

        QVERIFY(!saveWholeText(source, dir.filePath(QStringLiteral("missing/whole.txt")), &error));
        QVERIFY(error.contains(QStringLiteral("missing/whole.txt")));
        QVERIFY(!saveWholeText({}, path, &error));
        QCOMPARE(error, QStringLiteral("no text to save"));
    }
};

QTEST_GUILESS_MAIN(TestDisplayText)
#include "tst_displaytext.moc"
