// SPDX-License-Identifier: MIT
//
// The failure groups of a run as a table for the Failures view: signature, kind, count and an
// example case, largest first. Replaced whole with setGroups() (a new run, or the groups read
// again after reruns).
#pragma once

#include "models/failures/failuregroup.h"

#include <QAbstractTableModel>

namespace krw {

class FailureGroupModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { SignatureColumn, CountColumn, KindColumn, ExampleColumn, NUM_COLUMNS };
    enum Roles {
        SortRole = Qt::UserRole, // raw numbers and texts
        CasesRole, // QStringList: the group's cases
    };

    explicit FailureGroupModel(QObject* parent = nullptr);

    void setGroups(const QVector<FailureGroup>& groups);
    const QVector<FailureGroup>& groups() const { return m_groups; }
    const FailureGroup* groupAt(int row) const;
    int groupedCases() const; // cases in any group

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVector<FailureGroup> m_groups;
};

} // namespace krw
