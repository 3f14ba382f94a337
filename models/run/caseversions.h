// SPDX-License-Identifier: MIT
//
// The versions of a case's code a reviewer can read and compare: for each iteration the
// prediction, the call and exe fixes, every perf candidate; plus the label and test code.
#pragma once

#include "models/run/rundata.h"

namespace krw {

enum class CodeLanguage { Python, Cpp, Plain };

struct CodeVersion
{
    enum class Kind { Label, Predict, CallFix, ExeFix, Perf, TestCode, Oneshot };
    Kind kind = Kind::Predict;
    int iteration = 0;
    int perfIndex = -1; // 0-based, Kind::Perf only
    TextRef text;
    // A version of the same case in the run this one is compared with (issue 13): its id starts
    // with "b:" and its title with "B · ", and its text is in the run compared with.
    bool compared = false;
    QString attempt{}; // the layout's name of its iteration (IterationRecord::attempt)

    QString id() const; // stable key: "label", "it3:predict", "it3:perf:2" (perf 1-based); "b:it3:predict"
    QString title() const; // for people: "Iteration 3 · Perf candidate 2"; "B · Iteration 3 · Prediction"
};

// Every version with content, newest iteration first; label and test code from the newest
// iteration that has them come first.
QVector<CodeVersion> codeVersions(const Case& c);

// The versions of the same case in the run compared with (codeVersions(other), each compared).
QVector<CodeVersion> comparedVersions(const Case& other);

// The same kind of version in the iteration before, if there is one with content.
std::optional<CodeVersion> previousVersion(const Case& c, const CodeVersion& v);

// Triton/Python or HIP/C++ from the text itself, not from the field it came from.
CodeLanguage detectLanguage(const QString& text);
QString languageName(CodeLanguage language); // "Python", "C++", "Plain text"

} // namespace krw
