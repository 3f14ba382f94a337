// SPDX-License-Identifier: MIT
//
// "harness-read": a candidate that reads the test or the harness (open, Path.read_text, np.load, ...
// of a path naming a test, the harness, krw_ files or __file__'s folder) or looks at its caller
// (inspect.stack, sys._getframe, frame.f_back, gc.get_objects, __main__). No battery flag confirms it.
#pragma once

#include "models/lint/linthint.h"

namespace krw {

struct LintTexts;

class HarnessReadCheck
{
public:
    static QString name() { return QStringLiteral("harness-read"); }
    static LintHints run(const LintTexts& texts);
};

} // namespace krw
