// SPDX-License-Identifier: MIT
#include "models/run/outcomes.h"

#include <QTest>

using namespace krw;

Q_DECLARE_METATYPE(krw::Outcome)
Q_DECLARE_METATYPE(krw::Stage)
Q_DECLARE_METATYPE(krw::IterationRecord)

namespace {

TextRef text(bool content)
{
    TextRef ref;
    ref.source = 0;
    ref.length = content ? 10 : 2;
    ref.isEmptyString = !content;
    return ref;
}

// flags: "TTF" = call true, exe true, perf false; '-' = absent. memory=false: no entry at all.
IterationRecord record(bool predict, const char* flags, bool memory = true)
{
    IterationRecord r;
    r.predict = predict ? text(true) : TextRef{};
    if (!memory)
        return r;
    MemoryEntry m;
    std::optional<bool>* flagSlots[] = {&m.passCall, &m.passExe, &m.passPerf};
    for (int i = 0; i < 3; ++i) {
        if (flags[i] != '-')
            *flagSlots[i] = flags[i] == 'T';
    }
    r.memory = m;
    return r;
}

} // namespace

class TestOutcomes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void latest_data()
    {
        QTest::addColumn<IterationRecord>("record");
        QTest::addColumn<Outcome>("expected");
        QTest::addRow("empty-predict-wins-over-flags") << record(false, "TTT") << Outcome::NoPrediction;
        QTest::addRow("no-memory-entry") << record(true, "TTT", false) << Outcome::Unknown;
        QTest::addRow("call-false") << record(true, "FTT") << Outcome::CallFailed;
        QTest::addRow("exe-true-but-call-false") << record(true, "FTF") << Outcome::CallFailed;
        QTest::addRow("exe-false") << record(true, "TFF") << Outcome::ExeFailed;
        QTest::addRow("perf-false") << record(true, "TTF") << Outcome::PerfFailed;
        QTest::addRow("all-true") << record(true, "TTT") << Outcome::Passed;
        QTest::addRow("flag-missing-before-false") << record(true, "-FF") << Outcome::Unknown;
        QTest::addRow("flag-missing-after-false") << record(true, "F--") << Outcome::CallFailed;
        QTest::addRow("perf-missing") << record(true, "TT-") << Outcome::Unknown;
    }

    void latest()
    {
        QFETCH(IterationRecord, record);
        QFETCH(Outcome, expected);
        QCOMPARE(outcomeName(latestOutcome(record)), outcomeName(expected));
    }

    void best_data()
    {
        QTest::addColumn<QVector<IterationRecord>>("history");
        QTest::addColumn<Stage>("expected");
        IterationRecord none = record(true, "FFF");
        IterationRecord call = none;
        call.memory->callCandidate = text(true);
        IterationRecord emptyExe = call;
        emptyExe.memory->exeCandidate = text(false);
        IterationRecord exe = none;
        exe.memory->exeCandidate = text(true);
        IterationRecord perf = none;
        perf.memory->perfCandidates.append(PerfCandidate{});
        QTest::addRow("nothing") << QVector<IterationRecord>{none, none} << Stage::None;
        QTest::addRow("no-memory") << QVector<IterationRecord>{record(true, "", false)} << Stage::None;
        QTest::addRow("call-candidate") << QVector<IterationRecord>{none, call} << Stage::Call;
        QTest::addRow("empty-exe-candidate-does-not-count") << QVector<IterationRecord>{emptyExe} << Stage::Call;
        QTest::addRow("exe-in-old-iteration-is-kept") << QVector<IterationRecord>{exe, call} << Stage::Exe;
        QTest::addRow("perf-anywhere") << QVector<IterationRecord>{perf, none} << Stage::Perf;
    }

    void best()
    {
        QFETCH(QVector<IterationRecord>, history);
        QFETCH(Stage, expected);
        QCOMPARE(stageName(bestStage(history)), stageName(expected));
    }

    void namesRoundTrip()
    {
        for (int i = 0; i < OutcomeCount; ++i)
            QCOMPARE(outcomeFromName(outcomeName(Outcome(i))).value(), Outcome(i));
        QVERIFY(!outcomeFromName(QStringLiteral("nope")));
    }
};

QTEST_GUILESS_MAIN(TestOutcomes)
#include "tst_outcomes.moc"
