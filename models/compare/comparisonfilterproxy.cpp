// SPDX-License-Identifier: MIT
#include "models/compare/comparisonfilterproxy.h"

#include "models/compare/comparebucket.h"
#include "models/compare/comparisontreemodel.h"

namespace krw {

ComparisonFilterProxy::ComparisonFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(ComparisonTreeModel::SortRole);
    setRecursiveFilteringEnabled(true); // a bucket is listed while one of its cases is
}

void ComparisonFilterProxy::setShownCases(const std::optional<QSet<QString>>& filenames)
{
    if (filenames == m_shown)
        return;
    m_shown = filenames;
    invalidateFilter();
}

bool ComparisonFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (index.data(ComparisonTreeModel::IsGroupRole).toBool())
        return !m_shown; // with a filter, listed through its cases (recursive filtering)
    if (!m_shown)
        return true;
    if (index.data(ComparisonTreeModel::CaseIndexARole).toInt() < 0)
        return false; // only in B: nothing of A's for the filter to judge
    return m_shown->contains(index.data(ComparisonTreeModel::FilenameRole).toString());
}

QVariant ComparisonFilterProxy::data(const QModelIndex& index, int role) const
{
    if (role == Qt::DisplayRole && index.column() == ComparisonTreeModel::NameColumn && m_shown) {
        const QModelIndex source = mapToSource(index);
        if (source.data(ComparisonTreeModel::IsGroupRole).toBool()) {
            const int total = source.data(ComparisonTreeModel::GroupCaseCountRole).toInt();
            const int listed = rowCount(index);
            if (listed != total)
                return tr("%1 (%2 of %3)")
                    .arg(compareBucketTitle(CompareBucket(source.data(ComparisonTreeModel::BucketRole).toInt())))
                    .arg(listed)
                    .arg(total);
        }
    }
    return QSortFilterProxyModel::data(index, role);
}

} // namespace krw
