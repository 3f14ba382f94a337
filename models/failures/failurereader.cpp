// SPDX-License-Identifier: MIT
#include "models/failures/failurereader.h"

#include "models/rerun/resultstore.h"
#include "models/run/textreader.h"
#include "models/work/workpools.h"

#include <algorithm>
#include <atomic>

namespace krw {

TextRef FailureReader::messageRef(const Case& c)
{
    if (c.history.isEmpty() || !c.isFailing())
        return {};
    const IterationRecord& newest = c.newest();
    if (!newest.memory)
        return {};
    const MemoryEntry& memory = *newest.memory;
    const TextRef& first = c.latest == Outcome::ExeFailed ? memory.exeError : memory.callError;
    const TextRef& other = c.latest == Outcome::ExeFailed ? memory.callError : memory.exeError;
    if (first.hasContent())
        return first;
    return other.hasContent() ? other : TextRef{};
}

bool FailureReader::rerunWins(const Run& run, const Case& c, const LatestRerun& rerun)
{
    if (!rerun.failure.isValid() || c.history.isEmpty() || !run.sources)
        return false;
    const IterationRecord& newest = c.newest();
    QDateTime written;
    for (int source : {newest.jsonlSource, newest.memorySource}) {
        if (source >= 0 && source < run.sources->size())
            written = std::max(written, run.sources->at(source).modified);
    }
    return rerun.started.isValid() && (!written.isValid() || rerun.started > written);
}

QVector<FailureSignature> FailureReader::read(const Run& run, const LatestReruns& reruns, int* errors)
{
    const int count = run.cases.size();
    QVector<FailureSignature> signatures(count);
    if (errors)
        *errors = 0;
    if (count == 0)
        return signatures;
    FailureSignature* out = signatures.data(); // detached once, here: the parts write apart
    std::atomic<int> failedReads{0};
    // Parts of a few hundred cases: each has its own TextReader (files kept open), and the
    // parts spread over the pool's threads.
    constexpr int PartSize = 256;
    QVector<QPair<int, int>> parts;
    for (int begin = 0; begin < count; begin += PartSize)
        parts.append({begin, std::min(count, begin + PartSize)});
    WorkPools::runParts(int(parts.size()), [&](int p) {
        const QPair<int, int>& part = parts[p];
        TextReader reader(run.sources);
        for (int i = part.first; i < part.second; ++i) {
            const Case& c = run.cases.at(i);
            const auto rerun = reruns.constFind(c.filename);
            if (rerun != reruns.constEnd() && rerunWins(run, c, *rerun)) {
                out[i] = rerun->failure;
                continue;
            }
            const TextRef ref = messageRef(c);
            if (!ref.hasContent()) {
                // Nothing was produced and nothing says why: that is the cause.
                if (c.latest == Outcome::NoPrediction)
                    out[i] = {QStringLiteral("no prediction"), QStringLiteral("no prediction")};
                continue;
            }
            const ResolvedText text = reader.read(ref, MaxMessageBytes);
            if (!text) {
                ++failedReads;
                continue;
            }
            out[i] = FailureSignature::ofMessage(text.text, FailureSignature::caseNamesOf(c.filename));
        }
    });
    if (errors)
        *errors = failedReads;
    return signatures;
}

LatestReruns FailureReader::savedReruns(const Run& run)
{
    QStringList failing;
    for (const Case& c : run.cases) {
        if (c.isFailing())
            failing << c.filename;
    }
    if (failing.isEmpty())
        return {};
    const ResultStore store = ResultStore::forRun(run.path, run.name);
    // One folder looked at per case and a JSON file parsed per rerun: in parts, one per 512 cases.
    constexpr int PartSize = 512;
    QVector<QPair<QStringList, LatestReruns>> parts;
    for (int begin = 0; begin < failing.size(); begin += PartSize)
        parts.append({failing.mid(begin, PartSize), {}});
    WorkPools::runParts(int(parts.size()), [&store, &parts](int p) { parts[p].second = store.newestPerCase(parts[p].first); });
    LatestReruns all;
    for (const auto& part : std::as_const(parts))
        all.insert(part.second);
    return all;
}

} // namespace krw
