// SPDX-License-Identifier: MIT
#include "widgets/review/annotationcommand.h"

#include "widgets/review/annotationeditor.h"

#include <algorithm>

namespace krw {

namespace {
constexpr int MergeableId = 0x6b7277; // any id but -1: QUndoStack merges only equal ids
} // namespace

AnnotationCommand::AnnotationCommand(AnnotationEditor* editor, const QString& text, QVector<AnnotationEdit> edits, QString mergeKey)
    : QUndoCommand(text)
    , m_editor(editor)
    , m_edits(std::move(edits))
    , m_mergeKey(std::move(mergeKey))
{
}

void AnnotationCommand::redo()
{
    if (m_editor)
        m_editor->apply(m_edits, true, text());
}

void AnnotationCommand::undo()
{
    if (m_editor)
        m_editor->apply(m_edits, false, text());
}

int AnnotationCommand::id() const
{
    return m_mergeKey.isEmpty() ? -1 : MergeableId;
}

bool AnnotationCommand::mergeWith(const QUndoCommand* other)
{
    const auto* later = dynamic_cast<const AnnotationCommand*>(other);
    if (!later || later->m_mergeKey != m_mergeKey)
        return false;
    for (const AnnotationEdit& edit : later->m_edits) {
        const auto same = std::find_if(m_edits.begin(), m_edits.end(),
            [&edit](const AnnotationEdit& e) { return e.caseName == edit.caseName && e.field == edit.field; });
        if (same == m_edits.end())
            m_edits.append(edit);
        else
            same->after = edit.after;
    }
    setText(later->text());
    setObsolete(std::all_of(m_edits.cbegin(), m_edits.cend(), [](const AnnotationEdit& e) { return isNoOp(e); }));
    return true;
}

} // namespace krw
