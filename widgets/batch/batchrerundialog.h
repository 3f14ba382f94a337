// SPDX-License-Identifier: MIT
#pragma once

#include "batch/batchqueue.h"
#include "batch/batchsummary.h"
#include "batch/rerunbatch.h"
#include "rerun/resultstore.h"
#include "review/annotations.h"
#include "run/rundata.h"

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
class SpeedupHistogramPlot;

// Rerun many cases (docs/RUNNER.md "Batch reruns"): choose the cases (the selection, what the tree
// shows, failing, all, annotated), the version, the profile, compile jobs and GPUs; the table fills
// as cases end; Cancel stops the batch and keeps what never ran queued. The queue is saved next to
// the run's results after every case, so a batch cut short (cancelled, or the app closed) can be
// resumed later (resume()). When it ends, the summary: counts by verdict, the clean passes'
// speedups as a plot, the slowest and the most suspicious cases.
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
    const RunPtr& run() const { return m_run; }

    BatchProgressModel* progressModel() const { return m_progress; }
    QTableView* progressView() const { return m_table; }
    const BatchSummary& summary() const { return m_summary; }
    QString summaryText() const;
    SpeedupHistogramPlot* histogram() const { return m_histogram; }
    QComboBox* profileChooser() const { return m_profile; }
    QSpinBox* jobsBox() const { return m_jobs; }

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
    void onCaseFinished(const RerunResult& result);
    void onFinished(bool cancelled);
    void saveQueue();

    RunPtr m_run;
    AnnotationMap m_annotations;
    QVector<int> m_selected;
    QVector<int> m_shown;
    ResultStore m_store;
    QVector<ToolchainProfile> m_profiles;
    std::optional<BatchQueue> m_queue;
    QVector<RerunRequest> m_requests;
    BatchSummary m_summary;
    RerunBatch m_batch;
    bool m_preparing = false; // requests are being built off the UI thread
    bool m_cancelRequested = false;
    bool m_ran = false; // the table shows a batch, no longer the preview
    int m_total = 0;

    QComboBox* m_scope;
    QComboBox* m_version;
    QComboBox* m_profile;
    QSpinBox* m_jobs;
    QSpinBox* m_devices;
    QLabel* m_status;
    QTableView* m_table;
    BatchProgressModel* m_progress;
    QLabel* m_summaryLabel;
    SpeedupHistogramPlot* m_histogram;
    QPushButton* m_startButton;
    QPushButton* m_cancelButton;
    QDialogButtonBox* m_buttons;
};

} // namespace krw
