// SPDX-License-Identifier: MIT
#include "runner/pipeline/staticconfirmation.h"

#include "models/lint/linter.h"
#include "models/lint/linttexts.h"
#include "models/rerun/rerunresult.h"

namespace krw {

LintHints StaticConfirmation::candidateHints(
    const QString& candidateId, const QString& candidateText, const QString& baselineText, const QString& testCode)
{
    LintTexts texts;
    texts.label = baselineText;
    texts.test = testCode;
    texts.predictions = {LintPrediction{candidateId, candidateText}};
    LintHints own;
    for (const LintHint& hint : Linter::lintCase(texts)) {
        if (hint.version == candidateId)
            own << hint;
    }
    return own;
}

void StaticConfirmation::apply(RerunResult* result, const LintHints& hints)
{
    for (const LintHint& hint : hints) {
        for (const QString& flag : Linter::confirmingFlags(hint.check)) {
            if (!result->flags.contains(flag))
                continue;
            for (CheckSummary& check : result->checks) {
                if (check.name == flag && check.flagged)
                    check.notes << QStringLiteral("static check %1 agrees: line %2: %3").arg(hint.check).arg(hint.line).arg(hint.message);
            }
        }
    }
}

} // namespace krw
