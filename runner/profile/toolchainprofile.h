// SPDX-License-Identifier: MIT
#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

class QSettings;

namespace krw {

// How to build and run a case on this machine (docs/RUNNER.md "Profiles"). Plain values: the UI
// thread reads them from settings and hands a copy to the pipeline (L4).
struct ToolchainProfile
{
    enum class Kind { Rocm, HipNvidia, CompileCheck, Cpu };
    QString name; // unique; defaults are named after their kind
    Kind kind = Kind::Cpu;
    QString compiler; // hipcc for HIP kinds, a C++ compiler for cpu; a name is looked up in PATH
    QString python = QStringLiteral("/usr/bin/python3");
    QString offloadArch; // rocm / compile-check: gfx90a, gfx942, ...; empty = detect (rocm) or gfx90a
    QStringList extraFlags;
    int compileTimeoutS = 600;
    int harnessTimeoutS = 600;
    bool sandbox = true; // run the harness in bubblewrap when available

    bool runsCode() const { return kind != Kind::CompileCheck; }
    bool compilesHip() const { return kind != Kind::Cpu; }
};

QString kindName(ToolchainProfile::Kind kind); // "rocm", "hip-nvidia", "compile-check", "cpu"
std::optional<ToolchainProfile::Kind> kindFromName(const QString& name);

ToolchainProfile defaultProfile(ToolchainProfile::Kind kind);
QVector<ToolchainProfile> defaultProfiles();

// Stored as an array in the given settings; missing → the defaults.
QVector<ToolchainProfile> loadProfiles(QSettings& settings);
void saveProfiles(QSettings& settings, const QVector<ToolchainProfile>& profiles);
std::optional<ToolchainProfile> findProfile(const QVector<ToolchainProfile>& profiles, const QString& name);

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
// The line of that text that names the version: the first with "version" or "release" in it
// ("HIP version: 5.2…", "Cuda compilation tools, release 13.0, V13.0.88"), else the first line
// ("g++ (Debian 12.2.0-14) 12.2.0").
QString compilerVersionLine(const QString& versionText);

} // namespace krw

Q_DECLARE_METATYPE(krw::ToolchainProfile)
