// SPDX-License-Identifier: MIT
//
// What the rerun plots draw, computed from the value types without a widget (M4, T8): points,
// whiskers, axis ranges, labels, titles and tooltips. widgets/ only maps these onto QCustomPlot
// and picks colours, so everything a reviewer reads off a plot is tested here.
#pragma once

#include "models/rerun/rerunresult.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace krw {

struct AxisRange
{
    double lower = 0;
    double upper = 1;
};

// A log axis cannot show 0: errors at or below this floor are drawn at the floor, and said so.
constexpr double LogFloor = 1e-12;

struct LogValue
{
    bool drawn = false; // false: absent or not finite, nothing to draw
    bool clamped = false; // at or below the floor (exact zeros included), drawn at the floor
    double y = 0;
};
LogValue logValue(const std::optional<double>& value, double floor = LogFloor);

// Whole decades around the positive values and the reference line, with each extreme at least
// part of a decade away from the edge so its marker is not cut.
AxisRange logRange(const QVector<double>& values, double reference);

// A linear speedup axis that always shows 1.0 (the baseline's speed), with a little room around.
AxisRange speedupRange(const QVector<double>& speedups);

// Whisker lengths below and above p50: to p10 and to p90, never negative.
struct Whisker
{
    double minus = 0;
    double plus = 0;
};
Whisker whiskerOf(const TimingStats& stats);

// Parallel vectors, the way QCustomPlot takes them. minus/plus only for whiskered series.
struct SeriesData
{
    QVector<double> keys;
    QVector<double> values;
    QVector<double> minus;
    QVector<double> plus;

    int size() const { return int(keys.size()); }
    void add(double key, double value)
    {
        keys << key;
        values << value;
    }
};

// Shared by the three plots: one category per x position 0..n-1, each with a label and tooltip.
struct CategoryAxis
{
    QStringList labels; // tick labels, possibly several lines
    QStringList toolTips;
};

// A short text pinned above a point: x = key, bottom at value.
struct Annotation
{
    double key = 0;
    double value = 0;
    QString text;
    bool muted = false; // says less than it seems (a speedup within noise)
    bool flagged = false; // the call raised a suspect flag (VerdictLevel): its speedup does not count
};

// What else a speedup rests on besides its numbers: whether the outputs were right and which
// flags the result raised. A wrong or suspect result's speedup is never called "faster" (VerdictLevel);
// notes leave it be.
struct SpeedupContext
{
    bool wrong = false; // the outputs did not match the baseline
    QStringList flags; // RerunResult::flags
    QStringList raised; // RerunResult::raisedFlags

    static SpeedupContext of(const RerunResult& result);
    QStringList suspectFlags() const; // VerdictLevel::suspectFlags()
};

QString callLabel(const CallTiming& call); // "name #index"
// "candidate faster", "candidate slower", "within noise", "output wrong, does not count", "suspect, does not count"
QString speedupVerdict(double speedup, bool withinNoise, const SpeedupContext& context = {});
QString timingTitle(const TimingStage& timing, const SpeedupContext& context = {});

struct TimingPlotData
{
    CategoryAxis axis; // one per recorded call
    SeriesData baseline; // p50 with whiskers to p10/p90
    SeriesData candidate;
    QVector<Annotation> notes; // each call's speedup, above its highest whisker; "⚠" on a call with a suspect flag
    AxisRange yRange; // ms, from 0
    QString title;
    QString emptyMessage; // set when nothing can be drawn
};
TimingPlotData timingPlotData(const std::optional<TimingStage>& timing, const SpeedupContext& context = {});

struct ErrorPlotData
{
    CategoryAxis axis; // one per output
    SeriesData passed; // within tolerance, above the floor
    SeriesData clamped; // within tolerance, at or below the floor: drawn at LogFloor
    SeriesData failed; // wherever the error lies (a failed zero is drawn at the floor too)
    double atol = 0;
    AxisRange yRange; // for a log axis
    QString title;
    QString emptyMessage;
};
ErrorPlotData errorPlotData(const std::optional<AccuracyStage>& accuracy);

struct HistoryGroup
{
    enum class State { Passed, Suspect, Failed, NotReached };
    HistoryPoint::Source source = HistoryPoint::Source::Rerun;
    State state = State::NotReached;
    QString name; // for the legend
    SeriesData points;
};

struct HistoryPlotData
{
    CategoryAxis axis; // one per history point, in the given order
    QVector<HistoryGroup> groups; // only groups with points, agent candidates first
    AxisRange yRange;
    QString title;
    QString emptyMessage;
};
HistoryPlotData historyPlotData(const QVector<HistoryPoint>& history);

// How category labels are drawn so they do not overlap, given the room along the axis in average
// characters: upright when the widest line of each label fits side by side; else turned
// counter-clockwise (so each label ends at its tick), on one line, and when even that is too
// dense, only every stride-th label (tooltips still name every category).
struct TickLayout
{
    double rotation = 0;
    bool singleLine = false;
    int stride = 1;
};
TickLayout tickLayout(const QStringList& labels, int availableChars);
// The tick texts for that layout: one per label, empty where a label is skipped.
QStringList tickTexts(const QStringList& labels, const TickLayout& layout);

// Pixels a turned first label reaches left of the axis rect (0 when none): QCustomPlot drops a
// tick label that would cross the widget's edge, so the left margin must be at least this.
// firstTickOffset is the distance from the axis rect's left edge to the first tick.
double turnedLabelOverhang(double textWidth, double lineHeight, double rotationDegrees, double firstTickOffset);

// Breaks a label at spaces into lines of at most lineChars (a longer word keeps its own line),
// so long category labels can stand upright.
QString wrapLabel(const QString& label, int lineChars = 14);

// The category whose slot holds x coordinate key, or -1.
int categoryAt(double key, int count);

} // namespace krw
