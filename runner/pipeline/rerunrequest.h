// SPDX-License-Identifier: MIT
#pragma once

#include "runner/harness/harnesscontract.h"
#include "runner/profile/toolchainprofile.h"

#include <QString>

namespace krw {

// What to rerun: texts, not references into a run, so the pipeline can run an edited copy.
struct RerunRequest
{
    QString caseName;
    QString candidateId;
    QString candidateTitle;
    QString candidateText;
    QString baselineId = QStringLiteral("label");
    QString baselineTitle;
    QString baselineText;
    QString testCode;
    ToolchainProfile profile;
    double rtol = HarnessContract::defaultOf(QStringLiteral("rtol")).toDouble(); // spec.schema.json
    double atol = HarnessContract::defaultOf(QStringLiteral("atol")).toDouble();
    int seed = HarnessContract::defaultOf(QStringLiteral("seed")).toInt();
    bool timing = true;
    // Running the code without bubblewrap was allowed: the runner panel asked (once per session)
    // or the CLI got --no-sandbox. Without it, and without bubblewrap, the code is never run.
    bool unsandboxedAllowed = false;
    // A batch hands out the GPUs: compiled, the pipeline signals harnessReady() and waits for
    // continueWithDevice() before it runs any code (runner/batch/rerunbatch.h).
    bool waitForDevice = false;
    QString harnessPath; // runner/harness/krw_harness.py
    QString compatRoot; // runner/compat
    QString cacheRoot; // built modules, shared by all runs
    QString workRoot; // scratch folders, one per rerun
};

} // namespace krw
