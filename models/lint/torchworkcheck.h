// SPDX-License-Identifier: MIT
//
// "torch-work": a candidate whose entry (a `forward`, the function the test calls, a C++ host
// function nothing else calls) returns what a torch compute op computes and launches no kernel of
// its own, directly or through its own functions. One that launches its kernel and finishes with
// torch (an epilogue) is not this. Confirmed at run time by the battery's `no_own_kernel`.
#pragma once

#include "models/lint/linthint.h"

namespace krw {

struct LintTexts;

class TorchWorkCheck
{
public:
    static QString name() { return QStringLiteral("torch-work"); }
    static LintHints run(const LintTexts& texts);
};

} // namespace krw
