// SPDX-License-Identifier: MIT
#include "models/lint/torchworkcheck.h"

#include "models/lint/cppoutline.h"
#include "models/lint/lintsource.h"
#include "models/lint/linttexts.h"
#include "models/lint/pythonoutline.h"
#include "models/lint/torchops.h"
#include "models/run/caseversions.h"

#include <QRegularExpression>
#include <QSet>

#include <functional>
#include <optional>
#include <vector>

namespace krw {

namespace {

// Modules whose calls launch none of the candidate's kernels. A call into any other imported
// module (the candidate's own package, a kernel DSL, a compiled extension) may, and counts as a
// launch: the check would rather miss a case than call an honest one torch's.
const QSet<QString>& libraryModules()
{
    static const QSet<QString> names = {QStringLiteral("torch"), QStringLiteral("numpy"), QStringLiteral("math"), QStringLiteral("triton"),
        QStringLiteral("typing"), QStringLiteral("os"), QStringLiteral("sys"), QStringLiteral("time"), QStringLiteral("functools"),
        QStringLiteral("itertools"), QStringLiteral("collections"), QStringLiteral("dataclasses"), QStringLiteral("enum"),
        QStringLiteral("abc"), QStringLiteral("warnings"), QStringLiteral("logging"), QStringLiteral("random"), QStringLiteral("re"),
        QStringLiteral("json"), QStringLiteral("pathlib"), QStringLiteral("contextlib"), QStringLiteral("inspect"),
        QStringLiteral("operator"), QStringLiteral("copy"), QStringLiteral("einops"), QStringLiteral("__future__")};
    return names;
}

// A test-like or reference-like name (such functions compare against torch on purpose) or one that
// makes the inputs (KernelBench's get_inputs): no entry.
bool isCheckingName(const QString& name)
{
    static const QRegularExpression re(
        QStringLiteral(
            R"(^_*(?:test|check|verify|validate|bench|benchmark|main|example|demo|compare|ref|reference|baseline|naive|torch)(?:_|$|[A-Z])|^_*(?:get|make|gen|generate|create|init|random)_(?:\w*_)?inputs?$)"),
        QRegularExpression::CaseInsensitiveOption);
    return re.match(name).hasMatch() || name.endsWith(QLatin1String("_ref")) || name.endsWith(QLatin1String("_reference"))
        || name.endsWith(QLatin1String("_torch"));
}

const QRegularExpression& dottedCall()
{
    static const QRegularExpression re(QStringLiteral(R"((?<![\w.])([A-Za-z_]\w*+(?:[ \t]*+\.[ \t]*+[A-Za-z_]\w*+)*+)[ \t]*+([(\[]))"));
    return re;
}

class PythonCandidate
{
public:
    PythonCandidate(
        const QString& masked, const QHash<QString, QString>& imports, const QSet<QString>& layers, const QSet<QString>& testCalls)
        : m_masked(masked)
        , m_outline(masked)
        , m_functions(m_outline.functions())
        , m_imports(imports)
        , m_layers(layers)
        , m_testCalls(testCalls)
    {
        for (int k = 0; k < m_functions.size(); ++k)
            m_byName[m_functions.at(k).name].append(k);
        static const QRegularExpression cls(QStringLiteral(R"(^[ \t]*+class[ \t]++([A-Za-z_]\w*+))"), QRegularExpression::MultilineOption);
        for (auto it = LintSource::globalMatch(cls, masked); it.hasNext();)
            m_classes.insert(it.next().captured(1));
        findExtensions();
        m_state.assign(size_t(m_functions.size()), 0);
        m_returns.resize(m_functions.size());
        m_returnsKnown.assign(size_t(m_functions.size()), false);
    }

