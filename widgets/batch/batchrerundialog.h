// SPDX-License-Identifier: MIT
#pragma once

#include "models/batch/batchqueue.h"
#include "models/batch/batchsummary.h"
#include "models/rerun/resultstore.h"
#include "models/review/annotations.h"
#include "models/run/rundata.h"
#include "runner/batch/batchsession.h"
#include "runner/batch/rerunbatch.h"
#include "runner/slurm/slurmbatch.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableView;

namespace krw {

class BatchProgressModel;
class JobTracker;
class SpeedupHistogramPlot;

// Rerun many cases (docs/RUNNER.md "Batch reruns"): choose the cases (the selection, what the tree
// shows, failing, all, annotated), the version, the profile, compile jobs and GPUs; the table fills
// as cases end; Cancel stops the batch and keeps what never ran queued. What the batch leaves
// (results, the resumable queue, the record) is BatchSession's, as for the CLI's batches, so a
// batch cut short (cancelled, the app closed, a CLI killed) can be resumed later (resume()). A profile with Slurm settings enabled runs the
// batch as one job array (SlurmBatch): its jobs run on when the window closes, so resuming such a batch follows them (SlurmBatch::attach)
// rather than running the cases again, and a case the scheduler killed can be requeued from the table. A line on the form says where the
// batch runs (batchPlace). When it ends, the summary: counts by verdict, the clean passes' speedups as a plot, the slowest and the most
// suspicious cases.
class BatchRerunDialog : public QDialog
{
    Q_OBJECT
public:
    enum class Scope { Selected, Shown, Failing, All, Annotated, Resumed }; // Resumed: what a resumed batch has left

    BatchRerunDialog(
        RunPtr run, const AnnotationMap& annotations, const QVector<int>& selected, const QVector<int>& shown, QWidget* parent = nullptr);
    ~BatchRerunDialog() override;

    void setScope(Scope scope);
    QVector<int> casesOf(Scope scope) const;
    void start(); // the cases and choices on the form
    void resume(const BatchQueue& queue); // the queue's cases that have not run, with its choices
    void cancel();
    bool isRunning() const;
    // Cases of the table whose Slurm task ended without a result (killed, cancelled on the
    // cluster): requeue() submits them again; the row goes back to queued and the new result
    // replaces the old one.
    bool canRequeue(const QString& caseName) const;
    void requeue(const QStringList& caseNames);
    QStringList selectedCases() const; // the table's selected rows
    const RunPtr& run() const { return m_run; }

    BatchProgressModel* progressModel() const { return m_progress; }
    QTableView* progressView() const { return m_table; }
    const BatchSummary& summary() const { return m_session.summary(); }
    QString summaryText() const;
    SpeedupHistogramPlot* histogram() const { return m_histogram; }
    QComboBox* profileChooser() const { return m_profile; }
    QSpinBox* jobsBox() const { return m_jobs; }
    QSpinBox* devicesBox() const { return m_devices; }
    QString placeText() const; // the "Runs on:" line
    QString statusText() const;
    SlurmBatch* slurmBatch() const { return m_slurm; } // the Slurm batch shown, if any

Q_SIGNALS:
    void caseFinished(const QString& caseName, const krw::RerunResult& result); // saved, for the tree's Rerun column
    void batchFinished(bool cancelled);
    void caseActivated(const QString& caseName); // double-click: show it in the window

private:
    void fillScopes();
    void fillProfiles();
    void fitCaseColumn();
    void updateControls();
    void updateStatus();
    void begin(const QVector<int>& indexes, const BatchQueue& queue, const QStringList& doneEarlier);
    void requestsBuilt(const QVector<RerunRequest>& requests, const QVector<BatchEntry>& skipped);
    void connectRunner(BatchRunner* runner);
    SlurmBatch* newSlurmBatch();
    void attach(const BatchQueue& queue, const ToolchainProfile& profile);
    void onCaseFinished(const RerunResult& result);
    void onFinished(bool cancelled);
    void updateRequeue();
    void showTableMenu(const QPoint& pos);

    RunPtr m_run;
    AnnotationMap m_annotations;
    QVector<int> m_selected;
    QVector<int> m_shown;
    BatchSession m_session; // the results, the resumable queue and the record: as the CLI's batch
    QVector<ToolchainProfile> m_profiles;
    std::optional<BatchQueue> m_endedQueue; // a finished batch's, should a case of it be requeued
    QVector<RerunRequest> m_requests;
    QStringList m_caseNames; // the case of each index the runner signals
    RerunBatch m_batch;
    SlurmBatch* m_slurm = nullptr; // the Slurm batch of the table, kept after it ended for requeue
    BatchRunner* m_runner = nullptr; // m_batch or m_slurm, whichever runs the table's batch
    QString m_lastLog; // SlurmBatch's last line: staged, submitted, a tool's error
    bool m_preparing = false; // requests are being built off the UI thread
    bool m_cancelRequested = false;
    bool m_ran = false; // the table shows a batch, no longer the preview
    int m_total = 0;

    JobTracker* m_preparation; // the requests built on a worker as a batch starts
    QComboBox* m_scope;
    QComboBox* m_version;
    QComboBox* m_profile;
    QSpinBox* m_jobs;
    QSpinBox* m_devices;
    QLabel* m_place;
    QLabel* m_status;
    QTableView* m_table;
    BatchProgressModel* m_progress;
    QLabel* m_summaryLabel;
    SpeedupHistogramPlot* m_histogram;
    QPushButton* m_startButton;
    QPushButton* m_cancelButton;
    QPushButton* m_requeueButton;
    QDialogButtonBox* m_buttons;
};

} // namespace krw
