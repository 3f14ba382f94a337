// SPDX-License-Identifier: MIT
//
// "dimension": a prediction reads a tensor dimension (`x.size(4)`, `x.stride(4)`, `x.shape[4]`) of a
// parameter that no tensor the test creates has: the test's tensors are made with literal shapes
// (`torch.randn(a, b, c, d)`) and nothing in it adds dimensions (view, reshape, unsqueeze, None
// indexing, stack, ...); otherwise the check does not know the ranks and skips.
#pragma once

#include "models/lint/linthint.h"

namespace krw {

struct LintTexts;

class DimensionCheck
{
public:
    static QString name() { return QStringLiteral("dimension"); }
    static LintHints run(const LintTexts& texts);
};

} // namespace krw
