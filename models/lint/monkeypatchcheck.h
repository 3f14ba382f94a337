// SPDX-License-Identifier: MIT
//
// "monkey-patch": a candidate that assigns over what a harness times or compares with (torch.*,
// time.*, triton.*, builtins: torch.allclose, torch.cuda.synchronize, time.perf_counter), by
// assignment, setattr, a __dict__ or sys.modules item, or mock.patch. Settings (torch.backends.*,
// *.config.*) are not this. No battery flag confirms it.
#pragma once

#include "models/lint/linthint.h"

namespace krw {

struct LintTexts;

class MonkeyPatchCheck
{
public:
    static QString name() { return QStringLiteral("monkey-patch"); }
    static LintHints run(const LintTexts& texts);
};

} // namespace krw
