// SPDX-License-Identifier: MIT
#pragma once

#include "models/review/annotations.h"
#include "models/review/bulkchange.h"
#include "models/run/rundata.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QVector>

#include <functional>
#include <optional>

class QAction;
class QLabel;
class QUndoStack;
class QWidget;

namespace krw {

class AnnotationEditor;
class AnnotationPanel;
class AnnotationStore;
class CaseFilterBar;
class CaseTreeModel;
class CaseView;

// The review of the run on show: binds its AnnotationStore and brings every change to the
// store and back — verdicts (the triage keys, for all selected cases), the panel's tags, notes
// and comments, line comments asked for in a code view, and what other windows write. Every
// change this window makes is an undo step of one AnnotationEditor (its history is the run's);
// undoAction() and redoAction() are the Edit menu's. A verdict key that would change more than
// BulkConfirmLimit cases asks first. After each change it updates the tree's verdict icons,
// the reviewed count and the comment markers in the code. A bulk change (a verdict or tags for
// a selection or a failure group: applyBulk) is one undo step too, under the same rule. The status bar label that says where
// the annotations are kept when the run's folder is read-only is made here; the window places
// it. Messages for the status bar come out as statusMessage().
class ReviewController : public QObject
{
    Q_OBJECT
public:
    // Asks for a line comment's text; nullopt = cancelled. Tests replace the dialog.
    using CommentPrompt = std::function<std::optional<QString>(const QString& where)>;
    // A change of more cases than this asks first: verdict keys and bulk changes alike (one rule).
    static constexpr int BulkConfirmLimit = BulkChange::ConfirmAbove;

    // window: the parent of the location label and the comment dialog.
    ReviewController(AnnotationPanel* panel, CaseView* caseView, CaseTreeModel* model, CaseFilterBar* filterBar, QWidget* window);
    ~ReviewController() override;

    // The run now on show: what is pending goes into the store of the run before, and nothing
    // can be annotated until setStore() brings this run's (RunSession reads it off the UI thread).
    void setRun(const RunPtr& run);
    // The run's annotations, owned by the session. keepHistory: the same sidecar as before (the
    // run loaded again), so the undo history still applies. error: why the file could not be used.
    void setStore(AnnotationStore* store, bool keepHistory, const QString& error);
    void showCase(const QString& caseName); // the case the window now shows
    // Sets the verdict of these cases (indexes into the run's cases), as one undo step; asks
    // first when that changes more than BulkConfirmLimit cases (the default answer changes nothing).
    void applyVerdict(Verdict verdict, const QVector<int>& cases);
    // A verdict and tags for these cases (filenames) as one undo step, asking first when more
    // than BulkConfirmLimit cases change; what names them in the step ("group …"). Returns how
    // many cases changed (0: nothing to change, declined, or the write failed).
    int applyBulk(const BulkChange& change, const QStringList& cases, const QString& what);
    void undo();
    void redo();
    void commentOnFocusedLine(); // the cursor's line in the focused code view
    void focusNote();
    void commitPendingEdits(); // a note or tags still being typed

    AnnotationStore* store() const;
    AnnotationEditor* editor() const { return m_editor; }
    QUndoStack* undoStack() const;
    // "Undo Set verdict on 4 cases" / "Redo …", enabled while there is something to undo or redo.
    QAction* undoAction() const { return m_undo; }
    QAction* redoAction() const { return m_redo; }
    QLabel* locationLabel() const { return m_location; }
    void setCommentPrompt(CommentPrompt prompt) { m_commentPrompt = std::move(prompt); }

Q_SIGNALS:
    void statusMessage(const QString& text, int timeoutMs);

private:
    void annotationsChanged();
    void commentOnLine(const LineAnchor& anchor, const QString& where);
    void showCaseVersions();
    bool confirmBulkVerdict(Verdict verdict, int count);
    bool confirmBulkChange(const QString& what, int count);

    AnnotationPanel* m_panel;
    CaseView* m_caseView;
    CaseTreeModel* m_model;
    CaseFilterBar* m_filterBar;
    QWidget* m_window;
    QLabel* m_location;
    RunPtr m_run;
    QString m_caseName; // the case on show
    QPointer<AnnotationStore> m_store; // the session's
    AnnotationEditor* m_editor;
    QAction* m_undo;
    QAction* m_redo;
    CommentPrompt m_commentPrompt;
};

} // namespace krw
