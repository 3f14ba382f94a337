// SPDX-License-Identifier: MIT
#include "models/browse/sourceexcerpt.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

class TestSourceExcerpt : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            QTest::qFail("cannot write the fixture", __FILE__, __LINE__);
        return path;
    }

private Q_SLOTS:
    void byLineAndByByte_data()
    {
        QTest::addColumn<qint64>("line");
        QTest::addColumn<qint64>("offset");
        QTest::addRow("line") << qint64(30) << qint64(-1);
        QTest::addRow("byte") << qint64(30) << qint64(-2); // the byte where line 30 starts, plus 3
        QTest::addRow("byte without line") << qint64(0) << qint64(-2);
    }

    void byLineAndByByte()
    {
        QFETCH(qint64, line);
        QFETCH(qint64, offset);
        QByteArray bytes;
        qint64 start30 = 0;
        for (int n = 1; n <= 50; ++n) {
            if (n == 30)
                start30 = bytes.size();
            bytes += "line " + QByteArray::number(n) + (n % 2 ? "\r\n" : "\n");
        }
        const QString path = write(QStringLiteral("lines.txt"), bytes);
        const SourceExcerpt excerpt = readSourceExcerpt(path, line, offset == -2 ? start30 + 3 : offset, 5);
        QVERIFY2(excerpt, qPrintable(excerpt.error));
        QCOMPARE(excerpt.line, qint64(30));
        QCOMPARE(excerpt.firstLine, qint64(25));
        QCOMPARE(excerpt.lines.size(), 11);
        QCOMPARE(excerpt.lines.at(5), QStringLiteral("line 30"));
        QCOMPARE(excerpt.lines.first(), QStringLiteral("line 25")); // no \r
        QVERIFY(!excerpt.cut);
    }

    void edgesOfTheFile()
    {
        const QString path = write(QStringLiteral("short.txt"), "a\nb\nc\n");
        SourceExcerpt excerpt = readSourceExcerpt(path, 1, -1, 5);
        QCOMPARE(excerpt.firstLine, qint64(1));
        QCOMPARE(excerpt.lines, (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
        excerpt = readSourceExcerpt(path, 9, -1, 5);
        QVERIFY(!excerpt);
        QVERIFY(excerpt.error.contains(path));
        excerpt = readSourceExcerpt(m_dir.filePath(QStringLiteral("missing.txt")), 1, -1);
        QVERIFY(!excerpt);
        QVERIFY(excerpt.error.contains(QStringLiteral("missing.txt")));
    }

    // A record of megabytes on one line is cut around the byte the warning points at.
    void longLineIsCutAroundTheByte()
    {
        QByteArray line(3 * 1024 * 1024, 'x');
        const qint64 at = 2 * 1024 * 1024;
        line.replace(int(at), 6, "MARKER");
        const QString path = write(QStringLiteral("long.jsonl"), "{\"first\": 1}\n" + line + "\n{\"last\": 3}\n");
        const SourceExcerpt excerpt = readSourceExcerpt(path, 2, 13 + at, 5, 200);
        QVERIFY2(excerpt, qPrintable(excerpt.error));
        QVERIFY(excerpt.cut);
        QCOMPARE(excerpt.lines.size(), 3);
        QVERIFY(excerpt.lines.at(1).size() <= 202);
        QVERIFY2(excerpt.lines.at(1).contains(QStringLiteral("MARKER")), qPrintable(excerpt.lines.at(1).left(80)));
        QVERIFY(excerpt.lines.at(1).startsWith(QStringLiteral("…")));
        QCOMPARE(excerpt.lines.at(2), QStringLiteral("{\"last\": 3}"));
    }

    // A one-line JSON file (as json.dump writes it): the byte's column in the shown (cut) line,
    // and the span of the value there, so the dialog can scroll to it and mark it.
    void columnAndSpanOfTheByte()
    {
        QByteArray json = "[{\"filename\": \"a.py\", \"code\": \"" + QByteArray(30000, 'c') + "\", \"pass_call\": ";
        const qint64 at = json.size();
        json += "\"yes\", \"pass_exe\": true}]";
        const QString path = write(QStringLiteral("memory.json"), json);
        const SourceExcerpt excerpt = readSourceExcerpt(path, 0, at, 5, 2000);
        QVERIFY2(excerpt, qPrintable(excerpt.error));
        QVERIFY(excerpt.cut);
        QCOMPARE(excerpt.lines.size(), 1);
        QVERIFY(excerpt.column > 1000); // far right of the shown line
        QCOMPARE(excerpt.lines.at(0).mid(excerpt.column, excerpt.spanLength), QStringLiteral("\"yes\""));
        // A literal runs up to its delimiter; a line asked for by number has no column.
        const SourceExcerpt literal = readSourceExcerpt(path, 0, json.indexOf("true"), 5, 2000);
        QCOMPARE(literal.lines.at(0).mid(literal.column, literal.spanLength), QStringLiteral("true"));
        QCOMPARE(readSourceExcerpt(path, 1, -1, 5, 2000).column, -1);
        // Short lines are not cut: the column is the byte's character (after multi-byte ones).
        const QString small = write(QStringLiteral("small.json"), QByteArray("{\"n\u00e4me\": \"\xc3\xa4\", \"x\": 42}"));
        const QByteArray bytes = QByteArray("{\"n\u00e4me\": \"\xc3\xa4\", \"x\": 42}");
        const SourceExcerpt shortLine = readSourceExcerpt(small, 0, bytes.indexOf("42"), 5, 2000);
        QCOMPARE(shortLine.lines.at(0).mid(shortLine.column, shortLine.spanLength), QStringLiteral("42"));
    }
};

QTEST_GUILESS_MAIN(TestSourceExcerpt)
#include "tst_sourceexcerpt.moc"