    void hints(const QString& version, LintHints& out)
    {
        const QVector<int> entries = entryFunctions();
        for (int k : entries) {
            if (launches(k))
                continue;
            const auto use = returnsCompute(k);
            if (!use)
                continue;
            const PythonOutline::Function& f = m_functions.at(k);
            const QString name = f.className.isEmpty() ? f.name : f.className + QLatin1Char('.') + f.name;
            out.append({TorchWorkCheck::name(), version, m_outline.lineOf(use->offset),
                QStringLiteral("`%1` (line %2) returns what `%3` computes and launches no kernel of the prediction's own: torch does the "
                               "work the kernel should")
                    .arg(name)
                    .arg(f.line)
                    .arg(use->text)});
        }
        inheritedHints(version, out);
    }

private:
    // A class that derives from the reference (KernelBench's `Model`, which a candidate does not
    // define) and has no forward of its own, or whose forward hands the call to the parent.
    void inheritedHints(const QString& version, LintHints& out)
    {
        if (m_classes.contains(QStringLiteral("Model")) || !m_masked.contains(QLatin1String("Model")))
            return;
        static const QRegularExpression derived(
            QStringLiteral(R"(^[ \t]*+class[ \t]++([A-Za-z_]\w*+)[ \t]*+\(([^()\n:]{0,400})\)[ \t]*+:)"),
            QRegularExpression::MultilineOption);
        static const QRegularExpression parent(QStringLiteral(
            R"(\bsuper[ \t]*+\([^()\n]{0,200}\)[ \t]*+\.[ \t]*+(?:forward|__call__)[ \t]*+\(|\bModel[ \t]*+\.[ \t]*+(?:forward|__call__)[ \t]*+\()"));
        for (auto it = LintSource::globalMatch(derived, m_masked); it.hasNext();) {
            const auto m = it.next();
            bool fromModel = false;
            for (const QString& base : m.captured(2).split(QLatin1Char(',')))
                fromModel = fromModel || base.trimmed() == QLatin1String("Model");
            if (!fromModel)
                continue;
            const QString cls = m.captured(1);
            int forward = -1;
            for (int k = 0; k < m_functions.size(); ++k) {
                if (m_functions.at(k).className == cls && m_functions.at(k).name == QLatin1String("forward"))
                    forward = k;
            }
            if (forward < 0) {
                out.append({TorchWorkCheck::name(), version, m_outline.lineOf(int(m.capturedStart(1))),
                    QStringLiteral("`%1` derives from the reference `Model` and defines no `forward`: the reference does the work")
                        .arg(cls)});
                continue;
            }
            if (launches(forward))
                continue;
            const QString body = bodyOf(forward);
            const auto p = parent.match(body);
            if (p.hasMatch()) {
                QString text = p.captured(0);
                text.remove(QLatin1Char(' ')).remove(QLatin1Char('\t'));
                out.append({TorchWorkCheck::name(), version, m_outline.lineOf(m_functions.at(forward).body.start + int(p.capturedStart())),
                    QStringLiteral("`%1.forward` (line %2) hands the call to the reference `Model` (`%3`) and launches no kernel of the "
                                   "prediction's own: the reference does the work")
                        .arg(cls)
                        .arg(m_functions.at(forward).line)
                        .arg(text)});
            }
        }
    }

    // Names bound to a compiled extension or a raw kernel: `ext = load_inline(...)`, `self.ext = ext`.
    void findExtensions()
    {
        static const QRegularExpression assign(
            QStringLiteral(R"((?:\bself[ \t]*+\.[ \t]*+)?([A-Za-z_]\w*+)[ \t]*+=[ \t]*+([A-Za-z_][\w.]*+)[ \t]*+(\(?))"));
        static const QRegularExpression loader(QStringLiteral(
            R"((?:^|\.)(?:load_inline|load|cpp_extension\.\w+|CDLL|cdll|RawKernel|RawModule|ElementwiseKernel|ReductionKernel|get_function|SourceModule|compile_kernel|import_module)$)"));
        for (int pass = 0; pass < 2; ++pass) {
            for (auto it = LintSource::globalMatch(assign, m_masked); it.hasNext();) {
                const auto m = it.next();
                const QString value = PythonOutline::resolve(m_imports, m.captured(2));
                const bool call = !m.captured(3).isEmpty();
                if ((call && LintSource::match(loader, value).hasMatch()) || (!call && m_extensions.contains(value)))
                    m_extensions.insert(m.captured(1));
            }
        }
    }

    bool isForeign(const QString& root) const
    {
        const auto found = m_imports.constFind(root);
        return found != m_imports.constEnd() && !libraryModules().contains(found.value().section(QLatin1Char('.'), 0, 0));
    }

    // The functions the harness or the test calls: methods named forward or __call__; free
    // functions at the top level that the test calls, or (without such a test) that no other
    // function of the candidate calls. Kernels and test-like names are none.
    QVector<int> entryFunctions() const
    {
        QSet<QString> calledInside;
        for (const PythonOutline::Function& f : m_functions) {
            const QString body = m_masked.mid(f.body.start, f.body.end - f.body.start);
            for (auto it = dottedCall().globalMatch(body); it.hasNext();)
                calledInside.insert(it.next().captured(1).section(QLatin1Char('.'), -1).trimmed());
        }
        bool testCallsOne = false;
        for (const PythonOutline::Function& f : m_functions)
            testCallsOne = testCallsOne || (f.className.isEmpty() && m_testCalls.contains(f.name));
        QVector<int> entries;
        for (int k = 0; k < m_functions.size(); ++k) {
            const PythonOutline::Function& f = m_functions.at(k);
            if (f.kernel || isCheckingName(f.name))
                continue;
            if (!f.className.isEmpty()) {
                if (f.name == QLatin1String("forward") || f.name == QLatin1String("__call__"))
                    entries.append(k);
                continue;
            }
            if (m_outline.indentOf(f.start) != 0)
                continue;
            if (testCallsOne ? m_testCalls.contains(f.name) : !calledInside.contains(f.name))
                entries.append(k);
        }
        return entries;
    }

