// SPDX-License-Identifier: MIT
#include "models/run/outcomes.h"

namespace krw {

Outcome latestOutcome(const IterationRecord& newest)
{
    if (!newest.predict.hasContent() && !newest.candidateElsewhere)
        return newest.jsonlUnreadable ? Outcome::Unknown : Outcome::NoPrediction;
    if (!newest.memory)
        return Outcome::Unknown;
    const MemoryEntry& m = *newest.memory;
    // First false flag in stage order. A missing flag before it leaves the outcome unknown:
    // we cannot tell which stage stopped the case.
    const std::optional<bool> flags[] = {m.passCall, m.passExe, m.passPerf};
    const Outcome failures[] = {Outcome::CallFailed, Outcome::ExeFailed, Outcome::PerfFailed};
    for (int i = 0; i < 3; ++i) {
        if (!flags[i])
            return Outcome::Unknown;
        if (!*flags[i])
            return failures[i];
    }
    return Outcome::Passed;
}

Stage bestStage(const QVector<IterationRecord>& history)
{
    Stage best = Stage::None;
    for (const IterationRecord& record : history) {
        if (!record.memory)
            continue;
        const MemoryEntry& m = *record.memory;
        if (!m.perfCandidates.isEmpty() || m.reached == Stage::Perf)
            return Stage::Perf;
        if (m.reached && int(*m.reached) > int(best))
            best = *m.reached;
        if (m.exeCandidate.hasContent())
            best = Stage::Exe;
        else if (m.callCandidate.hasContent() && best == Stage::None)
            best = Stage::Call;
    }
    return best;
}

void computeOutcomes(Case* c)
{
    c->latest = c->history.isEmpty() ? Outcome::Unknown : latestOutcome(c->newest());
    c->best = bestStage(c->history);
}

} // namespace krw
