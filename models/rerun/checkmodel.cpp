// SPDX-License-Identifier: MIT
#include "models/rerun/checkmodel.h"

#include "models/rerun/rerunformat.h"

#include <algorithm>

namespace krw {

CheckModel::CheckModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CheckModel::setResult(const RerunResult& result)
{
    beginResetModel();
    m_rows = checkRows(result);
    endResetModel();
}

int CheckModel::flaggedCount() const
{
    return int(std::count_if(m_rows.cbegin(), m_rows.cend(), [](const CheckRow& r) { return r.state == CheckRow::State::Flagged; }));
}

int CheckModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CheckModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QString CheckModel::seenText(const CheckRow& row)
{
    QStringList parts = row.seen;
    if (parts.isEmpty() && (row.state == CheckRow::State::Flagged || row.state == CheckRow::State::Noted))
        parts = row.where;
    parts += row.errors;
    if (!parts.isEmpty())
        return parts.join(QLatin1Char('\n')); // one line per call or output: a view may wrap them
    switch (row.state) {
    case CheckRow::State::Off:
        return QStringLiteral("turned off in the profile");
    case CheckRow::State::Clean:
        return QStringLiteral("nothing seen");
    default:
        return QStringLiteral("—");
    }
}

QString CheckModel::toolTip(const CheckRow& row)
{
    QStringList lines{describeFlag(row.name)};
    if (row.timingFlag)
        lines << QStringLiteral("(about the measurement: raised whatever the checks' settings)");
    if (!row.where.isEmpty())
        lines << QStringLiteral("where: %1").arg(row.where.join(QStringLiteral(", ")));
    lines += row.seen;
    lines += row.errors;
    return lines.join(QLatin1Char('\n'));
}

QVariant CheckModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CheckRow& row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case CheckColumn:
            return row.name;
        case StateColumn:
            return checkStateName(row.state);
        case SeenColumn:
            return seenText(row);
        }
        return {};
    case Qt::ToolTipRole:
        return toolTip(row);
    case Qt::TextAlignmentRole:
        return int(Qt::AlignLeft | Qt::AlignTop); // names stay beside the first line of a long note
    case SortRole:
        return index.column() == StateColumn ? QVariant(int(row.state)) : data(index, Qt::DisplayRole);
    case FlaggedRole:
        return index.column() != SeenColumn && (row.state == CheckRow::State::Flagged || row.state == CheckRow::State::CouldNotRun);
    case StateRole:
        return int(row.state);
    default:
        return {};
    }
}

QVariant CheckModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= NUM_COLUMNS)
        return {};
    static const char* const titles[] = {"Check", "State", "What was seen"};
    return QString::fromLatin1(titles[section]);
}

} // namespace krw
