// SPDX-License-Identifier: MIT
//
// One change for many cases at once — a verdict, tags added, tags removed — as the edits of one
// undo step: only the cases it really changes get edits, so their count is the preview's "N
// cases change", and a case that already holds the result is left out.
#pragma once

#include "models/review/annotationedit.h"
#include "models/review/annotations.h"

#include <QStringList>

#include <optional>

namespace krw {

struct BulkChange
{
    std::optional<Verdict> verdict; // nullopt: verdicts stay
    QStringList addTags;
    QStringList removeTags;

    // A change above this many cases asks for confirmation first (one rule for verdict keys,
    // a selection's and a group's bulk edits).
    static constexpr int ConfirmAbove = 50;

    bool isEmpty() const { return !verdict && addTags.isEmpty() && removeTags.isEmpty(); }
    // The edits for these cases, given what each holds now (a case missing from current has no
    // annotation yet); in the order of cases.
    QVector<AnnotationEdit> edits(const AnnotationMap& current, const QStringList& cases) const;
    // How many distinct cases edits change.
    static int changedCases(const QVector<AnnotationEdit>& edits);
    // Tags typed as "a, b c": split on commas and white space, trimmed, duplicates dropped.
    static QStringList parseTags(const QString& text);
};

} // namespace krw
