// SPDX-License-Identifier: MIT
//
// The case tree's comparison mode (issue 13): one group per bucket of a RunComparison with its
// count, fixed first; under it the bucket's cases with each run's newest outcome, best stage and
// newest rerun. Semantic roles only, like CaseTreeModel; the view colours them.
#pragma once

#include "models/compare/runcomparison.h"
#include "models/rerun/latestrerun.h"

#include <QAbstractItemModel>

namespace krw {

class ComparisonTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    // Both runs' outcomes first: what changed is read at a glance, in a narrow panel too.
    enum Columns { NameColumn, LatestAColumn, LatestBColumn, BestAColumn, BestBColumn, RerunAColumn, RerunBColumn, NUM_COLUMNS };
    enum Roles {
        SortRole = Qt::UserRole,
        IsGroupRole,
        BucketRole, // int(CompareBucket): the group's, or the case's
        FilenameRole, // case rows
        CaseIndexARole, // index into A's cases, -1 when only in B
        CaseIndexBRole, // index into B's cases, -1 when only in A
        GroupCaseCountRole,
    };

    explicit ComparisonTreeModel(QObject* parent = nullptr);

    // Groups are the buckets that hold a case, in CompareBucket order.
    void setComparison(const RunComparison& comparison);
    const RunComparison& comparison() const { return m_comparison; }
    void clear();
    // Each run's newest reruns, by case filename (ResultStore::newestPerCase); rows change in place.
    void setLatestReruns(const LatestReruns& a, const LatestReruns& b);
    // One case's newest rerun in A (one that just ended); its row changes in place.
    void setLatestRerunA(const QString& filename, const LatestRerun& rerun);
    bool hasReruns() const { return !m_rerunsA.isEmpty() || !m_rerunsB.isEmpty(); }

    QModelIndex indexOfCase(const QString& filename) const;
    QModelIndex groupIndex(CompareBucket bucket) const; // invalid when the bucket is empty

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant groupData(int group, int column, int role) const;
    QVariant caseData(const ComparedCase& c, int column, int role) const;

    RunComparison m_comparison;
    QVector<CompareBucket> m_groups; // non-empty buckets, in order
    LatestReruns m_rerunsA;
    LatestReruns m_rerunsB;
};

} // namespace krw
