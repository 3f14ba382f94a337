// SPDX-License-Identifier: MIT
#include "widgets/browse/casetreeview.h"

#include "models/browse/casetreemodel.h"
#include "widgets/browse/casetreeheaderview.h"
#include "widgets/browse/verdictdelegate.h"

#include <algorithm>
#include <functional>

namespace krw {

CaseTreeView::CaseTreeView(CaseTreeModel* model, QWidget* parent)
    : QTreeView(parent)
{
    setObjectName(QStringLiteral("caseTree"));
    // Every column as wide as what it holds, the case names first and never cut to nothing: where the
    // panel is narrow (scale 1.5) the tree scrolls sideways to the outcome and rerun columns instead.
    // Sized from the model's texts when a run opens and when reruns arrive, not by laying out rows on
    // each change (CaseTreeHeaderView says why). Set first: the tree's sorting and hidden column are
    // the header's (set with the model, which gives the header its sections).
    setHeader(new CaseTreeHeaderView(model, this));
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setItemDelegate(new VerdictDelegate(CaseTreeModel::VerdictRole, CaseTreeModel::NameColumn, this));
}

void CaseTreeView::setModel(QAbstractItemModel* shown)
{
    if (model())
        disconnect(model(), nullptr, this, nullptr);
    QTreeView::setModel(shown);
    if (!shown)
        return;
    setSortingEnabled(true);
    sortByColumn(CaseTreeModel::NameColumn, Qt::AscendingOrder);
    setColumnHidden(CaseTreeModel::IterationsColumn, true); // in the tooltip and the case header
    connect(shown, &QAbstractItemModel::modelReset, this, &CaseTreeView::spanGroups);
    connect(shown, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex& parent) {
        if (!parent.isValid()) // a group; cases inserted below one change no span
            spanGroups();
    });
    connect(shown, &QAbstractItemModel::layoutChanged, this, &CaseTreeView::spanGroups);
    spanGroups();
}

// Group titles ("Exe failed (3 of 12)") span the row instead of being cut to the first column.
// Only rows not spanned yet are set: setFirstColumnSpanned lays the whole tree out at once (and
// sizes its columns), and a search that brings back thousands of scattered cases inserts them in
// thousands of ranges — spanning on each stalled the window for tens of seconds.
void CaseTreeView::spanGroups()
{
    for (int row = 0; row < model()->rowCount(); ++row) {
        if (!isFirstColumnSpanned(row, {}))
            setFirstColumnSpanned(row, {}, true);
    }
}

QVector<int> CaseTreeView::shownCaseIndexes() const
{
    QVector<int> indexes;
    if (!model())
        return indexes;
    std::function<void(const QModelIndex&)> walk = [&](const QModelIndex& parent) {
        for (int row = 0; row < model()->rowCount(parent); ++row) {
            const QModelIndex index = model()->index(row, CaseTreeModel::NameColumn, parent);
            if (index.data(CaseTreeModel::IsGroupRole).toBool())
                walk(index);
            else
                indexes.append(index.data(CaseTreeModel::CaseIndexRole).toInt());
        }
    };
    walk({});
    std::sort(indexes.begin(), indexes.end());
    return indexes;
}

} // namespace krw
