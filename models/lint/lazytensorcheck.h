// SPDX-License-Identifier: MIT
//
// "lazy-tensor": a candidate that makes tensors of its own kind (a torch.Tensor subclass,
// _make_subclass, __torch_function__ / __torch_dispatch__, a dispatch mode): results that can be
// computed when the test reads or compares them rather than when the call is timed. Confirmed at
// run time by the battery's `output_reused` or `timer_disagrees`.
#pragma once

#include "models/lint/linthint.h"

namespace krw {

struct LintTexts;

class LazyTensorCheck
{
public:
    static QString name() { return QStringLiteral("lazy-tensor"); }
    static LintHints run(const LintTexts& texts);
};

} // namespace krw