    QString bodyOf(int k) const
    {
        const PythonOutline::Span& b = m_functions.at(k).body;
        return m_masked.mid(b.start, b.end - b.start);
    }

    // Whether function k launches a kernel of the candidate's own, itself or through a function
    // or class the candidate defines, an extension it loads, a custom op or a module of its own.
    bool launches(int k)
    {
        if (m_state[size_t(k)] == 1)
            return false; // a cycle: what else it calls decides
        if (m_state[size_t(k)] >= 2)
            return m_state[size_t(k)] == 3;
        m_state[size_t(k)] = 1;
        bool yes = false;
        const int base = m_functions.at(k).body.start;
        const QString body = bodyOf(k);
        static const QRegularExpression launch(QStringLiteral(R"(\.[ \t]*+launch\w*+[ \t]*+\()"));
        if (launch.match(body).hasMatch())
            yes = true;
        for (auto it = dottedCall().globalMatch(body); !yes && it.hasNext();) {
            const auto m = it.next();
            QString dotted = m.captured(1);
            dotted.remove(QLatin1Char(' ')).remove(QLatin1Char('\t'));
            const QStringList parts = dotted.split(QLatin1Char('.'));
            if (m.captured(2) == QLatin1String("[")) {
                // kernel[grid](...): a subscript that is called
                const int close = m_outline.closing(base + int(m.capturedStart(2)));
                int after = close + 1;
                while (close >= 0 && after < m_masked.size()
                    && (m_masked.at(after) == QLatin1Char(' ') || m_masked.at(after) == QLatin1Char('\t')))
                    ++after;
                yes = close >= 0 && after < m_masked.size() && m_masked.at(after) == QLatin1Char('(')
                    && !(imports().contains(parts.first()) && !isForeign(parts.first()));
                continue;
            }
            const bool self = parts.first() == QLatin1String("self") || parts.first() == QLatin1String("cls");
            const QString& name = self && parts.size() >= 2 ? parts.at(1) : parts.first();
            if (m_extensions.contains(name) || m_classes.contains(name) || isForeign(name)) {
                yes = true;
            } else if (!self && PythonOutline::resolve(m_imports, dotted).startsWith(QLatin1String("torch.ops."))) {
                yes = true;
            } else if ((self || parts.size() == 1) && m_byName.contains(name)) {
                for (int g : m_byName.value(name)) {
                    if (g != k && (m_functions.at(g).kernel || launches(g)))
                        yes = true;
                }
            }
        }
        m_state[size_t(k)] = yes ? 3 : 2;
        return yes;
    }

    const QHash<QString, QString>& imports() const { return m_imports; }

    // Whether offset of function k's body lies in a function nested in it.
    bool inNested(int k, int offset) const
    {
        const PythonOutline::Span& b = m_functions.at(k).body;
        for (int g = k + 1; g < m_functions.size() && m_functions.at(g).start < b.end; ++g) {
            const PythonOutline::Span& n = m_functions.at(g).body;
            if (n.start <= offset && offset < n.end)
                return true;
        }
        return false;
    }

