// SPDX-License-Identifier: MIT
#include "models/failures/failuregroupmodel.h"

namespace krw {

FailureGroupModel::FailureGroupModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void FailureGroupModel::setGroups(const QVector<FailureGroup>& groups)
{
    beginResetModel();
    m_groups = groups;
    endResetModel();
}

const FailureGroup* FailureGroupModel::groupAt(int row) const
{
    return row >= 0 && row < m_groups.size() ? &m_groups.at(row) : nullptr;
}

int FailureGroupModel::groupedCases() const
{
    int count = 0;
    for (const FailureGroup& group : m_groups)
        count += group.count();
    return count;
}

int FailureGroupModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_groups.size());
}

int FailureGroupModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant FailureGroupModel::data(const QModelIndex& index, int role) const
{
    const FailureGroup* group = index.isValid() ? groupAt(index.row()) : nullptr;
    if (!group)
        return {};
    if (role == CasesRole)
        return group->cases;
    if (role == Qt::ToolTipRole) {
        const QStringList shown = group->cases.mid(0, 10);
        return tr("%1 — %2\n%n cases: %3", nullptr, group->count())
            .arg(group->signature.kind, group->signature.text,
                shown.join(QStringLiteral(", ")) + (group->count() > shown.size() ? QStringLiteral(", …") : QString()));
    }
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (index.column()) {
    case SignatureColumn:
        return group->signature.text;
    case CountColumn:
        return role == SortRole ? QVariant(group->count()) : QVariant(QString::number(group->count()));
    case KindColumn:
        return group->signature.kind;
    case ExampleColumn:
        return group->example();
    default:
        return {};
    }
}

QVariant FailureGroupModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SignatureColumn:
        return tr("Signature");
    case CountColumn:
        return tr("Cases");
    case KindColumn:
        return tr("Kind");
    case ExampleColumn:
        return tr("Example");
    default:
        return {};
    }
}

} // namespace krw
