// SPDX-License-Identifier: MIT
#include "models/report/markdownhtml.h"

#include "models/report/markdownsafe.h"

#include <QRegularExpression>
#include <QVector>

#include <md4c.h>

namespace krw {

namespace {

QString fromMd(const MD_CHAR* text, MD_SIZE size)
{
    return QString::fromUtf8(text, int(size));
}

// An attribute as md4c split it (text and entity runs), joined back into its source form.
QString attributeSource(const MD_ATTRIBUTE& attribute)
{
    QString out;
    for (int i = 0; attribute.substr_offsets[i] < attribute.size; ++i) {
        const MD_OFFSET begin = attribute.substr_offsets[i];
        const MD_OFFSET end = attribute.substr_offsets[i + 1];
        if (attribute.substr_types[i] == MD_TEXT_NULLCHAR)
            out += QChar(0xFFFD);
        else
            out += fromMd(attribute.text + begin, end - begin);
    }
    return out;
}

// Belt and braces on top of isSafeLinkDestination: the source form we emit must itself either
// name an allowed scheme or have no scheme at all.
bool hasAllowedSchemeSyntax(const QString& destination)
{
    static const QRegularExpression allowed(QStringLiteral("^(https?://|mailto:)"), QRegularExpression::CaseInsensitiveOption);
    if (allowed.match(destination).hasMatch())
        return true;
    const int colon = int(destination.indexOf(QLatin1Char(':')));
    if (colon < 0)
        return true;
    for (const QChar stop : {QLatin1Char('/'), QLatin1Char('?'), QLatin1Char('#')}) {
        const int at = int(destination.indexOf(stop));
        if (at >= 0 && at < colon)
            return true; // the colon is in a path, query or fragment: no scheme
    }
    return false;
}

struct Renderer
{
    QString out;
    int headingShift = 0;
    QVector<bool> linkOpen; // per open MD_SPAN_A: whether we emitted <a>
    int imageDepth = 0; // inside an image: its alt text is shown as text

    void open(const QString& tag) { out += QLatin1Char('<') + tag + QLatin1Char('>'); }
    void close(const QString& tag) { out += QStringLiteral("</") + tag + QLatin1Char('>'); }

    QString headingTag(const MD_BLOCK_H_DETAIL* detail) const
    {
        return QStringLiteral("h%1").arg(std::min(6, int(detail->level) + headingShift));
    }

    void enterBlock(MD_BLOCKTYPE type, void* detail)
    {
        switch (type) {
        case MD_BLOCK_DOC:
            break;
        case MD_BLOCK_QUOTE:
            open(QStringLiteral("blockquote"));
            break;
        case MD_BLOCK_UL:
            open(QStringLiteral("ul"));
            break;
        case MD_BLOCK_OL: {
            const unsigned start = static_cast<MD_BLOCK_OL_DETAIL*>(detail)->start;
            out += start == 1 ? QStringLiteral("<ol>") : QStringLiteral("<ol start=\"%1\">").arg(start);
            break;
        }
        case MD_BLOCK_LI:
            open(QStringLiteral("li"));
            break;
        case MD_BLOCK_HR:
            out += QStringLiteral("<hr>");
            break;
        case MD_BLOCK_H:
            open(headingTag(static_cast<MD_BLOCK_H_DETAIL*>(detail)));
            break;
        case MD_BLOCK_CODE:
            out += QStringLiteral("<pre class=\"md-code\"><code>");
            break;
        case MD_BLOCK_HTML: // not produced with MD_FLAG_NOHTML; shown as text if it ever is
            out += QStringLiteral("<pre>");
            break;
        case MD_BLOCK_P:
            open(QStringLiteral("p"));
            break;
        case MD_BLOCK_TABLE:
            out += QStringLiteral("<table class=\"md-table\">");
            break;
        case MD_BLOCK_THEAD:
            open(QStringLiteral("thead"));
            break;
        case MD_BLOCK_TBODY:
            open(QStringLiteral("tbody"));
            break;
        case MD_BLOCK_TR:
            open(QStringLiteral("tr"));
            break;
        case MD_BLOCK_TH:
            open(QStringLiteral("th"));
            break;
        case MD_BLOCK_TD:
            open(QStringLiteral("td"));
            break;
        }
    }

