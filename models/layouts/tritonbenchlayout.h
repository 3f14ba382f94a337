// SPDX-License-Identifier: MIT
#pragma once

#include "models/layouts/runlayout.h"

namespace krw {

// TritonBench's LLM outputs (thunlp/TritonBench LLM_generated/**/*.jsonl, docs/LAYOUTS.md): one
// JSON row per line of {instruction or prompt, predict, label} and no filename, no test and no
// evaluation. A case is a row, named by its place in the file ("row 007"), which is the same in
// every model's output of one benchmark, so two of them compare row by row.
class TritonBenchLayout : public RunLayout
{
public:
    QString id() const override { return QStringLiteral("tritonbench"); }
    QString title() const override { return QStringLiteral("TritonBench"); }
    QString lookedFor() const override;
    QVector<RunSource> locate(const QFileInfo& path) const override;
    QVector<IterationRecords> read(const RunSource& source, LoadSession* session) const override;

    // Whether path is such a file: none of its first rows names a file, one has predict or label
    // and an instruction; never one of a GEAK series (<root>_<N>.jsonl beside <root>_mem_<N>.json).
    static bool isOutputFile(const QString& path);
};

} // namespace krw
