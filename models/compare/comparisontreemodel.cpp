// SPDX-License-Identifier: MIT
#include "models/compare/comparisontreemodel.h"

namespace krw {

namespace {

// Group rows have internalId 0; case rows carry their group's row + 1.
constexpr quintptr GroupId = 0;

} // namespace

ComparisonTreeModel::ComparisonTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

void ComparisonTreeModel::setComparison(const RunComparison& comparison)
{
    beginResetModel();
    m_comparison = comparison;
    m_groups.clear();
    for (int i = 0; i < CompareBucketCount; ++i) {
        if (m_comparison.count(CompareBucket(i)) > 0)
            m_groups.append(CompareBucket(i));
    }
    m_rerunsA.clear();
    m_rerunsB.clear();
    endResetModel();
}

void ComparisonTreeModel::clear()
{
    setComparison(RunComparison());
}

void ComparisonTreeModel::setLatestReruns(const LatestReruns& a, const LatestReruns& b)
{
    m_rerunsA = a;
    m_rerunsB = b;
    for (int g = 0; g < m_groups.size(); ++g) {
        const int rows = rowCount(index(g, 0));
        if (rows > 0)
            Q_EMIT dataChanged(index(0, RerunAColumn, index(g, 0)), index(rows - 1, RerunBColumn, index(g, 0)));
    }
}

void ComparisonTreeModel::setLatestRerunA(const QString& filename, const LatestRerun& rerun)
{
    m_rerunsA.insert(filename, rerun);
    const QModelIndex row = indexOfCase(filename);
    if (row.isValid())
        Q_EMIT dataChanged(row.siblingAtColumn(RerunAColumn), row.siblingAtColumn(RerunAColumn));
}

QModelIndex ComparisonTreeModel::indexOfCase(const QString& filename) const
{
    const int at = m_comparison.indexOf(filename);
    if (at < 0)
        return {};
    const CompareBucket bucket = m_comparison.cases().at(at).bucket;
    const int group = int(m_groups.indexOf(bucket));
    const int row = int(m_comparison.casesIn(bucket).indexOf(at));
    return group < 0 || row < 0 ? QModelIndex() : index(row, NameColumn, index(group, NameColumn));
}

QModelIndex ComparisonTreeModel::groupIndex(CompareBucket bucket) const
{
    const int group = int(m_groups.indexOf(bucket));
    return group < 0 ? QModelIndex() : index(group, NameColumn);
}

QModelIndex ComparisonTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= NUM_COLUMNS)
        return {};
    if (!parent.isValid())
        return row < m_groups.size() ? createIndex(row, column, GroupId) : QModelIndex();
    if (parent.internalId() != GroupId || parent.row() >= m_groups.size())
        return {};
    if (row >= m_comparison.count(m_groups.at(parent.row())))
        return {};
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex ComparisonTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == GroupId)
        return {};
    return createIndex(int(child.internalId() - 1), 0, GroupId);
}

int ComparisonTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.internalId() != GroupId || parent.column() != 0 || parent.row() >= m_groups.size())
        return 0;
    return m_comparison.count(m_groups.at(parent.row()));
}

int ComparisonTreeModel::columnCount(const QModelIndex&) const
{
    return NUM_COLUMNS;
}

QVariant ComparisonTreeModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid())
        return {};
    if (index.internalId() == GroupId)
        return groupData(index.row(), index.column(), role);
    const CompareBucket bucket = m_groups.at(int(index.internalId() - 1));
    const int at = m_comparison.casesIn(bucket).at(index.row());
    return caseData(m_comparison.cases().at(at), index.column(), role);
}

QVariant ComparisonTreeModel::groupData(int group, int column, int role) const
{
    const CompareBucket bucket = m_groups.at(group);
    const int count = m_comparison.count(bucket);
    switch (role) {
    case Qt::DisplayRole:
        return column == NameColumn ? QStringLiteral("%1 (%2)").arg(compareBucketTitle(bucket)).arg(count) : QVariant();
    case SortRole:
        return int(bucket);
    case IsGroupRole:
        return true;
    case BucketRole:
        return int(bucket);
    case GroupCaseCountRole:
        return count;
    default:
        return {};
    }
}

QVariant ComparisonTreeModel::caseData(const ComparedCase& c, int column, int role) const
{
    const auto rerunOf = [](const LatestReruns& reruns, const QString& filename) {
        const auto found = reruns.constFind(filename);
        return found == reruns.constEnd() ? std::optional<LatestRerun>() : std::optional<LatestRerun>(found.value());
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return c.filename;
        case LatestAColumn:
            return c.inA() ? outcomeTitle(c.latestA) : QStringLiteral("—");
        case BestAColumn:
            return c.inA() ? stageName(c.bestA) : QStringLiteral("—");
        case LatestBColumn:
            return c.inB() ? outcomeTitle(c.latestB) : QStringLiteral("—");
        case BestBColumn:
            return c.inB() ? stageName(c.bestB) : QStringLiteral("—");
        case RerunAColumn:
        case RerunBColumn: {
            const bool a = column == RerunAColumn;
            if (!(a ? c.inA() : c.inB()))
                return QStringLiteral("—");
            const auto rerun = rerunOf(a ? m_rerunsA : m_rerunsB, c.filename);
            return rerun ? rerun->cellText() : QString();
        }
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (column == RerunAColumn || column == RerunBColumn) {
            const auto rerun = rerunOf(column == RerunAColumn ? m_rerunsA : m_rerunsB, c.filename);
            return rerun ? rerun->toolTip() : tr("Never rerun");
        }
        if (column == NameColumn) {
            return tr("%1\nA (%2): %3\nB (%4): %5")
                .arg(c.filename, m_comparison.nameA(), c.inA() ? outcomeTitle(c.latestA) : tr("not in this run"), m_comparison.nameB(),
                    c.inB() ? outcomeTitle(c.latestB) : tr("not in this run"));
        }
        return {};
    case SortRole:
        switch (column) {
        case NameColumn:
            return c.filename;
        case LatestAColumn:
            return c.inA() ? int(c.latestA) : -1;
        case BestAColumn:
            return c.inA() ? int(c.bestA) : -1;
        case LatestBColumn:
            return c.inB() ? int(c.latestB) : -1;
        case BestBColumn:
            return c.inB() ? int(c.bestB) : -1;
        case RerunAColumn:
        case RerunBColumn: {
            const auto rerun = rerunOf(column == RerunAColumn ? m_rerunsA : m_rerunsB, c.filename);
            return rerun ? rerun->sortRank() : 1000;
        }
        default:
            return {};
        }
    case IsGroupRole:
        return false;
    case BucketRole:
        return int(c.bucket);
    case FilenameRole:
        return c.filename;
    case CaseIndexARole:
        return c.indexA;
    case CaseIndexBRole:
        return c.indexB;
    default:
        return {};
    }
}

QVariant ComparisonTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        const bool b = section == LatestBColumn || section == BestBColumn || section == RerunBColumn;
        const QString run = b ? m_comparison.nameB() : m_comparison.nameA();
        if (section == NameColumn)
            return tr("Cases matched by filename, grouped by what changed from A to B");
        return b ? tr("Run B: %1").arg(run) : tr("Run A: %1").arg(run);
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Case");
    case LatestAColumn:
        return tr("A latest");
    case BestAColumn:
        return tr("A best");
    case RerunAColumn:
        return tr("A rerun");
    case LatestBColumn:
        return tr("B latest");
    case BestBColumn:
        return tr("B best");
    case RerunBColumn:
        return tr("B rerun");
    default:
        return {};
    }
}

} // namespace krw
