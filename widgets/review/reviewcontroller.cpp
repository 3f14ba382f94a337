// SPDX-License-Identifier: MIT
#include "widgets/review/reviewcontroller.h"

#include "models/browse/casetreemodel.h"
#include "models/review/annotationstore.h"
#include "models/run/runsummary.h"
#include "widgets/browse/casefilterbar.h"
#include "widgets/caseview/caseview.h"
#include "widgets/code/codeview.h"
#include "widgets/review/annotationeditor.h"
#include "widgets/review/annotationpanel.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>

namespace krw {

ReviewController::ReviewController(
    AnnotationPanel* panel, CaseView* caseView, CaseTreeModel* model, CaseFilterBar* filterBar, QWidget* window)
    : QObject(window)
    , m_panel(panel)
    , m_caseView(caseView)
    , m_model(model)
    , m_filterBar(filterBar)
    , m_window(window)
    , m_location(new QLabel(window))
    , m_editor(new AnnotationEditor(this))
    , m_undo(new QAction(tr("Undo"), window))
    , m_redo(new QAction(tr("Redo"), window))
{
    m_location->setObjectName(QStringLiteral("annotationLocation"));
    m_location->setTextFormat(Qt::PlainText);
    m_location->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_location->hide();

    m_panel->setEditor(m_editor);
    connect(m_editor, &AnnotationEditor::applied, this, &ReviewController::annotationsChanged);
    connect(m_editor, &AnnotationEditor::leftAlone, this, [this](const QStringList&, const QString& message) {
        m_panel->showMessage(message, true);
        Q_EMIT statusMessage(message, 15000);
    });

    // Undo and redo name the step; Ctrl+Z / Ctrl+Shift+Z. In a text field they undo its typing.
    QUndoStack* stack = m_editor->undoStack();
    m_undo->setObjectName(QStringLiteral("undoAction"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_undo->setEnabled(false);
    m_redo->setObjectName(QStringLiteral("redoAction"));
    QList<QKeySequence> redoKeys{QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)};
    for (const QKeySequence& keys : QKeySequence::keyBindings(QKeySequence::Redo)) {
        if (!redoKeys.contains(keys))
            redoKeys.append(keys);
    }
    m_redo->setShortcuts(redoKeys);
    m_redo->setEnabled(false);
    connect(stack, &QUndoStack::canUndoChanged, m_undo, &QAction::setEnabled);
    connect(stack, &QUndoStack::canRedoChanged, m_redo, &QAction::setEnabled);
    // The lambdas hold the actions, not this: the stack still signals while this controller's
    // children are being deleted (Qt 5 clears it in its destructor), when this is no longer one.
    QAction* undo = m_undo;
    QAction* redo = m_redo;
    connect(stack, &QUndoStack::undoTextChanged, undo,
        [undo](const QString& text) { undo->setText(text.isEmpty() ? tr("Undo") : tr("Undo %1").arg(text)); });
    connect(stack, &QUndoStack::redoTextChanged, redo,
        [redo](const QString& text) { redo->setText(text.isEmpty() ? tr("Redo") : tr("Redo %1").arg(text)); });
    connect(m_undo, &QAction::triggered, this, &ReviewController::undo);
    connect(m_redo, &QAction::triggered, this, &ReviewController::redo);
    connect(m_panel, &AnnotationPanel::message, this, [this](const QString& text) { Q_EMIT statusMessage(text, 15000); });
    connect(m_panel, &AnnotationPanel::commentActivated, this, [this](const LineAnchor& anchor) {
        if (!m_caseView->showVersionLine(anchor.versionId, anchor.line + 1))
            Q_EMIT statusMessage(tr("This case has no version %1 any more.").arg(anchor.versionId), 5000);
    });
    connect(m_caseView, &CaseView::lineCommentRequested, this, &ReviewController::commentOnLine);
    connect(m_caseView, &CaseView::caseShown, this, &ReviewController::showCaseVersions);
    m_commentPrompt = [this](const QString& where) -> std::optional<QString> {
        bool ok = false;
        const QString text
            = QInputDialog::getMultiLineText(m_window, tr("Line comment"), tr("Comment on %1 (Markdown):").arg(where), {}, &ok);
        return ok ? std::optional<QString>(text) : std::nullopt;
    };
}

ReviewController::~ReviewController() = default;

void ReviewController::setRun(const RunPtr& run)
{
    m_panel->commitPendingEdits(); // into the store of the run before, still open
    m_run = run;
    m_caseName.clear();
    m_store = nullptr;
    m_panel->setStore(nullptr);
    m_location->hide();
    annotationsChanged();
}

void ReviewController::setStore(AnnotationStore* store, bool keepHistory, const QString& error)
{
    m_store = store;
    m_editor->setStore(m_store, keepHistory);
    const AnnotationStore::Location& where = m_store->location();
    m_location->setText(tr("Annotations are kept in %1 (run folder is read-only)").arg(QDir::toNativeSeparators(where.path)));
    m_location->setToolTip(m_location->text());
    m_location->setVisible(where.fallback);
    connect(m_store, &AnnotationStore::changedExternally, this, [this](const QStringList& names) {
        m_panel->refreshFromStore();
        annotationsChanged();
        Q_EMIT statusMessage(tr("Annotations changed in another window: %1").arg(names.join(QStringLiteral(", "))), 15000);
    });
    connect(m_store, &AnnotationStore::conflict, this, [this](const QString& caseName, const QString& message) {
        m_panel->refreshFromStore();
        annotationsChanged();
        const QString text = tr("Conflict on %1: %2").arg(caseName, message);
        m_panel->showMessage(text, true);
        Q_EMIT statusMessage(text, 30000);
    });
    connect(m_store, &AnnotationStore::warning, this, [this](const QString& message) {
        m_panel->showMessage(message, true);
        Q_EMIT statusMessage(message, 30000);
    });
    m_panel->setStore(m_store);
    // The case on show came before its annotations: the panel shows them now.
    if (!m_caseName.isEmpty()) {
        m_panel->setCase(m_caseName);
        if (!m_caseView->isLoading() && m_caseView->caseIndex() >= 0)
            showCaseVersions();
    }
    // After the panel took the store, which clears its message.
    if (!error.isEmpty())
        m_panel->showMessage(tr("Annotations could not be read: %1").arg(error), true);
    else if (!m_store->problems().isEmpty())
        m_panel->showMessage(
            tr("%1 annotation entr(ies) skipped: %2").arg(m_store->problems().size()).arg(m_store->problems().first()), true);
    annotationsChanged();
}

AnnotationStore* ReviewController::store() const
{
    return m_store;
}

void ReviewController::showCase(const QString& caseName)
{
    m_caseName = caseName;
    m_panel->setCase(caseName);
    m_caseView->setLineComments(m_panel->annotation().comments);
}

// The case's texts are in the views: comments are judged against the versions shown.
void ReviewController::showCaseVersions()
{
    QVector<AnnotationPanel::ShownVersion> versions;
    for (const CodeVersion& v : m_caseView->versions())
        versions.append({v.id(), v.title(), m_caseView->texts().text(v.id())});
    m_panel->setCaseVersions(versions);
    m_caseView->setLineComments(m_panel->annotation().comments);
}

// After any change: the tree's icons, the count, the markers in the code.
void ReviewController::annotationsChanged()
{
    const AnnotationMap all = m_store ? m_store->annotations() : AnnotationMap();
    m_model->setAnnotations(all);
    int reviewed = 0;
    if (m_run) {
        for (const Case& c : m_run->cases)
            reviewed += all.value(c.filename).isReviewed() ? 1 : 0;
    }
    m_filterBar->setReviewedCount(reviewed, m_run ? int(m_run->cases.size()) : 0);
    m_caseView->setLineComments(m_panel->annotation().comments);
}

QUndoStack* ReviewController::undoStack() const
{
    return m_editor->undoStack();
}

void ReviewController::applyVerdict(Verdict verdict, const QVector<int>& cases)
{
    if (!m_run)
        return;
    if (!m_store) {
        Q_EMIT statusMessage(tr("The run's annotations are still being read: no verdict set."), 4000);
        return;
    }
    if (cases.isEmpty()) { // a group's row: the case on show is not what the tree has selected
        Q_EMIT statusMessage(tr("No case selected: select a case (or several) in the tree to give it a verdict."), 4000);
        return;
    }
    m_panel->commitPendingEdits(); // a note being typed is a step of its own, before this one
    QVector<AnnotationEdit> edits;
    for (int index : cases) {
        const QString name = m_run->cases.at(index).filename;
        const CaseAnnotation before = m_store->annotation(name);
        CaseAnnotation after = before;
        after.verdict = verdict;
        edits += annotationEdits(name, before, after);
    }
    const QString what = verdictInfo(verdict).title;
    if (edits.isEmpty()) {
        Q_EMIT statusMessage(verdict == Verdict::None ? tr("No verdict to clear.") : tr("Already %1.").arg(what), 4000);
        return;
    }
    const int count = int(edits.size());
    if (count > BulkConfirmLimit && !confirmBulkVerdict(verdict, count)) {
        Q_EMIT statusMessage(tr("No verdict changed."), 4000);
        return;
    }
    const QString first = edits.first().caseName;
    const QString step = count == 1
        ? (verdict == Verdict::None ? tr("Clear verdict of %1").arg(first) : tr("Set verdict on %1").arg(first))
        : (verdict == Verdict::None ? tr("Clear verdict of %n cases", nullptr, count) : tr("Set verdict on %n cases", nullptr, count));
    // Never waits for the lock: the store retries from a timer and the panel shows how it went.
    const bool ok = m_editor->change(step, edits);
    if (!ok || m_panel->showsProblem())
        return; // a failure or conflict is in the panel and the status bar; it must stay readable
    Q_EMIT statusMessage(count == 1
            ? tr("%1: %2").arg(first, verdict == Verdict::None ? tr("verdict cleared") : what)
            : tr("%1: %n cases (Ctrl+Z undoes it)", nullptr, count).arg(verdict == Verdict::None ? tr("Verdict cleared") : what),
        4000);
}

int ReviewController::applyBulk(const BulkChange& change, const QStringList& cases, const QString& what)
{
    if (!m_run || !m_store || change.isEmpty())
        return 0;
    m_panel->commitPendingEdits(); // a note being typed is a step of its own, before this one
    const QVector<AnnotationEdit> edits = change.edits(m_store->annotations(), cases);
    const int count = BulkChange::changedCases(edits);
    if (count == 0) {
        Q_EMIT statusMessage(tr("Nothing to change: the %1 already hold that.").arg(caseCountText(int(cases.size()))), 4000);
        return 0;
    }
    if (count > BulkConfirmLimit && !confirmBulkChange(what, count)) {
        Q_EMIT statusMessage(tr("Nothing changed."), 4000);
        return 0;
    }
    const QString step = tr("Change %n cases of %1", nullptr, count).arg(what);
    if (!m_editor->change(step, edits))
        return 0;
    if (!m_panel->showsProblem())
        Q_EMIT statusMessage(tr("%1 changed (Ctrl+Z undoes it)").arg(caseCountText(count)), 4000);
    return count;
}

bool ReviewController::confirmBulkChange(const QString& what, int count)
{
    QMessageBox box(QMessageBox::Question, tr("Change %n cases", nullptr, count),
        tr("Change the verdict or tags of %n cases of %1?", nullptr, count).arg(what), QMessageBox::NoButton, m_window);
    box.setInformativeText(tr("They change at once; Edit ▸ Undo (Ctrl+Z) takes it back as one step."));
    QPushButton* change = box.addButton(tr("&Change %n Cases", nullptr, count), QMessageBox::AcceptRole);
    QPushButton* cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel); // Return or Esc changes nothing
    box.setEscapeButton(cancel);
    box.exec();
    return box.clickedButton() == change;
}

bool ReviewController::confirmBulkVerdict(Verdict verdict, int count)
{
    const QString question = verdict == Verdict::None ? tr("Clear the verdict of %n cases?", nullptr, count)
                                                      : tr("Set %n cases to “%1”?", nullptr, count).arg(verdictInfo(verdict).title);
    QMessageBox box(QMessageBox::Question, tr("Change %n verdicts", nullptr, count), question, QMessageBox::NoButton, m_window);
    box.setInformativeText(tr("All selected cases change at once; Edit ▸ Undo (Ctrl+Z) takes it back as one step."));
    QPushButton* change
        = box.addButton(verdict == Verdict::None ? tr("&Clear %n Verdicts", nullptr, count) : tr("&Set %n Verdicts", nullptr, count),
            QMessageBox::AcceptRole);
    QPushButton* cancel = box.addButton(QMessageBox::Cancel);
    // The safe answer is the default: Return or Esc changes nothing.
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    return box.clickedButton() == change;
}

void ReviewController::undo()
{
    if (!m_store)
        return; // the run's annotations are still being read
    m_panel->commitPendingEdits();
    QUndoStack* stack = m_editor->undoStack();
    if (!stack->canUndo())
        return;
    const QString text = stack->undoText();
    stack->undo();
    if (!m_panel->showsProblem())
        Q_EMIT statusMessage(tr("Undone: %1").arg(text), 4000);
}

void ReviewController::redo()
{
    if (!m_store)
        return;
    m_panel->commitPendingEdits();
    QUndoStack* stack = m_editor->undoStack();
    if (!stack->canRedo())
        return;
    const QString text = stack->redoText();
    stack->redo();
    if (!m_panel->showsProblem())
        Q_EMIT statusMessage(tr("Redone: %1").arg(text), 4000);
}

void ReviewController::commentOnLine(const LineAnchor& anchor, const QString& where)
{
    if (!m_store || m_panel->caseName().isEmpty())
        return;
    const std::optional<QString> text = m_commentPrompt ? m_commentPrompt(where) : std::nullopt;
    if (!text || text->trimmed().isEmpty())
        return;
    if (m_panel->addLineComment(anchor, *text))
        Q_EMIT statusMessage(tr("Comment saved on %1").arg(where), 4000);
}

void ReviewController::commentOnFocusedLine()
{
    auto* view = qobject_cast<CodeView*>(QApplication::focusWidget());
    if (!view || !view->requestLineComment(view->textCursor().blockNumber()))
        Q_EMIT statusMessage(tr("Put the cursor on a line of code first (click into the code)."), 4000);
}

void ReviewController::focusNote()
{
    m_panel->focusNote();
}

void ReviewController::commitPendingEdits()
{
    m_panel->commitPendingEdits();
}

} // namespace krw
