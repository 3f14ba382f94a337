// SPDX-License-Identifier: MIT
#include "widgets/browse/casenavigator.h"

#include "models/browse/casefilterproxy.h"
#include "models/browse/casetreemodel.h"
#include "widgets/browse/casejumpdialog.h"

#include <QHash>
#include <QItemSelectionModel>
#include <QTreeView>

#include <algorithm>

namespace krw {

CaseNavigator::CaseNavigator(QTreeView* tree, CaseFilterProxy* proxy, CaseTreeModel* model, QObject* parent)
    : QObject(parent)
    , m_tree(tree)
    , m_proxy(proxy)
    , m_model(model)
{
    m_tree->setModel(m_proxy);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
        [this](const QModelIndex& current) { onCurrentChanged(current); });
    connect(m_proxy, &CaseFilterProxy::casesAboutToBeRefiltered, this, &CaseNavigator::rememberOrder);
    connect(m_proxy, &CaseFilterProxy::casesRefiltered, this, &CaseNavigator::keepShownCaseInTree);
    // A new run: whoever resets the model clears the views and selects anew.
    connect(m_proxy, &QAbstractItemModel::modelReset, this, [this] {
        m_shownCase = -1;
        m_collapsedGroups.clear();
    });
    // The groups the user closed stay closed through filter changes, the others open (a group a
    // filter hid comes back as it was left).
    connect(m_tree, &QTreeView::collapsed, this,
        [this](const QModelIndex& group) { m_collapsedGroups.insert(group.data(CaseTreeModel::OutcomeRole).toInt()); });
    connect(m_tree, &QTreeView::expanded, this,
        [this](const QModelIndex& group) { m_collapsedGroups.remove(group.data(CaseTreeModel::OutcomeRole).toInt()); });
}

void CaseNavigator::restoreExpansion()
{
    for (int g = 0; g < m_proxy->rowCount(); ++g) {
        const QModelIndex group = m_proxy->index(g, 0);
        const bool open = !m_collapsedGroups.contains(group.data(CaseTreeModel::OutcomeRole).toInt());
        if (m_tree->isExpanded(group) != open)
            m_tree->setExpanded(group, open);
    }
}

void CaseNavigator::onCurrentChanged(const QModelIndex& current)
{
    // While rows leave the tree the selection model moves the current row on its own; which case
    // is shown then is decided once the filter is done.
    if (m_refiltering || !current.isValid() || current.data(CaseTreeModel::IsGroupRole).toBool())
        return;
    const int caseIndex = current.data(CaseTreeModel::CaseIndexRole).toInt();
    if (caseIndex == m_shownCase)
        return;
    m_shownCase = caseIndex;
    Q_EMIT currentCaseChanged(caseIndex);
}

QVector<QModelIndex> CaseNavigator::caseRows() const
{
    QVector<QModelIndex> rows;
    for (int g = 0; g < m_proxy->rowCount(); ++g) {
        const QModelIndex group = m_proxy->index(g, 0);
        for (int r = 0; r < m_proxy->rowCount(group); ++r)
            rows.append(m_proxy->index(r, 0, group));
    }
    return rows;
}

void CaseNavigator::rememberOrder()
{
    m_refiltering = true;
    m_orderBefore.clear();
    if (m_shownCase < 0)
        return;
    const QVector<QModelIndex> rows = caseRows();
    m_orderBefore.reserve(rows.size());
    for (const QModelIndex& row : rows)
        m_orderBefore.append(row.data(CaseTreeModel::CaseIndexRole).toInt());
}

