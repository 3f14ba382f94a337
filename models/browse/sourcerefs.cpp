// SPDX-License-Identifier: MIT
#include "models/browse/sourcerefs.h"

#include <QRegularExpression>

#include <algorithm>
#include <utility>

namespace krw {

namespace {

// A Unix path as compilers print it, captured as "path". Paths with spaces do not occur in the
// compiler output we parse (we choose the file names), and Windows paths do not either. The
// look-behind makes it start a token: not inside a word, another path or a "scheme://" URL.
QString pathToken()
{
    return QStringLiteral("(?<![\\w.+~/:-])(?<path>[\\w.+~/-]+)");
}

// clang/hipcc/gcc: "x.hip:12:5: error" and "x.c:12: warning". The colon after the numbers
// must end the token, so "a.b:1:2:3" (a time, a ratio) is not taken apart.
const QRegularExpression& compilerPattern()
{
    static const QRegularExpression re(
        QStringLiteral("(?<ref>") + pathToken() + QStringLiteral(":(?<line>\\d{1,9})(?::(?<col>\\d{1,9}))?):(?=\\s|$)"));
    return re;
}

// nvcc (EDG front end): "x.cu(12): error: ...". The severity word keeps "f(3): text" out.
const QRegularExpression& nvccPattern()
{
    static const QRegularExpression re(QStringLiteral("(?<ref>") + pathToken()
        + QStringLiteral("\\((?<line>\\d{1,9})\\)): (?=(?:error|warning|remark|note|catastrophic error)\\b)"));
    return re;
}

// Python traceback frame: File "x.py", line 12, in f
const QRegularExpression& pythonPattern()
{
    static const QRegularExpression re(QStringLiteral("\\b(?<ref>File \"(?<path>[^\"\\n]+)\", line (?<line>\\d{1,9}))"));
    return re;
}

// Compiler paths always carry an extension or a directory, and a letter. Requiring both keeps
// out times ("12:30:45: "), addresses ("127.0.0.1:80: ") and prose ("Step:1: ").
bool looksLikeCompilerPath(const QString& path)
{
    const bool hasLetter = std::any_of(path.cbegin(), path.cend(), [](QChar c) { return c.isLetter(); });
    return hasLetter && (path.contains(QLatin1Char('.')) || path.contains(QLatin1Char('/')));
}

// Python names pseudo files "<string>" or "<frozen importlib._bootstrap>": nothing to open.
bool looksLikePythonPath(const QString& path)
{
    return !path.startsWith(QLatin1Char('<'));
}

SourceRef toRef(const QRegularExpressionMatch& m)
{
    SourceRef ref;
    ref.start = static_cast<int>(m.capturedStart(QStringLiteral("ref")));
    ref.length = static_cast<int>(m.capturedLength(QStringLiteral("ref")));
    ref.file = m.captured(QStringLiteral("path"));
    ref.line = m.captured(QStringLiteral("line")).toInt();
    ref.column = m.captured(QStringLiteral("col")).toInt(); // 0 when the group did not match
    return ref;
}

void collect(const QRegularExpression& re, bool (*accept)(const QString&), const QString& message, QVector<SourceRef>* refs)
{
    auto it = re.globalMatch(message);
    while (it.hasNext()) {
        const SourceRef ref = toRef(it.next());
        if (ref.line > 0 && accept(ref.file)) // lines are 1-based; "x.c:0:" is not a place
            refs->append(ref);
    }
}

// Patterns cannot overlap by construction, but keep the result well-formed if one ever does.
void sortAndDropOverlaps(QVector<SourceRef>* refs)
{
    std::sort(refs->begin(), refs->end(), [](const SourceRef& a, const SourceRef& b) { return a.start < b.start; });
    QVector<SourceRef> kept;
    for (const SourceRef& ref : std::as_const(*refs)) {
        if (kept.isEmpty() || ref.start >= kept.last().start + kept.last().length)
            kept.append(ref);
    }
    *refs = kept;
}

} // namespace

QVector<SourceRef> findSourceRefs(const QString& message)
{
    QVector<SourceRef> refs;
    collect(compilerPattern(), looksLikeCompilerPath, message, &refs);
    collect(nvccPattern(), looksLikeCompilerPath, message, &refs);
    collect(pythonPattern(), looksLikePythonPath, message, &refs);
    sortAndDropOverlaps(&refs);
    return refs;
}

} // namespace krw
