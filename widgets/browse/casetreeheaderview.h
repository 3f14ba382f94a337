// SPDX-License-Identifier: MIT
#pragma once

#include <QHeaderView>
#include <QSet>
#include <QStringList>
#include <QVector>

class QFontMetricsF;
class QTreeView;

namespace krw {

class CaseTreeModel;

// The case tree's header. Its columns are as wide as what the model holds in them, the case names
// first and never cut: where the panel is narrow (scale 1.5) the tree scrolls sideways to the
// outcome and rerun columns instead. The user may drag a column wider or narrower; a dragged column
// keeps its width until another run opens.
//
// Why not QHeaderView::ResizeToContents: it asks the delegate for up to 1,000 rows of every column
// on each relayout of the tree, and the tree relays out on every change — a rerun finishing during a
// batch (30 ms of UI thread on a 10,000-case run), the saved reruns read when a run opens, a verdict.
// Here the sections are Interactive and sized from the model's own texts: when a run opens, every
// case name is estimated from a table of the font's character advances and the widest few are
// measured exactly (a few milliseconds for 10,000 names); the outcome and stage columns have a handful
// of distinct texts; the Rerun column is re-measured from the reruns when they arrive and only grows
// when one rerun finishes (its one new text measured). The icon, margins and indentation around the
// text come from the tree's delegate for one shown row, so they follow the style.
class CaseTreeHeaderView : public QHeaderView
{
    Q_OBJECT
public:
    // Sizes the columns of a tree that shows cases (through a proxy or not). Set it on the tree with
    // QTreeView::setHeader.
    explicit CaseTreeHeaderView(const CaseTreeModel* cases, QWidget* parent = nullptr);

    // The width column needs for the widest text the model has for it (the header's title included).
    int contentsWidth(int column) const;
    // Sizes every column the user has not dragged to contentsWidth() (when a run opens).
    void fitColumns();
    bool isUserSized(int column) const { return m_userSized.contains(column); }

    // Of the strings, the width of the widest as fm draws it (never less than measured exactly).
    static qreal widestText(const QFontMetricsF& fm, const QStringList& texts);

protected:
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    QTreeView* tree() const;
    // The section whose edge (resize handle) is at pos, as QHeaderView finds it; -1 if none.
    int handleAt(const QPoint& pos) const;
    QStringList texts(int column) const;
    int padding(int column) const;
    void fit(int column);
    void onCasesChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight);

    const CaseTreeModel* m_cases;
    QVector<qreal> m_widestText; // per column, in pixels of the tree's font
    QSet<int> m_userSized; // dragged by the user since the run opened
    // The section whose edge the mouse button went down on, while it is down: only it is the user's
    // width (dragging it also re-stretches the last section, which is not the user's doing).
    int m_userResizing = -1;
};

} // namespace krw
