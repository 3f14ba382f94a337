// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/rerunresult.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace krw {

class CheckModel;

// Every check of a rerun with its state (clean, flagged, off, could not run) and what was seen
// (CheckModel), flagged and could-not-run checks in the problem colour (FlaggedCellDelegate),
// under a line that counts them. A result without checks says why instead of showing an empty
// list as if all were well: saved before the checks existed, or stopped before them.
class ChecksView : public QWidget
{
    Q_OBJECT
public:
    explicit ChecksView(QWidget* parent = nullptr);

    void showResult(const RerunResult& result); // an empty result (no case name): not rerun yet
    QTableView* table() const { return m_table; }
    QLabel* summary() const { return m_summary; }
    const CheckModel* model() const { return m_model; }
    bool hasProblems() const; // a check flagged or could not run

private:
    CheckModel* m_model;
    QTableView* m_table;
    QLabel* m_summary;
};

} // namespace krw
