// SPDX-License-Identifier: MIT
#pragma once

#include "run/rundata.h"

#include <QAbstractTableModel>

namespace krw {

// The load warnings of a run, one row each: file, line, field, message.
class WarningModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { FileColumn, LineColumn, FieldColumn, MessageColumn, NUM_COLUMNS };
    enum Roles { SortRole = Qt::UserRole, FilePathRole, LineRole };

    explicit WarningModel(QObject* parent = nullptr);

    void setWarnings(const QVector<LoadWarning>& warnings);
    const LoadWarning& warningAt(int row) const { return m_warnings.at(row); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVector<LoadWarning> m_warnings;
};

} // namespace krw
