// SPDX-License-Identifier: MIT
#pragma once

#include "runner/profile/toolchainprofile.h"

#include <QString>
#include <QStringList>

namespace krw {

// The one rule of which of this machine's environment variables reach the steps that handle
// generated code (the compile steps and the harness, sandboxed or not; docs/RUNNER.md
// "Environment"). Nothing else is passed on: a token or key in the user's shell stays there.
// The steps' own settings (LC_ALL=C, the device-visibility variables a batch assigns, HIP_PLATFORM
// for hip-nvidia, TRITON_CACHE_DIR, HOME in the sandbox) are set explicitly on top.
class SandboxEnvironment
{
public:
    // The documented list: PATH, the locale, device visibility, the toolchain's and PyTorch's
    // settings, the Python environment, temporary folder, thread counts and sanitizer options.
    // A name ending in '*' stands for every name with that prefix (LC_*).
    static const QStringList& baseNames();
    // baseNames() and what the profile adds (ToolchainProfile::passEnvironment).
    static QStringList names(const ToolchainProfile& profile);
    // For the result's sandbox note: what reached the steps, in a few words.
    static QString note(const ToolchainProfile& profile);
};

} // namespace krw
