// SPDX-License-Identifier: MIT
#include "models/lint/monkeypatchcheck.h"

#include "models/lint/lintsource.h"
#include "models/lint/linttexts.h"
#include "models/lint/pythonoutline.h"
#include "models/run/caseversions.h"

#include <QRegularExpression>

namespace krw {

namespace {

// A dotted name (imports resolved) that belongs to what a harness times or compares with: torch,
// time, timeit, triton, numpy and the builtins; settings (torch.backends.*, any *.config.*)
// are not.
bool isHarnessName(const QString& qualified)
{
    static const QRegularExpression root(QStringLiteral(R"(^(?:torch|time|timeit|triton|numpy|builtins|__builtins__)(?:\.|$))"));
    static const QRegularExpression setting(
        QStringLiteral(R"(^torch\.(?:backends|_dynamo|_inductor|_functorch|fx|_logging)\.|\.(?:config|flags)(?:\.|$)|^numpy\.random\.)"));
    return root.match(qualified).hasMatch() && !setting.match(qualified).hasMatch();
}

} // namespace

LintHints MonkeyPatchCheck::run(const LintTexts& texts)
{
    LintHints hints;
    // `torch.allclose = ...`, `F.softmax = ...`, `torch.cuda.Event.elapsed_time = ...`
    static const QRegularExpression assign(
        QStringLiteral(R"(^[ \t]*+([A-Za-z_]\w*+(?:[ \t]*+\.[ \t]*+[A-Za-z_]\w*+)++)[ \t]*+=(?!=))"), QRegularExpression::MultilineOption);
    // `__builtins__["open"] = ...`, `sys.modules["time"] = ...`, `torch.__dict__["allclose"] = ...`
    static const QRegularExpression item(
        QStringLiteral(R"(^[ \t]*+([A-Za-z_][\w.]*+)[ \t]*+\[[^\]\n]{0,300}\][ \t]*+=(?!=))"), QRegularExpression::MultilineOption);
    // setattr(torch, ...), unittest.mock's patch.object(torch.cuda, ...)
    static const QRegularExpression setter(
        QStringLiteral(R"((?<![\w.])((?:[A-Za-z_]\w*+\.)*+(?:setattr|object))[ \t]*+\([ \t]*+([A-Za-z_][\w.]*+)[ \t]*+,)"));
    // patch("torch.cuda.synchronize", ...): the target is a string
    static const QRegularExpression patchString(
        QStringLiteral(R"((?<![\w])patch[ \t]*+\([ \t]*+["']((?:torch|time|timeit|triton|builtins)\.[\w.]+)["'])"));
    for (const LintPrediction& p : texts.predictions) {
        if (p.text.trimmed().isEmpty() || LintSource::programLanguage(p.text) != CodeLanguage::Python)
            continue;
        const QString masked = LintSource::mask(p.text, LintSource::Language::Python, true);
        const QHash<QString, QString> imports = PythonOutline::imports(masked);
        auto hint = [&](int offset, const QString& target, const QString& written) {
            hints.append({name(), p.version, LintSource::lineAt(masked, offset),
                QStringLiteral("replaces `%1`%2: a harness that times or compares with it then runs what the prediction put there")
                    .arg(target, written.isEmpty() || written == target ? QString() : QStringLiteral(" (`%1`)").arg(written))});
        };
        for (auto it = LintSource::globalMatch(assign, masked); it.hasNext();) {
            const auto m = it.next();
            QString target = m.captured(1);
            target.remove(QLatin1Char(' ')).remove(QLatin1Char('\t'));
            const QString qualified = PythonOutline::resolve(imports, target);
            if (imports.contains(target.section(QLatin1Char('.'), 0, 0)) || target.startsWith(QLatin1String("torch."))
                || target.startsWith(QLatin1String("builtins.")) || target.startsWith(QLatin1String("__builtins__."))) {
                if (isHarnessName(qualified))
                    hint(int(m.capturedStart(1)), qualified, target);
            }
        }
        for (auto it = LintSource::globalMatch(item, masked); it.hasNext();) {
            const auto m = it.next();
            const QString base = PythonOutline::resolve(imports, m.captured(1));
            if (base == QLatin1String("__builtins__") || base == QLatin1String("sys.modules")
                || (base.endsWith(QLatin1String(".__dict__")) && isHarnessName(base)))
                hint(int(m.capturedStart(1)), base + QStringLiteral("[…]"), QString());
        }
        for (auto it = LintSource::globalMatch(setter, masked); it.hasNext();) {
            const auto m = it.next();
            const QString fn = m.captured(1);
            if (fn != QLatin1String("setattr") && !fn.endsWith(QLatin1String("patch.object")))
                continue;
            const QString object = PythonOutline::resolve(imports, m.captured(2));
            if (isHarnessName(object)
                && (imports.contains(m.captured(2).section(QLatin1Char('.'), 0, 0)) || object.startsWith(QLatin1String("torch"))))
                hint(
                    int(m.capturedStart(1)), object + QStringLiteral(".…"), fn + QLatin1Char('(') + m.captured(2) + QStringLiteral(", …)"));
        }
        const QString withStrings = LintSource::mask(p.text, LintSource::Language::Python, false);
        for (auto it = LintSource::globalMatch(patchString, withStrings); it.hasNext();) {
            const auto m = it.next();
            if (isHarnessName(m.captured(1)))
                hint(int(m.capturedStart()), m.captured(1), QString());
        }
    }
    return hints;
}

} // namespace krw
