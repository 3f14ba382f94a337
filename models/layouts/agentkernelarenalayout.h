// SPDX-License-Identifier: MIT
#pragma once

#include "models/layouts/runlayout.h"

namespace krw {

// AMD's AgentKernelArena (docs/LAYOUTS.md): a workspace_<GPU>_<agent>/ of run_<timestamp>/
// folders, each holding one folder per task — a copy of tasks/<task>/ the agent edited, with the
// centralized evaluator's task_result.yaml and the per-test-case baseline_perf.yaml and
// optimized_perf.yaml. A case is a task; there are no iterations.
class AgentKernelArenaLayout : public RunLayout
{
public:
    QString id() const override { return QStringLiteral("agentkernelarena"); }
    QString title() const override { return QStringLiteral("AgentKernelArena"); }
    QString lookedFor() const override;
    QVector<RunSource> locate(const QFileInfo& path) const override;
    QVector<IterationRecords> read(const RunSource& source, LoadSession* session) const override;

    // A task's folder: task_result.yaml, or config.yaml beside a *_perf.yaml (a task not scored yet).
    static bool isTaskFolder(const QString& folder);
};

} // namespace krw
