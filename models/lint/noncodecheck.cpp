// SPDX-License-Identifier: MIT
#include "models/lint/noncodecheck.h"

#include "models/lint/lintsource.h"
#include "models/lint/linttexts.h"
#include "models/run/caseversions.h"

#include <QRegularExpression>

namespace krw {

LintHints NonCodeCheck::run(const LintTexts& texts)
{
    LintHints hints;
    static const QRegularExpression fence(QStringLiteral(R"(^[ \t]*(```|~~~))"), QRegularExpression::MultilineOption);
    static const QRegularExpression asksHip(QStringLiteral(R"(\bHIP\b)"));
    static const QRegularExpression triton(
        QStringLiteral(R"(^[ \t]*(?:import[ \t]+triton\b|from[ \t]+triton\b|@triton\.jit))"), QRegularExpression::MultilineOption);
    const bool hipAsked = LintSource::match(asksHip, texts.instruction).hasMatch();
    for (const LintPrediction& p : texts.predictions) {
        if (p.text.trimmed().isEmpty()) {
            hints.append({name(), p.version, 0, QStringLiteral("the prediction is empty: the agent produced no code")});
            continue;
        }
        const auto f = LintSource::match(fence, p.text);
        if (f.hasMatch()) {
            hints.append({name(), p.version, LintSource::lineAt(p.text, int(f.capturedStart(1))),
                QStringLiteral("the prediction holds a Markdown fence (%1): the harness compiles the text as it is").arg(f.captured(1))});
            continue;
        }
        const CodeLanguage language = LintSource::language(p.text);
        if (language == CodeLanguage::Plain) {
            hints.append({name(), p.version, 1, QStringLiteral("the prediction is prose, not code: no C++ or Python found in it")});
            continue;
        }
        if (hipAsked && language == CodeLanguage::Python) {
            const auto t = LintSource::match(triton, p.text);
            if (t.hasMatch())
                hints.append({name(), p.version, LintSource::lineAt(p.text, int(t.capturedStart())),
                    QStringLiteral("the instruction asks for HIP, but the prediction is Triton (Python)")});
        }
    }
    return hints;
}

} // namespace krw
