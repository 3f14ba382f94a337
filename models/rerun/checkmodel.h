// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/rerunchecks.h"

#include <QAbstractTableModel>

namespace krw {

// The checks of one rerun (checkRows), one row each: name, state and what was seen. Semantic
// roles only (L2): FlaggedRole says which cells a delegate should mark (a flagged check, or one
// that could not run), StateRole what the state is; how either looks is the view's business.
class CheckModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { CheckColumn, StateColumn, SeenColumn, NUM_COLUMNS };
    enum Roles {
        SortRole = Qt::UserRole,
        FlaggedRole, // bool: flagged or could not run (name and state cells)
        StateRole, // int: CheckRow::State, any column
    };

    explicit CheckModel(QObject* parent = nullptr);

    void setResult(const RerunResult& result);
    const QVector<CheckRow>& rows() const { return m_rows; }
    int flaggedCount() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    static QString seenText(const CheckRow& row);
    static QString toolTip(const CheckRow& row);

    QVector<CheckRow> m_rows;
};

} // namespace krw
