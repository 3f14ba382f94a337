// SPDX-License-Identifier: MIT
//
// One change of one field of one case's annotation, as an undo step keeps it: what the field
// held before and after. Applying it forwards (redo) or backwards (undo) touches only that field
// of what the case holds *now*, so whatever another window changed since in the other fields
// stays; and it is refused when the field itself no longer holds the value the step starts
// from (someone else changed it since), so an undo never overwrites another writer's change.
#pragma once

#include "models/review/annotations.h"

#include <optional>

namespace krw {

struct AnnotationEdit
{
    enum class Field { Verdict, Tags, Note, Comments };
    QString caseName;
    Field field = Field::Verdict;
    CaseAnnotation before; // only `field` is meaningful
    CaseAnnotation after;
};

// One edit per field that differs between before and after (verdict, tags, note, comments).
QVector<AnnotationEdit> annotationEdits(const QString& caseName, const CaseAnnotation& before, const CaseAnnotation& after);

// current with edit done (forward) or undone. Comments are changed one by one, by id: those the
// step added are removed again, those it removed come back, those it edited get the other text.
// nullopt when current's field (or one of the comments involved) is neither the step's starting
// value nor already its result: another writer changed it since. author and modified are left
// as they are (the writer signs the change).
std::optional<CaseAnnotation> applyEdit(const CaseAnnotation& current, const AnnotationEdit& edit, bool forward);

// Whether the edit changes nothing (after a merge of edits that cancel out).
bool isNoOp(const AnnotationEdit& edit);

} // namespace krw
