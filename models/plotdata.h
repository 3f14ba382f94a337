// SPDX-License-Identifier: MIT
//
// What the rerun plots draw, computed from the value types without a widget (M4, T8): points,
// whiskers, axis ranges, labels, titles and tooltips. widgets/ only maps these onto QCustomPlot
// and picks colours, so everything a reviewer reads off a plot is tested here.
#pragma once

#include "rerunresult.h"

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
    QStringList labels;
    QStringList toolTips;
};

QString callLabel(const CallTiming& call); // "name #index"
QString speedupVerdict(double speedup, bool withinNoise); // "candidate faster", "within noise", ...
QString timingTitle(const TimingStage& timing);

struct TimingPlotData
{
    CategoryAxis axis; // one per recorded call
    SeriesData baseline; // p50 with whiskers to p10/p90
    SeriesData candidate;
    AxisRange yRange; // ms, from 0
    QString title;
    QString emptyMessage; // set when nothing can be drawn
};
TimingPlotData timingPlotData(const std::optional<TimingStage>& timing);

struct ErrorPlotData
{
    CategoryAxis axis; // one per output
    SeriesData passed; // within tolerance, above the floor
    SeriesData clamped; // within tolerance, at or below the floor: drawn at LogFloor
    SeriesData failed; // wherever the error lies (a failed zero is drawn at the floor too)
    double atol = 0;
    AxisRange yRange; // for a log axis
    QString emptyMessage;
};
ErrorPlotData errorPlotData(const std::optional<AccuracyStage>& accuracy);

struct HistoryGroup
{
    enum class State { Passed, Failed, NotReached };
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
    QString emptyMessage;
};
HistoryPlotData historyPlotData(const QVector<HistoryPoint>& history);

// Degrees to turn category labels by, so long or many labels do not overlap: 0 when they fit.
double tickLabelRotation(const QStringList& labels);

// The category whose slot holds x coordinate key, or -1.
int categoryAt(double key, int count);

} // namespace krw
