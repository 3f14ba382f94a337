// SPDX-License-Identifier: MIT
#include "models/browse/casefilterproxy.h"

#include "models/browse/casetreemodel.h"

namespace krw {

CaseFilterProxy::CaseFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setSortRole(CaseTreeModel::SortRole);
    setDynamicSortFilter(true);
}

void CaseFilterProxy::setOutcomes(const QSet<Outcome>& outcomes)
{
    m_outcomes = outcomes;
    refilter();
}

void CaseFilterProxy::setBestStages(const QSet<Stage>& stages)
{
    m_stages = stages;
    refilter();
}

void CaseFilterProxy::setNameFilter(const QString& text)
{
    m_nameFilter = text.trimmed();
    refilter();
}

void CaseFilterProxy::setSearchMatches(const std::optional<QSet<QString>>& filenames)
{
    // Most keystrokes of a word leave the matching cases as they were: nothing to redo then.
    if (filenames == m_matches)
        return;
    const int changed = changedMatchCount(m_matches, filenames);
    m_matches = filenames;
    refilter(changed <= FewChangedRows ? Refilter::RowByRow : Refilter::Layout);
}

int CaseFilterProxy::changedMatchCount(const std::optional<QSet<QString>>& before, const std::optional<QSet<QString>>& after) const
{
    if (before && after) {
        const QSet<QString>& smaller = before->size() <= after->size() ? *before : *after;
        const QSet<QString>& larger = before->size() <= after->size() ? *after : *before;
        int inBoth = 0;
        for (const QString& name : smaller)
            inBoth += larger.contains(name) ? 1 : 0;
        return int(smaller.size() + larger.size()) - 2 * inBoth;
    }
    // One of them is "no search": every case the other leaves out changes.
    const auto* tree = qobject_cast<const CaseTreeModel*>(sourceModel());
    const int cases = tree && tree->run() ? int(tree->run()->cases.size()) : 0;
    return qMax(0, cases - int((before ? before : after)->size()));
}

void CaseFilterProxy::setUnreviewedOnly(bool on)
{
    if (on == m_unreviewedOnly)
        return;
    m_unreviewedOnly = on;
    refilter();
}

void CaseFilterProxy::setCaseSet(const std::optional<QSet<QString>>& filenames)
{
    if (filenames == m_caseSet)
        return;
    m_caseSet = filenames;
    refilter();
}

void CaseFilterProxy::setHintFilter(const QString& filter)
{
    if (filter == m_hintFilter)
        return;
    m_hintFilter = filter;
    refilter();
}

void CaseFilterProxy::setRerunFilter(RerunFilter filter)
{
    if (filter == m_rerunFilter)
        return;
    m_rerunFilter = filter;
    refilter();
}

void CaseFilterProxy::refilter(Refilter how)
{
    Q_EMIT casesAboutToBeRefiltered();
    // A change of many rows is one layout change of the whole tree, not invalidateFilter(): that
    // one removes and inserts every range of rows whose visibility changed, and a search hides or
    // brings back thousands of scattered cases, so thousands of ranges, each walking every
    // persistent index (the selection's, the tree's expanded and spanned groups): 0.3-0.8 s on the
    // UI thread at 10,000 cases. invalidate() drops the mapping and maps the persistent indexes
    // once: the current and selected cases still shown stay so, those hidden become invalid. The
    // rows are filtered (and sorted, by the ints of SortRole) again as the view asks for them. A
    // few rows are cheaper removed or inserted where they are: the view then lays out only them.
    if (how == Refilter::RowByRow)
        invalidateFilter();
    else
        invalidate();
    Q_EMIT casesRefiltered();
}

void CaseFilterProxy::setSourceModel(QAbstractItemModel* model)
{
    if (model == sourceModel())
        return;
    if (sourceModel())
        disconnect(sourceModel(), &QAbstractItemModel::dataChanged, this, nullptr);
    // Dynamic filtering misses a case whose whole group is hidden (its parent has no mapping),
    // so a verdict taken back would not bring it back: filter again when verdicts change. This
    // is connected before the base class connects its own handler, so it runs first: a case
    // that a verdict hides leaves the tree here, between the two signals, not unannounced.
    if (model) {
        connect(model, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex& topLeft, const QModelIndex& bottomRight, const QVector<int>& roles) {
                if ((m_unreviewedOnly && roles.contains(CaseTreeModel::VerdictRole))
                    || (m_rerunFilter != RerunFilter::Any && roles.contains(CaseTreeModel::RerunLevelRole))
                    || (!m_hintFilter.isEmpty() && roles.contains(CaseTreeModel::HintCountRole)))
                    refilterChangedRows(topLeft, bottomRight);
            });
    }
    QSortFilterProxyModel::setSourceModel(model);
}