    // What function k returns that torch computes: a return of a torch computation, of a name last
    // assigned one before the return, or of a call of the candidate's function that does so
    // without a launch.
    std::optional<TorchOps::Use> returnsCompute(int k)
    {
        if (m_returnsKnown[size_t(k)])
            return m_returns[k];
        m_returnsKnown[size_t(k)] = true; // a cycle finds nothing
        const PythonOutline::Span body = m_functions.at(k).body;
        const QString text = bodyOf(k);
        static const QRegularExpression ret(QStringLiteral(R"(^[ \t]*+return\b)"), QRegularExpression::MultilineOption);
        static const QRegularExpression inlineRet(QStringLiteral(R"(^[ \t]*+return\b)"));
        static const QRegularExpression assign(
            QStringLiteral(R"(^[ \t]*+([A-Za-z_]\w*+(?:[ \t]*+,[ \t]*+[A-Za-z_]\w*+)*+)[ \t]*+(?:[-+*/@]|//)?+=(?!=))"),
            QRegularExpression::MultilineOption);
        static const QRegularExpression name(QStringLiteral(R"((?<![\w.])([A-Za-z_]\w*+)(?![\w(]))"));
        static const QRegularExpression callOf(QStringLiteral(R"(^[ \t]*+(?:self[ \t]*+\.[ \t]*+)?([A-Za-z_]\w*+)[ \t]*+\()"));
        // Assignments in order: (offset, names, right-hand side).
        struct Assignment
        {
            int offset;
            QStringList names;
            PythonOutline::Span value;
        };
        QVector<Assignment> assignments;
        for (auto it = assign.globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            const int at = body.start + int(m.capturedStart(1));
            if (inNested(k, at))
                continue;
            QStringList names;
            for (const QString& n : m.captured(1).split(QLatin1Char(',')))
                names << n.trimmed();
            assignments.append({at, names, PythonOutline::Span{body.start + int(m.capturedEnd()), m_outline.statement(at).end}});
        }
        // A one-line body (`def f(x): return torch.relu(x)`) starts after the colon.
        QVector<int> returns;
        const auto first = inlineRet.match(text);
        if (first.hasMatch())
            returns.append(body.start + int(first.capturedEnd()));
        for (auto it = ret.globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            const int at = body.start + int(m.capturedEnd());
            if (!returns.contains(at) && !inNested(k, at))
                returns.append(at);
        }
        for (int at : std::as_const(returns)) {
            const PythonOutline::Span expr{at, std::min(m_outline.statement(at).end, body.end)};
            if (auto use = TorchOps::firstInPython(m_masked, expr, m_imports, m_layers))
                return m_returns[k] = use;
            const QString exprText = m_masked.mid(expr.start, expr.end - expr.start);
            for (auto it = name.globalMatch(exprText); it.hasNext();) {
                const QString n = it.next().captured(1);
                const Assignment* last = nullptr;
                for (const Assignment& a : std::as_const(assignments)) {
                    if (a.offset < at && a.names.contains(n))
                        last = &a;
                }
                if (!last)
                    continue;
                if (auto use = TorchOps::firstInPython(m_masked, last->value, m_imports, m_layers))
                    return m_returns[k] = use;
            }
            const auto c = callOf.match(exprText);
            if (c.hasMatch()) {
                for (int g : m_byName.value(c.captured(1))) {
                    if (g == k || m_functions.at(g).kernel || launches(g))
                        continue;
                    if (auto use = returnsCompute(g))
                        return m_returns[k] = use;
                }
            }
        }
        return std::nullopt;
    }

