// SPDX-License-Identifier: MIT
#include "models/report/markdownsafe.h"

#include <QHash>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>

namespace krw {

namespace {

bool isAsciiPunctuation(QChar c)
{
    return c.unicode() < 128 && c.isPunct() ? true : QStringLiteral("$+<=>^`|~").contains(c);
}

QString htmlEntity(QChar c)
{
    switch (c.unicode()) {
    case '<':
        return QStringLiteral("&lt;");
    case '>':
        return QStringLiteral("&gt;");
    case '&':
        return QStringLiteral("&amp;");
    default:
        return QString(c);
    }
}

QString escapeHtmlChars(const QString& text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text)
        out += htmlEntity(c);
    return out;
}

int longestBacktickRun(const QString& text)
{
    int longest = 0;
    int run = 0;
    for (const QChar c : text) {
        run = c == QLatin1Char('`') ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return longest;
}

// Decodes one entity at text[i] ('&'); returns false when it is not a complete entity we know.
bool decodeEntity(const QString& text, int* i, QString* out)
{
    static const QRegularExpression entity(QStringLiteral("^&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});"));
    static const QHash<QString, QString> named{
        {QStringLiteral("amp"), QStringLiteral("&")},
        {QStringLiteral("lt"), QStringLiteral("<")},
        {QStringLiteral("gt"), QStringLiteral(">")},
        {QStringLiteral("quot"), QStringLiteral("\"")},
        {QStringLiteral("apos"), QStringLiteral("'")},
        {QStringLiteral("colon"), QStringLiteral(":")},
        {QStringLiteral("Tab"), QStringLiteral("\t")},
        {QStringLiteral("NewLine"), QStringLiteral("\n")},
        {QStringLiteral("nbsp"), QStringLiteral(" ")},
        {QStringLiteral("sol"), QStringLiteral("/")},
        {QStringLiteral("num"), QStringLiteral("#")},
        {QStringLiteral("quest"), QStringLiteral("?")},
    };
    const auto m = entity.match(text.mid(*i, 48)); // anchored: the longest entity is shorter
    if (!m.hasMatch())
        return true; // a lone '&' is just text
    const QString body = m.captured(1);
    if (body.startsWith(QLatin1Char('#'))) {
        const bool hex = body.size() > 1 && (body.at(1) == QLatin1Char('x') || body.at(1) == QLatin1Char('X'));
        const uint code = body.mid(hex ? 2 : 1).toUInt(nullptr, hex ? 16 : 10);
        const char32_t ch = code == 0 || code > 0x10FFFF ? 0xFFFD : char32_t(code);
        *out += QString::fromUcs4(&ch, 1);
    } else if (named.contains(body)) {
        *out += named.value(body);
    } else {
        return false; // HTML knows two thousand names; one we cannot decode might hide a ':'
    }
    *i += int(m.capturedLength()) - 1;
    return true;
}

bool isInvisible(QChar c)
{
    const ushort u = c.unicode();
    return u <= 0x20 || (u >= 0x7f && u <= 0xa0) || c.isSpace() || c.category() == QChar::Other_Format;
}

// The destination after "](" or "]:" at text[*i]: copies it to out, as "#" when unsafe.
void copyLinkDestination(const QString& text, int* i, QString* out)
{
    int p = *i;
    while (p < text.size() && (text.at(p) == QLatin1Char(' ') || text.at(p) == QLatin1Char('\t') || text.at(p) == QLatin1Char('\n')))
        *out += text.at(p++);
    const int start = p;
    QString destination;
    if (p < text.size() && text.at(p) == QLatin1Char('<')) {
        ++p;
        while (p < text.size() && text.at(p) != QLatin1Char('>') && text.at(p) != QLatin1Char('\n'))
            destination += text.at(p++);
        if (p < text.size() && text.at(p) == QLatin1Char('>'))
            ++p;
    } else {
        // Up to the closing parenthesis, title and all: a browser drops the tabs and spaces a
        // renderer might keep, so the whole stretch is judged.
        int depth = 0;
        while (p < text.size() && text.at(p) != QLatin1Char('\n')) {
            const QChar c = text.at(p);
            if (c == QLatin1Char('\\') && p + 1 < text.size()) {
                destination += text.mid(p, 2);
                p += 2;
                continue;
            }
            if (c == QLatin1Char('('))
                ++depth;
            if (c == QLatin1Char(')') && depth-- == 0)
                break;
            destination += c;
            ++p;
        }
    }
    // Backticks escaped for the same reason as unpaired runs (sanitizeInline): should a renderer
    // not see a link here, they must not start a code span.
    *out += isSafeLinkDestination(destination)
        ? escapeHtmlChars(text.mid(start, p - start)).replace(QLatin1Char('`'), QStringLiteral("\\`"))
        : QStringLiteral("#");
    *i = p;
}

// Inline pass over text outside fenced blocks: entities for < > &, code spans kept verbatim
// (a renderer shows them literally), link destinations checked.
QString sanitizeInline(const QString& text)
{
    QString out;
    out.reserve(text.size() + text.size() / 8);
    int i = 0;
    while (i < text.size()) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('\\') && i + 1 < text.size() && isAsciiPunctuation(text.at(i + 1))) {
            const QChar next = text.at(i + 1);
            out += htmlEntity(next) == QString(next) ? text.mid(i, 2) : htmlEntity(next);
            i += 2;
        } else if (c == QLatin1Char('`')) {
            int run = 0;
            while (i + run < text.size() && text.at(i + run) == QLatin1Char('`'))
                ++run;
            const int lineEnd
                = text.indexOf(QLatin1Char('\n'), i + run) < 0 ? int(text.size()) : int(text.indexOf(QLatin1Char('\n'), i + run));
            int close = -1;
            for (int p = i + run; p < lineEnd;) {
                int r = 0;
                while (p + r < lineEnd && text.at(p + r) == QLatin1Char('`'))
                    ++r;
                if (r == run) {
                    close = p;
                    break;
                }
                p += std::max(r, 1);
            }
            if (close < 0) {
                // Escaped, so that every backtick run a renderer sees is one of the pairs found
                // here: it cannot pair this one with a run on a later line and so turn text we
                // copied verbatim as code into live HTML.
                out += QString(QStringLiteral("\\`")).repeated(run);
                i += run;
            } else {
                out += text.mid(i, close + run - i);
                i = close + run;
            }
        } else if (c == QLatin1Char(']') && i + 1 < text.size()
            && (text.at(i + 1) == QLatin1Char('(') || text.at(i + 1) == QLatin1Char(':'))) {
            out += text.mid(i, 2);
            i += 2;
            copyLinkDestination(text, &i, &out);
        } else {
            out += htmlEntity(c);
            ++i;
        }
    }
    return out;
}

