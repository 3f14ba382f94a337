// SPDX-License-Identifier: MIT
//
// Two runs of one benchmark compared case by case (issue 13, "Compare two runs"). Cases are
// matched by filename; each lands in one CompareBucket by its newest outcome in A and in B
// (outcomes.h: Passed passes, isFailingOutcome() fails, Unknown is neither). Pure: built from
// the runs' values, on any thread, in one pass over each run.
#pragma once

#include "models/compare/comparebucket.h"
#include "models/run/rundata.h"

#include <QHash>
#include <QStringList>

#include <array>

namespace krw {

// One case of either run, with what each run says of it.
struct ComparedCase
{
    QString filename;
    CompareBucket bucket = CompareBucket::Unknown;
    int indexA = -1; // into A's cases; -1 when only in B
    int indexB = -1;
    Outcome latestA = Outcome::Unknown; // meaningful only where the case is in that run
    Outcome latestB = Outcome::Unknown;
    Stage bestA = Stage::None;
    Stage bestB = Stage::None;

    bool inA() const { return indexA >= 0; }
    bool inB() const { return indexB >= 0; }
};

class RunComparison
{
public:
    RunComparison() = default;
    static RunComparison compare(const Run& a, const Run& b);
    // Which bucket a case in both runs lands in.
    static CompareBucket bucketOf(Outcome latestA, Outcome latestB);

    QString nameA() const { return m_nameA; }
    QString nameB() const { return m_nameB; }
    // A's cases in A's order, then those only in B in B's order.
    const QVector<ComparedCase>& cases() const { return m_cases; }
    // Indexes into cases() of one bucket, in cases() order.
    const QVector<int>& casesIn(CompareBucket bucket) const { return m_buckets.at(static_cast<size_t>(bucket)); }
    int count(CompareBucket bucket) const { return int(casesIn(bucket).size()); }
    // The filenames of one bucket, in cases() order.
    QStringList filenamesIn(CompareBucket bucket) const;
    // Index into cases() of a filename, or -1.
    int indexOf(const QString& filename) const;

private:
    QString m_nameA;
    QString m_nameB;
    QVector<ComparedCase> m_cases;
    std::array<QVector<int>, CompareBucketCount> m_buckets;
    QHash<QString, int> m_byFilename;
};

} // namespace krw
