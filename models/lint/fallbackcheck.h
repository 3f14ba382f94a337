// SPDX-License-Identifier: MIT
//
// "fallback": a candidate whose `try` falls back, in its `except` (or C++ `catch`), to torch or to
// the reference: the kernel may fail on every call and the test still passes on torch's result.
// Confirmed at run time by the battery's `no_own_kernel`.
#pragma once

#include "models/lint/linthint.h"

namespace krw {

struct LintTexts;

class FallbackCheck
{
public:
    static QString name() { return QStringLiteral("fallback"); }
    static LintHints run(const LintTexts& texts);
};

} // namespace krw
