// SPDX-License-Identifier: MIT
#pragma once

#include "runner/process/processjob.h"
#include "runner/process/resourcewatch.h"
#include "runner/profile/toolchainprofile.h"

#include <QString>
#include <QStringList>

namespace krw {

// How the steps that handle generated code run, decided once per rerun.
struct SandboxChoice
{
    bool sandboxed = false; // in bubblewrap
    bool refused = false; // the code would run unsandboxed without the user's leave: nothing runs
    QString note; // the result's sandbox note
    QString refusal; // when refused: why, and how to allow it
};

// bubblewrap around one step (docs/RUNNER.md "Sandbox"): the system read-only, no network, its
// own /tmp, /dev/shm, /run, IPC and process namespace, the user's home hidden (what the step needs
// bound back read-only), one folder writable and HOME set to it. Processes and threads are
// capped by the kernel inside the sandbox's own user namespace (prlimit --nproc, counted per user
// namespace since Linux 5.14), and both limits are watched by the ProcessJob's ResourceWatch,
// which stops the step with a clear message when it passes one.
class Sandbox
{
public:
    static QString bwrapPath(); // empty when bubblewrap is not installed
    static bool available() { return !bwrapPath().isEmpty(); }

    // The one rule for running without a sandbox: a profile that runs code and wants the sandbox,
    // on a machine without bubblewrap, runs only when the user allowed it (the runner panel asks
    // once per session, the CLI takes --no-sandbox). A profile whose sandbox the user turned off
    // is an explicit choice. Compiling alone runs the code never, so it needs no leave.
    static SandboxChoice choose(const ToolchainProfile& profile, bool bwrapFound, bool unsandboxedAllowed, const ResourceLimits& limits);
    static ResourceLimits limitsOf(const ToolchainProfile& profile);
    // choose() for a profile with a host (it asks this itself): unsandboxed there, with leave.
    static SandboxChoice chooseOnHost(const ToolchainProfile& profile, bool unsandboxedAllowed);
    static QString limitsText(const ResourceLimits& limits, bool sandboxed);
    static QString installHint(); // how to install bubblewrap

    Sandbox(const QString& writableDir, const ResourceLimits& limits);
    void setHome(const QString& home); // the folder hidden as the user's home; QDir::homePath() by default
    void addReadOnly(const QString& path); // a file or folder the step needs: bound back when hidden
    // The bwrap command that runs spec inside, with the limits set. Besides what addReadOnly() named,
    // what the program and its arguments name (its installation prefix, -I/-L folders, files)
    // and PYTHONPATH's entries are bound back read-only.
    ProcessSpec wrap(ProcessSpec spec) const;
    QStringList hiddenFolders() const;

private:
    bool isHidden(const QString& path) const;

    QString m_writable;
    ResourceLimits m_limits;
    QString m_home;
    QStringList m_readOnly;
};

} // namespace krw
