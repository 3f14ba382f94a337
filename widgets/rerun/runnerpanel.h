// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/rerunkey.h"
#include "models/rerun/resultstore.h"
#include "models/run/casetexts.h"
#include "models/run/caseversions.h"
#include "runner/pipeline/rerunrequestbuilder.h"
#include "runner/pipeline/rerunsession.h"

#include <QFileSystemWatcher>
#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTableView;

namespace krw {

class AccuracyModel;
class CallTimingView;
class ChecksView;
class CodeView;
class DiagnosticModel;
class ErrorPlot;
class HistoryPlot;
class JobTracker;
class KernelResourceModel;
class SpeedupLabel;
class SyntaxSupport;
class TimingPlot;
class VerdictLabel;

// Rerun one version of the case: choose version, baseline and profile, run, and read the
// verdict — stage by stage, with the live log, diagnostics, per-output accuracy and plots — and
// what it rests on: the verdict line with its warnings, the speedup with its interval and call
// time beside it, every check and every timed call.
//
// What it shows always belongs to the chosen version, baseline and profile (RerunKey): the newest
// stored result of exactly those, or "No rerun of … yet" with every page empty. A rerun that
// finishes after the choice moved on is stored, and shown when its choice is made again.
class RunnerPanel : public QWidget
{
    Q_OBJECT
public:
    explicit RunnerPanel(SyntaxSupport* syntax, QWidget* parent = nullptr);
    ~RunnerPanel() override;

    void setCase(const CaseTexts& texts, const QVector<CodeVersion>& versions);
    void selectVersion(const QString& id);
    void selectProfile(const QString& name);
    void editProfiles(); // the toolchain profile dialog; the profile list follows what it saved
    void run();
    void cancel();
    bool isRunning() const;
    const std::optional<RerunResult>& shownResult() const { return m_shown; }
    void showResult(const RerunResult& result);
    RerunKey chosenKey() const; // the case and the chosen version (with its text's hash), baseline and profile
    QString createLocalVersion(const QString& name, const QString& text); // returns its id, or empty
    TimingPlot* timingPlot() const { return m_timingPlot; }
    ErrorPlot* errorPlot() const { return m_errorPlot; }
    HistoryPlot* historyPlot() const { return m_historyPlot; }
    CodeView* sourceView() const { return m_source; }
    QTableView* diagnosticsView() const { return m_diagnosticsView; }
    QTableView* kernelsView() const { return m_kernelsView; } // hidden while there are no kernels
    // Whether code may run unsandboxed (where bubblewrap is missing) is asked once per session,
    // for every panel; this forgets the answer, as a new session would (tests).
    static void forgetUnsandboxedAnswer();
    VerdictLabel* verdictLabel() const { return m_verdict; }
    SpeedupLabel* speedupLabel() const { return m_speedup; } // hidden without timing
    ChecksView* checksView() const { return m_checks; }
    CallTimingView* callsView() const { return m_calls; }
    QWidget* currentDetailsPage() const;

    // The folder the panel watches for results stored by others; empty while hidden.
    QStringList watchedFolders() const { return m_resultWatcher.directories(); }

Q_SIGNALS:
    void rerunFinished(const krw::RerunResult& result);
    void caseFilesLoaded(); // the case's stored results and local versions are in (tests wait for it)

protected:
    // Hidden (another tab in front), the panel neither watches the case's results folder nor
    // draws its history: a case switch costs ~1.5 ms less. Shown, it catches up.
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    QWidget* buildControls();
    QWidget* buildKernels();
    QWidget* buildDetails();
    QWidget* buildPlots();
    void fillVersionChoosers(bool keepChoice);
    void fillProfiles();
    void editCopy();
    void onChoiceChanged(); // version, baseline or profile: show what belongs to the new choice
    void showNoRerun(const RerunKey& key);
    std::optional<RerunResult> newestWithAnyProfile() const;
    void offerStoredProfile();
    void updateRunButton();
    bool showingRun() const; // a rerun is in flight, and of what is chosen now
    void setLog(const QString& text);
    std::optional<ResolvedVersion> chosenVersion(const QComboBox* chooser) const;
    void onStage(RerunStage stage);
    void onFinished(const RerunResult& result, const SavedRerun& saved);
    void showDiagnostic(const QModelIndex& index);
    void refreshHistory();
    void watchResults(); // the case's results folder, or its nearest existing parent until it exists
    void resultsChanged(); // a result stored by anyone (a batch, another window): history and view follow
    // The case's files in the result store — its stored results and its local versions' texts —
    // read on a worker: when a case is set, and again when the folder changes (debounced).
    struct CaseFiles
    {
        QVector<RerunResult> history;
        QMap<QString, QString> localTexts;
        QStringList unreadableLocals; // "path: why" of each local version that could not be read
    };
    void readCaseFiles();
    void caseFilesRead(const CaseFiles& files);
    void showDetailsFor(const RerunResult& result);
    void showKernels(const QVector<KernelResourceUsage>& kernels);
    void exportPlot();
    RerunRequestBuilder requestBuilder() const;
    QString textOf(const QString& versionId) const;
    const ResultStore& store() const;

    SyntaxSupport* m_syntax;
    CaseTexts m_texts;
    QVector<CodeVersion> m_versions;
    QMap<QString, QString> m_localTexts; // the case's local versions: name → text
    QStringList m_unreadableLocals; // CaseFiles::unreadableLocals: listed, not chosen
    ResultStore m_store{QString()}; // the case's run's results, located in setCase
    QVector<RerunResult> m_history; // the case's stored results, oldest first
    QFileSystemWatcher m_resultWatcher; // watchResults(); only while the panel is visible
    bool m_historyStale = false; // refreshHistory() was asked while hidden
    QTimer* m_historyReadTimer; // an atomic save is two directory events: one read for both
    JobTracker* m_caseFilesRead; // a read started for another case (or before setCase) is dropped
    RerunKey m_choice; // chosenKey() as of the last change of choice
    bool m_filling = false; // the choosers are being filled: no choice is made yet
    // The rerun in flight: what it is of, where its result goes, its log and stage so far.
    std::optional<RerunKey> m_runKey;
    QString m_runLog;
    RerunStage m_runStage = RerunStage::Probe;
    QVector<ToolchainProfile> m_profiles;
    std::optional<RerunResult> m_shown;
    RerunSession m_session; // the rerun in flight and the save of its result

    QComboBox* m_version;
    QComboBox* m_baseline;
    QComboBox* m_profile;
    QLineEdit* m_rtol;
    QLineEdit* m_atol;
    QPushButton* m_runButton;
    QPushButton* m_cancelButton;
    QLabel* m_stages;
    VerdictLabel* m_verdict;
    SpeedupLabel* m_speedup;
    QLabel* m_sandbox;
    QLabel* m_sandboxIcon;
    QLabel* m_where; // local, a batch's device
    QTabWidget* m_details;
    QPlainTextEdit* m_log;
    QString m_pendingLog;
    QTimer* m_logTimer;
    DiagnosticModel* m_diagnostics;
    QTableView* m_diagnosticsView;
    KernelResourceModel* m_kernels;
    QTableView* m_kernelsView;
    AccuracyModel* m_accuracy;
    QTableView* m_accuracyView;
    ChecksView* m_checks;
    CallTimingView* m_calls;
    QPlainTextEdit* m_command;
    QPlainTextEdit* m_environment;
    CodeView* m_source;
    QTabWidget* m_plots;
    TimingPlot* m_timingPlot;
    ErrorPlot* m_errorPlot;
    HistoryPlot* m_historyPlot;
};

} // namespace krw
