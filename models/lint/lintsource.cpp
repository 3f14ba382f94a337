// SPDX-License-Identifier: MIT
#include "models/lint/lintsource.h"

#include <QRegularExpression>

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

namespace krw {

namespace {

// detectLanguage's answer where one language's unmistakable markers are there and the other's are
// not (nearly every agent text: a HIP module or a Triton file), at the cost of a few substring
// searches instead of its two regular expressions over the text; detectLanguage itself otherwise.
CodeLanguage quickLanguage(const QString& text)
{
    const QStringView sample = QStringView(text).left(20000);
    const bool cpp = sample.contains(QLatin1String("#include")) || sample.contains(QLatin1String("PYBIND11_MODULE"))
        || sample.contains(QLatin1String("__global__"));
    const bool python = sample.contains(QLatin1String("import ")) || sample.contains(QLatin1String("def "));
    if (cpp != python)
        return cpp ? CodeLanguage::Cpp : CodeLanguage::Python;
    return detectLanguage(text);
}

} // namespace

struct LintSource::CacheScope::Cache
{
    // (the text's storage, its length, what was asked: 0..3 = mask kinds, 4 = language, 5 = newlines,
    // 6 = valid UTF-16, 7 = programLanguage)
    using Key = std::tuple<const void*, qsizetype, int>;
    std::map<Key, QString> masks;
    std::map<Key, CodeLanguage> languages;
    std::map<Key, std::vector<int>> newlines; // offsets of '\n', ascending
    std::map<Key, std::pair<QString, bool>> validUtf16; // the subject, kept referenced, and whether it is valid
};

namespace {
thread_local LintSource::CacheScope::Cache* t_cache = nullptr;
}

LintSource::CacheScope::CacheScope()
    : m_cache(std::make_unique<Cache>())
    , m_previous(t_cache)
{
    t_cache = m_cache.get();
}

LintSource::CacheScope::~CacheScope()
{
    t_cache = m_previous;
}

CodeLanguage LintSource::language(const QString& text)
{
    if (!t_cache || text.isEmpty())
        return quickLanguage(text);
    const CacheScope::Cache::Key key{text.constData(), text.size(), 4};
    const auto found = t_cache->languages.find(key);
    if (found != t_cache->languages.end())
        return found->second;
    const CodeLanguage language = quickLanguage(text);
    t_cache->languages.emplace(key, language);
    return language;
}

void LintSource::forEachProgram(const QVector<LintPrediction>& predictions, const std::function<void(const LintPrediction&)>& python,
    const std::function<void(const LintPrediction&)>& cpp)
{
    for (const LintPrediction& p : predictions) {
        if (p.text.trimmed().isEmpty())
            continue;
        const CodeLanguage language = programLanguage(p.text);
        if (language == CodeLanguage::Python)
            python(p);
        else if (language == CodeLanguage::Cpp)
            cpp(p);
    }
}

CodeLanguage LintSource::programLanguage(const QString& text)
{
    const CodeLanguage detected = language(text);
    if (detected != CodeLanguage::Cpp)
        return detected;
    const CacheScope::Cache::Key key{text.constData(), text.size(), 7};
    if (t_cache) {
        const auto found = t_cache->languages.find(key);
        if (found != t_cache->languages.end())
            return found->second;
    }
    // Where no line starts like a Python statement, it is C++ without masking anything.
    static const QRegularExpression statementStart(
        QStringLiteral(R"(^(?:import|from|def|class)[ \t])"), QRegularExpression::MultilineOption);
    static const QRegularExpression topLevel(
        QStringLiteral(
            R"(^(?:import[ \t]++[\w.]++(?:[ \t]*+(?:,|as)[ \t]*+[\w.]++)*+[ \t]*+$|from[ \t]++[\w.]++[ \t]++import\b|def[ \t]++\w++[ \t]*+\(|class[ \t]++\w++[ \t]*+(?:\([^()\n]*+\))?+[ \t]*+:))"),
        QRegularExpression::MultilineOption);
    const bool python = match(statementStart, text).hasMatch() && match(topLevel, mask(text, Language::Python, true)).hasMatch();
    const CodeLanguage program = python ? CodeLanguage::Python : CodeLanguage::Cpp;
    if (t_cache)
        t_cache->languages.emplace(key, program);
    return program;
}

QString LintSource::mask(const QString& text, Language language, bool maskStrings)
{
    if (t_cache && !text.isEmpty()) {
        const CacheScope::Cache::Key key{text.constData(), text.size(), int(language) * 2 + int(maskStrings)};
        const auto found = t_cache->masks.find(key);
        if (found != t_cache->masks.end())
            return found->second;
        CacheScope::Cache* cache = std::exchange(t_cache, nullptr);
        const QString masked = mask(text, language, maskStrings);
        t_cache = cache;
        cache->masks.emplace(key, masked);
        return masked;
    }

    // One pass over the characters, on raw storage: this runs over every text the checks read.
    QString out = text;
    const int n = int(text.size());
    const char16_t* s = reinterpret_cast<const char16_t*>(text.constData());
    char16_t* o = reinterpret_cast<char16_t*>(out.data()); // detached once
    auto blank = [o, n](int from, int to) {
        for (int k = from; k < to && k < n; ++k) {
            if (o[k] != u'\n')
                o[k] = u' ';
        }
    };
    auto lineEnd = [s, n](int from) {
        while (from < n && s[from] != u'\n')
            ++from;
        return from;
    };
    const bool python = language == Language::Python;
    int i = 0;
    while (i < n) {
        const char16_t c = s[i];
        if (c != u'"' && c != u'\'' && c != (python ? u'#' : u'/')) {
            ++i;
            continue;
        }
        const char16_t next = i + 1 < n ? s[i + 1] : u'\0';
        if (python && c == u'#') {
            const int end = lineEnd(i);
            blank(i, end);
            i = end;
        } else if (!python && c == u'/' && next == u'/') {
            const int end = lineEnd(i);
            blank(i, end);
            i = end;
        } else if (!python && c == u'/' && next == u'*') {
            int end = int(QStringView(text).indexOf(u"*/", i + 2));
            end = end < 0 ? n : end + 2;
            blank(i, end);
            i = end;
        } else if (c == u'"' || c == u'\'') {
            // A C++ digit separator (1'000) is no quote.
            if (!python && c == u'\'' && i > 0 && QChar(s[i - 1]).isLetterOrNumber()) {
                ++i;
                continue;
            }
            const bool triple = python && i + 2 < n && s[i + 1] == c && s[i + 2] == c;
            const int open = triple ? 3 : 1;
            int j = i + open;
            int close = -1;
            while (j < n) {
                const char16_t d = s[j];
                if (d == u'\\') {
                    j += 2;
                    continue;
                }
                if (!triple && d == u'\n')
                    break; // an unclosed one-line string ends at the line
                if (d == c && (!triple || (j + 2 < n && s[j + 1] == c && s[j + 2] == c))) {
                    close = j;
                    break;
                }
                ++j;
            }
            const int contentEnd = close < 0 ? j : close;
            if (maskStrings)
                blank(i + open, contentEnd);
            i = close < 0 ? j : close + open;
        } else {
            ++i;
        }
    }
    return out;
}

namespace {

// The match options for a subject: without PCRE2's UTF-16 check where it is known to be valid.
QRegularExpression::MatchOptions subjectOptions(const QString& subject)
{
    constexpr qsizetype Short = 256; // PCRE2's own check costs next to nothing
    if (subject.size() < Short)
        return QRegularExpression::NoMatchOption;
    bool valid = false;
    if (t_cache) {
        const LintSource::CacheScope::Cache::Key key{subject.constData(), subject.size(), 6};
        auto found = t_cache->validUtf16.find(key);
        if (found == t_cache->validUtf16.end())
            found = t_cache->validUtf16.emplace(key, std::make_pair(subject, QStringView(subject).isValidUtf16())).first;
        valid = found->second.second;
    }
    return valid ? QRegularExpression::DontCheckSubjectStringMatchOption : QRegularExpression::NoMatchOption;
}

} // namespace

QRegularExpressionMatch LintSource::match(const QRegularExpression& re, const QString& subject, qsizetype offset)
{
    return re.match(subject, offset, QRegularExpression::NormalMatch, subjectOptions(subject));
}

QRegularExpressionMatchIterator LintSource::globalMatch(const QRegularExpression& re, const QString& subject, qsizetype offset)
{
    return re.globalMatch(subject, offset, QRegularExpression::NormalMatch, subjectOptions(subject));
}

int LintSource::lineAt(const QString& text, int offset)
{
    offset = qBound(0, offset, int(text.size()));
    // Counting from the start for every match is quadratic in a long text with many matches:
    // within a cache scope, the newlines of a long text are found once and searched.
    if (!t_cache || text.size() < 2048)
        return int(QStringView(text).left(offset).count(QLatin1Char('\n'))) + 1;
    const CacheScope::Cache::Key key{text.constData(), text.size(), 5};
    auto found = t_cache->newlines.find(key);
    if (found == t_cache->newlines.end()) {
        std::vector<int> newlines;
        for (int i = int(text.indexOf(QLatin1Char('\n'))); i >= 0; i = int(text.indexOf(QLatin1Char('\n'), i + 1)))
            newlines.push_back(i);
        found = t_cache->newlines.emplace(key, std::move(newlines)).first;
    }
    return int(std::lower_bound(found->second.begin(), found->second.end(), offset) - found->second.begin()) + 1;
}

std::optional<LintSource::Spans> LintSource::callArguments(const QString& masked, int openParen, int* end)
{
    Spans spans;
    int depth = 0;
    int start = openParen + 1;
    auto add = [&](int from, int to) {
        int a = from;
        int b = to;
        while (a < b && masked.at(a).isSpace())
            ++a;
        while (b > a && masked.at(b - 1).isSpace())
            --b;
        if (b > a)
            spans.append({a, b - a});
    };
    for (int i = openParen; i < masked.size(); ++i) {
        const QChar c = masked.at(i);
        if (c == QLatin1Char('(') || c == QLatin1Char('[') || c == QLatin1Char('{')) {
            ++depth;
        } else if (c == QLatin1Char(')') || c == QLatin1Char(']') || c == QLatin1Char('}')) {
            if (--depth == 0) {
                add(start, i);
                if (end)
                    *end = i + 1;
                return spans;
            }
        } else if (c == QLatin1Char(',') && depth == 1) {
            add(start, i);
            start = i + 1;
        }
    }
    return std::nullopt;
}

QStringList LintSource::slices(const QString& text, const Spans& spans)
{
    QStringList out;
    for (const auto& span : spans)
        out << text.mid(span.first, span.second).trimmed();
    return out;
}

namespace {

// A Python parameter list's items → parameters.
QVector<LintSource::Parameter> pythonParameters(const QStringList& items)
{
    QVector<LintSource::Parameter> parameters;
    bool keywordOnly = false;
    for (const QString& item : items) {
        if (item == QLatin1String("/"))
            continue;
        if (item == QLatin1String("*")) {
            keywordOnly = true;
            continue;
        }
        LintSource::Parameter p;
        QString name = item;
        if (name.startsWith(QLatin1String("**"))) {
            p.doubleStar = true;
            name = name.mid(2);
        } else if (name.startsWith(QLatin1Char('*'))) {
            p.star = true;
            name = name.mid(1);
        }
        const int eq = int(name.indexOf(QLatin1Char('=')));
        p.hasDefault = eq >= 0;
        if (eq >= 0)
            name = name.left(eq);
        const int colon = int(name.indexOf(QLatin1Char(':')));
        if (colon >= 0)
            name = name.left(colon);
        p.name = name.trimmed();
        p.keywordOnly = keywordOnly && !p.star && !p.doubleStar;
        if (p.star)
            keywordOnly = true;
        parameters.append(p);
    }
    return parameters;
}

void addName(QHash<QString, LintSource::Signature>& names, const QString& name, int line)
{
    if (name.isEmpty() || names.contains(name))
        return;
    LintSource::Signature s;
    s.name = name;
    s.line = line;
    s.known = false;
    names.insert(name, s);
}

} // namespace

QHash<QString, LintSource::Signature> LintSource::pythonNames(const QString& text, bool* starImport)
{
    QHash<QString, Signature> names;
    if (starImport)
        *starImport = false;
    const QString masked = mask(text, Language::Python, true);
    static const QRegularExpression def(QStringLiteral(R"(^(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\()"), QRegularExpression::MultilineOption);
    static const QRegularExpression cls(QStringLiteral(R"(^class\s+([A-Za-z_]\w*))"), QRegularExpression::MultilineOption);
    static const QRegularExpression assign(
        QStringLiteral(R"(^([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*(?::[^=\n]*)?=(?!=))"), QRegularExpression::MultilineOption);
    static const QRegularExpression import(QStringLiteral(R"(^import\s+([^\n]+))"), QRegularExpression::MultilineOption);
    static const QRegularExpression fromImport(
        QStringLiteral(R"(^from\s+[\w.]+\s+import\s+(\([^)]*\)|[^\n]+))"), QRegularExpression::MultilineOption);
    for (auto it = globalMatch(def, masked); it.hasNext();) {
        const auto m = it.next();
        const QString name = m.captured(1);
        if (names.contains(name))
            continue; // the first definition is the one a reader sees first; redefinitions are rare
        Signature s;
        s.name = name;
        s.line = lineAt(masked, int(m.capturedStart()));
        const auto spans = callArguments(masked, int(m.capturedEnd()) - 1);
        s.known = bool(spans);
        if (spans)
            s.parameters = pythonParameters(slices(masked, *spans));
        names.insert(name, s);
    }
    for (auto it = globalMatch(cls, masked); it.hasNext();) {
        const auto m = it.next();
        addName(names, m.captured(1), lineAt(masked, int(m.capturedStart())));
    }
    for (auto it = globalMatch(assign, masked); it.hasNext();) {
        const auto m = it.next();
        for (const QString& part : m.captured(1).split(QLatin1Char(',')))
            addName(names, part.trimmed(), lineAt(masked, int(m.capturedStart())));
    }
    for (auto it = globalMatch(import, masked); it.hasNext();) {
        const auto m = it.next();
        for (QString part : m.captured(1).split(QLatin1Char(','))) {
            part = part.trimmed();
            const int as = int(part.indexOf(QLatin1String(" as ")));
            addName(
                names, as >= 0 ? part.mid(as + 4).trimmed() : part.section(QLatin1Char('.'), 0, 0), lineAt(masked, int(m.capturedStart())));
        }
    }
    for (auto it = globalMatch(fromImport, masked); it.hasNext();) {
        const auto m = it.next();
        QString list = m.captured(1);
        list.remove(QLatin1Char('(')).remove(QLatin1Char(')'));
        for (QString part : list.split(QLatin1Char(','))) {
            part = part.simplified();
            if (part == QLatin1String("*")) {
                if (starImport)
                    *starImport = true;
                continue;
            }
            const int as = int(part.indexOf(QLatin1String(" as ")));
            addName(names, as >= 0 ? part.mid(as + 4).trimmed() : part, lineAt(masked, int(m.capturedStart())));
        }
    }
    return names;
}

namespace {

// The parameters of a C++ function or lambda whose list starts at openParen: a count, no names pybind11 knows.
std::optional<int> cppParameterCount(const QString& masked, int openParen, int* end = nullptr)
{
    const auto spans = LintSource::callArguments(masked, openParen, end);
    if (!spans)
        return std::nullopt;
    const QStringList items = LintSource::slices(masked, *spans);
    if (items.size() == 1 && items.first() == QLatin1String("void"))
        return 0;
    return int(items.size());
}

// The definition of a free C++ function `name` (a body follows its parameter list).
std::optional<int> cppFunctionParameters(const QString& masked, const QString& name)
{
    std::optional<int> declared;
    static const QRegularExpression after(QStringLiteral(R"(\G\s*(?:const\s*)?(?:noexcept\s*)?(\{|;))"));
    auto isWord = [](QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); };
    for (int at = int(masked.indexOf(name)); at >= 0; at = int(masked.indexOf(name, at + 1))) {
        const int end = at + int(name.size());
        if ((at > 0
                && (isWord(masked.at(at - 1)) || masked.at(at - 1) == QLatin1Char(':') || masked.at(at - 1) == QLatin1Char('.')
                    || masked.at(at - 1) == QLatin1Char('>')))
            || (end < masked.size() && isWord(masked.at(end))))
            continue;
        int paren = end;
        while (paren < masked.size() && masked.at(paren).isSpace())
            ++paren;
        if (paren >= masked.size() || masked.at(paren) != QLatin1Char('('))
            continue;
        int close = 0;
        const auto count = cppParameterCount(masked, paren, &close);
        if (!count)
            continue;
        // What follows the list: a body (definition) or ';' after a return type (declaration).
        const auto a = LintSource::match(after, masked, close);
        if (!a.hasMatch())
            continue;
        // A declaration or definition has a type before the name, not an operator or '('.
        const QStringView before = QStringView(masked).left(at).trimmed();
        if (before.isEmpty()
            || !(before.back().isLetterOrNumber() || before.back() == QLatin1Char('>') || before.back() == QLatin1Char('&')
                || before.back() == QLatin1Char('*') || before.back() == QLatin1Char('_')))
            continue;
        if (before.endsWith(QLatin1String("return")))
            continue;
        if (a.captured(1) == QLatin1String("{"))
            return count;
        declared = count;
    }
    return declared;
}

} // namespace

