// SPDX-License-Identifier: MIT
#include "models/review/annotationedit.h"

#include <algorithm>

namespace krw {

namespace {

bool sameComment(const LineComment& a, const LineComment& b)
{
    CaseAnnotation x, y; // CaseAnnotation's == compares comments field by field
    x.comments = {a};
    y.comments = {b};
    return x == y;
}

int indexOfComment(const QVector<LineComment>& comments, const QString& id)
{
    for (int i = 0; i < comments.size(); ++i) {
        if (comments.at(i).id == id)
            return i;
    }
    return -1;
}

bool sameComments(const QVector<LineComment>& a, const QVector<LineComment>& b)
{
    CaseAnnotation x, y;
    x.comments = a;
    y.comments = b;
    return x == y;
}

// Turns the comments of from into those of to within current, one comment at a time.
std::optional<QVector<LineComment>> moveComments(
    QVector<LineComment> current, const QVector<LineComment>& from, const QVector<LineComment>& to)
{
    for (const LineComment& gone : from) {
        if (indexOfComment(to, gone.id) >= 0)
            continue;
        const int at = indexOfComment(current, gone.id);
        if (at < 0)
            continue; // already gone
        if (!sameComment(current.at(at), gone))
            return std::nullopt; // edited elsewhere since
        current.remove(at);
    }
    for (int i = 0; i < to.size(); ++i) {
        const LineComment& wanted = to.at(i);
        const int was = indexOfComment(from, wanted.id);
        if (was >= 0 && sameComment(from.at(was), wanted))
            continue; // this step did not touch it
        const int at = indexOfComment(current, wanted.id);
        if (at < 0) {
            if (was >= 0)
                return std::nullopt; // the step edited it, and it was deleted elsewhere since
            current.insert(std::min(i, int(current.size())), wanted);
        } else if (!sameComment(current.at(at), wanted)) {
            if (was < 0 || !sameComment(current.at(at), from.at(was)))
                return std::nullopt;
            current[at] = wanted;
        }
    }
    return current;
}

} // namespace

QVector<AnnotationEdit> annotationEdits(const QString& caseName, const CaseAnnotation& before, const CaseAnnotation& after)
{
    QVector<AnnotationEdit> edits;
    auto add = [&](AnnotationEdit::Field field) { edits.append({caseName, field, before, after}); };
    if (before.verdict != after.verdict)
        add(AnnotationEdit::Field::Verdict);
    if (before.tags != after.tags)
        add(AnnotationEdit::Field::Tags);
    if (before.note != after.note)
        add(AnnotationEdit::Field::Note);
    if (!sameComments(before.comments, after.comments))
        add(AnnotationEdit::Field::Comments);
    return edits;
}

std::optional<CaseAnnotation> applyEdit(const CaseAnnotation& current, const AnnotationEdit& edit, bool forward)
{
    const CaseAnnotation& from = forward ? edit.before : edit.after;
    const CaseAnnotation& to = forward ? edit.after : edit.before;
    CaseAnnotation result = current;
    switch (edit.field) {
    case AnnotationEdit::Field::Verdict:
        if (current.verdict != from.verdict && current.verdict != to.verdict)
            return std::nullopt;
        result.verdict = to.verdict;
        break;
    case AnnotationEdit::Field::Tags:
        if (current.tags != from.tags && current.tags != to.tags)
            return std::nullopt;
        result.tags = to.tags;
        break;
    case AnnotationEdit::Field::Note:
        if (current.note != from.note && current.note != to.note)
            return std::nullopt;
        result.note = to.note;
        break;
    case AnnotationEdit::Field::Comments: {
        const std::optional<QVector<LineComment>> comments = moveComments(current.comments, from.comments, to.comments);
        if (!comments)
            return std::nullopt;
        result.comments = *comments;
        break;
    }
    }
    return result;
}

bool isNoOp(const AnnotationEdit& edit)
{
    switch (edit.field) {
    case AnnotationEdit::Field::Verdict:
        return edit.before.verdict == edit.after.verdict;
    case AnnotationEdit::Field::Tags:
        return edit.before.tags == edit.after.tags;
    case AnnotationEdit::Field::Note:
        return edit.before.note == edit.after.note;
    case AnnotationEdit::Field::Comments:
        return sameComments(edit.before.comments, edit.after.comments);
    }
    return true;
}

} // namespace krw
