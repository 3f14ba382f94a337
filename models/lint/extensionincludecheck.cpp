// SPDX-License-Identifier: MIT
#include "models/lint/extensionincludecheck.h"

#include "models/lint/lintsource.h"
#include "models/lint/linttexts.h"
#include "models/run/caseversions.h"

#include <QRegularExpression>

namespace krw {

LintHints ExtensionIncludeCheck::run(const LintTexts& texts)
{
    LintHints hints;
    static const QRegularExpression caster(
        QStringLiteral(R"(^[ \t]*#[ \t]*include[ \t]*[<"]torch/(?:extension\.h|python\.h|csrc/utils/pybind\.h)[>"])"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression tensor(QStringLiteral(R"(\b(?:at|torch)::Tensor\b)"));
    for (const LintPrediction& p : texts.predictions) {
        if (p.text.trimmed().isEmpty() || LintSource::language(p.text) != CodeLanguage::Cpp)
            continue;
        const QString masked = LintSource::mask(p.text, LintSource::Language::Cpp, true);
        static const QRegularExpression module(QStringLiteral(R"(\bPYBIND11_MODULE\s*\()"));
        const auto m = LintSource::match(module, masked);
        if (!m.hasMatch() || !masked.contains(QLatin1String(".def(")))
            continue; // binds nothing
        const int moduleLine = LintSource::lineAt(masked, int(m.capturedStart()));
        const auto use = LintSource::match(tensor, masked);
        if (!use.hasMatch() || LintSource::match(caster, masked).hasMatch())
            continue;
        hints.append({name(), p.version, moduleLine,
            QStringLiteral("the module binds functions on `%1` (line %2) but does not include <torch/extension.h>: pybind11 then has "
                           "no tensor caster, and every call fails with \"incompatible function arguments\"")
                .arg(use.captured(0))
                .arg(LintSource::lineAt(masked, int(use.capturedStart())))});
    }
    return hints;
}

} // namespace krw
