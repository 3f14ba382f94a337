// SPDX-License-Identifier: MIT
#include "models/failures/failuresignature.h"

#include "models/rerun/rerunresult.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace krw {

namespace {

using Re = QRegularExpression;

// Messages whose wording says the same thing in several ways, rewritten to one form before the
// generic rules. Each is a known message of PyTorch, pybind11 or Triton (docs/FAILURES.md).
struct Rewrite
{
    Re pattern;
    QString replacement;
};

const std::vector<Rewrite>& rewrites()
{
    static const std::vector<Rewrite> table = {
        // pybind11: "rms_norm(): incompatible function arguments. The following argument types are supported: …"
        {Re(QStringLiteral("^\\S*\\(\\): incompatible function arguments\\b.*$")), QStringLiteral("incompatible function arguments")},
        // PyTorch: "Dimension out of range (expected to be in range of [-4, 3], but got 4)"
        {Re(QStringLiteral("expected to be in range of \\[")), QStringLiteral("expected [")},
        {Re(QStringLiteral("\\], but got ")), QStringLiteral("], got ")},
        // Triton's autotuner names the clashing parameters of the kernel: "Conflicting meta-parameters: BLOCK_M, BLOCK_N."
        {Re(QStringLiteral("Conflicting meta-parameters: [\\w, ]+\\.")), QStringLiteral("Conflicting meta-parameters: <ID>.")},
    };
    return table;
}

// A clang/hipcc/gcc diagnostic: "file:line:col: error: message".
const Re& compilerError()
{
    static const Re re(QStringLiteral("^[^\\n:]+:\\d+:\\d+: (?:fatal error|error): (.+)$"), Re::MultilineOption);
    return re;
}

// A linker's error: "ld.lld: error: undefined symbol: foo".
const Re& linkerError()
{
    static const Re re(QStringLiteral("^\\S*\\bld(?:\\.lld|\\.gold)?: error: (.+)$"), Re::MultilineOption);
    return re;
}

// The last line of a Python traceback: "TypeError: message" at the start of a line.
const Re& exceptionLine()
{
    static const Re re(
        QStringLiteral("^((?:[A-Za-z_]\\w*\\.)*[A-Za-z_]\\w*(?:Error|Exception|Exit|Interrupt|Warning|Failure))(?::(?: (.*))?)?$"),
        Re::MultilineOption);
    return re;
}

QString firstLine(const QString& text)
{
    for (int from = 0; from < text.size();) {
        int end = text.indexOf(QLatin1Char('\n'), from);
        if (end < 0)
            end = int(text.size());
        const QString line = text.mid(from, end - from).trimmed();
        if (!line.isEmpty())
            return line;
        from = end + 1;
    }
    return {};
}

QString lastLine(const QString& text)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        if (!it->trimmed().isEmpty())
            return it->trimmed();
    }
    return {};
}

// Triton's CompilationError: "at 9:12:\n<source lines>\n<caret>\n<message>": the message is the last line.
QString tritonInner(const QString& detail)
{
    static const Re at(QStringLiteral("^at \\d+:\\d+:"));
    if (at.match(detail).hasMatch())
        return lastLine(detail);
    return firstLine(detail);
}

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}

// Replaces word where it stands alone: not inside another word, nor inside a placeholder.
void replaceWord(QString& s, const QString& word, const QString& by)
{
    for (int from = s.indexOf(word); from >= 0; from = s.indexOf(word, from)) {
        const int end = from + int(word.size());
        const bool joinedBefore = from > 0 && (isWordChar(s.at(from - 1)) || s.at(from - 1) == QLatin1Char('<'));
        const bool joinedAfter = end < s.size() && (isWordChar(s.at(end)) || s.at(end) == QLatin1Char('>'));
        if (joinedBefore || joinedAfter) {
            from = end;
            continue;
        }
        s.replace(from, int(word.size()), by);
        from += int(by.size());
    }
}

FailureSignature make(const QString& kind, const QString& text, const QStringList& caseNames)
{
    FailureSignature sig;
    sig.text = FailureSignature::normalise(text, caseNames);
    if (sig.text.isEmpty())
        return {};
    sig.kind = kind;
    return sig;
}

} // namespace

QStringList FailureSignature::caseNamesOf(const QString& filename)
{
    QString stem = QFileInfo(filename).fileName();
    const int dot = stem.lastIndexOf(QLatin1Char('.'));
    if (dot > 0)
        stem.truncate(dot);
    if (stem.size() < 3)
        return {};
    return {stem, stem + QStringLiteral("_hip"), QStringLiteral("test_") + stem};
}

