// SPDX-License-Identifier: MIT
//
// Two versions of a code side by side, aligned row by row from a krw::DiffResult: removed,
// added and changed rows tinted, changed characters marked, filler rows where one side has no
// line. Both sides scroll together. Computing the diff is the caller's job (in a worker, B6):
// this view only shows a finished DiffResult.
#pragma once

#include "models/diff/linediff.h"
#include "models/review/annotations.h"
#include "models/run/caseversions.h"
#include "widgets/theme/diffcolors.h"

#include <QWidget>

class QLabel;
class QPainter;
class QTextBlock;
class QStackedWidget;
class QToolButton;

namespace krw {

class CodeView;
class SyntaxSupport;

class DiffView : public QWidget
{
    Q_OBJECT
public:
    // syntax may be nullptr (plain code); it must outlive the view.
    explicit DiffView(SyntaxSupport* syntax, QWidget* parent = nullptr);
    ~DiffView() override;

    // left and right must be the texts diff was computed from (its line indices point into them).
    void setDiff(const QString& leftTitle, const QString& left, const QString& rightTitle, const QString& right, const DiffResult& diff,
        CodeLanguage language);

    // Which versions the next setDiff shows (CodeVersion ids), so line comments can anchor to
    // them; empty ids: plain texts, no comments.
    void setVersionIds(const QString& leftId, const QString& rightId);
    void setLineComments(const QVector<LineComment>& comments);

    int currentHunk() const { return m_currentHunk; } // -1 before the first jump
    int hunkCount() const { return int(m_diff.hunks.size()); }
    QString message() const; // the error or "identical" note being shown, else empty

    CodeView* leftView() const { return m_left; }
    CodeView* rightView() const { return m_right; }

public Q_SLOTS:
    void nextChange(); // both wrap around
    void previousChange();

Q_SIGNALS:
    void currentHunkChanged(int index, int count);

private:
    enum class Side { Left, Right };

    QWidget* createPane(CodeView* view, QLabel* title);
    QWidget* createToolBar();
    void syncScrollBars(bool vertical);
    void copyScroll(int value, bool vertical, CodeView* to);
    void goToHunk(int index);
    CodeView* codeView(Side side) const;
    void updateColors(Side side);
    void paintRow(Side side, QPainter& painter, const QTextBlock& block, const QRectF& rect) const;
    void updateNavigation();
    void showMessage(const QString& text, bool hideCode);

    DiffResult m_diff;
    DiffColors m_leftColors; // from each side's palette, so both follow a theme change
    DiffColors m_rightColors;
    QString m_leftId;
    QString m_rightId;
    int m_currentHunk = -1;
    bool m_syncing = false;
    CodeView* m_left;
    CodeView* m_right;
    QLabel* m_leftTitle;
    QLabel* m_rightTitle;
    QLabel* m_counts;
    QLabel* m_position;
    QToolButton* m_previous;
    QToolButton* m_next;
    QLabel* m_banner; // "identical" over the code
    QLabel* m_errorText; // instead of the code
    QLabel* m_plainNote;
    QStackedWidget* m_stack;
};

} // namespace krw
