// SPDX-License-Identifier: MIT
#include "models/lint/fallbackcheck.h"

#include "models/lint/cppoutline.h"
#include "models/lint/lintsource.h"
#include "models/lint/linttexts.h"
#include "models/lint/pythonoutline.h"
#include "models/lint/torchops.h"
#include "models/run/caseversions.h"

#include <QRegularExpression>

#include <optional>

namespace krw {

namespace {

// A call that reaches the reference: a name part that says so (ref, reference, baseline,
// fallback, torch, eager, original: `self._torch_forward(`, `matmul_ref(`, `baseline.run(`), the
// KernelBench reference class `Model`, or the parent's method (`super().forward(`).
std::optional<TorchOps::Use> referenceCall(const QString& masked, PythonOutline::Span span)
{
    static const QRegularExpression call(QStringLiteral(R"((?<![\w.])([A-Za-z_]\w*+(?:[ \t]*+\.[ \t]*+[A-Za-z_]\w*+)*+)[ \t]*+\()"));
    static const QRegularExpression part(
        QStringLiteral(
            R"(^(?:_*+(?:ref|reference|baseline|fallback|torch|pytorch|eager|orig|original)(?:_\w*)?|\w*_(?:ref|reference|baseline|fallback|torch|pytorch|eager)|Model)$)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression parent(QStringLiteral(R"(\bsuper[ \t]*+\([^()\n]{0,200}\)[ \t]*+\.[ \t]*+[A-Za-z_]\w*+[ \t]*+\()"));
    const QString subject = masked.mid(span.start, span.end - span.start);
    std::optional<TorchOps::Use> first;
    for (auto it = call.globalMatch(subject); it.hasNext();) {
        const auto m = it.next();
        QString dotted = m.captured(1);
        dotted.remove(QLatin1Char(' ')).remove(QLatin1Char('\t'));
        const QStringList parts = dotted.split(QLatin1Char('.'));
        for (const QString& p : parts) {
            // `Model` alone: the class is named so; ModelNew, torch, nn are not it.
            if (p == QLatin1String("torch") || p == QLatin1String("Torch"))
                continue;
            if (part.match(p).hasMatch() && (p != QLatin1String("Model") || parts.size() <= 2)) {
                first = TorchOps::Use{dotted + QLatin1Char('('), span.start + int(m.capturedStart(1))};
                break;
            }
        }
        if (first)
            break;
    }
    const auto s = parent.match(subject);
    if (s.hasMatch() && (!first || span.start + s.capturedStart() < first->offset)) {
        QString text = s.captured(0);
        text.remove(QLatin1Char(' ')).remove(QLatin1Char('\t'));
        first = TorchOps::Use{text, span.start + int(s.capturedStart())};
    }
    return first;
}

void pythonHints(const LintPrediction& p, LintHints& hints)
{
    const QString masked = LintSource::mask(p.text, LintSource::Language::Python, true);
    static const QRegularExpression tryHeader(QStringLiteral(R"(^[ \t]*+try[ \t]*+:)"), QRegularExpression::MultilineOption);
    if (!LintSource::match(tryHeader, masked).hasMatch())
        return;
    const PythonOutline outline(masked);
    const QHash<QString, QString> imports = PythonOutline::imports(masked);
    const QSet<QString> layers = TorchOps::computeLayers(masked, imports);
    for (auto it = LintSource::globalMatch(tryHeader, masked); it.hasNext();) {
        const auto m = it.next();
        const int tryAt = int(masked.indexOf(QLatin1String("try"), m.capturedStart()));
        const int indent = outline.indentOf(tryAt);
        const auto body = outline.suite(tryAt);
        if (!body)
            continue;
        // The clauses that follow at the try's indentation.
        int at = body->end;
        while (true) {
            while (at < masked.size() && masked.at(at).isSpace())
                ++at;
            if (at >= masked.size() || outline.indentOf(at) != indent)
                break;
            // `except` as a word (not a regular expression from offset: PCRE2 would check the whole text each time)
            const QStringView rest = QStringView(masked).mid(at);
            if (!rest.startsWith(QLatin1String("except"))
                || (rest.size() > 6 && (rest.at(6).isLetterOrNumber() || rest.at(6) == QLatin1Char('_'))))
                break;
            const auto handler = outline.suite(at);
            if (!handler)
                break;
            auto use = TorchOps::firstInPython(masked, *handler, imports, layers);
            const auto reference = referenceCall(masked, *handler);
            bool isReference = false;
            if (reference && (!use || reference->offset < use->offset)) {
                use = reference;
                isReference = true;
            }
            if (use) {
                hints.append({FallbackCheck::name(), p.version, outline.lineOf(use->offset),
                    QStringLiteral("the `except` at line %1 (of the `try` at line %2) falls back to %3`%4`: when the kernel fails, "
                                   "%5 does the work and the test still passes")
                        .arg(outline.lineOf(at))
                        .arg(outline.lineOf(tryAt))
                        .arg(isReference ? QStringLiteral("the reference ") : QString(), use->text,
                            isReference ? QStringLiteral("the reference") : QStringLiteral("torch"))});
            }
            at = handler->end;
        }
    }
}

void cppHints(const LintPrediction& p, LintHints& hints)
{
    const QString masked = LintSource::mask(p.text, LintSource::Language::Cpp, true);
    static const QRegularExpression catchHeader(QStringLiteral(R"(\bcatch[ \t\n]*+\()"));
    if (!LintSource::match(catchHeader, masked).hasMatch())
        return;
    const CppOutline outline(masked);
    for (auto it = LintSource::globalMatch(catchHeader, masked); it.hasNext();) {
        const auto m = it.next();
        const int paren = int(m.capturedEnd()) - 1;
        const int close = outline.partner(paren);
        if (close < 0)
            continue;
        int brace = close + 1;
        while (brace < masked.size() && masked.at(brace).isSpace())
            ++brace;
        if (brace >= masked.size() || masked.at(brace) != QLatin1Char('{') || outline.partner(brace) < 0)
            continue;
        const auto use = TorchOps::firstInCpp(masked, {brace + 1, outline.partner(brace)});
        if (!use)
            continue;
        hints.append({FallbackCheck::name(), p.version, outline.lineOf(use->offset),
            QStringLiteral(
                "the `catch` at line %1 falls back to `%2`: when the kernel fails, torch does the work and the test still passes")
                .arg(outline.lineOf(int(m.capturedStart())))
                .arg(use->text)});
    }
}

} // namespace

LintHints FallbackCheck::run(const LintTexts& texts)
{
    LintHints hints;
    LintSource::forEachProgram(
        texts.predictions, [&](const LintPrediction& p) { pythonHints(p, hints); }, [&](const LintPrediction& p) { cppHints(p, hints); });
    return hints;
}

} // namespace krw
