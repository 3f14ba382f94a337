// SPDX-License-Identifier: MIT
//
// "binding": the test calls a name the prediction does not define or bind (a pybind11 module's
// m.def names for HIP, top-level names for Python), or calls it with arguments it cannot take
// (too many or too few, a keyword the binding does not name, any keyword where pybind11 has no
// py::arg names). The names the test needs are the ones it calls that the label defines.
#pragma once

#include "models/lint/linthint.h"

namespace krw {

struct LintTexts;

class BindingCheck
{
public:
    static QString name() { return QStringLiteral("binding"); }
    static LintHints run(const LintTexts& texts);
};

} // namespace krw
