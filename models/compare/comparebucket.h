// SPDX-License-Identifier: MIT
//
// Where a case lands when two runs of one benchmark are compared (issue 13, "Compare two runs"):
// matched by filename, judged by each run's newest outcome. The one owner of the buckets' names
// (JSON, CLI) and titles (tree, reports).
#pragma once

#include <QString>

#include <optional>

namespace krw {

// In the order the tree, the CLI and reports list them.
enum class CompareBucket {
    Fixed, // failing in A, passed in B
    Regressed, // passed in A, failing in B
    StillFailing,
    StillPassing,
    Unknown, // in both runs, but the outcome is unknown in one of them (no pass flags)
    OnlyInA,
    OnlyInB,
};
constexpr int CompareBucketCount = 7;

// "fixed", "regressed", "still_failing", "still_passing", "unknown", "only_in_a", "only_in_b".
QString compareBucketName(CompareBucket bucket);
// "Fixed", "Regressed", "Still failing", "Still passing", "Outcome unknown", "Only in A", "Only in B".
QString compareBucketTitle(CompareBucket bucket);
std::optional<CompareBucket> compareBucketFromName(const QString& name);

} // namespace krw
