// SPDX-License-Identifier: MIT
#include "models/compare/runcomparison.h"

#include <QHash>

namespace krw {

CompareBucket RunComparison::bucketOf(Outcome latestA, Outcome latestB)
{
    if (latestA == Outcome::Unknown || latestB == Outcome::Unknown)
        return CompareBucket::Unknown;
    const bool passedA = latestA == Outcome::Passed;
    const bool passedB = latestB == Outcome::Passed;
    if (passedA)
        return passedB ? CompareBucket::StillPassing : CompareBucket::Regressed;
    return passedB ? CompareBucket::Fixed : CompareBucket::StillFailing;
}

RunComparison RunComparison::compare(const Run& a, const Run& b)
{
    RunComparison result;
    result.m_nameA = a.name;
    result.m_nameB = b.name;
    QHash<QString, int> inB;
    inB.reserve(b.cases.size());
    for (int i = 0; i < b.cases.size(); ++i)
        inB.insert(b.cases.at(i).filename, i);
    result.m_cases.reserve(a.cases.size() + b.cases.size());
    result.m_byFilename.reserve(a.cases.size() + b.cases.size());
    for (int i = 0; i < a.cases.size(); ++i) {
        const Case& c = a.cases.at(i);
        ComparedCase compared;
        compared.filename = c.filename;
        compared.indexA = i;
        compared.latestA = c.latest;
        compared.bestA = c.best;
        const auto found = inB.constFind(c.filename);
        if (found != inB.constEnd()) {
            const Case& other = b.cases.at(found.value());
            compared.indexB = found.value();
            compared.latestB = other.latest;
            compared.bestB = other.best;
            compared.bucket = bucketOf(c.latest, other.latest);
        } else {
            compared.bucket = CompareBucket::OnlyInA;
        }
        result.m_byFilename.insert(c.filename, int(result.m_cases.size()));
        result.m_cases.append(compared);
    }
    for (int i = 0; i < b.cases.size(); ++i) {
        const Case& c = b.cases.at(i);
        if (result.m_byFilename.contains(c.filename))
            continue;
        ComparedCase compared;
        compared.filename = c.filename;
        compared.indexB = i;
        compared.latestB = c.latest;
        compared.bestB = c.best;
        compared.bucket = CompareBucket::OnlyInB;
        result.m_byFilename.insert(c.filename, int(result.m_cases.size()));
        result.m_cases.append(compared);
    }
    for (int i = 0; i < result.m_cases.size(); ++i)
        result.m_buckets[static_cast<size_t>(result.m_cases.at(i).bucket)].append(i);
    return result;
}

QStringList RunComparison::filenamesIn(CompareBucket bucket) const
{
    QStringList names;
    const QVector<int>& indexes = casesIn(bucket);
    names.reserve(indexes.size());
    for (int index : indexes)
        names.append(m_cases.at(index).filename);
    return names;
}

int RunComparison::indexOf(const QString& filename) const
{
    return m_byFilename.value(filename, -1);
}

} // namespace krw
