// SPDX-License-Identifier: MIT
//
// The Failures view: the run's failure groups (FailureGroup — cases that failed for the same
// normalised cause), largest first, with their counts and an example case. The groups are read
// off the UI thread (FailureReader: every failing case's error text) once the tree is shown and
// the saved reruns are known; a run shown meanwhile makes the answer stale, and it is dropped.
// Clicking a group asks for the tree to show only its cases (groupActivated); "Verdict / Tags…"
// asks for a bulk change of the group's cases (bulkEditRequested).
#pragma once

#include "models/failures/failuregroup.h"
#include "models/rerun/latestrerun.h"
#include "models/run/rundata.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace krw {

class FailureGroupModel;
class JobTracker;

class FailuresPanel : public QWidget
{
    Q_OBJECT
public:
    explicit FailuresPanel(QWidget* parent = nullptr);

    // Reads the groups of run (reruns: the saved ones, whose failures may be newer) on a worker.
    void setRun(const RunPtr& run, const LatestReruns& reruns = {});
    void clear();
    bool isReading() const;

    FailureGroupModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    QLabel* statusLabel() const { return m_status; }
    QPushButton* bulkButton() const { return m_bulk; }
    // The group on row (in the view's order), or nullptr.
    const FailureGroup* groupAtViewRow(int row) const;
    // "12 groups · 340 of 400 failing cases": the status line's words once the groups are read.
    static QString summaryText(int groups, int grouped, int failing);

Q_SIGNALS:
    void groupsReady(); // the model holds the shown run's groups
    void groupActivated(const krw::FailureGroup& group);
    void bulkEditRequested(const krw::FailureGroup& group);

private:
    const FailureGroup* currentGroup() const;

    FailureGroupModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_view;
    QLabel* m_status;
    QPushButton* m_bulk;
    JobTracker* m_job; // reading the run's errors
};

} // namespace krw
