// SPDX-License-Identifier: MIT
#pragma once

#include "models/browse/casesearch.h"
#include "models/rerun/latestrerun.h"
#include "models/run/rundata.h"

#include <QSet>
#include <QSortFilterProxyModel>

#include <optional>

namespace krw {

// Filters the case tree: by outcome, by best stage, by the newest rerun, by lint hints, by a name/metadata text (in memory, instant)
// and by the result of a full-text search (computed elsewhere, off the UI thread). Group rows
// stay only while a case below them is shown, and their counts say "shown of total".
// Every change of what is shown, a verdict that hides a case under "unreviewed only" included,
// comes between casesAboutToBeRefiltered() and casesRefiltered(), so a view can keep its
// current case sensible (CaseNavigator). A change of the filter is one layout change
// (layoutAboutToBeChanged/layoutChanged), however many rows it hides or shows: persistent indexes
// of rows still shown (current, selection, expanded groups) stay valid, those of hidden rows do not.
// Only a search result that changes a few rows (FewChangedRows) removes and inserts them instead,
// and one that matches the same cases as before changes nothing and signals nothing. Likewise a
// verdict or a rerun that ends under a filter on them: a layout change only when many rows move,
// nothing when none does.
class CaseFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit CaseFilterProxy(QObject* parent = nullptr);

    void setOutcomes(const QSet<Outcome>& outcomes); // empty = all
    void setBestStages(const QSet<Stage>& stages); // empty = all
    void setNameFilter(const QString& text); // filename or metadata key/value, case-insensitive
    void setSearchMatches(const std::optional<QSet<QString>>& filenames); // nullopt = no search
    void setUnreviewedOnly(bool on); // only cases without a verdict
    void setRerunFilter(RerunFilter filter); // by the newest rerun (CaseTreeModel's Rerun column)
    // Only these cases (a failure group's, by filename); nullopt = no such filter.
    void setCaseSet(const std::optional<QSet<QString>>& filenames);
    const std::optional<QSet<QString>>& caseSet() const { return m_caseSet; }
    // By lint hints (CaseTreeModel's Hints column): empty = all, AnyHint = cases with a hint, else
    // a check's name (Linter::checkNames()). Until the hints are computed, no case passes it.
    static QString anyHint() { return QStringLiteral("*"); }
    void setHintFilter(const QString& filter);
    bool unreviewedOnly() const { return m_unreviewedOnly; }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    void setSourceModel(QAbstractItemModel* model) override;

Q_SIGNALS:
    void casesAboutToBeRefiltered(); // the rows are still those shown before
    void casesRefiltered();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    // Up to this many rows shown or hidden by a new search result are removed or inserted where
    // they are; more, and the whole tree is laid out again once.
    static constexpr int FewChangedRows = 64;
    enum class Refilter { Layout, RowByRow };
    void refilter(Refilter how = Refilter::Layout);
    // After the source's rows topLeft..bottomRight (one parent) changed what the filter reads:
    // refilter only if one of them is now shown or hidden, row by row if few are.
    void refilterChangedRows(const QModelIndex& topLeft, const QModelIndex& bottomRight);
    // How many cases are in one of the two search results and not in the other (an upper bound of
    // the rows that change: other filters may hide them anyway).
    int changedMatchCount(const std::optional<QSet<QString>>& before, const std::optional<QSet<QString>>& after) const;

    QSet<Outcome> m_outcomes;
    QSet<Stage> m_stages;
    QString m_nameFilter;
    std::optional<QSet<QString>> m_matches;
    std::optional<QSet<QString>> m_caseSet;
    bool m_unreviewedOnly = false;
    RerunFilter m_rerunFilter = RerunFilter::Any;
    QString m_hintFilter;
};

} // namespace krw
