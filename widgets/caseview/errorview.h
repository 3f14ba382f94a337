// SPDX-License-Identifier: MIT
#pragma once

#include "browse/sourcerefs.h"

#include <QTextBrowser>
#include <QVector>

namespace krw {

// Compiler and runtime messages, newest iteration first. Every "file:line:col" inside them is a
// link; activating one emits where it points, with the iteration whose code produced it.
class ErrorView : public QTextBrowser
{
    Q_OBJECT
public:
    struct Message
    {
        int iteration = 0;
        QString title; // "Iteration 3 · call error"
        QString text;
    };

    explicit ErrorView(QWidget* parent = nullptr);
    // emptyText: what to say when there are no messages.
    void setMessages(const QVector<Message>& messages, const QString& emptyText = {});
    int linkCount() const { return int(m_links.size()); }
    void activateLink(int index); // what a click does; also for tests and keyboard users

Q_SIGNALS:
    void sourceRefActivated(int iteration, const krw::SourceRef& ref);

private:
    struct Link
    {
        int iteration;
        SourceRef ref;
    };
    QString messageHtml(const Message& message);

    QVector<Link> m_links;
};

} // namespace krw
