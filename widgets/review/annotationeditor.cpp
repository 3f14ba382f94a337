// SPDX-License-Identifier: MIT
#include "widgets/review/annotationeditor.h"

#include "models/review/annotationstore.h"
#include "widgets/review/annotationcommand.h"
#include "widgets/settings/settings.h"

#include <QDateTime>
#include <QUndoStack>

namespace krw {

AnnotationEditor::AnnotationEditor(QObject* parent)
    : QObject(parent)
    , m_stack(new QUndoStack(this))
{
}

AnnotationEditor::~AnnotationEditor() = default;

void AnnotationEditor::setStore(AnnotationStore* store, bool keepHistory)
{
    m_store = store;
    if (!keepHistory)
        m_stack->clear();
}

bool AnnotationEditor::change(const QString& text, const QVector<AnnotationEdit>& edits, const QString& mergeKey)
{
    if (!m_store)
        return false;
    if (edits.isEmpty())
        return true;
    m_stack->push(new AnnotationCommand(this, text, edits, mergeKey)); // push() does it
    return m_store->saveState() != AnnotationStore::SaveState::Failed;
}

void AnnotationEditor::apply(const QVector<AnnotationEdit>& edits, bool forward, const QString& stepText)
{
    if (!m_store)
        return;
    // All edits of a case apply, or none: a case is left alone when one of its fields was
    // changed elsewhere since.
    AnnotationMap next;
    QStringList order;
    QStringList refused;
    for (const AnnotationEdit& edit : edits) {
        if (refused.contains(edit.caseName))
            continue;
        if (!next.contains(edit.caseName)) {
            next.insert(edit.caseName, m_store->annotation(edit.caseName));
            order.append(edit.caseName);
        }
        const std::optional<CaseAnnotation> result = applyEdit(next.value(edit.caseName), edit, forward);
        if (result) {
            next.insert(edit.caseName, *result);
        } else {
            refused.append(edit.caseName);
            next.remove(edit.caseName);
        }
    }
    AnnotationMap changes;
    const QString author = Settings::instance()->author();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const QString& name : qAsConst(order)) {
        if (!next.contains(name))
            continue;
        CaseAnnotation annotation = next.value(name);
        const CaseAnnotation current = m_store->annotation(name);
        annotation.author = current.author;
        annotation.modified = current.modified;
        if (annotation == current)
            continue;
        annotation.author = author;
        annotation.modified = now;
        changes.insert(name, annotation);
    }
    if (!changes.isEmpty())
        m_store->save(changes);
    if (!refused.isEmpty()) {
        const QString what = forward ? tr("Redo “%1”").arg(stepText) : tr("Undo “%1”").arg(stepText);
        Q_EMIT leftAlone(refused,
            refused.size() == 1
                ? tr("%1 left %2 as it was: it was changed in another window since.").arg(what, refused.first())
                : tr("%1 left %n cases as they were (%2): they were changed in another window since.", nullptr, int(refused.size()))
                      .arg(what, refused.join(QStringLiteral(", "))));
    }
    QStringList changed = changes.keys();
    Q_EMIT applied(changed);
}

} // namespace krw
