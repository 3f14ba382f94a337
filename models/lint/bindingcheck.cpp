// SPDX-License-Identifier: MIT
#include "models/lint/bindingcheck.h"

#include "models/lint/lintsource.h"
#include "models/lint/linttexts.h"
#include "models/run/caseversions.h"

#include <QSet>

#include <utility>

namespace krw {

namespace {

using Names = QHash<QString, LintSource::Signature>;

// The names a source defines (Python) or binds (C++); nullopt when its layout is not known.
std::optional<Names> definedNames(const QString& text, CodeLanguage language, int* anchorLine)
{
    *anchorLine = 0;
    if (language == CodeLanguage::Cpp) {
        int moduleLine = 0;
        Names names = LintSource::pybindNames(text, &moduleLine);
        if (moduleLine == 0)
            return std::nullopt; // no pybind11 module: bound some other way, if at all
        *anchorLine = moduleLine;
        return names;
    }
    if (language == CodeLanguage::Python) {
        bool starImport = false;
        Names names = LintSource::pythonNames(text, &starImport);
        if (starImport)
            return std::nullopt; // anything may come in
        return names;
    }
    return std::nullopt;
}

QString quotedList(QStringList names)
{
    names.sort();
    for (QString& n : names)
        n = QLatin1Char('`') + n + QLatin1Char('`');
    return names.join(QStringLiteral(", "));
}

// What is wrong with calling `sig` as `call` (empty: nothing).
QString argumentProblem(const LintSource::Signature& sig, const LintSource::Call& call, bool pybind)
{
    if (!sig.known || call.unpacked)
        return {};
    int positionalSlots = 0;
    bool star = false;
    bool doubleStar = false;
    QSet<QString> names;
    for (const auto& p : sig.parameters) {
        star = star || p.star;
        doubleStar = doubleStar || p.doubleStar;
        if (!p.star && !p.doubleStar && !p.keywordOnly)
            ++positionalSlots;
        if (!p.star && !p.doubleStar)
            names.insert(p.name);
    }
    const QString what = pybind ? QStringLiteral("the binding") : QStringLiteral("the definition");
    if (!star && call.positional > positionalSlots)
        return QStringLiteral("test line %1 calls `%2` with %3 positional arguments, but %4 takes %5")
            .arg(call.line)
            .arg(call.name)
            .arg(call.positional)
            .arg(what)
            .arg(positionalSlots);
    if (pybind && !sig.namesKnown && !call.keywords.isEmpty())
        return QStringLiteral("test line %1 passes `%2=` by keyword, but the binding of `%3` names no arguments (py::arg), so "
                              "pybind11 rejects the call (\"incompatible function arguments\")")
            .arg(call.line)
            .arg(call.keywords.constFirst(), call.name);
    for (const QString& k : call.keywords) {
        if (!doubleStar && !names.contains(k))
            return QStringLiteral("test line %1 passes `%2=` to `%3`, which has no parameter of that name")
                .arg(call.line)
                .arg(k, call.name);
    }
    if (!sig.namesKnown && pybind) {
        if (call.positional < positionalSlots)
            return QStringLiteral("test line %1 calls `%2` with %3 arguments, but the binding takes %4")
                .arg(call.line)
                .arg(call.name)
                .arg(call.positional)
                .arg(positionalSlots);
        return {};
    }
    int index = 0;
    for (const auto& p : sig.parameters) {
        if (p.star || p.doubleStar)
            continue;
        const bool given = (!p.keywordOnly && index < call.positional) || call.keywords.contains(p.name);
        if (!p.keywordOnly)
            ++index;
        if (!given && !p.hasDefault)
            return QStringLiteral("test line %1 calls `%2` without `%3`, which %4 requires").arg(call.line).arg(call.name, p.name, what);
    }
    return {};
}

} // namespace

LintHints BindingCheck::run(const LintTexts& texts)
{
    LintHints hints;
    if (texts.test.trimmed().isEmpty() || texts.label.trimmed().isEmpty())
        return hints;
    int labelLine = 0;
    const auto labelNames = definedNames(texts.label, LintSource::language(texts.label), &labelLine);
    if (!labelNames)
        return hints;
    // The test's own definitions shadow the module's.
    const Names testNames = LintSource::pythonNames(texts.test);
    const QVector<LintSource::Call> calls = LintSource::pythonCalls(texts.test);
    QStringList needed;
    for (const auto& call : calls) {
        if (labelNames->contains(call.name) && !testNames.contains(call.name) && !needed.contains(call.name))
            needed << call.name;
    }
    if (needed.isEmpty())
        return hints;
    for (const LintPrediction& p : texts.predictions) {
        if (p.text.trimmed().isEmpty())
            continue;
        const CodeLanguage language = LintSource::language(p.text);
        int anchor = 0;
        const auto provided = definedNames(p.text, language, &anchor);
        if (!provided)
            continue;
        const bool pybind = language == CodeLanguage::Cpp;
        QStringList missing;
        for (const QString& name : std::as_const(needed)) {
            if (!provided->contains(name))
                missing << name;
        }
        if (!missing.isEmpty()) {
            QStringList offered;
            for (auto it = provided->cbegin(); it != provided->cend(); ++it) {
                if (pybind || it->known) // Python: functions, not every import and constant
                    offered << it.key();
            }
            int line = anchor;
            if (!pybind) {
                for (const auto& s : *provided) {
                    if (s.known && (line == 0 || s.line < line))
                        line = s.line;
                }
            }
            const QString verb = pybind ? QStringLiteral("does not bind") : QStringLiteral("does not define");
            QString message = QStringLiteral("the test calls %1, which the prediction %2").arg(quotedList(missing), verb);
            if (!offered.isEmpty())
                message += (pybind ? QStringLiteral(" (it binds %1)") : QStringLiteral(" (it defines %1)")).arg(quotedList(offered));
            hints.append({name(), p.version, line, message});
        }
        // Arguments: one hint per name, from its first call that cannot work.
        QSet<QString> reported;
        for (const auto& call : calls) {
            if (!needed.contains(call.name) || reported.contains(call.name) || !provided->contains(call.name))
                continue;
            const LintSource::Signature& sig = provided->value(call.name);
            const QString problem = argumentProblem(sig, call, pybind);
            if (problem.isEmpty())
                continue;
            reported.insert(call.name);
            hints.append({name(), p.version, sig.line, problem});
        }
    }
    return hints;
}

} // namespace krw
