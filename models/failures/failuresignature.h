// SPDX-License-Identifier: MIT
//
// What an error message says once everything that belongs to one case is taken out of it: its
// paths, line and column numbers, numbers, hex, generated names and the case's own identifiers
// become <PATH>, <N>, <HEX> and <ID>, so two cases that failed for the same cause have the same
// signature. The rules, with before/after examples, are in docs/FAILURES.md; they are pure
// functions, tested on the real runs' messages (tests/models/failures/tst_failuresignature.cpp).
#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace krw {

struct RerunResult;

struct FailureSignature
{
    // What failed, kept apart from the text: "compile error", a Python exception type
    // ("TypeError"), "output mismatch", "execution error", "no prediction", "rerun", "error".
    QString kind;
    // The normalised message: "use of undeclared identifier <ID>". Empty: no signature.
    QString text;

    bool isValid() const { return !text.isEmpty(); }
    // The grouping key: kind and text (the same words from two kinds of failure are two causes).
    QString key() const { return kind + QLatin1Char('\x1f') + text; }
    bool operator==(const FailureSignature& o) const { return kind == o.kind && text == o.text; }
    bool operator!=(const FailureSignature& o) const { return !(*this == o); }

    // Longest signature text kept, in characters (a longer one is cut and ends with "…").
    static constexpr int MaxChars = 200;

    // The signature of an error message (call_err_msg, exe_err_msg, a rerun's failure or log).
    // caseNames: identifiers of the case itself (its filename's stem, …), abstracted to <ID>
    // wherever they stand as words. An empty or blank message gives an invalid signature.
    static FailureSignature ofMessage(const QString& message, const QStringList& caseNames = {});
    // The signature of a rerun that did not pass: its first compile error, else its failure or
    // the side that failed; invalid for a rerun that passed or was cancelled.
    static FailureSignature ofRerun(const RerunResult& result, const QStringList& caseNames = {});
    // Identifiers of a case that come from its filename: "rms_norm.py" → rms_norm, rms_norm_hip.
    static QStringList caseNamesOf(const QString& filename);
    // The generic rules alone, on one line of text (no choice of the line that counts).
    static QString normalise(const QString& line, const QStringList& caseNames = {});
};

} // namespace krw

Q_DECLARE_METATYPE(krw::FailureSignature)