    void leaveBlock(MD_BLOCKTYPE type, void* detail)
    {
        switch (type) {
        case MD_BLOCK_DOC:
            break;
        case MD_BLOCK_QUOTE:
            close(QStringLiteral("blockquote"));
            break;
        case MD_BLOCK_UL:
            close(QStringLiteral("ul"));
            break;
        case MD_BLOCK_OL:
            close(QStringLiteral("ol"));
            break;
        case MD_BLOCK_LI:
            close(QStringLiteral("li"));
            break;
        case MD_BLOCK_HR:
            break;
        case MD_BLOCK_H:
            close(headingTag(static_cast<MD_BLOCK_H_DETAIL*>(detail)));
            break;
        case MD_BLOCK_CODE:
            out += QStringLiteral("</code></pre>");
            break;
        case MD_BLOCK_HTML:
            close(QStringLiteral("pre"));
            break;
        case MD_BLOCK_P:
            close(QStringLiteral("p"));
            break;
        case MD_BLOCK_TABLE:
            close(QStringLiteral("table"));
            break;
        case MD_BLOCK_THEAD:
            close(QStringLiteral("thead"));
            break;
        case MD_BLOCK_TBODY:
            close(QStringLiteral("tbody"));
            break;
        case MD_BLOCK_TR:
            close(QStringLiteral("tr"));
            break;
        case MD_BLOCK_TH:
            close(QStringLiteral("th"));
            break;
        case MD_BLOCK_TD:
            close(QStringLiteral("td"));
            break;
        }
    }

    void enterSpan(MD_SPANTYPE type, void* detail)
    {
        if (imageDepth > 0 && type != MD_SPAN_IMG)
            return; // alt text is plain
        switch (type) {
        case MD_SPAN_EM:
            open(QStringLiteral("em"));
            break;
        case MD_SPAN_STRONG:
            open(QStringLiteral("strong"));
            break;
        case MD_SPAN_CODE:
            open(QStringLiteral("code"));
            break;
        case MD_SPAN_DEL:
            open(QStringLiteral("del"));
            break;
        case MD_SPAN_U:
            open(QStringLiteral("u"));
            break;
        case MD_SPAN_A: {
            const QString href = attributeSource(static_cast<MD_SPAN_A_DETAIL*>(detail)->href);
            const bool safe = isSafeLinkDestination(href) && hasAllowedSchemeSyntax(href);
            if (safe)
                out += QStringLiteral("<a href=\"%1\" rel=\"noopener noreferrer\">").arg(htmlEscaped(href));
            else
                out += QStringLiteral("<span class=\"blocked-link\" title=\"link removed: not http(s) or mailto\">");
            linkOpen.append(safe);
            break;
        }
        case MD_SPAN_IMG:
            if (imageDepth++ == 0)
                out += QStringLiteral("<span class=\"md-image\">[image: ");
            break;
        case MD_SPAN_LATEXMATH:
        case MD_SPAN_LATEXMATH_DISPLAY:
        case MD_SPAN_WIKILINK:
            open(QStringLiteral("span"));
            break;
        }
    }

    void leaveSpan(MD_SPANTYPE type)
    {
        if (type == MD_SPAN_IMG) {
            if (--imageDepth == 0)
                out += QStringLiteral("]</span>");
            return;
        }
        if (imageDepth > 0)
            return;
        switch (type) {
        case MD_SPAN_EM:
            close(QStringLiteral("em"));
            break;
        case MD_SPAN_STRONG:
            close(QStringLiteral("strong"));
            break;
        case MD_SPAN_CODE:
            close(QStringLiteral("code"));
            break;
        case MD_SPAN_DEL:
            close(QStringLiteral("del"));
            break;
        case MD_SPAN_U:
            close(QStringLiteral("u"));
            break;
        case MD_SPAN_A:
            close(!linkOpen.isEmpty() && linkOpen.takeLast() ? QStringLiteral("a") : QStringLiteral("span"));
            break;
        case MD_SPAN_IMG:
            break;
        case MD_SPAN_LATEXMATH:
        case MD_SPAN_LATEXMATH_DISPLAY:
        case MD_SPAN_WIKILINK:
            close(QStringLiteral("span"));
            break;
        }
    }

