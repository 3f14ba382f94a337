// SPDX-License-Identifier: MIT
#pragma once

#include <QSet>
#include <QSortFilterProxyModel>
#include <QString>

#include <optional>

namespace krw {

// The comparison tree as the window shows it: sorted by any column (ComparisonTreeModel::SortRole)
// and narrowed to the cases the case tree would show. The filter bar and the search judge run A's
// cases (outcome, stage, review, reruns, hints, texts), so a case of both runs, or only in A, is
// listed when A's case passes them; a case only in B has nothing of A's to judge and is listed only
// while nothing is filtered. A bucket that lists fewer than its cases says so: "Fixed (1 of 3)".
class ComparisonFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit ComparisonFilterProxy(QObject* parent = nullptr);

    // The filenames of A's cases the case tree shows; nullopt when it shows every case.
    void setShownCases(const std::optional<QSet<QString>>& filenames);
    const std::optional<QSet<QString>>& shownCases() const { return m_shown; }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    std::optional<QSet<QString>> m_shown;
};

} // namespace krw
