// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"

#include <QHash>
#include <QMap>
#include <QString>

#include <optional>

namespace krw {

class LoadSession;

// KernelBench's eval_results.json (scripts/eval_from_generations.py, add_to_eval_results_file):
// { "<problem_id>": [ {sample_id, compiled, correctness, metadata{…}, runtime (ms; -1 when not
// timed), runtime_stats{…}} ] }; an older writer kept one object per problem instead of a list.
// Texts (error messages, tracebacks) stay TextRefs into the file; every field that cannot be read
// is a warning naming file, line and field, and the rest of the sample still loads.
class KernelBenchResults
{
public:
    struct Sample
    {
        std::optional<bool> compiled;
        std::optional<bool> correct;
        std::optional<double> runtimeMs; // as written: -1 means not timed
        QString hardware; // metadata.hardware: the GPU's name, as the baseline timings name it
        bool excessiveSpeedup = false; // metadata.excessive_speedup: KernelBench's own suspicion
        TextRef compilationError;
        TextRef runtimeError; // or, when there is none, the correctness issue
        QVector<ExtraField> extra; // every other metadata field, and runtime_stats
    };
    using Samples = QMap<int, Sample>; // sample id → sample

    // The samples by problem id; empty when path does not exist. A sample written twice (the
    // evaluator appends when run again) keeps its last entry, with a warning.
    static QHash<int, Samples> read(const QString& path, LoadSession* session);
};

} // namespace krw
