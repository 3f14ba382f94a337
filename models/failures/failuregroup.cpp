// SPDX-License-Identifier: MIT
#include "models/failures/failuregroup.h"

#include "models/run/rundata.h"

#include <QHash>

#include <algorithm>

namespace krw {

QVector<FailureGroup> FailureGroup::group(const Run& run, const QVector<FailureSignature>& signatures)
{
    QVector<FailureGroup> groups;
    QHash<QString, int> byKey;
    const int count = std::min(run.cases.size(), signatures.size());
    for (int i = 0; i < count; ++i) {
        const FailureSignature& sig = signatures.at(i);
        if (!sig.isValid())
            continue;
        const QString key = sig.key();
        auto found = byKey.constFind(key);
        if (found == byKey.constEnd()) {
            found = byKey.insert(key, groups.size());
            groups.append({sig, {}});
        }
        groups[*found].cases.append(run.cases.at(i).filename);
    }
    std::stable_sort(groups.begin(), groups.end(), [](const FailureGroup& a, const FailureGroup& b) {
        if (a.count() != b.count())
            return a.count() > b.count();
        if (a.signature.text != b.signature.text)
            return a.signature.text < b.signature.text;
        return a.signature.kind < b.signature.kind;
    });
    return groups;
}

} // namespace krw
