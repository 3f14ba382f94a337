// SPDX-License-Identifier: MIT
//
// "non-code": a prediction that is empty, wrapped in Markdown fences, prose rather than code, or
// Triton (Python) where the instruction asks for HIP.
#pragma once

#include "models/lint/linthint.h"

namespace krw {

struct LintTexts;

class NonCodeCheck
{
public:
    static QString name() { return QStringLiteral("non-code"); }
    static LintHints run(const LintTexts& texts);
};

} // namespace krw
