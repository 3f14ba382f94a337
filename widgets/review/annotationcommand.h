// SPDX-License-Identifier: MIT
#pragma once

#include "models/review/annotationedit.h"

#include <QPointer>
#include <QUndoCommand>

namespace krw {

class AnnotationEditor;

// One undo step of the annotations: its edits, done and undone through AnnotationEditor::apply.
// Steps with the same non-empty merge key merge when pushed one after the other (the edits of
// the later one take over the "after" values; a step whose edits cancel out disappears).
class AnnotationCommand : public QUndoCommand
{
public:
    AnnotationCommand(AnnotationEditor* editor, const QString& text, QVector<AnnotationEdit> edits, QString mergeKey);

    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    QPointer<AnnotationEditor> m_editor;
    QVector<AnnotationEdit> m_edits;
    QString m_mergeKey;
};

} // namespace krw
