// SPDX-License-Identifier: MIT
//
// The shape of a Python text that the checks of candidate code need beyond LintSource: where an
// indented block (a suite) ends, the functions with their bodies and decorators, the logical line a
// statement spans, and what the imported names stand for. It reads masked text (LintSource::mask
// with strings masked), never parses: a layout it does not know gives "nothing found".
//
// Built once per text: every bracket's partner and every line's indentation are found in one pass,
// so no question walks past an unclosed bracket or counts a line's blanks twice, and a text of any
// size (or any number of unclosed brackets) costs time in proportion to its length times its
// nesting depth.
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>
#include <vector>

namespace krw {

class PythonOutline
{
public:
    explicit PythonOutline(const QString& masked);

    const QString& masked() const { return m_masked; }

    // Offsets [start, end) into the masked text.
    struct Span
    {
        int start = 0;
        int end = 0;
    };

    // The suite of the compound statement (def, class, try, except, with, ...) whose header starts
    // at headerStart: the rest of the header's line when the body is on it (`except E: return x`),
    // else the lines after it that are indented deeper than the header's line (lines inside open
    // brackets count whatever their indentation; a line with a bracket never closed is one line).
    // nullopt when the header has no ':' outside brackets before its logical line ends, or holds a
    // bracket that is never closed.
    std::optional<Span> suite(int headerStart) const;

    // The logical line that holds offset: from its line's first non-blank character to the end of
    // the line on which its brackets close (or a backslash continuation ends); to the end of its
    // first line when a bracket in it is never closed (what follows is no part of anything then).
    Span statement(int offset) const;

    int indentOf(int offset) const; // the leading blanks of offset's line
    // The closing bracket of the opening one at offset; -1 when it is never closed (or offset holds none).
    int closing(int offset) const;
    int lineOf(int offset) const; // 1-based

    struct Function
    {
        QString name;
        QString className; // the innermost class whose suite holds it; "" for a free function
        int line = 0; // of the `def`
        int start = 0; // offset of `def` (or `async`)
        Span body;
        QStringList decorators; // dotted names, without '@' and arguments: "triton.jit", "triton.autotune"
        bool kernel = false; // a decorator compiles it for a device (…jit, …autotune, …kernel, …heuristics)
    };
    // Every function, nested ones included, in the order of the text.
    QVector<Function> functions() const;

    // What each imported name stands for: `import torch.nn.functional as F` → F: torch.nn.functional,
    // `import threading` → threading: threading, `from threading import Thread` → Thread:
    // threading.Thread. Imports anywhere, inside functions too; relative ones are left out.
    static QHash<QString, QString> imports(const QString& masked);
    // A dotted name (blanks dropped) with its first part replaced by what an import made of it
    // (F.relu → torch.nn.functional.relu); unchanged when the first part is not imported.
    static QString resolve(const QHash<QString, QString>& imports, const QString& dotted);

private:
    int lineIndex(int offset) const; // 0-based
    int lineEnd(int line) const; // offset of the '\n' ending line (0-based), or the text's end
    // From a line's first non-blank character: the end of its logical line, or where a ':' outside
    // brackets is (*colon, when asked for), whichever comes first. -1: a bracket never closes.
    int walk(int from, int* colon) const;

    QString m_masked;
    std::vector<int> m_partner; // for an opening bracket's offset, its closing one's (-1: never closed)
    std::vector<int> m_lineStart;
    std::vector<int> m_indent;
};

} // namespace krw
