// SPDX-License-Identifier: MIT
//
// RunChoice: which run of a place holding several is opened, for explicit and remembered names,
// with and without someone to ask. The window, compare, the CLI and loadRunAtPath all take it.
#include "models/run/runchoice.h"
#include "models/run/runloader.h"

#include <QTest>

using namespace krw;

namespace {

LocateResult located(const QStringList& names)
{
    LocateResult result;
    for (const QString& name : names) {
        RunSource source;
        source.name = name;
        source.path = QStringLiteral("/runs");
        result.runs.append(source);
    }
    if (names.isEmpty())
        result.error = QStringLiteral("/runs: no GEAK run found");
    return result;
}

} // namespace

class TestRunChoice : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void nothingFound()
    {
        const RunChoice c = RunChoice::of(QStringLiteral("/runs"), located({}), QStringLiteral("a"));
        QCOMPARE(c.outcome, RunChoice::Outcome::NothingFound);
        QCOMPARE(c.message, QStringLiteral("/runs: no GEAK run found"));
        QCOMPARE(c.index, -1);
    }

    void oneRunNeedsNoName()
    {
        const RunChoice c = RunChoice::of(QStringLiteral("/runs"), located({QStringLiteral("a")}), {}, RunChoice::Request::Explicit, true);
        QCOMPARE(c.outcome, RunChoice::Outcome::Chosen);
        QCOMPARE(c.index, 0);
        QVERIFY(c.message.isEmpty());
    }

    void aNameThatIsThereIsTaken()
    {
        for (const auto request : {RunChoice::Request::Explicit, RunChoice::Request::Remembered}) {
            const RunChoice c = RunChoice::of(
                QStringLiteral("/runs"), located({QStringLiteral("new"), QStringLiteral("old")}), QStringLiteral("old"), request, true);
            QCOMPARE(c.outcome, RunChoice::Outcome::Chosen); // not asked, though someone could be
            QCOMPARE(c.index, 1);
            QVERIFY(c.message.isEmpty());
        }
    }

    void anExplicitNameThatIsNotThereFails()
    {
        const RunChoice c
            = RunChoice::of(QStringLiteral("/runs"), located({QStringLiteral("new"), QStringLiteral("old")}), QStringLiteral("gone"));
        QCOMPARE(c.outcome, RunChoice::Outcome::NoSuchRun);
        QCOMPARE(c.message, QStringLiteral("/runs: no run named \"gone\" (found: new, old)"));
        QCOMPARE(c.index, -1);
    }

    void aRememberedNameThatIsGoneIsDroppedWithANote()
    {
        const LocateResult two = located({QStringLiteral("new"), QStringLiteral("old")});
        RunChoice c = RunChoice::of(QStringLiteral("/runs"), two, QStringLiteral("gone"), RunChoice::Request::Remembered, true);
        QCOMPARE(c.outcome, RunChoice::Outcome::Ask);
        QCOMPARE(c.index, 0);
        QCOMPARE(c.message, QStringLiteral("/runs no longer holds the run \"gone\"."));
        c = RunChoice::of(QStringLiteral("/runs"), two, QStringLiteral("gone"), RunChoice::Request::Remembered, false);
        QCOMPARE(c.outcome, RunChoice::Outcome::Chosen);
        QCOMPARE(c.message,
            QStringLiteral("/runs no longer holds the run \"gone\". /runs holds 2 runs (new, old); showing the newest, "
                           "\"new\". Choose one with --run NAME."));
        c = RunChoice::of(
            QStringLiteral("/runs"), located({QStringLiteral("only")}), QStringLiteral("gone"), RunChoice::Request::Remembered);
        QCOMPARE(c.outcome, RunChoice::Outcome::Chosen);
        QCOMPARE(c.message, QStringLiteral("/runs no longer holds the run \"gone\"."));
    }

    void severalWithoutANameAskOrTakeTheNewest()
    {
        const LocateResult three = located({QStringLiteral("c"), QStringLiteral("b"), QStringLiteral("a")});
        RunChoice c = RunChoice::of(QStringLiteral("/runs"), three, {}, RunChoice::Request::Explicit, true);
        QCOMPARE(c.outcome, RunChoice::Outcome::Ask);
        QCOMPARE(c.index, 0);
        QCOMPARE(c.names, (QStringList{QStringLiteral("c"), QStringLiteral("b"), QStringLiteral("a")}));
        QVERIFY(c.message.isEmpty());
        c = RunChoice::of(QStringLiteral("/runs"), three);
        QCOMPARE(c.outcome, RunChoice::Outcome::Chosen);
        QCOMPARE(c.index, 0);
        QCOMPARE(c.message, QStringLiteral("/runs holds 3 runs (c, b, a); showing the newest, \"c\". Choose one with --run NAME."));
    }

    // loadRunAtPath takes the same rule: a wrong name is RunChoice's message.
    void loadRunAtPathSaysTheSame()
    {
        QString error;
        const Run run = loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR), QStringLiteral("nope"), &error);
        QVERIFY(run.cases.isEmpty());
        QVERIFY2(error.contains(QStringLiteral(": no run named \"nope\" (found: ")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestRunChoice)
#include "tst_runchoice.moc"
