// SPDX-License-Identifier: MIT
#include "models/rerun/rerunresult.h"
#include "models/rerun/verdictlevel.h"

#include <QTest>

using namespace krw;

namespace {

QStringList list(std::initializer_list<const char*> names)
{
    QStringList out;
    for (const char* name : names)
        out << QLatin1String(name);
    return out;
}

RerunResult passWith(const QStringList& flags)
{
    RerunResult r;
    r.accuracy = AccuracyStage{};
    r.accuracy->ok = true;
    r.flags = flags;
    return r;
}

} // namespace

class TestVerdictLevel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Every flag of the battery and the timing, alone on a pass: its level (docs/RUNNER.md, "Verdict levels").
    void levelOfEachFlag_data()
    {
        QTest::addColumn<QString>("flag");
        QTest::addColumn<QString>("level");
        for (const char* flag : {"input_mutated", "output_reused", "no_own_kernel", "nondeterministic", "seed_sensitive",
                 "timed_output_mismatch", "timer_disagrees", "beyond_peak", "some_flag_of_a_newer_harness"})
            QTest::addRow("%s", flag) << QString::fromLatin1(flag) << QStringLiteral("suspect");
        for (const char* flag : {"launch_bound", "zeros_would_pass", "input_would_pass", "implausible_speedup"})
            QTest::addRow("%s", flag) << QString::fromLatin1(flag) << QStringLiteral("notes");
    }

    void levelOfEachFlag()
    {
        QFETCH(QString, flag);
        QFETCH(QString, level);
        QCOMPARE(VerdictLevel::of(QStringLiteral("passed"), {flag}), level);
        QCOMPARE(VerdictLevel::of(passWith({flag})), level);
        // Every flag the table knows says why; an unknown one is suspect with no reason to give.
        QCOMPARE(VerdictLevel::why(flag).isEmpty(), flag == QLatin1String("some_flag_of_a_newer_harness"));
    }

    void cleanAndFailures()
    {
        QCOMPARE(VerdictLevel::of(passWith({})), QStringLiteral("clean"));
        QCOMPARE(VerdictLevel::of(QStringLiteral("wrong_output"), list({"output_reused"})), QStringLiteral("wrong_output"));
        QCOMPARE(VerdictLevel::of(QStringLiteral("compiled"), {}), QStringLiteral("compiled"));
        QCOMPARE(VerdictLevel::of(QStringLiteral("compile_failed"), {}), QStringLiteral("compile_failed"));
        QVERIFY(VerdictLevel::counts(QStringLiteral("clean")));
        QVERIFY(VerdictLevel::counts(QStringLiteral("notes")));
        QVERIFY(!VerdictLevel::counts(QStringLiteral("suspect")));
        QVERIFY(!VerdictLevel::counts(QStringLiteral("wrong_output")));
        QVERIFY(!VerdictLevel::counts(QStringLiteral("compiled")));
    }

    // implausible_speedup is a note alone and suspect beside a suspect flag: then it is the payoff
    // of the cheat the other flag caught. Beside a note it stays a note.
    void implausibleSpeedupDependsOnItsCompany()
    {
        QCOMPARE(VerdictLevel::of(QStringLiteral("passed"), list({"implausible_speedup", "launch_bound"})), QStringLiteral("notes"));
        const QStringList cheat = list({"output_reused", "no_own_kernel", "implausible_speedup", "launch_bound", "beyond_peak"});
        QCOMPARE(VerdictLevel::of(QStringLiteral("passed"), cheat), QStringLiteral("suspect"));
        QCOMPARE(VerdictLevel::suspectFlags(cheat), list({"output_reused", "no_own_kernel", "implausible_speedup", "beyond_peak"}));
        QCOMPARE(VerdictLevel::noteFlags(cheat), list({"launch_bound"}));
    }

    // A profile may raise a note to suspect; the result keeps what was raised, so the level reads the
    // same from its file, in a batch line and in the tree.
    void aProfileRaisesANote()
    {
        QCOMPARE(VerdictLevel::of(QStringLiteral("passed"), list({"launch_bound"}), list({"launch_bound"})), QStringLiteral("suspect"));
        QCOMPARE(VerdictLevel::of(QStringLiteral("passed"), list({"zeros_would_pass"}), list({"launch_bound"})), QStringLiteral("notes"));
        // Raised implausible_speedup is suspect alone; launch_bound raised makes it suspect beside it.
        QCOMPARE(VerdictLevel::of(QStringLiteral("passed"), list({"implausible_speedup"}), list({"implausible_speedup"})),
            QStringLiteral("suspect"));
        QCOMPARE(VerdictLevel::suspectFlags(list({"implausible_speedup", "launch_bound"}), list({"launch_bound"})),
            list({"implausible_speedup", "launch_bound"}));
        QCOMPARE(VerdictLevel::raisableNotes(), list({"implausible_speedup", "launch_bound", "zeros_would_pass", "input_would_pass"}));

        RerunResult r = passWith(list({"launch_bound"}));
        r.raisedFlags = list({"launch_bound"});
        QString error;
        const auto back = rerunFromJson(rerunToJson(r), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->raisedFlags, r.raisedFlags);
        QCOMPARE(VerdictLevel::of(*back), QStringLiteral("suspect"));
    }

    // The line every view shows: a suspect pass never starts with "passed", notes never count as warnings.
    void lines()
    {
        QCOMPARE(passWith({}).verdictLine(), QStringLiteral("passed"));
        QCOMPARE(passWith(list({"launch_bound"})).verdictLine(), QStringLiteral("passed — notes: launch_bound"));
        QCOMPARE(passWith(list({"launch_bound"})).verdictLine(true), QStringLiteral("Passed — notes: launch_bound"));
        QCOMPARE(passWith(list({"output_reused", "no_own_kernel", "implausible_speedup", "launch_bound", "beyond_peak"})).verdictLine(),
            QStringLiteral("suspect — output_reused, no_own_kernel, implausible_speedup, beyond_peak; notes: launch_bound"));
        QCOMPARE(passWith(list({"no_own_kernel"})).verdictLine(true), QStringLiteral("Suspect — no_own_kernel"));
        RerunResult wrong = passWith(list({"seed_sensitive"}));
        wrong.accuracy->ok = false;
        QCOMPARE(wrong.verdictLine(), QStringLiteral("wrong_output — flags: seed_sensitive"));
        QCOMPARE(verdictTitle(QStringLiteral("notes")), QStringLiteral("Passed with notes"));
        QCOMPARE(verdictTitle(QStringLiteral("suspect")), QStringLiteral("Suspect"));
        QCOMPARE(verdictTitle(QStringLiteral("clean")), QStringLiteral("Passed"));
    }

    // rerun --json and every saved result carry the level; a result saved before levels existed
    // gets it from its flags when read.
    void jsonCarriesTheLevel()
    {
        const RerunResult r = passWith(list({"output_reused", "launch_bound"}));
        const QByteArray json = rerunToJson(r);
        QVERIFY2(json.contains("\"verdict_level\": \"suspect\""), json.constData());
        QVERIFY2(json.contains("\"verdict\": \"passed\""), json.constData());
        QVERIFY2(json.contains("\"verdict_line\": \"suspect — output_reused; notes: launch_bound\""), json.constData());
        QByteArray older = json;
        older.replace("\"verdict_level\": \"suspect\",", "");
        QString error;
        const auto back = rerunFromJson(older, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(VerdictLevel::of(*back), QStringLiteral("suspect"));
    }
};

QTEST_GUILESS_MAIN(TestVerdictLevel)
#include "tst_verdictlevel.moc"
