// SPDX-License-Identifier: MIT
#include "models/lint/pythonoutline.h"

#include "models/lint/lintsource.h"

#include <QRegularExpression>

#include <algorithm>
#include <map>
#include <utility>

namespace krw {

namespace {

bool isLeadingBlank(char16_t c)
{
    return c == u' ' || c == u'\t' || c == u'\r' || c == u'\f';
}

bool isOpener(char16_t c)
{
    return c == u'(' || c == u'[' || c == u'{';
}

bool isCloser(char16_t c)
{
    return c == u')' || c == u']' || c == u'}';
}

const char16_t* chars(const QString& s)
{
    return reinterpret_cast<const char16_t*>(s.constData());
}

} // namespace

PythonOutline::PythonOutline(const QString& masked)
    : m_masked(masked)
    , m_partner(size_t(masked.size()), -1)
{
    // One pass, on raw storage: this runs over every candidate text.
    const int n = int(masked.size());
    const char16_t* s = chars(m_masked);
    std::vector<int> open;
    int i = 0;
    while (i <= n) {
        // A line starts at i.
        int k = i;
        while (k < n && isLeadingBlank(s[k]))
            ++k;
        m_lineStart.push_back(i);
        m_indent.push_back(k - i);
        for (i = k; i < n && s[i] != u'\n'; ++i) {
            const char16_t c = s[i];
            if (isOpener(c)) {
                open.push_back(i);
            } else if (isCloser(c) && !open.empty()) {
                m_partner[size_t(open.back())] = i;
                open.pop_back();
            }
        }
        if (i >= n)
            break;
        ++i; // past '\n'
    }
}

int PythonOutline::lineIndex(int offset) const
{
    const auto it = std::upper_bound(m_lineStart.begin(), m_lineStart.end(), offset);
    return std::max(0, int(it - m_lineStart.begin()) - 1);
}

int PythonOutline::lineOf(int offset) const
{
    return lineIndex(offset) + 1;
}

int PythonOutline::lineEnd(int line) const
{
    return line + 1 < int(m_lineStart.size()) ? m_lineStart[size_t(line) + 1] - 1 : int(m_masked.size());
}

int PythonOutline::closing(int offset) const
{
    return offset >= 0 && offset < int(m_partner.size()) ? m_partner[size_t(offset)] : -1;
}

int PythonOutline::indentOf(int offset) const
{
    return m_indent[size_t(lineIndex(offset))];
}

int PythonOutline::walk(int from, int* colon) const
{
    const int n = int(m_masked.size());
    const char16_t* s = chars(m_masked);
    int i = from;
    while (i < n) {
        const char16_t c = s[i];
        if (isOpener(c)) {
            const int partner = m_partner[size_t(i)];
            if (partner < 0)
                return -1;
            i = partner + 1;
            continue;
        }
        if (c == u'\n') {
            if (i > 0 && s[i - 1] == u'\\') {
                ++i;
                continue;
            }
            return i;
        }
        if (colon && c == u':' && !(i + 1 < n && s[i + 1] == u'=')) {
            *colon = i;
            return i;
        }
        ++i;
    }
    return n;
}

PythonOutline::Span PythonOutline::statement(int offset) const
{
    const int line = lineIndex(offset);
    const int start = m_lineStart[size_t(line)] + m_indent[size_t(line)];
    const int end = walk(start, nullptr);
    return Span{start, end < 0 ? lineEnd(line) : end};
}

std::optional<PythonOutline::Span> PythonOutline::suite(int headerStart) const
{
    const int n = int(m_masked.size());
    if (headerStart < 0 || headerStart >= n)
        return std::nullopt;
    const int headerIndent = indentOf(headerStart);
    int colon = -1;
    if (walk(headerStart, &colon) < 0 || colon < 0)
        return std::nullopt;
    const int colonLine = lineIndex(colon);
    const int end = lineEnd(colonLine);
    for (int i = colon + 1; i < end; ++i) {
        if (!isLeadingBlank(chars(m_masked)[i])) {
            // The body is on the header's line; it may go on inside brackets.
            const int rest = walk(colon + 1, nullptr);
            return Span{colon + 1, rest < 0 ? end : rest};
        }
    }
    Span body{end, end};
    const int lines = int(m_lineStart.size());
    for (int line = colonLine + 1; line < lines;) {
        const int first = m_lineStart[size_t(line)] + m_indent[size_t(line)];
        if (first >= lineEnd(line)) { // blank
            ++line;
            continue;
        }
        if (m_indent[size_t(line)] <= headerIndent)
            break;
        int e = walk(first, nullptr);
        if (e < 0)
            e = lineEnd(line); // a bracket never closed: the line is all there is of it
        body.end = e;
        if (e >= n)
            break;
        line = lineIndex(e) + 1;
    }
    return body;
}

QVector<PythonOutline::Function> PythonOutline::functions() const
{
    const QString& masked = m_masked;
    QVector<Function> out;
    // Decorators: each one's statement, then what follows it (another decorator or the definition).
    // One whose '@' lies inside the statement before (an unclosed bracket) is not one.
    static const QRegularExpression decorator(QStringLiteral(R"(^[ \t]*+@[ \t]*+([A-Za-z_][\w.]*+))"), QRegularExpression::MultilineOption);
    struct Decorator
    {
        int at; // offset of '@'
        int next; // the first non-blank character after its statement
        QString name;
    };
    QVector<Decorator> decorators;
    int covered = 0;
    for (auto it = LintSource::globalMatch(decorator, masked); it.hasNext();) {
        const auto m = it.next();
        const int at = int(masked.indexOf(QLatin1Char('@'), m.capturedStart()));
        if (at < covered)
            continue;
        int next = statement(at).end;
        covered = next;
        while (next < masked.size() && (isLeadingBlank(chars(masked)[next]) || masked.at(next) == QLatin1Char('\n')))
            ++next;
        decorators.append({at, next, m.captured(1)});
    }
    // Decorators by the definition they end at (a chain of them ends at the same one).
    std::map<int, QStringList> decoratorsAt;
    std::map<int, int> target; // '@' offset -> where its chain ends
    for (int k = int(decorators.size()) - 1; k >= 0; --k) {
        const auto chained = target.find(decorators.at(k).next);
        const int to = chained != target.end() ? chained->second : decorators.at(k).next;
        target[decorators.at(k).at] = to;
        decoratorsAt[to].prepend(decorators.at(k).name);
    }

    static const QRegularExpression cls(QStringLiteral(R"(^[ \t]*+class[ \t]++([A-Za-z_]\w*+))"), QRegularExpression::MultilineOption);
    struct Class
    {
        QString name;
        Span body;
    };
    QVector<Class> classes; // in the order of the text; suites nest, so open ones form a stack
    for (auto it = LintSource::globalMatch(cls, masked); it.hasNext();) {
        const auto m = it.next();
        const int start = int(m.capturedStart()) + indentOf(int(m.capturedStart()));
        if (const auto s = suite(start))
            classes.append({m.captured(1), *s});
    }

    static const QRegularExpression def(
        QStringLiteral(R"(^[ \t]*+(?:async[ \t]++)?def[ \t]++([A-Za-z_]\w*+)[ \t]*+\()"), QRegularExpression::MultilineOption);
    static const QRegularExpression kernelDecorator(QStringLiteral(R"((?:^|\.)(?:jit|autotune|heuristics|kernel|prim_func|njit)$)"));
    std::vector<int> open; // indices into classes
    int nextClass = 0;
    for (auto it = LintSource::globalMatch(def, masked); it.hasNext();) {
        const auto m = it.next();
        Function f;
        f.name = m.captured(1);
        f.start = int(m.capturedStart()) + indentOf(int(m.capturedStart()));
        f.line = lineOf(f.start);
        const auto body = suite(f.start);
        if (!body)
            continue;
        f.body = *body;
        const auto d = decoratorsAt.find(f.start);
        if (d != decoratorsAt.end())
            f.decorators = d->second;
        for (const QString& name : std::as_const(f.decorators)) {
            if (LintSource::match(kernelDecorator, name).hasMatch())
                f.kernel = true;
        }
        while (nextClass < classes.size() && classes.at(nextClass).body.start <= f.start) {
            while (!open.empty() && classes.at(open.back()).body.end <= classes.at(nextClass).body.start)
                open.pop_back();
            open.push_back(nextClass++);
        }
        while (!open.empty() && classes.at(open.back()).body.end <= f.start)
            open.pop_back();
        if (!open.empty())
            f.className = classes.at(open.back()).name;
        out.append(f);
    }
    return out;
}

QHash<QString, QString> PythonOutline::imports(const QString& masked)
{
    QHash<QString, QString> names;
    static const QRegularExpression import(QStringLiteral(R"(^[ \t]*+import[ \t]++([^\n;]++))"), QRegularExpression::MultilineOption);
    static const QRegularExpression fromImport(
        QStringLiteral(R"(^[ \t]*+from[ \t]++([\w.]++)[ \t]++import[ \t]*+(\([^)]{0,4000}\)|[^\n;]++))"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression as(QStringLiteral(R"(^([\w.]+)(?:\s+as\s+(\w+))?$)"));
    for (auto it = LintSource::globalMatch(import, masked); it.hasNext();) {
        const auto m = it.next();
        for (const QString& part : m.captured(1).split(QLatin1Char(','))) {
            const auto a = LintSource::match(as, part.trimmed());
            if (!a.hasMatch())
                continue;
            const QString module = a.captured(1);
            if (!a.captured(2).isEmpty())
                names.insert(a.captured(2), module);
            else
                names.insert(module.section(QLatin1Char('.'), 0, 0), module.section(QLatin1Char('.'), 0, 0));
        }
    }
    for (auto it = LintSource::globalMatch(fromImport, masked); it.hasNext();) {
        const auto m = it.next();
        QString module = m.captured(1);
        if (module.startsWith(QLatin1Char('.')))
            continue; // a relative import: the candidate's own package
        QString list = m.captured(2);
        list.remove(QLatin1Char('(')).remove(QLatin1Char(')')).replace(QLatin1Char('\\'), QLatin1Char(' '));
        for (const QString& part : list.split(QLatin1Char(','))) {
            const auto a = LintSource::match(as, part.simplified());
            if (!a.hasMatch() || a.captured(1).contains(QLatin1Char('.')))
                continue;
            names.insert(a.captured(2).isEmpty() ? a.captured(1) : a.captured(2), module + QLatin1Char('.') + a.captured(1));
        }
    }
    return names;
}

QString PythonOutline::resolve(const QHash<QString, QString>& imports, const QString& dotted)
{
    QString name = dotted;
    name.remove(QLatin1Char(' ')).remove(QLatin1Char('\t'));
    const int dot = int(name.indexOf(QLatin1Char('.')));
    const QString first = dot < 0 ? name : name.left(dot);
    const auto found = imports.constFind(first);
    if (found == imports.constEnd())
        return name;
    return dot < 0 ? found.value() : found.value() + name.mid(dot);
}

} // namespace krw
