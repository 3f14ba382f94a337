// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace krw {

// What a probe found out about a profile's tools (versions are shown with every result).
struct ToolchainInfo
{
    QString compilerPath;
    QString compilerVersion; // the line of --version that names the version (compilerVersionLine)
    QString compilerVersionText; // all of --version but helper noise: part of the module cache key
    QString pythonVersion;
    QString torchVersion; // empty when torch is not importable
    QString torchCuda;
    QString torchHip;
    QString tritonVersion;
    QString deviceName; // GPU name, or "cpu"
    bool cudaAvailable = false;
    QStringList torchIncludePaths;
    QStringList torchLibraryPaths;
    QString pythonInclude;
    QString extensionSuffix = QStringLiteral(".so");
    bool cxx11Abi = true;
    QString error; // why the profile cannot run, in words

    bool usable() const { return error.isEmpty(); }
};

// Parses `krw_harness.py probe` output (one JSON object).
ToolchainInfo parseProbe(const QByteArray& json);

// A compiler's `--version` output (stdout and stderr together) without what its helpers print on
// the way: Debian's hipcc runs rocm_agent_enumerator, which prints a Python traceback when there
// is no AMD GPU. Blank lines are dropped.
QString compilerVersionText(const QString& output);
// What the rerun log shows of that output: all of it but the traceback Debian's hipcc 5.2 gets from
// rocm_agent_enumerator where there is no AMD GPU (no /sys/class/kfd), which changes nothing, with a
// line in its place saying it was left out. Any other traceback stays.
QString compilerVersionLog(const QString& output);
// The line of that text that names the version: the first with "version" or "release" in it
// ("HIP version: 5.2…", "Cuda compilation tools, release 13.0, V13.0.88"), else the first line
// ("g++ (Debian 12.2.0-14) 12.2.0").
QString compilerVersionLine(const QString& versionText);
// A compiler's `--version` step ended (here or on a host) with output: keeps its version in info
// when it answered, else forgets the compiler (compilerPath empty). Returns whether it answered.
bool readCompilerVersion(ToolchainInfo* info, const QString& output, bool answered);

} // namespace krw
