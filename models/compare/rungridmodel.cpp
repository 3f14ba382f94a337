// SPDX-License-Identifier: MIT
#include "models/compare/rungridmodel.h"

namespace krw {

RunGridModel::RunGridModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void RunGridModel::setGrid(const RunGrid& grid)
{
    beginResetModel();
    m_grid = grid;
    endResetModel();
}

int RunGridModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || m_grid.runCount() == 0 ? 0 : int(m_grid.rows().size()) + 1;
}

int RunGridModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : FirstRunColumn + m_grid.runCount();
}

QVariant RunGridModel::summaryData(int column, int role) const
{
    if (role == IsSummaryRole)
        return true;
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != SortRole)
        return {};
    if (column == NameColumn)
        return role == Qt::ToolTipRole ? tr("What each run holds") : tr("Summary");
    if (column == PassedInColumn)
        return role == Qt::DisplayRole ? caseCountText(int(m_grid.rows().size())) : QVariant();
    const OutcomeCounts& counts = m_grid.summaries().at(column - FirstRunColumn);
    if (role == SortRole)
        return counts.passed;
    QString text = tr("%1 of %2 passed · %3 failing").arg(counts.passed).arg(counts.cases).arg(counts.failing);
    if (counts.unknown > 0)
        text += tr(" · %1 unknown").arg(counts.unknown);
    return text;
}

QVariant RunGridModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    if (index.row() == 0)
        return summaryData(index.column(), role);
    const RunGridRow& row = m_grid.rows().at(index.row() - 1);
    if (role == IsSummaryRole)
        return false;
    if (index.column() == NameColumn) {
        if (role == Qt::DisplayRole || role == SortRole || role == Qt::ToolTipRole)
            return row.filename;
        return {};
    }
    if (index.column() == PassedInColumn) {
        if (role == Qt::DisplayRole)
            return tr("%1 of %2").arg(row.passedRuns).arg(m_grid.runCount());
        if (role == SortRole)
            return row.passedRuns;
        return {};
    }
    const RunGridCell& cell = row.cells.at(index.column() - FirstRunColumn);
    switch (role) {
    case Qt::DisplayRole:
        return cell.present ? outcomeTitle(cell.latest) : QStringLiteral("—");
    case Qt::ToolTipRole:
        return cell.present
            ? tr("%1 in %2: %3, best stage %4")
                  .arg(row.filename, m_grid.runNames().at(index.column() - FirstRunColumn), outcomeTitle(cell.latest), stageName(cell.best))
            : tr("%1 is not in %2").arg(row.filename, m_grid.runNames().at(index.column() - FirstRunColumn));
    case SortRole:
    case OutcomeRole:
        return cell.present ? int(cell.latest) : -1;
    default:
        return {};
    }
}

QVariant RunGridModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    if (section == NameColumn)
        return tr("Case");
    if (section == PassedInColumn)
        return role == Qt::ToolTipRole ? tr("In how many of the runs the case passed") : tr("Passed in");
    const int run = section - FirstRunColumn;
    if (run < 0 || run >= m_grid.runCount())
        return {};
    return role == Qt::ToolTipRole ? tr("Run %1: %2").arg(run + 1).arg(m_grid.runNames().at(run))
                                   : QStringLiteral("%1. %2").arg(run + 1).arg(m_grid.runNames().at(run));
}

} // namespace krw
