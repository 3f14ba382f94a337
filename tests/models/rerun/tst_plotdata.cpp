// SPDX-License-Identifier: MIT
#include "examplereruns.h"
#include "models/rerun/plotdata.h"

#include <QTest>
#include <QtMath>

#include <cmath>
#include <limits>

using namespace krw;

namespace {

TimingStats stats(double p10, double p50, double p90)
{
    return {p10, p50, p90, 200};
}

CallTiming call(const QString& name, int index, std::optional<TimingStats> baseline, std::optional<TimingStats> candidate)
{
    CallTiming c;
    c.name = name;
    c.index = index;
    c.baseline = baseline;
    c.candidate = candidate;
    if (baseline && candidate)
        c.speedup = baseline->p50 / candidate->p50;
    return c;
}

TimingStage sampleTiming()
{
    TimingStage t;
    t.calls = {call(QStringLiteral("softmax"), 0, stats(0.011, 0.012, 0.014), stats(0.009, 0.010, 0.012)),
        call(QStringLiteral("softmax"), 1, stats(0.012, 0.013, 0.015), stats(0.011, 0.012, 0.013)),
        call(QStringLiteral("softmax"), 2, stats(0.014, 0.015, 0.018), std::nullopt)};
    t.calls[1].withinNoise = true;
    t.baselineMs = 0.040;
    t.candidateMs = 0.033;
    t.speedup = 1.21;
    return t;
}

OutputComparison output(const QString& name, bool ok, std::optional<double> maxAbsErr)
{
    OutputComparison o;
    o.name = name;
    o.ok = ok;
    o.maxAbsErr = maxAbsErr;
    o.total = 16;
    return o;
}

HistoryPoint point(HistoryPoint::Source source, const QString& label, std::optional<double> speedup, std::optional<bool> passed)
{
    HistoryPoint p;
    p.source = source;
    p.label = label;
    p.speedup = speedup;
    p.passed = passed;
    return p;
}

constexpr double NaN = std::numeric_limits<double>::quiet_NaN();
constexpr double Inf = std::numeric_limits<double>::infinity();

} // namespace

Q_DECLARE_METATYPE(std::optional<double>)

