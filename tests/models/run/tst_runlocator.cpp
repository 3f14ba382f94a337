// SPDX-License-Identifier: MIT
//
// RunLocator (models/run/runlocator.h): which files make a run. An iteration series is
// <root>_<N>.jsonl with <root>_mem_<N>.json (FORMAT.md); a JSONL whose name merely ends in _<N>
// and has no sibling of its series is a lone JSONL, one iteration, whatever its number says.
#include "models/run/runlocator.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

namespace {

bool touch(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write("{}\n") == 3;
}

QString describe(const RunSource& run)
{
    QString kind;
    switch (run.kind) {
    case RunSource::Kind::Series:
        kind = QStringLiteral("series");
        break;
    case RunSource::Kind::LoneJsonl:
        kind = QStringLiteral("lone");
        break;
    case RunSource::Kind::DebugFolders:
        kind = QStringLiteral("debug");
        break;
    case RunSource::Kind::Layout:
        kind = run.layout;
        break;
    }
    QStringList iterations;
    for (int n : run.jsonlByIteration.keys())
        iterations << QString::number(n);
    return QStringLiteral("%1 %2 [%3]").arg(kind, run.name, iterations.join(QLatin1Char(',')));
}

QStringList describe(const LocateResult& result)
{
    QStringList runs;
    for (const RunSource& run : result.runs)
        runs << describe(run);
    runs.sort();
    return runs;
}

} // namespace

class TestRunLocator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void folder_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<QStringList>("expected");
        QTest::addRow("lone-numbered-jsonl") << QStringList{QStringLiteral("tritonbench_g_30.jsonl")}
                                             << QStringList{QStringLiteral("lone tritonbench_g_30 [0]")};
        QTest::addRow("series-with-memory") << QStringList{QStringLiteral("x_0.jsonl"), QStringLiteral("x_mem_0.json"),
            QStringLiteral("x_1.jsonl")} << QStringList{QStringLiteral("series x [0,1]")};
        QTest::addRow("one-iteration-with-its-memory-file")
            << QStringList{QStringLiteral("x_5.jsonl"), QStringLiteral("x_mem_5.json")} << QStringList{QStringLiteral("series x [5]")};
        QTest::addRow("several-jsonl-without-memory")
            << QStringList{QStringLiteral("x_0.jsonl"), QStringLiteral("x_1.jsonl")} << QStringList{QStringLiteral("series x [0,1]")};
        QTest::addRow("a-series-and-a-lone-numbered-file") << QStringList{QStringLiteral("x_0.jsonl"), QStringLiteral("x_mem_0.json"),
            QStringLiteral("y_30.jsonl")} << QStringList{QStringLiteral("lone y_30 [0]"), QStringLiteral("series x [0]")};
        QTest::addRow("lone-unnumbered-jsonl") << QStringList{QStringLiteral("results.jsonl")}
                                               << QStringList{QStringLiteral("lone results [0]")};
    }

    void folder()
    {
        QFETCH(QStringList, files);
        QFETCH(QStringList, expected);
        QTemporaryDir dir;
        for (const QString& name : files)
            QVERIFY(touch(dir.filePath(name)));
        QCOMPARE(describe(locateRuns(dir.path())), expected);
    }

    // Opening the file itself finds the same: its series when it has one, else the file alone.
    void oneFileOpened_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<QString>("opened");
        QTest::addColumn<QString>("expected");
        QTest::addRow("lone-numbered-jsonl") << QStringList{QStringLiteral("tritonbench_g_30.jsonl")}
                                             << QStringLiteral("tritonbench_g_30.jsonl") << QStringLiteral("lone tritonbench_g_30 [0]");
        QTest::addRow("lone-beside-another-root")
            << QStringList{QStringLiteral("tritonbench_g_30.jsonl"), QStringLiteral("x_0.jsonl"), QStringLiteral("x_mem_0.json")}
            << QStringLiteral("tritonbench_g_30.jsonl") << QStringLiteral("lone tritonbench_g_30 [0]");
        QTest::addRow("jsonl-of-a-series") << QStringList{QStringLiteral("x_0.jsonl"), QStringLiteral("x_mem_0.json"),
            QStringLiteral("x_1.jsonl")} << QStringLiteral("x_1.jsonl")
                                           << QStringLiteral("series x [0,1]");
        QTest::addRow("memory-file-of-a-series") << QStringList{QStringLiteral("x_5.jsonl"), QStringLiteral("x_mem_5.json")}
                                                 << QStringLiteral("x_mem_5.json") << QStringLiteral("series x [5]");
    }

    void oneFileOpened()
    {
        QFETCH(QStringList, files);
        QFETCH(QString, opened);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        for (const QString& name : files)
            QVERIFY(touch(dir.filePath(name)));
        QCOMPARE(describe(locateRuns(dir.filePath(opened))), QStringList{expected});
    }
};

QTEST_GUILESS_MAIN(TestRunLocator)
#include "tst_runlocator.moc"
