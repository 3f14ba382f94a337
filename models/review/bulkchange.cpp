// SPDX-License-Identifier: MIT
#include "models/review/bulkchange.h"

#include <QRegularExpression>
#include <QSet>

namespace krw {

QVector<AnnotationEdit> BulkChange::edits(const AnnotationMap& current, const QStringList& cases) const
{
    QVector<AnnotationEdit> all;
    QSet<QString> seen;
    for (const QString& name : cases) {
        if (seen.contains(name))
            continue;
        seen.insert(name);
        const CaseAnnotation before = current.value(name);
        CaseAnnotation after = before;
        if (verdict)
            after.verdict = *verdict;
        for (const QString& tag : removeTags)
            after.tags.removeAll(tag);
        for (const QString& tag : addTags) {
            if (!after.tags.contains(tag))
                after.tags.append(tag);
        }
        all += annotationEdits(name, before, after);
    }
    return all;
}

int BulkChange::changedCases(const QVector<AnnotationEdit>& edits)
{
    QSet<QString> names;
    for (const AnnotationEdit& edit : edits)
        names.insert(edit.caseName);
    return int(names.size());
}

QStringList BulkChange::parseTags(const QString& text)
{
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    QStringList tags;
    for (const QString& part : text.split(separators, Qt::SkipEmptyParts)) {
        if (!tags.contains(part))
            tags.append(part);
    }
    return tags;
}

} // namespace krw
