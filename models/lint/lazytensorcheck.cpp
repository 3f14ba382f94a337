// SPDX-License-Identifier: MIT
#include "models/lint/lazytensorcheck.h"

#include "models/lint/lintsource.h"
#include "models/lint/linttexts.h"
#include "models/lint/pythonoutline.h"
#include "models/run/caseversions.h"

#include <QRegularExpression>
#include <QSet>

namespace krw {

namespace {

bool isTensorBase(const QString& qualified)
{
    static const QSet<QString> bases = {QStringLiteral("torch.Tensor"), QStringLiteral("torch._C._TensorBase"),
        QStringLiteral("torch._C.TensorBase"), QStringLiteral("torch._tensor.Tensor"),
        QStringLiteral("torch.utils._python_dispatch.TorchDispatchMode"), QStringLiteral("torch.overrides.TorchFunctionMode")};
    return bases.contains(qualified);
}

} // namespace

LintHints LazyTensorCheck::run(const LintTexts& texts)
{
    LintHints hints;
    static const QRegularExpression cls(
        QStringLiteral(R"(^[ \t]*+class[ \t]++([A-Za-z_]\w*+)[ \t]*+\(([^()\n:]{0,400})\)[ \t]*+:)"), QRegularExpression::MultilineOption);
    static const QRegularExpression construct(QStringLiteral(
        R"((?<![\w])(?:(?:[A-Za-z_]\w*+[ \t]*+\.[ \t]*+)*+(_make_subclass|_make_wrapper_subclass)|((?:torch[ \t]*+\.[ \t]*+)?Tensor[ \t]*+\.[ \t]*+__new__))[ \t]*+\()"));
    static const QRegularExpression hook(
        QStringLiteral(
            R"(^[ \t]*+(?:def[ \t]++(__torch_function__|__torch_dispatch__)\b|(__torch_function__|__torch_dispatch__)[ \t]*+=(?!=)))"),
        QRegularExpression::MultilineOption);
    for (const LintPrediction& p : texts.predictions) {
        if (p.text.trimmed().isEmpty() || LintSource::programLanguage(p.text) != CodeLanguage::Python)
            continue;
        const QString masked = LintSource::mask(p.text, LintSource::Language::Python, true);
        if (!masked.contains(QLatin1String("Tensor")) && !masked.contains(QLatin1String("_make_"))
            && !masked.contains(QLatin1String("__torch_")) && !masked.contains(QLatin1String("Mode")))
            continue;
        const QHash<QString, QString> imports = PythonOutline::imports(masked);
        const PythonOutline outline(masked);
        QVector<PythonOutline::Span> flagged; // suites of the classes hinted: their hooks say nothing new
        QSet<QString> tensorClasses;
        for (auto it = LintSource::globalMatch(cls, masked); it.hasNext();) {
            const auto m = it.next();
            QString base;
            for (QString b : m.captured(2).split(QLatin1Char(','))) {
                b = b.simplified().remove(QLatin1Char(' '));
                if (b.contains(QLatin1Char('=')))
                    continue; // metaclass=...
                if (isTensorBase(PythonOutline::resolve(imports, b)) || tensorClasses.contains(b)) {
                    base = b;
                    break;
                }
            }
            if (base.isEmpty())
                continue;
            tensorClasses.insert(m.captured(1));
            const int start = int(m.capturedStart(1));
            if (const auto s = outline.suite(int(masked.lastIndexOf(QLatin1String("class"), start))))
                flagged.append(*s);
            hints.append({name(), p.version, outline.lineOf(start),
                QStringLiteral("defines a tensor subclass (`class %1(%2)`): its values can be computed when the test reads or compares "
                               "them, not when the call is timed")
                    .arg(m.captured(1), base)});
        }
        // Whether an offset (asked in ascending order) lies in a hinted class; flagged is in text order.
        int next = 0;
        auto inFlagged = [&flagged, &next](int at) {
            while (next < flagged.size() && flagged.at(next).end <= at)
                ++next;
            return next < flagged.size() && flagged.at(next).start <= at;
        };
        for (auto it = LintSource::globalMatch(construct, masked); it.hasNext();) {
            const auto m = it.next();
            const int at = int(m.capturedStart());
            if (inFlagged(at))
                continue;
            const QString what = m.captured(1).isEmpty() ? m.captured(2).remove(QLatin1Char(' ')) : m.captured(1);
            hints.append({name(), p.version, outline.lineOf(at),
                QStringLiteral("makes a tensor of its own kind (`%1(`): its values can be computed when the test reads or compares them, "
                               "not when the call is timed")
                    .arg(what)});
        }
        next = 0;
        for (auto it = LintSource::globalMatch(hook, masked); it.hasNext();) {
            const auto m = it.next();
            const int at = int(m.capturedStart());
            if (inFlagged(at))
                continue;
            const QString what = m.captured(1).isEmpty() ? m.captured(2) : m.captured(1);
            hints.append({name(), p.version, outline.lineOf(at + outline.indentOf(at)),
                QStringLiteral("overrides `%1`: torch calls on its tensors (the test's comparison among them) run the prediction's code")
                    .arg(what)});
        }
    }
    return hints;
}

} // namespace krw
