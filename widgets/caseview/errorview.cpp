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
    if (messages.isEmpty()) {
        setPlainText(emptyText.isEmpty() ? tr("No error messages: every stage that ran reported \"None\".") : emptyText);
        return;
    }
    QString html;
    for (const Message& message : messages)
        html += messageHtml(message);
    setHtml(html);
}

// Every piece of message text is escaped; only our own anchors are markup.
QString ErrorView::messageHtml(const Message& message)
{
    QString body;
    int pos = 0;
    const auto refs = findSourceRefs(message.text);
    for (const SourceRef& ref : refs) {
        body += message.text.mid(pos, ref.start - pos).toHtmlEscaped();
        body
            += QStringLiteral("<a href=\"ref:%1\">%2</a>").arg(m_links.size()).arg(message.text.mid(ref.start, ref.length).toHtmlEscaped());
        m_links.append({message.iteration, ref});
        pos = ref.start + ref.length;
    }
    body += message.text.mid(pos).toHtmlEscaped();
    return QStringLiteral("<h3>%1</h3><pre style=\"white-space: pre-wrap; font-family: monospace\">%2</pre>")
        .arg(message.title.toHtmlEscaped(), body);
}

void ErrorView::activateLink(int index)
{
    if (index >= 0 && index < m_links.size())
        Q_EMIT sourceRefActivated(m_links.at(index).iteration, m_links.at(index).ref);
}

} // namespace krw
