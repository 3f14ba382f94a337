// SPDX-License-Identifier: MIT
#include "models/lint/cppoutline.h"

#include "models/lint/lintsource.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace krw {

namespace {

bool isWord(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}

} // namespace

CppOutline::CppOutline(const QString& masked)
    : m_masked(masked)
    , m_partner(size_t(masked.size()), -1)
{
    // One pass, on raw storage: this runs over every candidate text.
    const char16_t* s = reinterpret_cast<const char16_t*>(m_masked.constData());
    const int n = int(masked.size());
    std::vector<int> open;
    m_lineStart.push_back(0);
    for (int i = 0; i < n; ++i) {
        switch (s[i]) {
        case u'(':
        case u'[':
        case u'{':
            open.push_back(i);
            break;
        case u')':
        case u']':
        case u'}':
            if (!open.empty()) {
                m_partner[size_t(open.back())] = i;
                m_partner[size_t(i)] = open.back();
                open.pop_back();
            }
            break;
        case u'\n':
            m_lineStart.push_back(i + 1);
            break;
        default:
            break;
        }
    }
}

int CppOutline::partner(int offset) const
{
    return offset >= 0 && offset < int(m_partner.size()) ? m_partner[size_t(offset)] : -1;
}

int CppOutline::lineOf(int offset) const
{
    return int(std::upper_bound(m_lineStart.begin(), m_lineStart.end(), offset) - m_lineStart.begin());
}

QVector<CppOutline::Function> CppOutline::functions() const
{
    static const QSet<QString> notNames = {QStringLiteral("if"), QStringLiteral("for"), QStringLiteral("while"), QStringLiteral("switch"),
        QStringLiteral("catch"), QStringLiteral("return"), QStringLiteral("sizeof"), QStringLiteral("decltype"), QStringLiteral("alignof"),
        QStringLiteral("__launch_bounds__"), QStringLiteral("__attribute__"), QStringLiteral("defined")};
    // What may stand between a parameter list and its body: qualifiers, a trailing return type.
    static const QRegularExpression qualifiers(QStringLiteral(R"(^[\s\w:<>,*&]*+(?:->[\s\w:<>,*&]*+)?$)"));
    // A brace that opens a scope whose functions count: namespace, class, struct, extern "C".
    static const QRegularExpression scope(QStringLiteral(R"(\b(?:namespace|struct|class|union|extern)\b)"));
    QVector<Function> out;
    const QString& s = m_masked;
    const int n = int(s.size());
    int statementStart = 0; // after the last ';', '{' or '}' outside function bodies
    for (int i = 0; i < n; ++i) {
        const QChar c = s.at(i);
        if (c == QLatin1Char(';') || c == QLatin1Char('}')) {
            statementStart = i + 1;
            continue;
        }
        if (c == QLatin1Char('(') || c == QLatin1Char('[')) {
            if (m_partner[size_t(i)] > i)
                i = m_partner[size_t(i)]; // nothing inside a parameter list or an index opens a scope
            continue;
        }
        if (c != QLatin1Char('{'))
            continue;
        const int close = m_partner[size_t(i)];
        // A function: ')' then qualifiers, then the '{'.
        int k = i - 1;
        const int floor = std::max(statementStart, i - 300);
        while (k >= floor && s.at(k) != QLatin1Char(')') && s.at(k) != QLatin1Char('='))
            --k;
        bool function = false;
        if (k >= floor && s.at(k) == QLatin1Char(')') && m_partner[size_t(k)] >= 0
            && qualifiers.match(s.mid(k + 1, i - k - 1)).hasMatch()) {
            int e = m_partner[size_t(k)]; // its '('
            while (e > 0 && s.at(e - 1).isSpace())
                --e;
            int b = e;
            while (b > 0 && isWord(s.at(b - 1)))
                --b;
            const QString name = s.mid(b, e - b);
            if (!name.isEmpty() && !name.front().isDigit() && !notNames.contains(name) && close > i) {
                out.append({name, lineOf(b), b, Span{i + 1, close}});
                function = true;
            }
        }
        if (function) {
            i = close;
            statementStart = close + 1;
        } else if (scope.match(s.mid(statementStart, i - statementStart)).hasMatch()) {
            statementStart = i + 1; // look inside
        } else if (close > i) {
            i = close; // an initializer or a block outside any function
            statementStart = close + 1;
        } else {
            statementStart = i + 1;
        }
    }
    return out;
}

} // namespace krw
