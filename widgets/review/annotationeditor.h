// SPDX-License-Identifier: MIT
//
// Every change this window makes to a run's annotations, as steps on one QUndoStack: a verdict
// (for one case or all selected ones: one step), tags, a committed note, a line comment added
// or deleted. A step is a list of AnnotationEdits (models/review/annotationedit.h); doing and
// undoing one writes through AnnotationStore::save(), the same path as any change, so undo is
// merged with other windows' writes like everything else. Undo and redo touch only the fields
// the step changed, and leave a case alone (saying so) where another window changed that field
// since. The history belongs to the run: opening another run starts a new one.
#pragma once

#include "models/review/annotationedit.h"
#include "models/review/annotationstore.h"

#include <QObject>
#include <QPointer>
#include <QVector>

class QUndoStack;

namespace krw {

class AnnotationEditor : public QObject
{
    Q_OBJECT
public:
    explicit AnnotationEditor(QObject* parent = nullptr);
    ~AnnotationEditor() override;

    // The store of the run on show. keepHistory: the same run again (a reload), so its steps
    // still apply; otherwise the history is cleared.
    void setStore(AnnotationStore* store, bool keepHistory);
    AnnotationStore* store() const { return m_store; }
    QUndoStack* undoStack() const { return m_stack; }

    // One step named text ("Set verdict on 4 cases"), done at once. Consecutive steps with the
    // same non-empty mergeKey become one (a note typed with pauses). False when the write
    // failed; the store keeps the change and writes it with the next save.
    bool change(const QString& text, const QVector<AnnotationEdit>& edits, const QString& mergeKey = {});

    // What a step does (forward) or undoes, on what the cases hold now; each changed case is
    // signed with the author and the time. stepText names the step in messages.
    void apply(const QVector<AnnotationEdit>& edits, bool forward, const QString& stepText);

Q_SIGNALS:
    // After a step was done or undone: these cases changed (the store already holds them).
    void applied(const QStringList& caseNames);
    // An undo or redo left these cases as they were: another window changed the same field since.
    void leftAlone(const QStringList& caseNames, const QString& message);

private:
    QPointer<AnnotationStore> m_store;
    QUndoStack* m_stack;
};

} // namespace krw