void CaseFilterProxy::refilterChangedRows(const QModelIndex& topLeft, const QModelIndex& bottomRight)
{
    const QModelIndex parent = topLeft.parent();
    if (!parent.isValid()) { // group rows: shown through their cases, no telling from here
        refilter();
        return;
    }
    // Most changes (a rerun that ends as the filter already had it, a verdict under "Unreviewed
    // only" on a case already reviewed) move no row: then nothing is done here, and the base
    // class's own handler re-sorts the rows if it must. Rows still hidden or shown as before cost
    // no relayout of the whole tree (44 ms of UI thread at 10,000 cases).
    // Asked of the group first: the rows of a hidden group have no mapping yet, and asking for one
    // would make it from the data as it is now, so they would look shown already.
    const bool groupShown = mapFromSource(parent).isValid();
    int moved = 0;
    for (int row = topLeft.row(); row <= bottomRight.row(); ++row) {
        const bool shown = groupShown && mapFromSource(sourceModel()->index(row, 0, parent)).isValid();
        if (shown != filterAcceptsRow(row, parent))
            ++moved;
    }
    if (moved > 0)
        refilter(moved <= FewChangedRows ? Refilter::RowByRow : Refilter::Layout);
}

bool CaseFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (index.data(CaseTreeModel::IsGroupRole).toBool())
        return false; // shown through recursive filtering when a case below it is
    if (!m_outcomes.isEmpty() && !m_outcomes.contains(Outcome(index.data(CaseTreeModel::OutcomeRole).toInt())))
        return false;
    if (!m_stages.isEmpty() && !m_stages.contains(Stage(index.data(CaseTreeModel::BestStageRole).toInt())))
        return false;
    if (m_unreviewedOnly && Verdict(index.data(CaseTreeModel::VerdictRole).toInt()) != Verdict::None)
        return false;
    if (!rerunFilterAccepts(m_rerunFilter, index.data(CaseTreeModel::RerunLevelRole).toString()))
        return false;
    if (!m_hintFilter.isEmpty()) {
        if (m_hintFilter == anyHint() ? index.data(CaseTreeModel::HintCountRole).toInt() <= 0
                                      : !index.data(CaseTreeModel::HintChecksRole).toStringList().contains(m_hintFilter))
            return false;
    }
    const QString filename = index.data(CaseTreeModel::FilenameRole).toString();
    if (m_matches && !m_matches->contains(filename))
        return false;
    if (m_caseSet && !m_caseSet->contains(filename))
        return false;
    if (m_nameFilter.isEmpty() || filename.contains(m_nameFilter, Qt::CaseInsensitive))
        return true;
    const auto* tree = qobject_cast<const CaseTreeModel*>(sourceModel());
    if (!tree || !tree->run())
        return false;
    const Case& c = tree->run()->cases.at(index.data(CaseTreeModel::CaseIndexRole).toInt());
    return CaseMatcher({m_nameFilter, SearchScope::Metadata, false, false}).matchesMetadata(c.newest().extra);
}

QVariant CaseFilterProxy::data(const QModelIndex& index, int role) const
{
    const QModelIndex source = mapToSource(index);
    if (role == Qt::DisplayRole && index.column() == 0 && source.data(CaseTreeModel::IsGroupRole).toBool()) {
        const int total = source.data(CaseTreeModel::GroupCaseCountRole).toInt();
        const int shown = rowCount(index);
        const QString title = outcomeTitle(Outcome(source.data(CaseTreeModel::OutcomeRole).toInt()));
        return shown == total ? QStringLiteral("%1 (%2)").arg(title).arg(total)
                              : QStringLiteral("%1 (%2 of %3)").arg(title).arg(shown).arg(total);
    }
    return QSortFilterProxyModel::data(index, role);
}

} // namespace krw