QString fenceInfo(const QString& rest)
{
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9+#._-]"));
    QString word = rest.trimmed().section(QLatin1Char(' '), 0, 0);
    return word.remove(unsafe).left(32);
}

} // namespace

QString markdownPlainText(const QString& text)
{
    QString out;
    out.reserve(text.size() + 8);
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('\n') || c == QLatin1Char('\r'))
            out += QLatin1Char(' ');
        else if (c == QLatin1Char('<') || c == QLatin1Char('>') || c == QLatin1Char('&'))
            out += htmlEntity(c);
        else if (QStringLiteral("\\`*_[]#~|!").contains(c) || (i == 0 && QStringLiteral("+-=.").contains(c)))
            out += QLatin1Char('\\') + QString(c);
        else
            out += c;
    }
    return out;
}

QString markdownTableCell(const QString& text)
{
    return markdownPlainText(text); // already escapes '|' and newlines
}

QString markdownCodeSpan(const QString& text)
{
    QString flat = text;
    flat.replace(QLatin1Char('\r'), QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
    if (flat.isEmpty())
        return QStringLiteral("` `");
    const QString fence(longestBacktickRun(flat) + 1, QLatin1Char('`'));
    const bool pad = flat.startsWith(QLatin1Char('`')) || flat.endsWith(QLatin1Char('`'));
    if (pad)
        flat = QLatin1Char(' ') + flat + QLatin1Char(' ');
    return fence + flat + fence;
}

QString markdownCodeBlock(const QString& text, const QString& info)
{
    const QString fence(std::max(3, longestBacktickRun(text) + 1), QLatin1Char('`'));
    QString body = text;
    if (!body.isEmpty() && !body.endsWith(QLatin1Char('\n')))
        body += QLatin1Char('\n');
    return fence + fenceInfo(info) + QLatin1Char('\n') + body + fence + QLatin1Char('\n');
}

QString sanitizedMarkdown(const QString& markdown, int minHeadingLevel)
{
    static const QRegularExpression fenceOpen(QStringLiteral("^( {0,3})(`{3,}|~{3,})(.*)$"));
    static const QRegularExpression heading(QStringLiteral("^ {0,3}(#{1,6})(?=[ \\t]|$)"));
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    QString out;
    QStringList prose;
    auto flushProse = [&] {
        if (!prose.isEmpty())
            out += sanitizeInline(prose.join(QLatin1Char('\n'))) + QLatin1Char('\n');
        prose.clear();
    };
    for (int i = 0; i < lines.size(); ++i) {
        const auto open = fenceOpen.match(lines.at(i));
        const QChar fenceChar = open.hasMatch() ? open.captured(2).at(0) : QChar();
        if (!open.hasMatch() || (fenceChar == QLatin1Char('`') && open.captured(3).contains(QLatin1Char('`')))) {
            QString line = lines.at(i);
            const auto h = heading.match(line);
            if (h.hasMatch() && h.capturedLength(1) < minHeadingLevel)
                line.replace(h.capturedStart(1), h.capturedLength(1), QString(minHeadingLevel, QLatin1Char('#')));
            prose.append(line);
            continue;
        }
        // A fenced block: re-emitted with our own fence, closed even when the dataset forgot to.
        flushProse();
        const int indent = int(open.captured(1).size());
        const QRegularExpression close(
            QStringLiteral("^ {0,3}%1{%2,}[ \\t]*$").arg(QRegularExpression::escape(QString(fenceChar))).arg(open.captured(2).size()));
        QStringList code;
        for (++i; i < lines.size() && !close.match(lines.at(i)).hasMatch(); ++i) {
            QString line = lines.at(i);
            int strip = 0;
            while (strip < indent && strip < line.size() && line.at(strip) == QLatin1Char(' '))
                ++strip;
            code.append(line.mid(strip));
        }
        if (i >= lines.size() && !code.isEmpty() && code.constLast().isEmpty())
            code.removeLast(); // the text's final newline, not a line of code
        out += markdownCodeBlock(code.isEmpty() ? QString() : code.join(QLatin1Char('\n')) + QLatin1Char('\n'), open.captured(3));
    }
    flushProse();
    while (out.endsWith(QStringLiteral("\n\n")))
        out.chop(1);
    return out.trimmed().isEmpty() ? QString() : out;
}

bool isSafeLinkDestination(const QString& destination)
{
    QString decoded;
    for (int i = 0; i < destination.size(); ++i) {
        const QChar c = destination.at(i);
        if (c == QLatin1Char('\\') && i + 1 < destination.size() && isAsciiPunctuation(destination.at(i + 1))) {
            decoded += destination.at(++i);
        } else if (c == QLatin1Char('&')) {
            const int before = int(decoded.size());
            if (!decodeEntity(destination, &i, &decoded))
                return false;
            if (decoded.size() == before)
                decoded += c;
        } else {
            decoded += c;
        }
    }
    QString visible;
    for (const QChar c : decoded) {
        if (!isInvisible(c))
            visible += c.toLower();
    }
    static const QRegularExpression scheme(QStringLiteral("^([a-z][a-z0-9+.-]*):"));
    const auto m = scheme.match(visible);
    if (m.hasMatch()) {
        const QString name = m.captured(1);
        return name == QLatin1String("http") || name == QLatin1String("https") || name == QLatin1String("mailto");
    }
    // No scheme: relative or an anchor, unless a ':' comes before any '/', '?' or '#' (odd schemes).
    const int colon = int(visible.indexOf(QLatin1Char(':')));
    if (colon < 0)
        return true;
    const int pathStart = int(visible.indexOf(QRegularExpression(QStringLiteral("[/?#]"))));
    return pathStart >= 0 && pathStart < colon;
}

} // namespace krw