class TestPlotData : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void logValueClamps_data()
    {
        QTest::addColumn<std::optional<double>>("value");
        QTest::addColumn<bool>("drawn");
        QTest::addColumn<bool>("clamped");
        QTest::addColumn<double>("y");
        QTest::addRow("absent") << std::optional<double>() << false << false << 0.0;
        QTest::addRow("nan") << std::optional<double>(NaN) << false << false << 0.0;
        QTest::addRow("inf") << std::optional<double>(Inf) << false << false << 0.0;
        QTest::addRow("exact zero") << std::optional<double>(0.0) << true << true << LogFloor;
        QTest::addRow("below the floor") << std::optional<double>(1e-15) << true << true << LogFloor;
        QTest::addRow("at the floor") << std::optional<double>(LogFloor) << true << true << LogFloor;
        QTest::addRow("negative") << std::optional<double>(-1.0) << true << true << LogFloor;
        QTest::addRow("normal") << std::optional<double>(3e-7) << true << false << 3e-7;
    }

    void logValueClamps()
    {
        QFETCH(std::optional<double>, value);
        QFETCH(bool, drawn);
        QFETCH(bool, clamped);
        QFETCH(double, y);
        const LogValue v = logValue(value);
        QCOMPARE(v.drawn, drawn);
        QCOMPARE(v.clamped, clamped);
        QCOMPARE(v.y, y);
    }

    void logRangeDecades_data()
    {
        QTest::addColumn<QVector<double>>("values");
        QTest::addColumn<double>("reference");
        QTest::addColumn<double>("lower");
        QTest::addColumn<double>("upper");
        QTest::addRow("floor, small, large and atol") << QVector<double>{LogFloor, 3e-7, 0.5} << 1e-3 << 1e-13 << 10.0;
        QTest::addRow("exact decade gets room above") << QVector<double>{1.0} << 0.0 << 0.1 << 10.0;
        QTest::addRow("atol alone") << QVector<double>{} << 1e-3 << 1e-4 << 1e-2;
        QTest::addRow("nothing") << QVector<double>{} << 0.0 << LogFloor << 1.0;
        QTest::addRow("non-positive ignored") << QVector<double>{0.0, -2.0, 2e-5} << 0.0 << 1e-6 << 1e-4;
        QTest::addRow("half a decade of room") << QVector<double>{3e-7} << 0.0 << 1e-8 << 1e-6;
    }

    void logRangeDecades()
    {
        QFETCH(QVector<double>, values);
        QFETCH(double, reference);
        QFETCH(double, lower);
        QFETCH(double, upper);
        const AxisRange r = logRange(values, reference);
        QCOMPARE(r.lower, lower);
        QCOMPARE(r.upper, upper);
    }

    void speedupRangeShowsOne_data()
    {
        QTest::addColumn<QVector<double>>("speedups");
        QTest::addColumn<double>("lower");
        QTest::addColumn<double>("upper");
        QTest::addRow("none") << QVector<double>{} << 0.95 << 1.05;
        QTest::addRow("all above one") << QVector<double>{1.41, 1.12} << 0.95 << 1.46;
        QTest::addRow("around one") << QVector<double>{0.94, 1.2, 1.41} << 0.89 << 1.46;
        QTest::addRow("never below zero") << QVector<double>{0.01, 10.0} << 0.0 << 10.999;
    }

    void speedupRangeShowsOne()
    {
        QFETCH(QVector<double>, speedups);
        QFETCH(double, lower);
        QFETCH(double, upper);
        const AxisRange r = speedupRange(speedups);
        QVERIFY2(qAbs(r.lower - lower) < 1e-9, qPrintable(QString::number(r.lower)));
        QVERIFY2(qAbs(r.upper - upper) < 1e-9, qPrintable(QString::number(r.upper)));
    }

    void whiskers()
    {
        const Whisker w = whiskerOf(stats(0.011, 0.012, 0.014));
        QVERIFY(qFuzzyCompare(w.minus, 0.001));
        QVERIFY(qFuzzyCompare(w.plus, 0.002));
        // Out-of-order percentiles (a broken result file) must not draw inverted whiskers.
        const Whisker bad = whiskerOf(stats(0.02, 0.012, 0.010));
        QCOMPARE(bad.minus, 0.0);
        QCOMPARE(bad.plus, 0.0);
    }

    void timingSeries()
    {
        const TimingPlotData d = timingPlotData(sampleTiming());
        QVERIFY(d.emptyMessage.isEmpty());
        QCOMPARE(d.axis.labels, (QStringList{QStringLiteral("softmax #0"), QStringLiteral("softmax #1"), QStringLiteral("softmax #2")}));
        QCOMPARE(d.notes.size(), 2); // the third call has no speedup
        QCOMPARE(d.notes.at(0).key, 0.0);
        QCOMPARE(d.notes.at(0).value, 0.014); // the higher p90 of the two sides
        QCOMPARE(d.notes.at(0).text, QStringLiteral("1.20×"));
        QVERIFY(!d.notes.at(0).muted);
        QCOMPARE(d.notes.at(1).text, QStringLiteral("1.08× noise"));
        QVERIFY(d.notes.at(1).muted);
        QCOMPARE(d.baseline.keys, (QVector<double>{0, 1, 2}));
        QCOMPARE(d.baseline.values, (QVector<double>{0.012, 0.013, 0.015}));
        QCOMPARE(d.candidate.keys, (QVector<double>{0, 1})); // the third call has no candidate timing
        QCOMPARE(d.candidate.values, (QVector<double>{0.010, 0.012}));
        QCOMPARE(d.candidate.minus.size(), 2);
        QVERIFY(qFuzzyCompare(d.candidate.plus.at(0), 0.002));
        QCOMPARE(d.yRange.lower, 0.0);
        QVERIFY(qFuzzyCompare(d.yRange.upper, 0.018 * 1.25));
        QCOMPARE(d.title, QStringLiteral("Speedup 1.21× — candidate faster (Σ p50 0.04 → 0.033 ms)"));
        QCOMPARE(d.axis.toolTips.at(2),
            QStringLiteral("softmax #2\nbaseline: p50 0.015 ms (p10 0.014 – p90 0.018, 200 reps)\n"
                           "candidate: not timed"));
    }

    void timingTitles_data()
    {
        QTest::addColumn<std::optional<double>>("speedup");
        QTest::addColumn<bool>("withinNoise");
        QTest::addColumn<QString>("title");
        QTest::addRow("faster") << std::optional<double>(1.2) << false
                                << QStringLiteral("Speedup 1.20× — candidate faster (Σ p50 0.04 → 0.033 ms)");
        QTest::addRow("slower") << std::optional<double>(0.8) << false
                                << QStringLiteral("Speedup 0.80× — candidate slower (Σ p50 0.04 → 0.033 ms)");
        QTest::addRow("noise") << std::optional<double>(1.02) << true
                               << QStringLiteral("Speedup 1.02× — within noise (Σ p50 0.04 → 0.033 ms)");
        QTest::addRow("absent") << std::optional<double>() << false << QStringLiteral("Speedup not measured");
    }

    void timingTitles()
    {
        QFETCH(std::optional<double>, speedup);
        QFETCH(bool, withinNoise);
        QFETCH(QString, title);
        TimingStage t = sampleTiming();
        t.speedup = speedup;
        t.withinNoise = withinNoise;
        QCOMPARE(timingTitle(t), title);
    }

    // Issue 9: the title says what the speedup rests on (device time and its interval) and never
    // calls a wrong or suspect result's speedup "faster"; its calls are marked. Notes leave "faster" be.
    void timingRestsOnEvidence()
    {
        const RerunResult clean = test::cleanPassRerun(QStringLiteral("k.py"));
        QCOMPARE(timingPlotData(clean.timing, SpeedupContext::of(clean)).title,
            QStringLiteral("Speedup 1.25× [1.23–1.28] — candidate faster (device Σ p50 0.0057 → 0.0045 ms)"));
        const RerunResult flagged = test::flaggedPassRerun(QStringLiteral("k.py"));
        const TimingPlotData d = timingPlotData(flagged.timing, SpeedupContext::of(flagged));
        QCOMPARE(d.title, QStringLiteral("Speedup 1.25× [1.23–1.28] — suspect, does not count (device Σ p50 0.0057 → 0.0045 ms)"));
        QCOMPARE(d.notes.size(), 1);
        QCOMPARE(d.notes.first().text, QStringLiteral("1.25× ⚠"));
        QVERIFY(d.notes.first().flagged);
        QCOMPARE(d.axis.toolTips.first(),
            QStringLiteral(
                "call_kernel #0\n"
                "baseline device time: p50 0.0057 ms (p10 0.0055 – p90 0.0061, 20 reps)\n"
                "candidate device time: p50 0.0045 ms (p10 0.0043 – p90 0.0049, 20 reps)\n"
                "call time: baseline 0.43 ms, candidate 0.39 ms → 1.11×\n"
                "speedup 1.25× [1.20–1.30], suspect, does not count\n"
                "note: launch_bound: baseline: kernels 0.0057 ms of a 0.43 ms call; candidate: kernels 0.0045 ms of a 0.39 ms call"));
        const RerunResult wrong = test::seedSensitiveRerun(QStringLiteral("k.py"));
        QCOMPARE(timingPlotData(wrong.timing, SpeedupContext::of(wrong)).title,
            QStringLiteral("Speedup 1.25× [1.23–1.28] — output wrong, does not count (device Σ p50 0.0057 → 0.0045 ms)"));
        QCOMPARE(
            speedupVerdict(0.8, false, SpeedupContext{false, {QStringLiteral("launch_bound")}, {}}), QStringLiteral("candidate slower"));
        QCOMPARE(
            speedupVerdict(1.3, false, SpeedupContext{false, {QStringLiteral("launch_bound")}, {}}), QStringLiteral("candidate faster"));
        QCOMPARE(speedupVerdict(1.3, false, SpeedupContext{false, {QStringLiteral("launch_bound")}, {QStringLiteral("launch_bound")}}),
            QStringLiteral("suspect, does not count")); // a profile that raises the note
        QCOMPARE(speedupVerdict(0.8, true, SpeedupContext{false, {QStringLiteral("no_own_kernel")}, {}}),
            QStringLiteral("suspect, does not count"));
        // A note alone on a result: the call is not marked.
        RerunResult noted = flagged;
        noted.flags = QStringList{QStringLiteral("launch_bound")};
        const TimingPlotData n = timingPlotData(noted.timing, SpeedupContext::of(noted));
        QCOMPARE(n.title, QStringLiteral("Speedup 1.25× [1.23–1.28] — candidate faster (device Σ p50 0.0057 → 0.0045 ms)"));
        QCOMPARE(n.notes.first().text, QStringLiteral("1.25×"));
        QVERIFY(!n.notes.first().flagged);
        QCOMPARE(speedupVerdict(1.3, true, SpeedupContext{false, {QStringLiteral("launch_bound")}, {}}), QStringLiteral("within noise"));
    }

    void timingEmpty()
    {
        QCOMPARE(timingPlotData(std::nullopt).emptyMessage, QStringLiteral("No timing yet — run the case"));
        QCOMPARE(timingPlotData(TimingStage{}).emptyMessage, QStringLiteral("No timing yet — run the case"));
        TimingStage untimed;
        untimed.calls = {call(QStringLiteral("k"), 0, std::nullopt, std::nullopt)};
        const TimingPlotData d = timingPlotData(untimed);
        QCOMPARE(d.emptyMessage, QStringLiteral("No call was timed"));
        QCOMPARE(d.axis.labels.size(), 1);
    }

    void errorGroups()
    {
        AccuracyStage a;
        a.atol = 1e-3;
        a.outputs = {output(QStringLiteral("exact"), true, 0.0), output(QStringLiteral("close"), true, 3e-7),
            output(QStringLiteral("wrong"), false, 0.5), output(QStringLiteral("missing"), false, std::nullopt),
            output(QStringLiteral("wrong shape"), false, 0.0)};
        const ErrorPlotData d = errorPlotData(a);
        QVERIFY(d.emptyMessage.isEmpty());
        QCOMPARE(d.axis.labels.size(), 5);
        QCOMPARE(d.passed.keys, (QVector<double>{1}));
        QCOMPARE(d.passed.values, (QVector<double>{3e-7}));
        QCOMPARE(d.clamped.keys, (QVector<double>{0}));
        QCOMPARE(d.clamped.values, (QVector<double>{LogFloor}));
        QCOMPARE(d.failed.keys, (QVector<double>{2, 4})); // a failed zero is drawn as failed, at the floor
        QCOMPARE(d.failed.values, (QVector<double>{0.5, LogFloor}));
        QCOMPARE(d.atol, 1e-3);
        QCOMPARE(d.title, QStringLiteral("Max abs error — 2 of 5 outputs passed (rtol 0, atol 0.001)"));
        QCOMPARE(d.yRange.lower, 1e-13);
        QCOMPARE(d.yRange.upper, 10.0);
        QCOMPARE(d.axis.toolTips.at(0),
            QStringLiteral("exact — passed\nmax abs err 0 (atol 0.001); drawn at 1e-12 on the log axis\n"
                           "max rel err —\nmismatched 0 / 16"));
        QVERIFY(d.axis.toolTips.at(3).contains(QStringLiteral("max abs err — (atol 0.001); not drawn")));
    }

    void errorEmpty()
    {
        QCOMPARE(errorPlotData(std::nullopt).emptyMessage, QStringLiteral("No accuracy results yet — run the case"));
        QCOMPARE(errorPlotData(AccuracyStage{}).emptyMessage, QStringLiteral("No outputs were compared"));
        AccuracyStage a;
        a.outputs = {output(QStringLiteral("s"), false, std::nullopt)};
        QCOMPARE(errorPlotData(a).emptyMessage, QStringLiteral("No output has a numeric error"));
    }

    void historyGroups()
    {
        using S = HistoryPoint::Source;
        const QVector<HistoryPoint> history{
            point(S::AgentPerfCandidate, QStringLiteral("it1:perf:1"), 1.41, true),
            point(S::AgentPerfCandidate, QStringLiteral("it2:perf:1"), 1.12, true),
            point(S::Rerun, QStringLiteral("rerun 14:02 it1:predict"), 0.94, true),
            point(S::Rerun, QStringLiteral("rerun 14:10 it2:predict"), 1.05, false),
            point(S::Rerun, QString(), 1.2, true),
            point(S::Rerun, QStringLiteral("rerun 14:30 compile error"), std::nullopt, std::nullopt),
        };
        const HistoryPlotData d = historyPlotData(history);
        QVERIFY(d.emptyMessage.isEmpty());
        QCOMPARE(d.axis.labels.size(), 6);
        QCOMPARE(d.axis.labels.at(4), QStringLiteral("#5"));
        QCOMPARE(d.axis.labels.at(2), QStringLiteral("rerun 14:02\nit1:predict")); // ticks wrap, tooltips do not
        QCOMPARE(d.groups.size(), 3);
        QCOMPARE(d.groups.at(0).name, QStringLiteral("agent candidate, passed"));
        QCOMPARE(d.groups.at(0).points.keys, (QVector<double>{0, 1}));
        QCOMPARE(d.groups.at(0).points.values, (QVector<double>{1.41, 1.12}));
        QCOMPARE(d.groups.at(1).name, QStringLiteral("rerun, passed"));
        QCOMPARE(d.groups.at(1).points.keys, (QVector<double>{2, 4}));
        QCOMPARE(d.groups.at(2).name, QStringLiteral("rerun, failed"));
        QCOMPARE(d.groups.at(2).points.values, (QVector<double>{1.05}));
        QVERIFY(d.yRange.lower < 0.94 && d.yRange.upper > 1.41);
        QCOMPARE(d.title, QStringLiteral("Speedup history — best 1.41× (it1:perf:1), latest 1.20× (#5)"));
        QCOMPARE(d.axis.toolTips.at(5), QStringLiteral("rerun 14:30 compile error\nrerun\nno speedup measured\naccuracy: not checked"));
    }

    void historyEmpty()
    {
        QCOMPARE(historyPlotData({}).emptyMessage, QStringLiteral("No history yet — run the case"));
        HistoryPoint p;
        QCOMPARE(historyPlotData({p}).emptyMessage, QStringLiteral("No speedup measured yet"));
        QCOMPARE(historyPlotData({p}).title, QStringLiteral("Speedup history"));
        p.speedup = 2.0;
        p.passed = false;
        QCOMPARE(historyPlotData({p}).title, QStringLiteral("Speedup history — latest 2.00× (#1), none that counts (wrong or suspect)"));
        p.passed = true;
        p.suspect = true; // a pass whose level is suspect is no best either
        QCOMPARE(historyPlotData({p}).title, QStringLiteral("Speedup history — latest 2.00× (#1), none that counts (wrong or suspect)"));
        QCOMPARE(historyPlotData({p}).groups.value(0).name, QStringLiteral("rerun, suspect"));
    }

    void ticks_data()
    {
        QTest::addColumn<QStringList>("labels");
        QTest::addColumn<int>("availableChars");
        QTest::addColumn<double>("rotation");
        QTest::addColumn<QStringList>("texts");
        const QStringList reruns{QStringLiteral("rerun 14:02\nit1:predict"), QStringLiteral("rerun 14:10\nit2:predict"),
            QStringLiteral("rerun 14:31\nlocal:fix-1")};
        const QStringList joined{QStringLiteral("rerun 14:02 it1:predict"), QStringLiteral("rerun 14:10 it2:predict"),
            QStringLiteral("rerun 14:31 local:fix-1")};
        QTest::addRow("short labels fit") << QStringList{QStringLiteral("y"), QStringLiteral("z")} << 20 << 0.0
                                          << QStringList{QStringLiteral("y"), QStringLiteral("z")};
        QTest::addRow("wrapped labels fit by their widest line") << reruns << 50 << 0.0 << reruns;
        QTest::addRow("too wide: turned, one line each") << reruns << 30 << -35.0 << joined;
        QTest::addRow("too dense even turned: every second") << reruns << 8 << -35.0 << QStringList{joined.at(0), QString(), joined.at(2)};
        QTest::addRow("none") << QStringList{} << 0 << 0.0 << QStringList{};
    }

    void ticks()
    {
        QFETCH(QStringList, labels);
        QFETCH(int, availableChars);
        QFETCH(double, rotation);
        QFETCH(QStringList, texts);
        const TickLayout layout = tickLayout(labels, availableChars);
        QCOMPARE(layout.rotation, rotation);
        QCOMPARE(tickTexts(labels, layout), texts);
    }

    void overhang()
    {
        QCOMPARE(turnedLabelOverhang(200, 16, 0, 10), 0.0); // upright labels are centred on their tick
        const double reach = 200 * std::cos(qDegreesToRadians(35.0)) + 16 * std::sin(qDegreesToRadians(35.0));
        QVERIFY(qFuzzyCompare(turnedLabelOverhang(200, 16, -35, 40), reach - 40));
        QCOMPARE(turnedLabelOverhang(20, 16, -35, 100), 0.0);
    }

    void wrapping_data()
    {
        QTest::addColumn<QString>("label");
        QTest::addColumn<QString>("wrapped");
        QTest::addRow("short stays") << QStringLiteral("it1:perf:2") << QStringLiteral("it1:perf:2");
        QTest::addRow("two lines") << QStringLiteral("rerun 14:02 it1:predict") << QStringLiteral("rerun 14:02\nit1:predict");
        QTest::addRow("long word keeps its line")
            << QStringLiteral("rerun file:/a/very/long/path.hip") << QStringLiteral("rerun\nfile:/a/very/long/path.hip");
        QTest::addRow("spaces collapse") << QStringLiteral("  a   b ") << QStringLiteral("a b");
    }

    void wrapping()
    {
        QFETCH(QString, label);
        QFETCH(QString, wrapped);
        QCOMPARE(wrapLabel(label), wrapped);
    }

    void categories_data()
    {
        QTest::addColumn<double>("key");
        QTest::addColumn<int>("category");
        QTest::addRow("on a slot") << 1.0 << 1;
        QTest::addRow("left half of a slot") << 1.6 << 2;
        QTest::addRow("left margin") << -0.4 << 0;
        QTest::addRow("left of the first") << -0.6 << -1;
        QTest::addRow("right of the last") << 2.5 << -1;
        QTest::addRow("nan") << NaN << -1;
    }

    void categories()
    {
        QFETCH(double, key);
        QFETCH(int, category);
        QCOMPARE(categoryAt(key, 3), category);
    }
};

QTEST_GUILESS_MAIN(TestPlotData)
#include "tst_plotdata.moc"
