// SPDX-License-Identifier: MIT
#include "widgets/caseview/errorview.h"

#include "widgets/settings/settings.h"

#include <QTextBlock>
#include <QTextCursor>
#include <QUrl>

namespace krw {

ErrorView::ErrorView(QWidget* parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() == QLatin1String("ref"))
            activateLink(url.path().toInt());
    });
    Settings::instance()->followCodeFont(this, [this](const QFont& font) {
        m_codeFont = font;
        render();
    });
}

void ErrorView::setMessages(const QVector<Message>& messages, const QString& emptyText)
{
    m_messages = messages;
    m_emptyText = emptyText;
    render();
}

void ErrorView::render()
{
    m_links.clear();
    m_references.clear();
    if (m_messages.isEmpty()) {
        setPlainText(m_emptyText.isEmpty() ? tr("No error messages: every stage that ran reported \"None\".") : m_emptyText);
        return;
    }
    QString html;
    for (const Message& message : qAsConst(m_messages))
        html += messageHtml(message);
    setHtml(html);
    // References that are no link but have something to say get a dotted underline, as
    // explained terms do: hovering tells why they are not links.
    QTextCharFormat dotted;
    dotted.setUnderlineStyle(QTextCharFormat::DotLine);
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (fragment.charFormat().toolTip().isEmpty() || fragment.charFormat().isAnchor())
                continue;
            QTextCursor cursor(document());
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            cursor.mergeCharFormat(dotted);
        }
    }
}

// Every piece of message text is escaped; only our own anchors and spans are markup. A title
// attribute becomes the text's tooltip.
QString ErrorView::messageHtml(const Message& message)
{
    QString body;
    int pos = 0;
    for (const ErrorLink& link : message.links) {
        const SourceRef& ref = link.ref;
        if (ref.start < pos || ref.start + ref.length > message.text.size())
            continue; // not from this text
        body += message.text.mid(pos, ref.start - pos).toHtmlEscaped();
        const QString text = message.text.mid(ref.start, ref.length).toHtmlEscaped();
        const QString tip = link.toolTip.toHtmlEscaped();
        if (link.isLink()) {
            body += QStringLiteral("<a href=\"ref:%1\" title=\"%2\">%3</a>").arg(m_links.size()).arg(tip, text);
            m_links.append(link);
        } else if (!tip.isEmpty()) {
            body += QStringLiteral("<span title=\"%1\">%2</span>").arg(tip, text);
        } else {
            body += text;
        }
        m_references.append(link);
        pos = ref.start + ref.length;
    }
    body += message.text.mid(pos).toHtmlEscaped();
    // The code font, as CSS: quotes in a family name cannot close the attribute or the string.
    QString family = m_codeFont.family();
    family.remove(QLatin1Char('\'')).remove(QLatin1Char('"'));
    const QString size = m_codeFont.pointSizeF() > 0 ? QStringLiteral("%1pt").arg(m_codeFont.pointSizeF())
                                                     : QStringLiteral("%1px").arg(m_codeFont.pixelSize());
    return QStringLiteral("<h3>%1</h3><pre style=\"white-space: pre-wrap; font-family: '%2', monospace; font-size: %3\">%4</pre>")
        .arg(message.title.toHtmlEscaped(), family.toHtmlEscaped(), size, body);
}

void ErrorView::activateLink(int index)
{
    if (index >= 0 && index < m_links.size())
        Q_EMIT linkActivated(m_links.at(index).versionId, m_links.at(index).line);
}

} // namespace krw
