// SPDX-License-Identifier: MIT
//
// Where a file reference in an error message leads, decided against the case's own texts. The one
// rule for which references in the Errors tab are links:
// - a reference links only when its file stands for a version of this case: a C++ file named after
//   the case ("sin_kernel.hip") or a debug-folder code file is that iteration's prediction or
//   candidate; a Python file named like the case is the program the harness ran (the Python
//   prediction, else the label, followed by the test code); "test_*.py", "*_test.py" and
//   "3_test_code.py" are the test code, "1_label_source.py" the label; any Python file in a folder
//   named after the case ("/tmp/kr_run/sin_kernel/run_call.py") is a harness program around the
//   test code, whose own line numbers say nothing about the test's;
// - library and toolchain paths (site-packages, torch/, /usr/…, /opt/rocm…, Python's own lib) are
//   plain text;
// - when the message quotes the source line (the line after "file:line:col: error:" in
//   clang/hipcc/gcc/nvcc output, the line under a Python frame), that text decides: a link goes to
//   the line of the version that holds it (the nearest to the line named, if several), and a
//   quoted line the version does not hold is not linked — it usually comes from an attempt the
//   agent discarded;
// - without a quoted line, a line past the end of the version is not linked.
#pragma once

#include "models/browse/sourcerefs.h"
#include "models/run/casetexts.h"
#include "models/run/caseversions.h"

namespace krw {

struct ErrorLink
{
    enum class Kind {
        Link, // opens versionId at line
        Library, // library or toolchain code: plain text
        NotThisCase, // a file that stands for no version of the case
        NotInVersion, // the quoted line is not in the version the file stands for
        PastEnd, // the line named is past the end of the version
    };
    SourceRef ref;
    Kind kind = Kind::NotThisCase;
    QString versionId; // the version the file stands for; empty for Library and NotThisCase
    QString versionTitle;
    int line = 0; // 1-based line to open; 0 unless Kind::Link
    QString quoted; // the source line the message quotes, trimmed; empty when it quotes none
    QString toolTip; // what the reference says when hovered: target and line, or why it is no link

    bool isLink() const { return kind == Kind::Link; }
};

// Every file reference in message (findSourceRefs), resolved. iteration: the iteration whose
// message it is; versions: the case's (codeVersions()), texts: their texts by version id.
QVector<ErrorLink> resolveErrorLinks(
    const QString& message, const QString& caseFilename, int iteration, const QVector<CodeVersion>& versions, const CaseTexts& texts);

// The source line the message quotes for ref, trimmed; empty when it quotes none.
QString quotedSourceLine(const QString& message, const SourceRef& ref);

// Library and toolchain code rather than code of a case.
bool isLibraryPath(const QString& path);

} // namespace krw
