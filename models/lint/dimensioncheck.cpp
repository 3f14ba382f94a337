// SPDX-License-Identifier: MIT
#include "models/lint/dimensioncheck.h"

#include "models/lint/lintsource.h"
#include "models/lint/linttexts.h"
#include "models/run/caseversions.h"

#include <QRegularExpression>
#include <QSet>

namespace krw {

namespace {

// The rank of one creation's shape argument: a literal tuple or list, else nullopt.
std::optional<int> tupleRank(const QString& masked, const QPair<int, int>& span)
{
    const QChar first = masked.at(span.first);
    if (first != QLatin1Char('(') && first != QLatin1Char('['))
        return std::nullopt;
    const auto items = LintSource::callArguments(masked, span.first);
    if (!items)
        return std::nullopt;
    return int(items->size());
}

// The highest rank of the tensors the test creates; nullopt when a shape is not literal or the
// test may add dimensions, 0 when it creates none.
std::optional<int> testRank(const QString& test)
{
    const QString masked = LintSource::mask(test, LintSource::Language::Python, true);
    static const QRegularExpression raising(QStringLiteral(
        R"(\.(?:view|reshape|unsqueeze|expand|unflatten|repeat|outer|as_strided|broadcast_to|permute)\s*\(|\[\s*None|None\s*\]|\.\.\.|\btorch\.(?:stack|einsum|load|from_numpy|as_tensor|meshgrid|outer|kron|cartesian_prod)\b|\bnp\.|\bnumpy\b)"));
    if (LintSource::match(raising, masked).hasMatch())
        return std::nullopt;
    static const QRegularExpression creation(
        QStringLiteral(R"(\btorch\.(randn|rand|zeros|ones|empty|full|randint|arange|linspace|tensor|randperm|normal)\s*\()"));
    static const QRegularExpression keyword(QStringLiteral(R"(^(\w+)\s*=(?!=))"));
    int rank = 0;
    for (auto it = LintSource::globalMatch(creation, masked); it.hasNext();) {
        const auto m = it.next();
        const QString fn = m.captured(1);
        const auto spans = LintSource::callArguments(masked, int(m.capturedEnd()) - 1);
        if (!spans)
            return std::nullopt;
        LintSource::Spans positional;
        std::optional<QPair<int, int>> sizeKeyword;
        for (const auto& span : *spans) {
            const QString arg = masked.mid(span.first, span.second);
            if (arg.startsWith(QLatin1Char('*')))
                return std::nullopt;
            const auto k = LintSource::match(keyword, arg);
            if (!k.hasMatch()) {
                positional.append(span);
            } else if (k.captured(1) == QLatin1String("size")) {
                const int valueStart = span.first + int(k.capturedLength());
                int s = valueStart;
                while (s < span.first + span.second && masked.at(s).isSpace())
                    ++s;
                sizeKeyword = qMakePair(s, span.first + span.second - s);
            }
        }
        std::optional<int> r;
        if (fn == QLatin1String("arange") || fn == QLatin1String("linspace") || fn == QLatin1String("randperm")) {
            r = 1;
        } else if (fn == QLatin1String("tensor")) {
            if (positional.isEmpty())
                return std::nullopt;
            int depth = 0;
            for (int k = positional.first().first; k < masked.size() && masked.at(k) == QLatin1Char('['); ++k)
                ++depth;
            // A scalar (0-D) or nested lists. A name (torch.tensor(lens)) is data, nearly always a
            // list of numbers: it is not counted (docs/LINT.md, known false positives).
            if (depth == 0 && !masked.at(positional.first().first).isDigit() && masked.at(positional.first().first) != QLatin1Char('-'))
                continue;
            r = depth;
        } else if (fn == QLatin1String("randint") || fn == QLatin1String("normal")) {
            if (sizeKeyword) {
                r = tupleRank(masked, *sizeKeyword);
            } else {
                for (const auto& span : positional) {
                    if (auto t = tupleRank(masked, span))
                        r = t;
                }
            }
            if (!r && fn == QLatin1String("normal"))
                continue; // torch.normal(mean_tensor, std): the rank of its inputs
        } else if (fn == QLatin1String("full")) {
            if (positional.isEmpty())
                return std::nullopt;
            r = tupleRank(masked, positional.first());
        } else if (sizeKeyword) {
            r = tupleRank(masked, *sizeKeyword);
        } else if (positional.size() == 1) {
            r = tupleRank(masked, positional.first());
            if (!r) {
                // One plain dimension (a number or an expression of numbers), not a name that may hold a shape.
                static const QRegularExpression number(QStringLiteral(R"(^[\d\s+\-*/()]+$)"));
                if (LintSource::match(number, masked.mid(positional.first().first, positional.first().second)).hasMatch())
                    r = 1;
            }
        } else if (positional.size() > 1) {
            r = int(positional.size());
        } else {
            r = 0;
        }
        if (!r)
            return std::nullopt;
        rank = std::max(rank, *r);
    }
    return rank;
}

// The tensor parameters of the prediction's functions (C++: typed at::Tensor or torch::Tensor;
// Python: every parameter of a function that is not a @triton.jit kernel).
QSet<QString> tensorParameters(const QString& text, bool cpp)
{
    QSet<QString> names;
    if (cpp) {
        const QString masked = LintSource::mask(text, LintSource::Language::Cpp, true);
        static const QRegularExpression param(
            QStringLiteral(R"([(,]\s*(?:const\s+)?(?:at|torch)::Tensor\s*(?:const\s*)?&?\s*([A-Za-z_]\w*)\s*(?=[,)]))"));
        for (auto it = LintSource::globalMatch(param, masked); it.hasNext();)
            names.insert(it.next().captured(1));
        return names;
    }
    const QString masked = LintSource::mask(text, LintSource::Language::Python, true);
    const auto defs = LintSource::pythonNames(text);
    const QStringList lines = masked.split(QLatin1Char('\n'));
    for (const auto& s : defs) {
        if (!s.known || s.parameters.isEmpty())
            continue;
        const QString above = s.line >= 2 ? lines.value(s.line - 2) : QString();
        if (above.contains(QLatin1String("jit")))
            continue; // a kernel: its parameters are pointers
        for (const auto& p : s.parameters)
            names.insert(p.name);
    }
    return names;
}

} // namespace

LintHints DimensionCheck::run(const LintTexts& texts)
{
    LintHints hints;
    if (texts.test.trimmed().isEmpty())
        return hints;
    const auto rank = testRank(texts.test);
    if (!rank || *rank == 0)
        return hints;
    static const QRegularExpression cppRead(QStringLiteral(
        R"(\b([A-Za-z_]\w*)\s*(?:\.|->)\s*(?:(size|stride)\s*\(\s*(-?\d+)\s*\)|(sizes|strides)\s*\(\s*\)\s*\[\s*(-?\d+)\s*\]))"));
    static const QRegularExpression pyRead(
        QStringLiteral(R"(\b([A-Za-z_]\w*)\.(?:(size|stride)\s*\(\s*(-?\d+)\s*\)|(shape|size\(\)|stride\(\))\s*\[\s*(-?\d+)\s*\]))"));
    for (const LintPrediction& p : texts.predictions) {
        if (p.text.trimmed().isEmpty())
            continue;
        const CodeLanguage language = LintSource::language(p.text);
        if (language == CodeLanguage::Plain)
            continue;
        const bool cpp = language == CodeLanguage::Cpp;
        const QSet<QString> parameters = tensorParameters(p.text, cpp);
        if (parameters.isEmpty())
            continue;
        const QString masked = LintSource::mask(p.text, cpp ? LintSource::Language::Cpp : LintSource::Language::Python, true);
        QSet<QString> reported;
        for (auto it = LintSource::globalMatch((cpp ? cppRead : pyRead), masked); it.hasNext();) {
            const auto m = it.next();
            const QString tensor = m.captured(1);
            if (!parameters.contains(tensor))
                continue;
            const QString index = m.captured(3).isEmpty() ? m.captured(5) : m.captured(3);
            const int dim = index.toInt();
            if (dim < *rank && dim >= -*rank)
                continue;
            const QString read = masked.mid(m.capturedStart(), m.capturedLength()).simplified();
            if (reported.contains(read))
                continue;
            reported.insert(read);
            hints.append({name(), p.version, LintSource::lineAt(masked, int(m.capturedStart())),
                QStringLiteral("reads `%1`, but the test's tensors have at most %2 dimensions (valid: 0..%3 or -%2..-1)")
                    .arg(read)
                    .arg(*rank)
                    .arg(*rank - 1)});
        }
    }
    return hints;
}

} // namespace krw
