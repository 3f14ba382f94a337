// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/rerunresult.h"

#include <QAbstractTableModel>

namespace krw {

// The outputs of one accuracy stage, one row each, in the harness's order. Semantic roles only
// (L2): OkRole and WarningRole say what a delegate should mark, not how.
class AccuracyModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns {
        OutputColumn,
        OkColumn,
        ShapeColumn,
        DtypeColumn,
        MaxAbsErrColumn,
        MaxRelErrColumn,
        MismatchedColumn,
        FlagsColumn,
        NUM_COLUMNS
    };
    enum Roles {
        SortRole = Qt::UserRole, // raw numbers for the numeric columns
        OkRole, // bool, any column
        FlagsRole, // QStringList, any column
        WarningRole, // bool: any flag is set, any column
    };

    explicit AccuracyModel(QObject* parent = nullptr);

    void setAccuracy(const AccuracyStage& accuracy);
    const AccuracyStage& accuracy() const { return m_accuracy; }
    const OutputComparison& outputAt(int row) const { return m_accuracy.outputs.at(row); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant displayData(const OutputComparison& output, int column) const;
    QVariant sortData(const OutputComparison& output, int column) const;
    QVariant toolTipData(const OutputComparison& output, int column) const;

    AccuracyStage m_accuracy;
};

} // namespace krw
