// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/diagnostic.h"

namespace krw {

// Incremental parser for clang/hipcc/gcc/nvcc output (B4): feed chunks as they arrive; only
// complete lines are parsed, the unfinished tail is kept for the next chunk.
class DiagnosticParser
{
public:
    void feed(const QString& chunk);
    void finish(); // parses the last line even without a newline
    const QVector<Diagnostic>& diagnostics() const { return m_diagnostics; }

    static QVector<Diagnostic> parseAll(const QString& output);

private:
    void parseLine(const QString& line);

    QString m_tail;
    QVector<Diagnostic> m_diagnostics;
};

} // namespace krw
