// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/rerunresult.h"

#include <optional>

namespace krw {

// What a rerun is of: one case's version (with the SHA-256 of its text where known, so an edited
// local version with the same name is a new key), run against one baseline with one profile. The
// runner panel shows the newest stored result of exactly the chosen key, or says there is none.
struct RerunKey
{
    QString caseName;
    QString versionId; // "it1:predict", "local:NAME", ...
    QString versionHash; // versionContentHash() of the version's text; empty when unknown
    QString baselineId;
    QString profile;

    static RerunKey of(const RerunResult& result);
    // Same case, version, baseline and profile; the hashes are compared only where both are known
    // (results saved before they were kept have none).
    bool sameAs(const RerunKey& other) const;
    bool matches(const RerunResult& result) const { return sameAs(of(result)); }
};

// The newest result (by start time; on a tie the later in history) that key matches.
std::optional<RerunResult> newestRerunOf(const QVector<RerunResult>& history, const RerunKey& key);

} // namespace krw
