// SPDX-License-Identifier: MIT
//
// The shape of a C++/HIP text that the checks of candidate code need: every bracket's partner, the
// functions defined at namespace level (and inside classes) with their bodies, and lines. It reads
// masked text (LintSource::mask with strings masked) and is built in one pass, so an unclosed
// brace costs nothing more than a closed one.
#pragma once

#include "models/lint/pythonoutline.h"

#include <QString>
#include <QVector>

#include <vector>

namespace krw {

class CppOutline
{
public:
    using Span = PythonOutline::Span;

    explicit CppOutline(const QString& masked);

    const QString& masked() const { return m_masked; }
    // The partner of the bracket at offset: the closing one of an opening one and back; -1 when it
    // has none (or offset holds no bracket).
    int partner(int offset) const;
    int lineOf(int offset) const; // 1-based

    struct Function
    {
        QString name; // "forward", "my_kernel"
        int line = 0; // of the name
        int nameStart = 0;
        Span body; // inside the braces
    };
    // Function definitions (a name, a parameter list, qualifiers, a body), outside other functions'
    // bodies; lambdas and control statements are none.
    QVector<Function> functions() const;

private:
    QString m_masked;
    std::vector<int> m_partner;
    std::vector<int> m_lineStart;
};

} // namespace krw
