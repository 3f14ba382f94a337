// SPDX-License-Identifier: MIT
#pragma once

#include <QTreeView>
#include <QVector>

namespace krw {

class CaseTreeModel;

// The case tree: the cases grouped by outcome, sortable, several selectable (a verdict for all of
// them, an export of the selection; the current one drives the case view), a verdict icon by each
// name, group titles spanning their row, and the header that sizes the columns from the model's
// texts (CaseTreeHeaderView). It shows what CaseNavigator sets as its model (the filter proxy over
// model).
class CaseTreeView : public QTreeView
{
    Q_OBJECT
public:
    CaseTreeView(CaseTreeModel* model, QWidget* parent = nullptr);

    void setModel(QAbstractItemModel* shown) override;
    // The cases the tree shows now (its filter), as indexes into the run's cases, in run order.
    QVector<int> shownCaseIndexes() const;

private:
    void spanGroups();
};

} // namespace krw
