// SPDX-License-Identifier: MIT
//
// The reviewer's side of a case: verdict, tags, a Markdown note and the comments anchored to
// lines of its versions. Every change is an undo step of the AnnotationEditor and is written at
// once (the note after a short pause in typing, and whenever the note loses focus or the case
// changes; a note typed in one go is one step), and a failed write is shown here and reported
// through message(), never swallowed.
#pragma once

#include "models/review/annotations.h"
#include "models/review/annotationstore.h"

#include <QHash>
#include <QPointer>
#include <QTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QStringListModel;
class QTabWidget;
class QToolButton;
class QTreeWidget;

namespace krw {

class AnnotationEditor;
class AnnotationStore;
class ElidingLabel;
class MarkdownView;

class AnnotationPanel : public QWidget
{
    Q_OBJECT
public:
    static constexpr int NoteDebounceMs = 500;

    // A version of the current case as the views show it: comments are judged against it.
    struct ShownVersion
    {
        QString id;
        QString title;
        QString text;
    };

    explicit AnnotationPanel(QWidget* parent = nullptr);
    ~AnnotationPanel() override;

    // Where changes go (once, before any store is set): every change is an undo step there.
    void setEditor(AnnotationEditor* editor);
    void setStore(AnnotationStore* store); // nullptr: nothing to annotate
    // Saves what is still pending for the previous case, then shows this one's annotation.
    void setCase(const QString& caseName);
    void setCaseVersions(const QVector<ShownVersion>& versions);
    QString caseName() const { return m_caseName; }
    const CaseAnnotation& annotation() const { return m_annotation; }

    // Each is one undo step, and returns false when its write failed (kept and retried).
    bool setVerdict(Verdict verdict);
    bool setTags(const QString& typed);
    bool setNote(const QString& markdown);
    bool addLineComment(const LineAnchor& anchor, const QString& text);
    bool removeLineComment(const QString& commentId);

    // Writes a note or tags still being typed. Called on case change, focus-out and close.
    void commitPendingEdits();
    // The store changed under us (another window): show what it holds now.
    void refreshFromStore();
    void focusNote();
    // A message about the annotations (a conflict, a failed write), kept until the next one.
    void showMessage(const QString& text, bool problem);
    QString messageText() const;
    bool showsProblem() const { return m_messageIsProblem; } // a conflict or failure is on show

    // State of a comment against the versions shown; Missing until the versions are known.
    AnchorState commentState(const LineComment& comment) const;

    QComboBox* verdictBox() const { return m_verdict; }
    QLineEdit* tagsEdit() const { return m_tags; }
    QPlainTextEdit* noteEdit() const { return m_note; }
    QTreeWidget* commentList() const { return m_comments; }
    QString saveStateText() const; // "Saving…", "Saved", "NOT saved"; empty before the first save

Q_SIGNALS:
    // After every change made here (saved or not: the store keeps it and retries).
    void annotationChanged(const QString& caseName, const krw::CaseAnnotation& annotation);
    void message(const QString& text);
    // A comment was double-clicked (or Enter): show its version at its line. Not for comments
    // whose version is gone.
    void commentActivated(const krw::LineAnchor& anchor);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QWidget* buildVerdictColumn();
    QWidget* buildNoteColumn();
    QWidget* buildCommentColumn();
    bool save(const QString& stepText, const CaseAnnotation& next, const QString& mergeKey = {});
    void showApplied(const QStringList& caseNames);
    void showSaveState(AnnotationStore::SaveState state, const QString& message);
    void showAnnotation(bool includeNote);
    void showComments();
    void showChanged();
    void showPreview();
    void updateTagCompletions();
    void deleteSelectedComment();
    void quietLabels();
    std::optional<QString> versionText(const QString& id) const;

    QPointer<AnnotationEditor> m_editor;
    QPointer<AnnotationStore> m_store;
    QString m_caseName;
    CaseAnnotation m_annotation;
    QHash<QString, ShownVersion> m_versions;
    bool m_versionsKnown = false;
    bool m_messageIsProblem = false;
    int m_noteSession = 0; // a note typed in one visit of the field is one undo step

    ElidingLabel* m_title;
    QComboBox* m_verdict;
    QLineEdit* m_tags;
    QStringListModel* m_tagWords;
    QLabel* m_changed;
    QLabel* m_message;
    QLabel* m_saveState;
    QTabWidget* m_noteTabs;
    QPlainTextEdit* m_note;
    MarkdownView* m_preview;
    QTreeWidget* m_comments;
    QToolButton* m_deleteComment;
    ElidingLabel* m_hint;
    QTimer m_noteTimer;
};

} // namespace krw
