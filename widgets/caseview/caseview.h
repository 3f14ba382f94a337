// SPDX-License-Identifier: MIT
#pragma once

#include "models/diff/linediff.h"
#include "models/review/annotations.h"
#include "models/run/casetexts.h"
#include "models/run/caseversions.h"
#include "models/run/displaytext.h"

#include <QSet>
#include <QWidget>

class QComboBox;
class QLabel;
class QListWidget;
class QStackedWidget;
class QTabWidget;
class QTimer;

namespace krw {
class HintList;
class JobTracker;
} // namespace krw
class QTreeWidget;

namespace krw {

class CodeView;
class ComparePage;
class ErrorView;
class HistoryPage;
class MarkdownView;
class ShapeTimingsView;
class ElidingLabel;
class TabTitleFitter;
class RunnerPanel;
class SyntaxSupport;

// Everything about one case: a header with its outcomes and an iteration chooser, and a tab per
// text (instruction, label, prediction, fixes, perf candidates, test, errors, reflection), the
// side-by-side comparison and the history. Texts are read on a worker thread.
class CaseView : public QWidget
{
    Q_OBJECT
public:
    enum Tab {
        OverviewTab,
        LabelTab,
        PredictTab,
        CallFixTab,
        ExeFixTab,
        PerfTab,
        TestTab,
        ErrorsTab,
        ReflectionTab,
        OneshotTab,
        CompareTab,
        HistoryTab,
        RerunTab
    };

    explicit CaseView(SyntaxSupport* syntax, QWidget* parent = nullptr);
    ~CaseView() override;

    // Reads the case's texts on a worker and shows them when they are there. Until then the case
    // shown before stays (switching cases with the keys does not flash); a read that takes longer
    // than ReadingPageDelayMs (a loaded machine, a huge text) hides it behind a page that names the
    // case being read, so its texts never stand under another case's name. With no case shown,
    // that page comes at once.
    static constexpr int ReadingPageDelayMs = 150;
    void setCase(const RunPtr& run, int caseIndex);
    void clear();
    // Comparing runs (issue 13): the run compared with, null for none. Cases shown from now on
    // bring the same case of that run (by filename) along: its versions in the Compare tab's
    // choosers (this run's newest prediction against its newest by default) and its newest
    // messages on the Errors tab.
    void setComparedRun(const RunPtr& other) { m_comparedRun = other; }
    const RunPtr& comparedRun() const { return m_comparedRun; }
    // The case shown in the run compared with when it was read; -1 when it is not in it.
    int comparedCaseIndex() const { return m_comparedIndex; }
    bool isLoading() const;
    int caseIndex() const { return m_texts.caseIndex; }
    int iteration() const { return m_iteration; }
    void setIteration(int iteration);
    void showTab(Tab tab);
    // Opens the tab (and iteration, perf candidate) that shows a version, at a 1-based line.
    // False when the case has no such version.
    bool showVersionLine(const QString& versionId, int oneBasedLine);

    // Tabs not in front are filled when they come to the front (a case or iteration switch marks
    // them stale): what a hidden pane holds before that is no part of the case shown.
    bool isTabStale(Tab tab) const { return m_staleTabs.contains(tab); }

    ComparePage* comparePage() const { return m_compare; }
    HistoryPage* historyPage() const { return m_history; }
    RunnerPanel* runnerPanel() const { return m_runner; }
    // Label, Predict, CallFix, ExeFix, Test, Oneshot, Perf; filled once its tab is in front.
    CodeView* codeView(Tab tab) const;
    ErrorView* errorView() const { return m_errors; }
    HintList* hintList() const { return m_hints; }
    QTabWidget* tabs() const { return m_tabs; }
    const TabTitleFitter* tabTitles() const { return m_tabTitles; }
    const QVector<CodeVersion>& versions() const { return m_versions; }
    const CaseTexts& texts() const { return m_texts; }
    // Every code view (and both diff sides) marks the current ones on its version.
    void setLineComments(const QVector<LineComment>& comments);

Q_SIGNALS:
    void caseShown(); // the panes hold the case's texts
    // A code view asked for a comment on one of its lines ("Comment on line N…").
    void lineCommentRequested(const krw::LineAnchor& anchor, const QString& where);

protected:
    void changeEvent(QEvent* event) override;

private:
    QWidget* buildHeader();
    QWidget* buildPerfPage();
    struct CaseRead; // what the worker reads and prepares for one case
    static CaseRead readCase(const RunPtr& run, int caseIndex, const DiffOptions& diffOptions, const RunPtr& compared);
    void applyTexts(const CaseRead& read);
    void showReadingPage(const QString& caseName);
    void fillIterationChooser();
    void showIteration();
    void showHeader();
    void showOverview(const IterationRecord& record);
    void showCode(Tab tab, const QString& key, const QString& missing);
    void markStale();
    void fillTab(int tab);
    void updateTabStates();
    static QString codeKey(Tab tab, int iteration);
    QString missingText(Tab tab) const;
    void showPerf(const IterationRecord& record);
    void showPerfCandidate(int row);
    void showErrors(const IterationRecord& record);
    void showReflection(const IterationRecord& record);
    const Case* currentCase() const;
    const IterationRecord* currentRecord() const;
    void showVersion(CodeView* view, const QString& versionId, const QString& text);
    void showDisplayText(CodeView* view, const QString& key);
    WholeTextSource wholeTextSource(const QString& key) const;
    static Tab tabOf(CodeVersion::Kind kind);

    SyntaxSupport* m_syntax;
    CaseTexts m_texts;
    QHash<QString, DisplayText> m_display; // code texts as the code views show them, by key
    QVector<CodeVersion> m_versions;
    QVector<CodeVersion> m_comparedVersions; // the same case's in the run compared with (ids "b:…")
    RunPtr m_comparedRun; // for the cases shown from now on
    RunPtr m_shownComparedRun; // what the case shown was read with
    int m_comparedIndex = -1; // the case shown, in m_shownComparedRun
    int m_iteration = -1;
    QSet<int> m_staleTabs; // tabs whose content is not the current case's and iteration's yet

    ElidingLabel* m_title; // the case name: elided in a narrow window, whole in its tooltip
    QLabel* m_latest;
    QLabel* m_best;
    ElidingLabel* m_note;
    QComboBox* m_iterationChooser;
    QTabWidget* m_tabs;
    TabTitleFitter* m_tabTitles;
    QStackedWidget* m_pages; // the tabs, or the empty page while no case is shown (nothing of the case before stays in sight)
    JobTracker* m_read; // the texts of the case asked for, on a worker
    QTimer* m_readingPage; // a read longer than ReadingPageDelayMs shows the reading page
    QString m_readingName; // the case being read
    QLabel* m_emptyPage;
    MarkdownView* m_instruction;
    QTreeWidget* m_details;
    QHash<int, CodeView*> m_codeViews;
    QListWidget* m_perfList;
    CodeView* m_perfCode;
    MarkdownView* m_perfAnalysis;
    QWidget* m_perfCandidates; // the list, code and analysis of the memory's perf candidates
    ShapeTimingsView* m_shapeTimings; // the layout's per-shape timings, above them
    ErrorView* m_errors;
    HintList* m_hints;
    MarkdownView* m_reflection;
    ComparePage* m_compare;
    HistoryPage* m_history;
    RunnerPanel* m_runner;
};

} // namespace krw
