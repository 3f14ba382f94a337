// SPDX-License-Identifier: MIT
//
// "extension-include": a HIP/C++ module that binds tensors (`at::Tensor`, `torch::Tensor`) with
// PYBIND11_MODULE but includes none of the headers that give pybind11 a tensor caster
// (<torch/extension.h>, <torch/python.h>, <torch/csrc/utils/pybind.h>): every call then fails with
// "incompatible function arguments" (seen on a real rerun).
#pragma once

#include "models/lint/linthint.h"

namespace krw {

struct LintTexts;

class ExtensionIncludeCheck
{
public:
    static QString name() { return QStringLiteral("extension-include"); }
    static LintHints run(const LintTexts& texts);
};

} // namespace krw