void CaseNavigator::keepShownCaseInTree()
{
    m_refiltering = false;
    restoreExpansion();
    if (m_shownCase < 0)
        return;
    QHash<int, QModelIndex> shown;
    const QVector<QModelIndex> rows = caseRows();
    for (const QModelIndex& row : rows)
        shown.insert(row.data(CaseTreeModel::CaseIndexRole).toInt(), row);
    QModelIndex next = shown.value(m_shownCase);
    const bool kept = next.isValid();
    if (!kept) {
        const int at = int(m_orderBefore.indexOf(m_shownCase));
        for (int i = at + 1; at >= 0 && i < m_orderBefore.size() && !next.isValid(); ++i)
            next = shown.value(m_orderBefore.at(i));
        for (int i = at - 1; i >= 0 && !next.isValid(); --i)
            next = shown.value(m_orderBefore.at(i));
        // None of the cases shown before is shown now (another search): the first case shown.
        if (!next.isValid() && !rows.isEmpty())
            next = rows.first();
    }
    m_orderBefore.clear();
    if (next.isValid()) {
        if (!kept) // selected, not only current (the selection model may have moved the current row there unselected)
            m_tree->selectionModel()->setCurrentIndex(next, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        else if (m_tree->currentIndex().siblingAtColumn(0) != next)
            m_tree->setCurrentIndex(next);
        // scrollTo would open a group the user closed (QTreeView expands every parent of the row it
        // scrolls to): then the group's row is brought into view instead.
        const QModelIndex group = next.parent();
        m_tree->scrollTo(m_collapsedGroups.contains(group.data(CaseTreeModel::OutcomeRole).toInt()) ? group : next);
        onCurrentChanged(next);
        return;
    }
    m_tree->setCurrentIndex({});
    m_shownCase = -1;
    Q_EMIT currentCaseChanged(-1);
}

bool CaseNavigator::selectCase(const QString& filename)
{
    const QModelIndex index = m_proxy->mapFromSource(m_model->indexOfCase(filename));
    if (!index.isValid())
        return false;
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
    return true;
}

QString CaseNavigator::currentCaseName() const
{
    return m_tree->currentIndex().data(CaseTreeModel::FilenameRole).toString();
}

QVector<int> CaseNavigator::selectedCaseIndexes() const
{
    QVector<int> indexes;
    QModelIndexList rows = m_tree->selectionModel() ? m_tree->selectionModel()->selectedRows(CaseTreeModel::NameColumn) : QModelIndexList{};
    if (rows.isEmpty() && m_tree->currentIndex().isValid())
        rows.append(m_tree->currentIndex());
    for (const QModelIndex& row : rows) {
        if (!row.data(CaseTreeModel::IsGroupRole).toBool())
            indexes.append(row.data(CaseTreeModel::CaseIndexRole).toInt());
    }
    std::sort(indexes.begin(), indexes.end());
    indexes.erase(std::unique(indexes.begin(), indexes.end()), indexes.end());
    return indexes;
}

QModelIndex CaseNavigator::firstCaseIndex(
    const QModelIndex& from, int direction, const std::function<bool(const QModelIndex&)>& accept) const
{
    QVector<QModelIndex> rows;
    for (int g = 0; g < m_proxy->rowCount(); ++g) {
        const QModelIndex group = m_proxy->index(g, 0);
        for (int r = 0; r < m_proxy->rowCount(group); ++r)
            rows.append(m_proxy->index(r, 0, group));
    }
    if (rows.isEmpty())
        return {};
    int start = int(rows.indexOf(from.siblingAtColumn(0)));
    if (start < 0)
        start = direction > 0 ? -1 : int(rows.size());
    for (int step = 1; step <= rows.size(); ++step) {
        const int i = int(((start + direction * step) % rows.size() + rows.size()) % rows.size());
        if (accept(rows.at(i)))
            return rows.at(i);
    }
    return {};
}

void CaseNavigator::selectFirst(
    int direction, const std::function<bool(const QModelIndex&)>& accept, const QString& noneFound, int timeoutMs)
{
    const QModelIndex next = firstCaseIndex(m_tree->currentIndex(), direction, accept);
    if (next.isValid()) {
        m_tree->setCurrentIndex(next);
        m_tree->scrollTo(next);
    } else {
        Q_EMIT message(noneFound, timeoutMs);
    }
}

void CaseNavigator::selectStartCase()
{
    const QVector<QModelIndex> rows = caseRows();
    if (rows.isEmpty())
        return;
    auto failing = std::find_if(rows.cbegin(), rows.cend(),
        [](const QModelIndex& row) { return isFailingOutcome(Outcome(row.data(CaseTreeModel::OutcomeRole).toInt())); });
    const QModelIndex start = failing != rows.cend() ? *failing : rows.first();
    m_tree->setCurrentIndex(start);
    m_tree->scrollTo(start);
}

void CaseNavigator::selectNextFailure(int direction)
{
    selectFirst(
        direction, [](const QModelIndex& row) { return isFailingOutcome(Outcome(row.data(CaseTreeModel::OutcomeRole).toInt())); },
        tr("No failing case among the cases shown."), 3000);
}

void CaseNavigator::selectNextUnreviewed(int direction)
{
    selectFirst(
        direction, [](const QModelIndex& row) { return Verdict(row.data(CaseTreeModel::VerdictRole).toInt()) == Verdict::None; },
        tr("Every case shown has a verdict."), 4000);
}

void CaseNavigator::jumpToCase()
{
    const RunPtr& run = m_model->run();
    if (!run || run->cases.isEmpty())
        return;
    QStringList names;
    names.reserve(run->cases.size());
    for (const Case& c : run->cases)
        names << c.filename;
    auto* dialog = new CaseJumpDialog(names, m_tree->window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const QString name = dialog->chosen();
        if (!selectCase(name))
            Q_EMIT message(tr("%1 is hidden by the tree's filters or search; clear them to see it.").arg(name), 5000);
    });
    dialog->open();
}

} // namespace krw
