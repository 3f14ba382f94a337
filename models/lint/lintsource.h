// SPDX-License-Identifier: MIT
//
// What the lint checks need to know of Python and C++ source without parsing it: comments and
// strings masked (same length, newlines kept, so offsets and lines stay true), the arguments of a
// call, the names a Python file defines, a pybind11 module's bindings, a C++ function's parameters.
// Regular-expression work on masked text: good enough for the code agents write, and an unknown
// layout gives "nothing found", which makes a check skip, never a crash.
#pragma once

#include "models/lint/linttexts.h"
#include "models/run/caseversions.h"

#include <QHash>
#include <QPair>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>
#include <memory>
#include <optional>

namespace krw {

class LintSource
{
public:
    enum class Language { Python, Cpp };

    // Comments become spaces; with maskStrings, so do the contents of string literals (their quotes stay).
    static QString mask(const QString& text, Language language, bool maskStrings);
    // detectLanguage (run/caseversions.h) of a text.
    static CodeLanguage language(const QString& text);
    // The language a program is written in, what its strings hold aside: language(), except that a
    // text with a top-level Python import, def or class (read as Python: comments and strings
    // masked) is Python even when C++ markers outnumber Python's, as in a KernelBench candidate
    // that compiles its CUDA/HIP from strings with load_inline. The checks of candidate code use it.
    static CodeLanguage programLanguage(const QString& text);
    // Each prediction that holds text, handed to python or cpp by its programLanguage(): how the
    // checks of candidate code walk a case's predictions.
    static void forEachProgram(const QVector<LintPrediction>& predictions, const std::function<void(const LintPrediction&)>& python,
        const std::function<void(const LintPrediction&)>& cpp);

    // While one lives on a thread, mask() and language() remember their answers for the texts they
    // are asked about (by the text's storage, so only for texts that outlive the scope unchanged:
    // one case's LintTexts). The checks ask about the same label and prediction many times.
    class CacheScope
    {
    public:
        CacheScope();
        ~CacheScope();
        CacheScope(const CacheScope&) = delete;
        CacheScope& operator=(const CacheScope&) = delete;
        struct Cache; // lintsource.cpp

    private:
        std::unique_ptr<Cache> m_cache;
        Cache* m_previous;
    };
    // A regular expression's matches in a subject from offset on. PCRE2 checks the whole subject for
    // valid UTF-16 on every call, which the checks pay for each expression and each candidate over
    // the same texts; here a long subject is checked once, remembered within a CacheScope (which keeps
    // it referenced, so its storage is not reused while the scope lives), and matched without
    // PCRE2's check; an invalid one is matched as before, PCRE2 checking it.
    static QRegularExpressionMatch match(const QRegularExpression& re, const QString& subject, qsizetype offset = 0);
    static QRegularExpressionMatchIterator globalMatch(const QRegularExpression& re, const QString& subject, qsizetype offset = 0);

    // 1-based line of a character offset.
    static int lineAt(const QString& text, int offset);

    // Where the arguments of the call whose '(' is at openParen in masked text are (start, length),
    // split at top-level commas, empty ones dropped; nullopt when the parenthesis is not closed.
    // *end gets the offset after ')'. Take their texts from the source or the masked text alike.
    using Spans = QVector<QPair<int, int>>;
    static std::optional<Spans> callArguments(const QString& masked, int openParen, int* end = nullptr);
    static QStringList slices(const QString& text, const Spans& spans); // trimmed

    struct Parameter
    {
        QString name;
        bool hasDefault = false;
        bool star = false; // *args
        bool doubleStar = false; // **kwargs
        bool keywordOnly = false; // after a bare * or *args
    };
    struct Signature
    {
        QString name;
        int line = 0;
        QVector<Parameter> parameters;
        bool known = true; // false: the parameters could not be read (a name bound to another name, ...)
        bool namesKnown = true; // false: keyword arguments are not accepted (pybind11 without py::arg)
    };

    // Top-level names a Python file defines: functions (with their parameters), classes,
    // assignments and imports. *starImport is set when it has `from x import *`.
    static QHash<QString, Signature> pythonNames(const QString& text, bool* starImport = nullptr);
    // The names a pybind11 module binds with m.def, with the parameters when they can be told
    // (py::arg names, else the bound C++ function's parameter count). *moduleLine: the PYBIND11_MODULE's line, 0 without one.
    static QHash<QString, Signature> pybindNames(const QString& text, int* moduleLine = nullptr);

    struct Call
    {
        QString name;
        int line = 0;
        int positional = 0;
        QStringList keywords;
        bool unpacked = false; // *args or **kwargs at the call: arity unknown
    };
    // Calls of plain names (not attributes, not definitions) in Python code.
    static QVector<Call> pythonCalls(const QString& text);
};

} // namespace krw
