// SPDX-License-Identifier: MIT
//
// A RunGrid as a table: a summary row first (each run's passed, failing and unknown counts), then
// one row per case; columns: the case, in how many runs it passed, then one per run with the
// case's newest outcome there (its best stage in the tooltip). RunGridSortProxy sorts it and keeps
// the summary row on top.
#pragma once

#include "models/compare/rungrid.h"

#include <QAbstractTableModel>

namespace krw {

class RunGridModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { NameColumn, PassedInColumn, FirstRunColumn };
    enum Roles {
        SortRole = Qt::UserRole,
        IsSummaryRole,
        OutcomeRole, // run columns of case rows: int(Outcome), -1 where the case is not in that run
    };

    explicit RunGridModel(QObject* parent = nullptr);
    void setGrid(const RunGrid& grid);
    const RunGrid& grid() const { return m_grid; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant summaryData(int column, int role) const;
    RunGrid m_grid;
};

} // namespace krw
