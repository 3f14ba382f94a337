// SPDX-License-Identifier: MIT
//
// The texts of one case that the lint checks read, as plain strings: the instruction, label and
// test the case view shows first (the newest iteration that has them) and each iteration's
// prediction whose text differs from the one before it (an agent keeps its best code, so most
// iterations repeat it; a hint names the newest iteration that still holds the text).
#pragma once

#include "models/run/rundata.h"

#include <QPair>
#include <QVector>

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

    // Where those texts are in the run's files: the newest instruction, label and test, and every
    // iteration's prediction with its version (repeats not yet dropped: read() drops those whose
    // text repeats the one before). The one rule of which spans the lint reads.
    struct Spans
    {
        TextRef instruction;
        TextRef label;
        TextRef test;
        QVector<QPair<QString, TextRef>> predictions; // (version, span), oldest first
    };
    static Spans spans(const Case& c);

    // Reads a case's texts (each up to maxBytes) with the caller's reader (one per thread).
    static LintTexts read(const Case& c, TextReader& reader, qint64 maxBytes);
};

} // namespace krw
