// SPDX-License-Identifier: MIT
#pragma once

#include "review/annotations.h"
#include "run/rundata.h"

#include <QObject>
#include <QString>
#include <QVector>

#include <functional>
#include <optional>

class QLabel;
class QWidget;

namespace krw {

class AnnotationPanel;
class AnnotationStore;
class CaseFilterBar;
class CaseTreeModel;
class CaseView;

// The review of the run on show: opens its AnnotationStore and brings every change to the
// store and back — verdicts (the triage keys, for all selected cases), the panel's tags, notes
// and comments, line comments asked for in a code view, and what other windows write. After
// each change it updates the tree's verdict icons, the reviewed count and the comment markers
// in the code. The status bar label that says where the annotations are kept when the run's
// folder is read-only is made here; the window places it. Messages for the status bar come
// out as statusMessage().
class ReviewController : public QObject
{
    Q_OBJECT
public:
    // Asks for a line comment's text; nullopt = cancelled. Tests replace the dialog.
    using CommentPrompt = std::function<std::optional<QString>(const QString& where)>;

    // window: the parent of the location label and the comment dialog.
    ReviewController(AnnotationPanel* panel, CaseView* caseView, CaseTreeModel* model, CaseFilterBar* filterBar, QWidget* window);
    ~ReviewController() override;

    // Saves what is pending for the previous run and opens this one's annotations.
    void openRun(const RunPtr& run);
    void showCase(const QString& caseName); // the case the window now shows
    // Sets the verdict of these cases (indexes into the run's cases).
    void applyVerdict(Verdict verdict, const QVector<int>& cases);
    void commentOnFocusedLine(); // the cursor's line in the focused code view
    void focusNote();
    void commitPendingEdits(); // a note or tags still being typed

    AnnotationStore* store() const { return m_store; }
    QLabel* locationLabel() const { return m_location; }
    void setCommentPrompt(CommentPrompt prompt) { m_commentPrompt = std::move(prompt); }

Q_SIGNALS:
    void statusMessage(const QString& text, int timeoutMs);

private:
    void annotationsChanged();
    void commentOnLine(const LineAnchor& anchor, const QString& where);
    void showCaseVersions();

    AnnotationPanel* m_panel;
    CaseView* m_caseView;
    CaseTreeModel* m_model;
    CaseFilterBar* m_filterBar;
    QWidget* m_window;
    QLabel* m_location;
    RunPtr m_run;
    AnnotationStore* m_store = nullptr;
    CommentPrompt m_commentPrompt;
};

} // namespace krw