    QString m_masked;
    PythonOutline m_outline;
    QVector<PythonOutline::Function> m_functions;
    QHash<QString, QString> m_imports;
    QSet<QString> m_layers;
    QSet<QString> m_testCalls;
    QHash<QString, QVector<int>> m_byName;
    QSet<QString> m_classes;
    QSet<QString> m_extensions;
    std::vector<int> m_state; // launches(): 0 not asked, 1 being asked, 2 no, 3 yes
    QVector<std::optional<TorchOps::Use>> m_returns;
    std::vector<bool> m_returnsKnown;
};

// C++/HIP: a host function that returns what at::/torch:: computes, launches nothing and calls
// none of the file's other functions, and that no other function calls (the one bound or exported).
void cppHints(const LintPrediction& p, LintHints& hints)
{
    const QString masked = LintSource::mask(p.text, LintSource::Language::Cpp, true);
    if (!masked.contains(QLatin1String("at::")) && !masked.contains(QLatin1String("torch::")))
        return;
    if (!TorchOps::firstInCpp(masked, {0, int(masked.size())}))
        return; // no torch computation anywhere
    const CppOutline outline(masked);
    const QVector<CppOutline::Function> functions = outline.functions();
    QSet<QString> defined;
    for (const CppOutline::Function& f : functions)
        defined.insert(f.name);
    static const QRegularExpression launch(QStringLiteral(
        R"(<<<|\b(?:hipLaunchKernelGGL|hipExtLaunchKernelGGL|hipLaunchKernel\w*|hipModuleLaunchKernel\w*|cudaLaunchKernel\w*|cudaLaunchCooperativeKernel\w*|cuLaunchKernel\w*)\b)"));
    static const QRegularExpression call(QStringLiteral(R"((?<![\w:.>])([A-Za-z_]\w*+)[ \t]*+(?:<[^<>;{}()]{0,200}>[ \t]*+)?\()"));
    QHash<QString, QSet<QString>> calls; // function -> the file's functions it calls
    QSet<QString> called;
    for (const CppOutline::Function& f : functions) {
        const QString body = masked.mid(f.body.start, f.body.end - f.body.start);
        for (auto it = call.globalMatch(body); it.hasNext();) {
            const QString n = it.next().captured(1);
            if (defined.contains(n) && n != f.name) {
                calls[f.name].insert(n);
                called.insert(n);
            }
        }
    }
    static const QRegularExpression ret(QStringLiteral(R"(\breturn\b)"));
    static const QRegularExpression kernelBefore(QStringLiteral(R"(__global__|__device__)"));
    for (const CppOutline::Function& f : functions) {
        if (called.contains(f.name) || !calls.value(f.name).isEmpty())
            continue;
        const int statementStart = std::max(0, int(masked.lastIndexOf(QLatin1Char(';'), f.nameStart)) + 1);
        const int prior = std::max(statementStart, int(masked.lastIndexOf(QLatin1Char('}'), f.nameStart)) + 1);
        if (kernelBefore.match(masked.mid(prior, f.nameStart - prior)).hasMatch())
            continue;
        const QString body = masked.mid(f.body.start, f.body.end - f.body.start);
        if (launch.match(body).hasMatch())
            continue;
        for (auto it = ret.globalMatch(body); it.hasNext();) {
            const auto m = it.next();
            const int at = f.body.start + int(m.capturedEnd());
            int end = int(masked.indexOf(QLatin1Char(';'), at));
            end = end < 0 || end > f.body.end ? f.body.end : end;
            auto use = TorchOps::firstInCpp(masked, {at, end});
            if (!use) {
                // return out; where out was computed by torch before
                static const QRegularExpression plain(QStringLiteral(R"(^\s*([A-Za-z_]\w*)\s*$)"));
                const auto n = plain.match(masked.mid(at, end - at));
                if (n.hasMatch()) {
                    const QRegularExpression assigned(QStringLiteral(R"((?<![\w.])%1\s*=(?!=))").arg(n.captured(1)));
                    const QString before = masked.mid(f.body.start, at - f.body.start);
                    int last = -1;
                    for (auto a = assigned.globalMatch(before); a.hasNext();)
                        last = f.body.start + int(a.next().capturedEnd());
                    if (last >= 0) {
                        int stop = int(masked.indexOf(QLatin1Char(';'), last));
                        stop = stop < 0 || stop > at ? at : stop;
                        use = TorchOps::firstInCpp(masked, {last, stop});
                    }
                }
            }
            if (use) {
                hints.append({TorchWorkCheck::name(), p.version, outline.lineOf(use->offset),
                    QStringLiteral("`%1` (line %2) returns what `%3` computes and launches no kernel of the prediction's own: torch does "
                                   "the work the kernel should")
                        .arg(f.name)
                        .arg(f.line)
                        .arg(use->text)});
                break;
            }
        }
    }
}

} // namespace

LintHints TorchWorkCheck::run(const LintTexts& texts)
{
    LintHints hints;
    QSet<QString> testCalls;
    bool testRead = false;
    for (const LintPrediction& p : texts.predictions) {
        if (p.text.trimmed().isEmpty())
            continue;
        const CodeLanguage language = LintSource::programLanguage(p.text);
        if (language == CodeLanguage::Python) {
            const QString masked = LintSource::mask(p.text, LintSource::Language::Python, true);
            const QHash<QString, QString> imports = PythonOutline::imports(masked);
            const QSet<QString> layers = TorchOps::computeLayers(masked, imports);
            // Nothing to find without a torch computation anywhere (or a class that may inherit the reference's).
            if (!TorchOps::firstInPython(masked, {0, int(masked.size())}, imports, layers) && !masked.contains(QLatin1String("Model")))
                continue;
            if (!testRead) {
                // The names the test calls (a name before '(', not an attribute).
                static const QRegularExpression call(QStringLiteral(R"((?<![\w.])([A-Za-z_]\w*+)[ \t]*+\()"));
                for (auto it = LintSource::globalMatch(call, LintSource::mask(texts.test, LintSource::Language::Python, true));
                     it.hasNext();)
                    testCalls.insert(it.next().captured(1));
                testRead = true;
            }
            PythonCandidate(masked, imports, layers, testCalls).hints(p.version, hints);
        } else if (language == CodeLanguage::Cpp) {
            cppHints(p, hints);
        }
    }
    return hints;
}

} // namespace krw
