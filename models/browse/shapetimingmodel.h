// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"

#include <QAbstractTableModel>

#include <optional>

namespace krw {

// A case's per-shape timings as its run recorded them (IterationRecord::shapeTimings): one row
// per shape with both times, their ratio, how each was timed and why a time is not to be trusted.
// Numbers sort as numbers (SortRole); a missing time is empty, never 0.
class ShapeTimingModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { ShapeColumn, BaselineColumn, CandidateColumn, SpeedupColumn, MethodColumn, NoteColumn, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;
    // True for a row whose times are not to be trusted (a note, a method that changed).
    static constexpr int ProblemRole = Qt::UserRole + 2;

    explicit ShapeTimingModel(QObject* parent = nullptr);

    void setTimings(const QVector<ShapeTiming>& timings);
    const QVector<ShapeTiming>& timings() const { return m_timings; }

    // baseline / candidate where both were timed (> 0).
    static std::optional<double> speedupOf(const ShapeTiming& timing);
    // The geometric mean of the rows' speedups, and how many rows it rests on.
    static std::optional<double> geomeanSpeedup(const QVector<ShapeTiming>& timings, int* rows = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVector<ShapeTiming> m_timings;
};

} // namespace krw