    void text(MD_TEXTTYPE type, const QString& text)
    {
        static const QRegularExpression entity(QStringLiteral("^&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});$"));
        switch (type) {
        case MD_TEXT_NULLCHAR:
            out += QChar(0xFFFD);
            break;
        case MD_TEXT_BR:
            out += imageDepth > 0 ? QStringLiteral(" ") : QStringLiteral("<br>");
            break;
        case MD_TEXT_SOFTBR:
            out += QLatin1Char('\n');
            break;
        case MD_TEXT_ENTITY:
            // A well-formed character reference decodes to text in a browser; anything else is escaped.
            out += entity.match(text).hasMatch() ? text : htmlEscaped(text);
            break;
        default: // normal, code, raw HTML (shown as text), math
            out += htmlEscaped(text);
            break;
        }
    }
};

int onEnterBlock(MD_BLOCKTYPE type, void* detail, void* user)
{
    static_cast<Renderer*>(user)->enterBlock(type, detail);
    return 0;
}
int onLeaveBlock(MD_BLOCKTYPE type, void* detail, void* user)
{
    static_cast<Renderer*>(user)->leaveBlock(type, detail);
    return 0;
}
int onEnterSpan(MD_SPANTYPE type, void* detail, void* user)
{
    static_cast<Renderer*>(user)->enterSpan(type, detail);
    return 0;
}
int onLeaveSpan(MD_SPANTYPE type, void*, void* user)
{
    static_cast<Renderer*>(user)->leaveSpan(type);
    return 0;
}
int onText(MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE size, void* user)
{
    static_cast<Renderer*>(user)->text(type, fromMd(text, size));
    return 0;
}

} // namespace

QString htmlEscaped(const QString& text)
{
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '&':
            out += QStringLiteral("&amp;");
            break;
        case '<':
            out += QStringLiteral("&lt;");
            break;
        case '>':
            out += QStringLiteral("&gt;");
            break;
        case '"':
            out += QStringLiteral("&quot;");
            break;
        case '\'':
            out += QStringLiteral("&#39;");
            break;
        case 0:
            out += QChar(0xFFFD);
            break;
        default:
            out += c;
        }
    }
    return out;
}

bool isProseFenceLabel(const QString& info)
{
    static const QStringList prose{QStringLiteral("reflection"), QStringLiteral("reflections"), QStringLiteral("analysis"),
        QStringLiteral("markdown"), QStringLiteral("md"), QStringLiteral("strategy"), QStringLiteral("plan"), QStringLiteral("summary"),
        QStringLiteral("thoughts"), QStringLiteral("thinking"), QStringLiteral("reasoning"), QStringLiteral("explanation"),
        QStringLiteral("notes"), QStringLiteral("note"), QStringLiteral("prose")};
    const QString word = info.trimmed().section(QLatin1Char(' '), 0, 0).toLower();
    return prose.contains(word);
}

QString unfencedProse(const QString& markdown)
{
    // Fences at any indentation: with indented code blocks off, md4c reads them so too.
    static const QRegularExpression opener(QStringLiteral("^\\s*(`{3,}|~{3,})(.*)$"));
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    QStringList out;
    out.reserve(lines.size());
    for (int i = 0; i < lines.size(); ++i) {
        const QRegularExpressionMatch open = opener.match(lines.at(i));
        if (!open.hasMatch() || (open.captured(1).startsWith(QLatin1Char('`')) && open.captured(2).contains(QLatin1Char('`')))) {
            out << lines.at(i);
            continue;
        }
        const QString fence = open.captured(1);
        const QRegularExpression closer(QStringLiteral("^\\s*") + QRegularExpression::escape(QString(fence.size(), fence.at(0)))
            + QStringLiteral("%1*\\s*$").arg(QRegularExpression::escape(QString(fence.at(0)))));
        int end = i + 1;
        while (end < lines.size() && !closer.match(lines.at(end)).hasMatch())
            ++end;
        // A prose fence's lines become blank lines: its text stays a block of its own, in the
        // container it is in (its indentation is no code block any more).
        const bool prose = isProseFenceLabel(open.captured(2));
        out << (prose ? QString() : lines.at(i));
        for (int k = i + 1; k < end; ++k)
            out << lines.at(k);
        if (end < lines.size())
            out << (prose ? QString() : lines.at(end));
        i = end;
    }
    return out.join(QLatin1Char('\n'));
}

QString markdownToSafeHtml(const QString& markdown, int minHeadingLevel)
{
    if (markdown.trimmed().isEmpty())
        return {};
    Renderer renderer;
    renderer.headingShift = std::max(0, std::min(6, minHeadingLevel) - 1);
    MD_PARSER parser{};
    parser.abi_version = 0;
    parser.flags = MD_FLAG_NOHTML | MD_FLAG_TABLES | MD_FLAG_STRIKETHROUGH | MD_FLAG_NOINDENTEDCODEBLOCKS;
    parser.enter_block = onEnterBlock;
    parser.leave_block = onLeaveBlock;
    parser.enter_span = onEnterSpan;
    parser.leave_span = onLeaveSpan;
    parser.text = onText;
    const QByteArray utf8 = unfencedProse(markdown).toUtf8();
    if (md_parse(utf8.constData(), MD_SIZE(utf8.size()), &parser, &renderer) != 0)
        return QStringLiteral("<pre>") + htmlEscaped(markdown) + QStringLiteral("</pre>");
    // Links left open by a parser abort are closed so the fragment cannot swallow what follows.
    while (!renderer.linkOpen.isEmpty())
        renderer.out += renderer.linkOpen.takeLast() ? QStringLiteral("</a>") : QStringLiteral("</span>");
    return renderer.out;
}

} // namespace krw
