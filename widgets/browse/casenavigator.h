// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QSet>
#include <QString>
#include <QVector>

#include <functional>

class QModelIndex;
class QTreeView;

namespace krw {

class CaseFilterProxy;
class CaseTreeModel;

// Moves through the case tree as it is shown (sorted and filtered): select a case by name, the
// next or previous failing or unreviewed case (wrapping around), jump to a case by name
// (Ctrl+P), and which cases are selected. What it has to tell the user (nothing found) comes
// out as message(); the window puts it in its status bar.
//
// It says which case the views show (currentCaseChanged), and keeps that case in the tree: when
// a filter hides it, the nearest case still shown is selected — the first after it in the order
// the tree had, else the last before it — and with none left, no case (-1). Groups keep their
// expansion through filter changes: those the user collapsed stay collapsed (also when a filter
// hid them meanwhile), the others are open; a new run opens them all.
class CaseNavigator : public QObject
{
    Q_OBJECT
public:
    // Makes tree show proxy, which filters model.
    CaseNavigator(QTreeView* tree, CaseFilterProxy* proxy, CaseTreeModel* model, QObject* parent = nullptr);

    // Makes the case current and scrolls to it; false when the tree does not show it.
    bool selectCase(const QString& filename);
    QString currentCaseName() const;
    // Indexes into the run's cases of the cases selected in the tree, in run order (the current
    // one when none is).
    QVector<int> selectedCaseIndexes() const;
    // Where a run opens: the first failing case in the tree, else the first case (a run with no
    // failing case still shows one).
    void selectStartCase();
    void selectNextFailure(int direction); // +1 next, -1 previous
    void selectNextUnreviewed(int direction); // +1 next, -1 previous
    // Asks for a case by a part of its name (CaseJumpDialog, window-modal) and selects it.
    void jumpToCase();

Q_SIGNALS:
    void message(const QString& text, int timeoutMs);
    // The case to show: an index into the run's cases, or -1 for none (the tree shows no case
    // that could stand in for the one hidden). Group rows becoming current change nothing.
    void currentCaseChanged(int caseIndex);

private:
    void onCurrentChanged(const QModelIndex& current);
    void rememberOrder();
    void keepShownCaseInTree();
    void restoreExpansion();
    // The case rows in display order.
    QVector<QModelIndex> caseRows() const;

    // The next case row in display order after (or before) from that accept() takes, wrapping.
    QModelIndex firstCaseIndex(const QModelIndex& from, int direction, const std::function<bool(const QModelIndex&)>& accept) const;
    void selectFirst(int direction, const std::function<bool(const QModelIndex&)>& accept, const QString& noneFound, int timeoutMs);

    QTreeView* m_tree;
    CaseFilterProxy* m_proxy;
    CaseTreeModel* m_model;
    int m_shownCase = -1; // what currentCaseChanged said last
    bool m_refiltering = false;
    QVector<int> m_orderBefore; // the cases shown before the filter changed, in display order
    QSet<int> m_collapsedGroups; // the outcomes (CaseTreeModel::OutcomeRole) of the groups the user collapsed
};

} // namespace krw
