// SPDX-License-Identifier: MIT
#include "browse/sourceexcerpt.h"

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
};

QTEST_GUILESS_MAIN(TestSourceExcerpt)
#include "tst_sourceexcerpt.moc"
