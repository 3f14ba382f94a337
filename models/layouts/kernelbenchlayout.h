// SPDX-License-Identifier: MIT
#pragma once

#include "models/layouts/runlayout.h"

namespace krw {

// KernelBench's runs (ScalingIntelligence/KernelBench: scripts/generate_samples.py and
// eval_from_generations.py): runs/<run>/level_<L>_problem_<P>_sample_<S>_kernel.py (+ _prompt.txt)
// and eval_results.json. A case is a problem, named after its file in the checkout
// (KernelBenchCheckout) or level<L>_problem_<P> without one; its samples are its iterations.
// docs/LAYOUTS.md has the mapping.
class KernelBenchLayout : public RunLayout
{
public:
    QString id() const override { return QStringLiteral("kernelbench"); }
    QString title() const override { return QStringLiteral("KernelBench"); }
    QString lookedFor() const override;
    QVector<RunSource> locate(const QFileInfo& path) const override;
    QVector<IterationRecords> read(const RunSource& source, LoadSession* session) const override;

    // Whether folder holds a run: a kernel file of the pattern, or eval_results.json beside
    // generation_config.yaml.
    static bool isRunFolder(const QString& folder);
};

} // namespace krw
