// SPDX-License-Identifier: MIT
#pragma once

#include "runner/process/processjob.h"
#include "runner/profile/toolchaininfo.h"
#include "runner/profile/toolchainprofile.h"

namespace krw {

// Everything needed to compile one source with one profile: the exact command, where the source
// and the result go, and the cache key. Pure, so the command lines are tested without compiling.
struct BuildPlan
{
    QString cacheKey; // hash of source, flags and tool versions: equal keys never recompile
    QString moduleName; // the Python module name the extension is built as
    QString directory; // <cache>/<key>/
    QString sourcePath;
    QString outputPath; // the module (.so), or an object file for compile-check
    // This builder's own files: compiled to partialPath (and, where the profile links separately, an
    // object file), then renamed to outputPath in one step on success. Named with the build's token,
    // so concurrent builders never write the same file (docs/RUNNER.md "Module cache").
    QString partialPath;
    QStringList scratchPaths; // partialPath and any intermediate: removed when the build ends
    QString lockPath; // one builder at a time per key (BuildLock)
    bool producesModule = true;
    // The GPU target the compile is for, as the compiler names it (gfx90a, sm_90); empty when the
    // compiler picks it (rocm without an arch, hip-nvidia with -arch=native) or for cpu.
    QString target;
    // Where the kernels' resource usage is kept beside the module (<directory>/<module>.kernels.json),
    // so a cached module still shows it; empty for cpu, whose compiler reports none.
    QString kernelsPath;
    QVector<ProcessSpec> steps; // run in order: compile, and for hip-nvidia a separate link
};

struct BuildInputs
{
    ToolchainProfile profile;
    ToolchainInfo info;
    QString compatRoot; // runner/compat (installed with the app)
    QString cudaRoot = QStringLiteral("/usr/local/cuda"); // hip-nvidia: CUDA_PATH
    QString cacheRoot;
    QString caseName; // for the module name
    QString source;
    QString buildToken; // unique per build (scratch file names); empty = "partial"
};

BuildPlan planBuild(const BuildInputs& inputs);

// Makes a finished build visible: the module is renamed over outputPath in one step, so a reader sees
// either nothing or the whole file; this build's scratch files are removed, success or not.
bool publishBuild(const BuildPlan& plan, QString* error);
void removeScratch(const BuildPlan& plan);
// Scratch files that builders of this folder left when they died; call only while holding the lock.
void removeDeadScratch(const QString& directory);

// A valid Python identifier from a case file name: "sin_kernel.py" → "sin_kernel".
QString moduleStem(const QString& caseName);

} // namespace krw