QHash<QString, LintSource::Signature> LintSource::pybindNames(const QString& text, int* moduleLine)
{
    QHash<QString, Signature> names;
    const QString withStrings = mask(text, Language::Cpp, false);
    const QString masked = mask(text, Language::Cpp, true);
    static const QRegularExpression module(QStringLiteral(R"(\bPYBIND11_MODULE\s*\()"));
    const auto mm = match(module, masked);
    if (moduleLine)
        *moduleLine = mm.hasMatch() ? lineAt(masked, int(mm.capturedStart())) : 0;
    if (!mm.hasMatch())
        return names;
    static const QRegularExpression defCall(QStringLiteral(R"(\b[A-Za-z_]\w*\s*\.\s*def\s*\()"));
    static const QRegularExpression quoted(QStringLiteral(R"re(^"([A-Za-z_]\w*)"$)re"));
    static const QRegularExpression pyArg(QStringLiteral(R"re(^(?:(?:py|pybind11)::arg(?:_v)?\s*\(\s*"(\w+)"|"(\w+)"_a)(.*)$)re"),
        QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression function(QStringLiteral(R"(^&?\s*((?:\w+::)*)(\w+)$)"));
    static const QRegularExpression lambda(QStringLiteral(R"(^\[[^\]]*\]\s*\()"));
    for (auto it = globalMatch(defCall, masked, mm.capturedStart()); it.hasNext();) {
        const auto m = it.next();
        const auto spans = callArguments(masked, int(m.capturedEnd()) - 1);
        if (!spans || spans->size() < 2)
            continue;
        const QStringList args = slices(withStrings, *spans);
        const auto q = match(quoted, args.at(0));
        if (!q.hasMatch())
            continue;
        Signature s;
        s.name = q.captured(1);
        s.line = lineAt(masked, int(m.capturedStart()));
        bool sawArg = false;
        for (int k = 2; k < args.size(); ++k) {
            const auto a = match(pyArg, args.at(k));
            if (!a.hasMatch())
                continue;
            sawArg = true;
            Parameter p;
            p.name = a.captured(1).isEmpty() ? a.captured(2) : a.captured(1);
            const QString rest = a.captured(3);
            p.hasDefault = rest.contains(QLatin1Char('=')) || args.at(k).startsWith(QLatin1String("py::arg_v"));
            s.parameters.append(p);
        }
        if (!sawArg) {
            s.namesKnown = false;
            const QString target = slices(masked, {spans->at(1)}).constFirst();
            std::optional<int> count;
            const auto l = match(lambda, target);
            if (l.hasMatch()) {
                count = cppParameterCount(target, int(l.capturedEnd()) - 1);
            } else {
                const auto f = match(function, target);
                if (f.hasMatch())
                    count = cppFunctionParameters(masked, f.captured(2));
            }
            s.known = bool(count);
            for (int k = 0; count && k < *count; ++k)
                s.parameters.append(Parameter{QStringLiteral("arg%1").arg(k), false, false, false, false});
        }
        if (names.contains(s.name)) {
            names[s.name].known = false; // overloads: any of them may match
            continue;
        }
        names.insert(s.name, s);
    }
    return names;
}

QVector<LintSource::Call> LintSource::pythonCalls(const QString& text)
{
    QVector<Call> calls;
    const QString masked = mask(text, Language::Python, true);
    static const QRegularExpression call(QStringLiteral(R"((?<![\w.])([A-Za-z_]\w*)\s*\()"));
    static const QRegularExpression keyword(QStringLiteral(R"(^([A-Za-z_]\w*)\s*=(?!=))"));
    for (auto it = globalMatch(call, masked); it.hasNext();) {
        const auto m = it.next();
        const QStringView before = QStringView(masked).left(m.capturedStart()).trimmed();
        if (before.endsWith(QLatin1String("def")) || before.endsWith(QLatin1String("class")))
            continue;
        const auto spans = callArguments(masked, int(m.capturedEnd()) - 1);
        if (!spans)
            continue;
        Call c;
        c.name = m.captured(1);
        c.line = lineAt(masked, int(m.capturedStart()));
        for (const QString& arg : slices(masked, *spans)) {
            if (arg.startsWith(QLatin1Char('*'))) {
                c.unpacked = true;
                continue;
            }
            const auto k = match(keyword, arg);
            if (k.hasMatch())
                c.keywords << k.captured(1);
            else
                ++c.positional;
        }
        calls.append(c);
    }
    return calls;
}

} // namespace krw
