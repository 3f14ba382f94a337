// SPDX-License-Identifier: MIT
#include "models/run/casejoiner.h"

#include "models/run/outcomes.h"

namespace krw {

QVector<Case> CaseJoiner::join(const QVector<IterationRecords>& iterations)
{
    QVector<Case> cases;
    QHash<QString, int> caseIndex;
    for (auto it = iterations.crbegin(); it != iterations.crend(); ++it) {
        for (const IterationRecords::Named& named : it->records) {
            int index = caseIndex.value(named.name, -1);
            if (index < 0) {
                index = int(cases.size());
                caseIndex.insert(named.name, index);
                Case c;
                c.filename = named.name;
                cases.append(c);
            }
            cases[index].history.prepend(named.record);
        }
    }
    for (Case& c : cases)
        computeOutcomes(&c);
    return cases;
}

} // namespace krw
