// SPDX-License-Identifier: MIT
#include "models/rerun/plotdata.h"

#include "models/rerun/rerunformat.h"
#include "models/rerun/verdictlevel.h"

#include <QtMath>

#include <algorithm>
#include <cmath>

namespace krw {

namespace {

// At least half a decade between the outermost points and the frame: a marker on the frame is
// cut, and one right under it reads as "off the scale".
constexpr double DecadeRoom = 0.5;

// Headroom above the tallest whisker for its speedup note and so its cap is not on the frame.
constexpr double TimingHeadroom = 1.25;

// Turned counter-clockwise, a label ends at its tick and runs left, under its neighbours: QCustomPlot
// drops tick labels that would cross the widget's edge, and the right edge is where the newest
// points are. 35° keeps the text readable without tilting the head.
constexpr double TurnedLabelDegrees = -35;
constexpr int LabelGapChars = 2;
// Turned labels are one line each and overlap unless neighbouring ticks are a line height /
// sin(35°) apart: a line is about 2.2 average character widths high, so about 4 characters.
constexpr int TurnedLabelPitchChars = 4;

QString statsLine(const QString& side, const std::optional<TimingStats>& stats)
{
    if (!stats)
        return QStringLiteral("%1: not timed").arg(side);
    return QStringLiteral("%1: p50 %2 (p10 %3 – p90 %4, %5 reps)")
        .arg(side, formatMs(stats->p50), QString::number(stats->p10, 'g', 3), QString::number(stats->p90, 'g', 3))
        .arg(stats->reps);
}

// Device time is what the bars show; call time beside it says how much of a call is launch
// overhead, so a reader can see what the speedup rests on.
QString callTimeLine(const CallTiming& call)
{
    const auto& b = call.baselineEvidence.call;
    const auto& c = call.candidateEvidence.call;
    if (!b && !c)
        return {};
    const QString none = QStringLiteral("—");
    QString line = QStringLiteral("call time: baseline %1, candidate %2").arg(b ? formatMs(b->p50) : none, c ? formatMs(c->p50) : none);
    if (call.callSpeedup)
        line += QStringLiteral(" → %1").arg(formatSpeedup(*call.callSpeedup));
    return line;
}

// resultFlags: the result's own, which make every call's speedup suspect when they are.
QString callToolTip(const CallTiming& call, bool deviceTime, const QStringList& resultFlags, const QStringList& raised)
{
    // Results older than device timing measured one time only, with stream events.
    const QString prefix = deviceTime ? QStringLiteral(" device time") : QString();
    QStringList lines{callLabel(call), statsLine(QStringLiteral("baseline") + prefix, call.baseline),
        statsLine(QStringLiteral("candidate") + prefix, call.candidate)};
    const QString callTime = callTimeLine(call);
    if (!callTime.isEmpty())
        lines << callTime;
    if (call.speedup) {
        QString speedup = QStringLiteral("speedup %1").arg(formatSpeedup(*call.speedup));
        if (call.ci95)
            speedup += QLatin1Char(' ') + formatInterval(call.ci95->first, call.ci95->second);
        lines << QStringLiteral("%1, %2").arg(
            speedup, speedupVerdict(*call.speedup, call.withinNoise, SpeedupContext{false, resultFlags + call.flags, raised}));
    }
    // Suspect flags are marked; notes are said without alarm (VerdictLevel).
    for (const QString& flag : call.flags) {
        const QString note = call.flagNotes.value(flag);
        const QString text = note.isEmpty() ? describeFlag(flag) : QStringLiteral("%1: %2").arg(flag, note);
        lines << (VerdictLevel::isSuspect(flag, call.flags, raised) ? QStringLiteral("⚠ ") : QStringLiteral("note: ")) + text;
    }
    if (!call.note.isEmpty())
        lines << call.note;
    return lines.join(QLatin1Char('\n'));
}

// A call's own speedup, drawn above its bars: the per-call verdict without hovering. Above the
// bars rather than in a second tick-label line, which also had to turn with the label.
std::optional<Annotation> speedupNote(const CallTiming& call, double key, const SpeedupContext& context)
{
    if (!call.speedup)
        return std::nullopt;
    double top = 0;
    for (const auto& side : {call.baseline, call.candidate}) {
        if (side)
            top = std::max({top, side->p50, side->p90});
    }
    // Marked when its speedup does not count: the call's own flags or the result's make it suspect.
    const bool flagged = !VerdictLevel::suspectFlags(context.flags + call.flags, context.raised).isEmpty();
    const QString text = formatSpeedup(*call.speedup) + (call.withinNoise ? QStringLiteral(" noise") : QString())
        + (flagged ? QStringLiteral(" ⚠") : QString());
    return Annotation{key, top, text, call.withinNoise, flagged};
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

QString errorTitle(const AccuracyStage& accuracy)
{
    const auto passed = std::count_if(accuracy.outputs.cbegin(), accuracy.outputs.cend(), [](const OutputComparison& o) { return o.ok; });
    return QStringLiteral("Max abs error — %1 of %2 outputs passed (rtol %3, atol %4)")
        .arg(passed)
        .arg(accuracy.outputs.size())
        .arg(QString::number(accuracy.rtol, 'g', 3), QString::number(accuracy.atol, 'g', 3));
}

QString sourceName(HistoryPoint::Source source)
{
    return source == HistoryPoint::Source::Rerun ? QStringLiteral("rerun") : QStringLiteral("agent perf candidate");
}

HistoryGroup::State stateOf(const HistoryPoint& point)
{
    if (!point.passed)
        return HistoryGroup::State::NotReached;
    if (!*point.passed)
        return HistoryGroup::State::Failed;
    return point.suspect ? HistoryGroup::State::Suspect : HistoryGroup::State::Passed;
}

QString stateName(HistoryGroup::State state)
{
    switch (state) {
    case HistoryGroup::State::Passed:
        return QStringLiteral("passed");
    case HistoryGroup::State::Suspect:
        return QStringLiteral("suspect");
    case HistoryGroup::State::Failed:
        return QStringLiteral("failed");
    case HistoryGroup::State::NotReached:
        break;
    }
    return QStringLiteral("not checked");
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

// Best among the points that did not fail accuracy and are not suspect (a fast wrong kernel or a
// cheat is no achievement), and
// the newest measurement, so the title answers "where are we" without reading the plot.
QString historyTitle(const QVector<HistoryPoint>& history)
{
    int best = -1;
    int latest = -1;
    for (int i = 0; i < history.size(); ++i) {
        const HistoryPoint& p = history.at(i);
        if (!p.speedup || !std::isfinite(*p.speedup))
            continue;
        latest = i;
        if (p.passed.value_or(true) && !p.suspect && (best < 0 || *p.speedup > *history.at(best).speedup))
            best = i;
    }
    if (latest < 0)
        return QStringLiteral("Speedup history");
    const auto describe
        = [&](int i) { return QStringLiteral("%1 (%2)").arg(formatSpeedup(*history.at(i).speedup), historyLabel(history.at(i), i)); };
    if (best < 0)
        return QStringLiteral("Speedup history — latest %1, none that counts (wrong or suspect)").arg(describe(latest));
    return QStringLiteral("Speedup history — best %1, latest %2").arg(describe(best), describe(latest));
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
    // Shorter than sourceName(): six of these may share the legend.
    const QString who = source == HistoryPoint::Source::Rerun ? QStringLiteral("rerun") : QStringLiteral("agent candidate");
    group.name = QStringLiteral("%1, %2").arg(who, stateName(state));
    groups->append(group);
    return &groups->last();
}

// Agent candidates first, then reruns; passed, suspect, failed, not checked within each. A fixed order
// keeps legend entries and colours in place when the history grows.
bool groupBefore(const HistoryGroup& a, const HistoryGroup& b)
{
    const auto rank = [](const HistoryGroup& g) { return (g.source == HistoryPoint::Source::AgentPerfCandidate ? 0 : 4) + int(g.state); };
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
    const double lowerExp = std::floor(std::log10(*lo) - DecadeRoom);
    const double upperExp = std::ceil(std::log10(*hi) + DecadeRoom);
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

SpeedupContext SpeedupContext::of(const RerunResult& result)
{
    return SpeedupContext{result.accuracy && !result.accuracy->ok, result.flags, result.raisedFlags};
}

QStringList SpeedupContext::suspectFlags() const
{
    return VerdictLevel::suspectFlags(flags, raised);
}

QString speedupVerdict(double speedup, bool withinNoise, const SpeedupContext& context)
{
    if (context.wrong)
        return QStringLiteral("output wrong, does not count");
    // The suspect flags' names are on the verdict line and the calls: a plot title has no room for a list.
    if (!context.suspectFlags().isEmpty())
        return QStringLiteral("suspect, does not count");
    if (withinNoise)
        return QStringLiteral("within noise");
    if (speedup > 1)
        return QStringLiteral("candidate faster");
    if (speedup < 1)
        return QStringLiteral("candidate slower");
    return QStringLiteral("same speed");
}

QString timingTitle(const TimingStage& timing, const SpeedupContext& context)
{
    if (!timing.speedup)
        return QStringLiteral("Speedup not measured");
    const QString interval = timing.ci95 ? QLatin1Char(' ') + formatInterval(timing.ci95->first, timing.ci95->second) : QString();
    // Results older than device timing measured stream events: their sums are not device time.
    const QString sums = timing.deviceTimeSource.isEmpty() ? QStringLiteral("Σ p50") : QStringLiteral("device Σ p50");
    return QStringLiteral("Speedup %1%2 — %3 (%4 %5 → %6)")
        .arg(formatSpeedup(*timing.speedup), interval, speedupVerdict(*timing.speedup, timing.withinNoise, context), sums,
            QString::number(timing.baselineMs, 'g', 3), formatMs(timing.candidateMs));
}

TimingPlotData timingPlotData(const std::optional<TimingStage>& timing, const SpeedupContext& context)
{
    TimingPlotData data;
    if (!timing || timing->calls.isEmpty()) {
        data.emptyMessage = QStringLiteral("No timing yet — run the case");
        return data;
    }
    for (int i = 0; i < timing->calls.size(); ++i) {
        const CallTiming& call = timing->calls.at(i);
        data.axis.labels << callLabel(call);
        data.axis.toolTips << callToolTip(call, !timing->deviceTimeSource.isEmpty(), context.flags, context.raised);
        if (const auto note = speedupNote(call, i, context))
            data.notes << *note;
        if (call.baseline)
            addWhiskered(&data.baseline, i, *call.baseline);
        if (call.candidate)
            addWhiskered(&data.candidate, i, *call.candidate);
    }
    if (data.baseline.size() + data.candidate.size() == 0)
        data.emptyMessage = QStringLiteral("No call was timed");
    const double top = highestWhisker(data);
    data.yRange = {0, top > 0 ? top * TimingHeadroom : 1};
    data.title = timingTitle(*timing, context);
    return data;
}

ErrorPlotData errorPlotData(const std::optional<AccuracyStage>& accuracy)
{
    ErrorPlotData data;
    if (!accuracy || accuracy->outputs.isEmpty()) {
        data.emptyMessage
            = accuracy ? QStringLiteral("No outputs were compared") : QStringLiteral("No accuracy results yet — run the case");
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
    data.title = errorTitle(*accuracy);
    return data;
}

HistoryPlotData historyPlotData(const QVector<HistoryPoint>& history)
{
    HistoryPlotData data;
    QVector<double> speedups;
    for (int i = 0; i < history.size(); ++i) {
        const HistoryPoint& point = history.at(i);
        data.axis.labels << wrapLabel(historyLabel(point, i));
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
    data.title = historyTitle(history);
    return data;
}

TickLayout tickLayout(const QStringList& labels, int availableChars)
{
    int widest = 0;
    for (const QString& label : labels) {
        const QStringList lines = label.split(QLatin1Char('\n'));
        for (const QString& line : lines)
            widest = std::max(widest, int(line.size()));
    }
    const int count = int(labels.size());
    TickLayout layout;
    if (count * (widest + LabelGapChars) <= availableChars) // ticks are evenly spaced
        return layout;
    // Several lines turned together make a slanted block that runs into its neighbours.
    layout.rotation = TurnedLabelDegrees;
    layout.singleLine = true;
    const int fitting = std::max(1, availableChars / TurnedLabelPitchChars);
    layout.stride = (count + fitting - 1) / fitting;
    return layout;
}

QStringList tickTexts(const QStringList& labels, const TickLayout& layout)
{
    QStringList texts;
    texts.reserve(labels.size());
    for (int i = 0; i < labels.size(); ++i) {
        if (i % layout.stride != 0)
            texts << QString();
        else
            texts << (layout.singleLine ? QString(labels.at(i)).replace(QLatin1Char('\n'), QLatin1Char(' ')) : labels.at(i));
    }
    return texts;
}

double turnedLabelOverhang(double textWidth, double lineHeight, double rotationDegrees, double firstTickOffset)
{
    if (rotationDegrees >= 0)
        return 0;
    const double radians = qDegreesToRadians(-rotationDegrees);
    const double reach = textWidth * std::cos(radians) + lineHeight * std::sin(radians);
    return std::max(0.0, reach - firstTickOffset);
}

QString wrapLabel(const QString& label, int lineChars)
{
    const QStringList words = label.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QStringList lines;
    for (const QString& word : words) {
        if (!lines.isEmpty() && lines.last().size() + 1 + word.size() <= lineChars)
            lines.last() += QLatin1Char(' ') + word;
        else
            lines << word;
    }
    return lines.join(QLatin1Char('\n'));
}

int categoryAt(double key, int count)
{
    if (!std::isfinite(key) || key < -0.5 || key >= count - 0.5)
        return -1;
    return int(std::lround(key));
}

} // namespace krw
