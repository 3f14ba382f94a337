// SPDX-License-Identifier: MIT
#include "models/compare/rungridsortproxy.h"

#include "models/compare/rungridmodel.h"

namespace krw {

RunGridSortProxy::RunGridSortProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(RunGridModel::SortRole);
}

bool RunGridSortProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const bool leftSummary = left.data(RunGridModel::IsSummaryRole).toBool();
    const bool rightSummary = right.data(RunGridModel::IsSummaryRole).toBool();
    // A descending sort asks the other way round: the summary is then the greatest.
    if (leftSummary != rightSummary)
        return sortOrder() == Qt::AscendingOrder ? leftSummary : rightSummary;
    const QVariant a = left.data(RunGridModel::SortRole);
    const QVariant b = right.data(RunGridModel::SortRole);
    if (a.userType() == QMetaType::QString || b.userType() == QMetaType::QString)
        return QString::compare(a.toString(), b.toString(), Qt::CaseInsensitive) < 0;
    return a.toInt() < b.toInt();
}

} // namespace krw