QString FailureSignature::normalise(const QString& line, const QStringList& caseNames)
{
    QString s = line.simplified();
    for (const Rewrite& rewrite : rewrites())
        s.replace(rewrite.pattern, rewrite.replacement);
    // Generated module names: "embedding_triton_kernel.py_gen_671486", "tmpab12cd34".
    static const Re generated(QStringLiteral("(?<![\\w<])[\\w.]*_gen_\\d+\\b|\\btmp[a-z0-9_]{6,}\\b"));
    s.replace(generated, QStringLiteral("<ID>"));
    // Paths: absolute or home-relative, relative ones with a file extension, and bare code file names.
    static const Re absolutePath(QStringLiteral("(?<![\\w<>])(?:~/|\\./|/)[^\\s'\"`():,;\\[\\]]+"));
    s.replace(absolutePath, QStringLiteral("<PATH>"));
    static const Re relativePath(QStringLiteral("\\b[\\w.-]+(?:/[\\w.-]+)+\\.\\w+\\b"));
    s.replace(relativePath, QStringLiteral("<PATH>"));
    static const Re fileName(QStringLiteral("(?<![\\w<])[\\w-]+\\.(?:py|hip|cpp|cu|cuh|cc|cxx|c|h|hpp|hh|so|o|json|jsonl|txt|ninja)\\b"));
    s.replace(fileName, QStringLiteral("<PATH>"));
    static const Re hex(QStringLiteral("\\b0[xX][0-9a-fA-F]+\\b"));
    s.replace(hex, QStringLiteral("<HEX>"));
    // Quoted identifiers ('x', "x", `x`, ‘x’): whatever a message quotes is the case's own name.
    static const Re quotedPlaceholder(QStringLiteral("(?:'|\"|`|\\x{2018}|\\x{201C})(<PATH>|<ID>|<HEX>)(?:'|\"|`|\\x{2019}|\\x{201D})"));
    s.replace(quotedPlaceholder, QStringLiteral("\\1"));
    static const Re quoted(QStringLiteral("(?:'|\"|`|\\x{2018}|\\x{201C})[A-Za-z_][\\w:.~]*(?:'|\"|`|\\x{2019}|\\x{201D})"));
    s.replace(quoted, QStringLiteral("<ID>"));
    // The case's own identifiers, longest first, wherever they stand as words (a plain search: a
    // regular expression per name would be compiled for every message).
    QStringList names = caseNames;
    std::sort(names.begin(), names.end(), [](const QString& a, const QString& b) { return a.size() > b.size(); });
    for (const QString& name : std::as_const(names)) {
        if (name.size() >= 3)
            replaceWord(s, name, QStringLiteral("<ID>"));
    }
    // Numbers, signed, decimal or with an exponent; not inside a word ("gfx942", "float4" stay).
    static const Re number(QStringLiteral("(?<![\\w<.])[-+]?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?(?![\\w>])"));
    s.replace(number, QStringLiteral("<N>"));
    s = s.trimmed();
    if (s.size() > MaxChars)
        s = s.left(MaxChars - 1) + QChar(0x2026);
    return s;
}

FailureSignature FailureSignature::ofMessage(const QString& message, const QStringList& caseNames)
{
    if (message.trimmed().isEmpty())
        return {};
    // A compiler's error anywhere in the message is the cause; the traceback around it only says
    // that the build failed.
    // Cheap tests first: most messages hold no diagnostic at all.
    const bool hasError = message.contains(QLatin1String("error: "));
    const QRegularExpressionMatch compile = hasError ? compilerError().match(message) : QRegularExpressionMatch();
    if (compile.hasMatch())
        return make(QStringLiteral("compile error"), compile.captured(1), caseNames);
    const QRegularExpressionMatch link = hasError ? linkerError().match(message) : QRegularExpressionMatch();
    if (link.hasMatch())
        return make(QStringLiteral("link error"), link.captured(1), caseNames);

    // The evaluation harness's own messages (FORMAT.md, exe_err_msg).
    const QString first = firstLine(message);
    if (first.startsWith(QLatin1String("Generated output")))
        return make(QStringLiteral("output mismatch"), first, caseNames);
    static const Re couldNotExecute(QStringLiteral("^Could not execute module (\\S+) due to (.*)$"), Re::DotMatchesEverythingOption);
    const QRegularExpressionMatch exec = couldNotExecute.match(message.trimmed());
    if (exec.hasMatch()) {
        // The inner message may itself be a traceback's last line.
        const FailureSignature inner = ofMessage(exec.captured(2), caseNames);
        const QString innerText = inner.kind == QLatin1String("error") ? tritonInner(exec.captured(2)) : inner.text;
        return make(QStringLiteral("execution error"),
            QStringLiteral("Could not execute module <ID> due to ") + (inner.kind == QLatin1String("error") ? innerText : inner.text),
            caseNames);
    }

    // A Python traceback (or a bare exception line): the last exception's type and message.
    QRegularExpressionMatchIterator it = exceptionLine().globalMatch(message);
    QRegularExpressionMatch last;
    while (it.hasNext())
        last = it.next();
    if (last.hasMatch()) {
        QString type = last.captured(1);
        type = type.mid(type.lastIndexOf(QLatin1Char('.')) + 1);
        const QString text = last.captured(2).trimmed();
        return make(type, text.isEmpty() ? type : text, caseNames);
    }
    return make(QStringLiteral("error"), first, caseNames);
}

FailureSignature FailureSignature::ofRerun(const RerunResult& result, const QStringList& caseNames)
{
    const QString verdict = result.verdict();
    if (verdict == QLatin1String("passed") || verdict == QLatin1String("cancelled") || verdict == QLatin1String("compiled"))
        return {};
    if (result.compile && !result.compile->ok) {
        for (const Diagnostic& d : result.compile->diagnostics) {
            if (d.severity == Diagnostic::Severity::Error)
                return make(QStringLiteral("compile error"), d.message, caseNames);
        }
        const FailureSignature fromLog
            = ofMessage(result.compile->error.isEmpty() ? result.compile->log : result.compile->error, caseNames);
        if (fromLog.isValid())
            return fromLog;
    }
    const auto sideError = [](const std::optional<SideRun>& side) { return side && !side->ok ? side->error : QString(); };
    for (const QString& message : {result.failure, sideError(result.candidateRun), sideError(result.baselineRun)}) {
        const FailureSignature sig = ofMessage(message, caseNames);
        if (sig.isValid())
            return sig;
    }
    // Nothing in words: the verdict is the cause ("wrong_output").
    FailureSignature sig;
    sig.kind = QStringLiteral("rerun");
    sig.text = verdictTitle(verdict);
    return sig;
}

} // namespace krw
