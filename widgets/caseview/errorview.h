// SPDX-License-Identifier: MIT
#pragma once

#include "models/browse/errorlinks.h"

#include <QTextBrowser>
#include <QVector>

namespace krw {

// Compiler and runtime messages, newest iteration first. The file references in them come
// resolved (resolveErrorLinks): those that point into a version of the case are links, the others
// plain text; every one that is not library code says on hover where it leads or why it does not.
class ErrorView : public QTextBrowser
{
    Q_OBJECT
public:
    struct Message
    {
        int iteration = 0;
        QString title; // "Iteration 3 · call error"
        QString text;
        QVector<ErrorLink> links; // the references in text, in order
    };

    explicit ErrorView(QWidget* parent = nullptr);
    // emptyText: what to say when there are no messages.
    void setMessages(const QVector<Message>& messages, const QString& emptyText = {});
    int linkCount() const { return int(m_links.size()); }
    const ErrorLink& link(int index) const { return m_links.at(index); }
    // Every reference shown, links or not, in message order.
    const QVector<ErrorLink>& references() const { return m_references; }
    void activateLink(int index); // what a click does; also for tests and keyboard users

Q_SIGNALS:
    void linkActivated(const QString& versionId, int line);

private:
    void render();
    QString messageHtml(const Message& message);

    QVector<Message> m_messages;
    QString m_emptyText;
    QFont m_codeFont; // the messages' font; titles keep the view's
    QVector<ErrorLink> m_links;
    QVector<ErrorLink> m_references;
};

} // namespace krw
