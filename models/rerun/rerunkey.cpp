// SPDX-License-Identifier: MIT
#include "models/rerun/rerunkey.h"

namespace krw {

RerunKey RerunKey::of(const RerunResult& result)
{
    return RerunKey{result.caseName, result.versionId, result.versionHash, result.baselineId, result.profile};
}

bool RerunKey::sameAs(const RerunKey& other) const
{
    const bool hashesAgree = versionHash.isEmpty() || other.versionHash.isEmpty() || versionHash == other.versionHash;
    return caseName == other.caseName && versionId == other.versionId && baselineId == other.baselineId && profile == other.profile
        && hashesAgree;
}

std::optional<RerunResult> newestRerunOf(const QVector<RerunResult>& history, const RerunKey& key)
{
    const RerunResult* newest = nullptr;
    for (const RerunResult& result : history) {
        if (key.matches(result) && (!newest || result.started >= newest->started))
            newest = &result;
    }
    return newest ? std::optional<RerunResult>(*newest) : std::nullopt;
}

} // namespace krw
