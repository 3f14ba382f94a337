// SPDX-License-Identifier: MIT
//
// "constant": a compile-time constant (ALL_CAPS name, integer value) that disagrees between the
// instruction and the label (`BLOCK_SIZE = 256` said, 1024 launched) or between the label and a
// prediction (a translation into another language, or a constant the instruction gives a value).
// Names set to several values in one text count as all of them; only a value none of
// the other text's values matches is a disagreement.
#pragma once

#include "models/lint/linthint.h"

namespace krw {

struct LintTexts;

class ConstantCheck
{
public:
    static QString name() { return QStringLiteral("constant"); }
    static LintHints run(const LintTexts& texts);
};

} // namespace krw
