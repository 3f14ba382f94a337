// SPDX-License-Identifier: MIT
//
// The texts of one case that the lint checks read, as plain strings: the instruction, label and
// test the case view shows first (the newest iteration that has them) and each iteration's
// prediction whose text differs from the one before it (an agent keeps its best code, so most
// iterations repeat it; a hint names the newest iteration that still holds the text).
#pragma once

#include "run/rundata.h"

namespace krw {

class TextReader;

struct LintPrediction
{
    QString version; // "itN:predict"
    QString text; // "" for an empty prediction
};

struct LintTexts
{
    QString instruction;
    QString label;
    QString test;
    QVector<LintPrediction> predictions; // oldest first

    // Reads a case's texts (each up to maxBytes) with the caller's reader (one per thread).
    static LintTexts read(const Case& c, TextReader& reader, qint64 maxBytes);
};

} // namespace krw
