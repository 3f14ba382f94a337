// SPDX-License-Identifier: MIT
#pragma once

#include "models/compare/runcomparison.h"
#include "models/rerun/latestrerun.h"
#include "models/run/rundata.h"
#include "models/run/runlocator.h"

#include <QSet>
#include <QString>
#include <QWidget>

#include <optional>

class QLabel;
class QToolButton;
class QTreeView;

namespace krw {

class ComparisonFilterProxy;
class ComparisonTreeModel;
class JobTracker;
class RunLoadJob;

// The case tree's comparison mode (issue 13, "Compare two runs"): the run on show (A) against
// another run of the same benchmark (B). compareWith() finds and loads B on a worker (RunLoadJob,
// as the window loads A; progress and Cancel in the panel's header), compares the two on a worker
// (RunComparison) and shows the buckets with their counts, each case with both runs' newest
// outcome, best stage and newest rerun (both runs' saved results, read on a worker). The window
// shows this panel in place of the normal tree while the comparison lasts; leave() ends it.
class ComparisonPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ComparisonPanel(QWidget* parent = nullptr);
    ~ComparisonPanel() override;

    // The run on show; a comparison of another run ends (left()).
    void setRunA(const RunPtr& a);
    // Loads B from path (any path the window opens; with several runs there, asks which unless
    // interactive is false, then takes runName or the newest) and compares. Returns at once:
    // comparisonReady() or failed() says how it ended.
    void compareWith(const QString& path, const QString& runName = {}, bool interactive = true);
    void cancel(); // the load of B
    void leave();

    bool isActive() const { return bool(m_b); }
    bool isBusy() const;
    const RunPtr& runA() const { return m_a; }
    const RunPtr& runB() const { return m_b; }
    const RunComparison& comparison() const;
    QTreeView* tree() const { return m_tree; }
    ComparisonTreeModel* model() const { return m_model; }
    // Makes filename's row current (caseChosen follows); false where the comparison has no such case.
    bool selectCase(const QString& filename);
    // The first case of the first bucket current; false when there is none.
    bool selectFirstCase();
    // The filter bar and search apply here too (ComparisonFilterProxy): the filenames of A's cases
    // the case tree shows, nullopt when it shows every case.
    void setShownCases(const std::optional<QSet<QString>>& filenames);
    // A rerun of A's case ended (A's and B's saved reruns are read once, when the comparison
    // shows): its row shows it, and the rerun columns are shown if they were not.
    void noteRerunA(const QString& filename, const LatestRerun& rerun);
    QLabel* header() const { return m_header; }

Q_SIGNALS:
    void comparisonReady(const krw::RunPtr& b); // the tree shows the buckets
    void failed(const QString& message); // nothing compared: says what failed
    void left(); // the comparison ended; the window shows its normal tree again
    void rerunsLoaded(); // both runs' newest reruns are in the tree (tests wait for it)
    // The tree's current case: its index in A's cases and in B's (-1 where it is not; both -1
    // when a bucket's row is current).
    void caseChosen(int indexA, int indexB);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fitColumns();
    void chooseRun(const LocateResult& result);
    void finishLoad(const RunPtr& b);
    void compareLoaded(const RunPtr& b); // on a worker, then showComparison
    void showComparison(const RunPtr& b, const RunComparison& comparison);
    void loadLatestReruns();
    // The rerun columns are shown while either run has a rerun of a compared case: empty, they
    // took the room the case names need (at 1600 px the names read "leaky…50.py").
    void showRerunColumns();
    void fail(const QString& message);

    RunPtr m_a;
    RunPtr m_b;
    RunLoadJob* m_loadJob;
    ComparisonTreeModel* m_model;
    ComparisonFilterProxy* m_sorted;
    QTreeView* m_tree;
    QLabel* m_header;
    QToolButton* m_cancel;
    QToolButton* m_leave;
    JobTracker* m_job; // the comparison, then both runs' reruns: dropped by a new comparison or leave()
    QString m_path;
    QString m_runName;
    bool m_interactive = true;
    LatestReruns m_notedA; // A's reruns that ended since this comparison began (noteRerunA)
    int m_nameWidth = 0; // what the case names want; the column gets less when A's and B's would leave the view
};

} // namespace krw
