// SPDX-License-Identifier: MIT
//
// RunGrid (models/compare/rungrid.h): several runs as a case × run grid with a summary per run.
#include "models/compare/rungrid.h"
#include "models/run/runloader.h"

#include <QStandardPaths>
#include <QTest>

using namespace krw;

namespace {

RunPtr load(const char* path)
{
    return std::make_shared<const Run>(loadRunAtPath(QString::fromUtf8(path)));
}

RunPtr runOf(const QString& name, const QVector<QPair<QString, Outcome>>& cases)
{
    auto run = std::make_shared<Run>();
    run->name = name;
    for (const auto& [filename, outcome] : cases) {
        Case c;
        c.filename = filename;
        c.history.append(IterationRecord());
        c.latest = outcome;
        c.best = outcome == Outcome::Passed ? Stage::Perf : Stage::None;
        run->cases.append(c);
    }
    return run;
}

} // namespace

class TestRunGrid : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void threeRuns()
    {
        const RunGrid grid = RunGrid::build({runOf(QStringLiteral("v1"), {{QStringLiteral("a.py"), Outcome::ExeFailed}}),
            runOf(QStringLiteral("v2"), {{QStringLiteral("b.py"), Outcome::Passed}, {QStringLiteral("a.py"), Outcome::Passed}}),
            runOf(QStringLiteral("v3"), {{QStringLiteral("a.py"), Outcome::Unknown}, {QStringLiteral("c.py"), Outcome::CallFailed}})});
        QCOMPARE(grid.runNames(), (QStringList{QStringLiteral("v1"), QStringLiteral("v2"), QStringLiteral("v3")}));
        QCOMPARE(grid.rows().size(), 3);
        const RunGridRow& a = grid.rows().at(0);
        QCOMPARE(a.filename, QStringLiteral("a.py"));
        QCOMPARE(a.cells.size(), 3);
        QCOMPARE(a.cells.at(0).latest, Outcome::ExeFailed);
        QCOMPARE(a.cells.at(1).latest, Outcome::Passed);
        QCOMPARE(a.cells.at(1).best, Stage::Perf);
        QCOMPARE(a.cells.at(2).latest, Outcome::Unknown);
        QVERIFY(a.cells.at(2).present);
        QCOMPARE(a.passedRuns, 1);
        const RunGridRow& b = grid.rows().at(1);
        QCOMPARE(b.filename, QStringLiteral("b.py"));
        QVERIFY(!b.cells.at(0).present);
        QVERIFY(b.cells.at(1).present);
        QVERIFY(!b.cells.at(2).present);
        QCOMPARE(grid.rows().at(2).filename, QStringLiteral("c.py"));
        QCOMPARE(grid.summaries().at(0).cases, 1);
        QCOMPARE(grid.summaries().at(0).failing, 1);
        QCOMPARE(grid.summaries().at(1).passed, 2);
        QCOMPARE(grid.summaries().at(2).unknown, 1);
        QCOMPARE(grid.summaries().at(2).failing, 1);
    }

    void sampleRuns()
    {
        const RunGrid grid = RunGrid::build({load(KRW_SAMPLE_RUN_DIR), load(KRW_SAMPLE_RUN_V2_DIR), load(KRW_SAMPLE_RUN_DIR)});
        QCOMPARE(grid.runCount(), 3);
        QCOMPARE(grid.rows().size(), 10);
        QCOMPARE(grid.summaries().at(0).passed, 3);
        QCOMPARE(grid.summaries().at(1).passed, 5);
        QCOMPARE(grid.rows().constLast().filename, QStringLiteral("vector_add.py"));
        QCOMPARE(RunGrid::build({}).rows().size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestRunGrid)
#include "tst_rungrid.moc"
