// SPDX-License-Identifier: MIT
#include "caseview/errorview.h"

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
}

void ErrorView::setMessages(const QVector<Message>& messages, const QString& emptyText)
{
    m_links.clear();
    m_references.clear();
    if (messages.isEmpty()) {
        setPlainText(emptyText.isEmpty() ? tr("No error messages: every stage that ran reported \"None\".") : emptyText);
        return;
    }
    QString html;
    for (const Message& message : messages)
        html += messageHtml(message);
    setHtml(html);
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
    return QStringLiteral("<h3>%1</h3><pre style=\"white-space: pre-wrap; font-family: monospace\">%2</pre>")
        .arg(message.title.toHtmlEscaped(), body);
}

void ErrorView::activateLink(int index)
{
    if (index >= 0 && index < m_links.size())
        Q_EMIT linkActivated(m_links.at(index).versionId, m_links.at(index).line);
}

} // namespace krw
