// SPDX-License-Identifier: MIT
#include "plotdata.h"

#include "rerunformat.h"

#include <algorithm>
#include <cmath>

namespace krw {

namespace {

// log10 of exact decades is not always an integer in floating point (log10(1e-12) may give
// -11.9999…); nudge before rounding so a decade counts as that decade.
constexpr double DecadeSlack = 1e-9;

// Headroom above the tallest whisker so its cap is not drawn on the frame.
constexpr double TimingHeadroom = 1.15;

// Category labels wider than this, in characters summed over all, are turned.
constexpr int LabelCharsBeforeTurning = 60;
constexpr double TurnedLabelDegrees = 35;

QString statsLine(const QString& side, const std::optional<TimingStats>& stats)
{
    if (!stats)
        return QStringLiteral("%1: not timed").arg(side);
    return QStringLiteral("%1: p50 %2 (p10 %3 – p90 %4, %5 reps)")
        .arg(side, formatMs(stats->p50), QString::number(stats->p10, 'g', 3), QString::number(stats->p90, 'g', 3))
        .arg(stats->reps);
}

QString callToolTip(const CallTiming& call)
{
    QStringList lines{callLabel(call), statsLine(QStringLiteral("baseline"), call.baseline),
                      statsLine(QStringLiteral("candidate"), call.candidate)};
    if (call.speedup)
        lines << QStringLiteral("speedup %1, %2").arg(formatSpeedup(*call.speedup), speedupVerdict(*call.speedup, call.withinNoise));
    if (!call.note.isEmpty())
        lines << call.note;
    return lines.join(QLatin1Char('\n'));
}

void addWhiskered(SeriesData* series, double key, const TimingStats& stats)
{
    const Whisker w = whiskerOf(stats);
    series->add(key, stats.p50);
    series->minus << w.minus;
    series->plus << w.plus;
}

double highestWhisker(const TimingPlotData& data)
{
    double top = 0;
    for (const SeriesData* s : {&data.baseline, &data.candidate}) {
        for (int i = 0; i < s->size(); ++i)
            top = std::max(top, s->values.at(i) + s->plus.at(i));
    }
    return top;
}

QString errorToolTip(const OutputComparison& output, const LogValue& point, double atol)
{
    QStringList lines{QStringLiteral("%1 — %2").arg(output.name, output.ok ? QStringLiteral("passed") : QStringLiteral("failed"))};
    QString abs = QStringLiteral("max abs err %1 (atol %2)").arg(formatError(output.maxAbsErr), QString::number(atol, 'g', 3));
    if (point.clamped)
        abs += QStringLiteral("; drawn at %1 on the log axis").arg(QString::number(LogFloor, 'g', 1));
    else if (!point.drawn)
        abs += QStringLiteral("; not drawn");
    lines << abs << QStringLiteral("max rel err %1").arg(formatError(output.maxRelErr));
    lines << QStringLiteral("mismatched %1").arg(mismatchText(output));
    for (const QString& flag : output.flags)
        lines << describeFlag(flag);
    return lines.join(QLatin1Char('\n'));
}

QString sourceName(HistoryPoint::Source source)
{
    return source == HistoryPoint::Source::Rerun ? QStringLiteral("rerun") : QStringLiteral("agent perf candidate");
}

HistoryGroup::State stateOf(const HistoryPoint& point)
{
    if (!point.passed)
        return HistoryGroup::State::NotReached;
    return *point.passed ? HistoryGroup::State::Passed : HistoryGroup::State::Failed;
}

QString stateName(HistoryGroup::State state)
{
    switch (state) {
    case HistoryGroup::State::Passed:
        return QStringLiteral("passed");
    case HistoryGroup::State::Failed:
        return QStringLiteral("failed");
    case HistoryGroup::State::NotReached:
        break;
    }
    return QStringLiteral("accuracy not checked");
}

QString historyLabel(const HistoryPoint& point, int index)
{
    return point.label.isEmpty() ? QStringLiteral("#%1").arg(index + 1) : point.label;
}

QString historyToolTip(const HistoryPoint& point, int index)
{
    QStringList lines{historyLabel(point, index), sourceName(point.source)};
    if (point.when.isValid())
        lines << point.when.toString(Qt::ISODate);
    lines << (point.speedup ? QStringLiteral("speedup %1").arg(formatSpeedup(*point.speedup)) : QStringLiteral("no speedup measured"));
    lines << QStringLiteral("accuracy: %1").arg(stateName(stateOf(point)));
    return lines.join(QLatin1Char('\n'));
}

HistoryGroup* groupFor(QVector<HistoryGroup>* groups, HistoryPoint::Source source, HistoryGroup::State state)
{
    for (HistoryGroup& g : *groups) {
        if (g.source == source && g.state == state)
            return &g;
    }
    HistoryGroup group;
    group.source = source;
    group.state = state;
    group.name = QStringLiteral("%1, %2").arg(sourceName(source), stateName(state));
    groups->append(group);
    return &groups->last();
}

// Agent candidates first, then reruns; passed, failed, not checked within each. A fixed order
// keeps legend entries and colours in place when the history grows.
bool groupBefore(const HistoryGroup& a, const HistoryGroup& b)
{
    const auto rank = [](const HistoryGroup& g) {
        return (g.source == HistoryPoint::Source::AgentPerfCandidate ? 0 : 3) + int(g.state);
    };
    return rank(a) < rank(b);
}

} // namespace

LogValue logValue(const std::optional<double>& value, double floor)
{
    LogValue out;
    if (!value || !std::isfinite(*value))
        return out;
    out.drawn = true;
    out.clamped = *value <= floor;
    out.y = out.clamped ? floor : *value;
    return out;
}

AxisRange logRange(const QVector<double>& values, double reference)
{
    QVector<double> all;
    for (double v : values) {
        if (v > 0 && std::isfinite(v))
            all << v;
    }
    if (reference > 0 && std::isfinite(reference))
        all << reference;
    if (all.isEmpty())
        return {LogFloor, 1};
    const auto [lo, hi] = std::minmax_element(all.cbegin(), all.cend());
    const double lowerExp = std::ceil(std::log10(*lo) - DecadeSlack) - 1;
    const double upperExp = std::floor(std::log10(*hi) + DecadeSlack) + 1;
    return {std::pow(10.0, lowerExp), std::pow(10.0, upperExp)};
}

AxisRange speedupRange(const QVector<double>& speedups)
{
    double lo = 1;
    double hi = 1;
    for (double s : speedups) {
        if (std::isfinite(s)) {
            lo = std::min(lo, s);
            hi = std::max(hi, s);
        }
    }
    const double pad = std::max((hi - lo) * 0.1, 0.05);
    return {std::max(0.0, lo - pad), hi + pad};
}

Whisker whiskerOf(const TimingStats& stats)
{
    return {std::max(0.0, stats.p50 - stats.p10), std::max(0.0, stats.p90 - stats.p50)};
}

QString callLabel(const CallTiming& call)
{
    return QStringLiteral("%1 #%2").arg(call.name).arg(call.index);
}

QString speedupVerdict(double speedup, bool withinNoise)
{
    if (withinNoise)
        return QStringLiteral("within noise");
    if (speedup > 1)
        return QStringLiteral("candidate faster");
    if (speedup < 1)
        return QStringLiteral("candidate slower");
    return QStringLiteral("same speed");
}

QString timingTitle(const TimingStage& timing)
{
    if (!timing.speedup)
        return QStringLiteral("Speedup not measured");
    return QStringLiteral("Speedup %1 — %2 (Σ p50 %3 → %4)")
        .arg(formatSpeedup(*timing.speedup), speedupVerdict(*timing.speedup, timing.withinNoise),
             QString::number(timing.baselineMs, 'g', 3), formatMs(timing.candidateMs));
}

TimingPlotData timingPlotData(const std::optional<TimingStage>& timing)
{
    TimingPlotData data;
    if (!timing || timing->calls.isEmpty()) {
        data.emptyMessage = QStringLiteral("No timing yet — run the case");
        return data;
    }
    for (int i = 0; i < timing->calls.size(); ++i) {
        const CallTiming& call = timing->calls.at(i);
        data.axis.labels << callLabel(call);
        data.axis.toolTips << callToolTip(call);
        if (call.baseline)
            addWhiskered(&data.baseline, i, *call.baseline);
        if (call.candidate)
            addWhiskered(&data.candidate, i, *call.candidate);
    }
    if (data.baseline.size() + data.candidate.size() == 0)
        data.emptyMessage = QStringLiteral("No call was timed");
    const double top = highestWhisker(data);
    data.yRange = {0, top > 0 ? top * TimingHeadroom : 1};
    data.title = timingTitle(*timing);
    return data;
}

ErrorPlotData errorPlotData(const std::optional<AccuracyStage>& accuracy)
{
    ErrorPlotData data;
    if (!accuracy || accuracy->outputs.isEmpty()) {
        data.emptyMessage = accuracy ? QStringLiteral("No outputs were compared") : QStringLiteral("No accuracy results yet — run the case");
        return data;
    }
    data.atol = accuracy->atol;
    QVector<double> drawn;
    for (int i = 0; i < accuracy->outputs.size(); ++i) {
        const OutputComparison& output = accuracy->outputs.at(i);
        const LogValue point = logValue(output.maxAbsErr);
        data.axis.labels << output.name;
        data.axis.toolTips << errorToolTip(output, point, accuracy->atol);
        if (!point.drawn)
            continue;
        SeriesData* series = !output.ok ? &data.failed : point.clamped ? &data.clamped : &data.passed;
        series->add(i, point.y);
        drawn << point.y;
    }
    if (drawn.isEmpty())
        data.emptyMessage = QStringLiteral("No output has a numeric error");
    data.yRange = logRange(drawn, data.atol);
    return data;
}

HistoryPlotData historyPlotData(const QVector<HistoryPoint>& history)
{
    HistoryPlotData data;
    QVector<double> speedups;
    for (int i = 0; i < history.size(); ++i) {
        const HistoryPoint& point = history.at(i);
        data.axis.labels << historyLabel(point, i);
        data.axis.toolTips << historyToolTip(point, i);
        if (!point.speedup || !std::isfinite(*point.speedup))
            continue;
        groupFor(&data.groups, point.source, stateOf(point))->points.add(i, *point.speedup);
        speedups << *point.speedup;
    }
    std::stable_sort(data.groups.begin(), data.groups.end(), groupBefore);
    if (history.isEmpty())
        data.emptyMessage = QStringLiteral("No history yet — run the case");
    else if (speedups.isEmpty())
        data.emptyMessage = QStringLiteral("No speedup measured yet");
    data.yRange = speedupRange(speedups);
    return data;
}

double tickLabelRotation(const QStringList& labels)
{
    int chars = 0;
    for (const QString& label : labels)
        chars += int(label.size()) + 2; // the gap between neighbours
    return chars > LabelCharsBeforeTurning ? TurnedLabelDegrees : 0;
}

int categoryAt(double key, int count)
{
    if (!std::isfinite(key) || key < -0.5 || key >= count - 0.5)
        return -1;
    return int(std::lround(key));
}

} // namespace krw
