// SPDX-License-Identifier: MIT
#include "models/browse/shapetimingmodel.h"

#include <cmath>

namespace krw {

namespace {

QString milliseconds(const std::optional<double>& ms)
{
    return ms ? QString::number(*ms, 'g', 4) : QString();
}

} // namespace

ShapeTimingModel::ShapeTimingModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ShapeTimingModel::setTimings(const QVector<ShapeTiming>& timings)
{
    beginResetModel();
    m_timings = timings;
    endResetModel();
}

std::optional<double> ShapeTimingModel::speedupOf(const ShapeTiming& timing)
{
    if (timing.baselineMs && timing.candidateMs && *timing.baselineMs > 0 && *timing.candidateMs > 0)
        return *timing.baselineMs / *timing.candidateMs;
    return std::nullopt;
}

std::optional<double> ShapeTimingModel::geomeanSpeedup(const QVector<ShapeTiming>& timings, int* rows)
{
    double logSum = 0;
    int n = 0;
    for (const ShapeTiming& t : timings) {
        if (const auto s = speedupOf(t)) {
            logSum += std::log(*s);
            ++n;
        }
    }
    if (rows)
        *rows = n;
    return n > 0 ? std::optional<double>(std::exp(logSum / n)) : std::nullopt;
}

int ShapeTimingModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_timings.size());
}

int ShapeTimingModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ShapeTimingModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_timings.size())
        return {};
    const ShapeTiming& t = m_timings.at(index.row());
    const std::optional<double> speedup = speedupOf(t);
    if (role == ProblemRole)
        return !t.note.isEmpty() || t.method.contains(QStringLiteral("→"));
    if (role == Qt::TextAlignmentRole && index.column() >= BaselineColumn && index.column() <= SpeedupColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == SortRole) {
        // A missing number sorts below every number (last when the biggest come first).
        switch (index.column()) {
        case BaselineColumn:
            return t.baselineMs ? *t.baselineMs : -1.0;
        case CandidateColumn:
            return t.candidateMs ? *t.candidateMs : -1.0;
        case SpeedupColumn:
            return speedup ? *speedup : -1.0;
        default:
            return index.column() == ShapeColumn ? QVariant(index.row()) : data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::ToolTipRole && index.column() == NoteColumn)
        return t.note;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case ShapeColumn:
        return t.name;
    case BaselineColumn:
        return milliseconds(t.baselineMs);
    case CandidateColumn:
        return milliseconds(t.candidateMs);
    case SpeedupColumn:
        return speedup ? tr("%1×").arg(*speedup, 0, 'f', 2) : QString();
    case MethodColumn:
        return t.method;
    case NoteColumn:
        return t.note;
    default:
        return {};
    }
}

QVariant ShapeTimingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ShapeColumn:
        return tr("Shape");
    case BaselineColumn:
        return tr("Baseline (ms)");
    case CandidateColumn:
        return tr("Candidate (ms)");
    case SpeedupColumn:
        return tr("Speedup");
    case MethodColumn:
        return tr("Timed by");
    case NoteColumn:
        return tr("Note");
    default:
        return {};
    }
}

} // namespace krw
