// SPDX-License-Identifier: MIT
#include "models/compare/comparebucket.h"

namespace krw {

QString compareBucketName(CompareBucket bucket)
{
    switch (bucket) {
    case CompareBucket::Fixed:
        return QStringLiteral("fixed");
    case CompareBucket::Regressed:
        return QStringLiteral("regressed");
    case CompareBucket::StillFailing:
        return QStringLiteral("still_failing");
    case CompareBucket::StillPassing:
        return QStringLiteral("still_passing");
    case CompareBucket::Unknown:
        return QStringLiteral("unknown");
    case CompareBucket::OnlyInA:
        return QStringLiteral("only_in_a");
    case CompareBucket::OnlyInB:
        break;
    }
    return QStringLiteral("only_in_b");
}

QString compareBucketTitle(CompareBucket bucket)
{
    switch (bucket) {
    case CompareBucket::Fixed:
        return QStringLiteral("Fixed");
    case CompareBucket::Regressed:
        return QStringLiteral("Regressed");
    case CompareBucket::StillFailing:
        return QStringLiteral("Still failing");
    case CompareBucket::StillPassing:
        return QStringLiteral("Still passing");
    case CompareBucket::Unknown:
        return QStringLiteral("Outcome unknown");
    case CompareBucket::OnlyInA:
        return QStringLiteral("Only in A");
    case CompareBucket::OnlyInB:
        break;
    }
    return QStringLiteral("Only in B");
}

std::optional<CompareBucket> compareBucketFromName(const QString& name)
{
    for (int i = 0; i < CompareBucketCount; ++i) {
        const auto bucket = static_cast<CompareBucket>(i);
        if (compareBucketName(bucket) == name)
            return bucket;
    }
    return std::nullopt;
}

} // namespace krw
