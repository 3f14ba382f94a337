// SPDX-License-Identifier: MIT
#pragma once

#include "browse/sourcerefs.h"

namespace krw {

// Which text a reference in an error message points into. The agent's harness compiled the
// prediction as one file and ran "prediction + test code" as one Python program, so a C++ file
// means the prediction, and a Python line past the prediction's end means the test code.
struct RefTarget
{
    enum class Where { Predict, TestCode };
    Where where = Where::Predict;
    int line = 0; // 1-based, within that text
};

RefTarget refTarget(const SourceRef& ref, int predictLineCount);

} // namespace krw
