// SPDX-License-Identifier: MIT
#pragma once

#include <QTextBrowser>

namespace krw {

// Shows Markdown written by a model, rendered as the report renders it (markdownToSafeHtml).
// Dataset text is untrusted: raw HTML is not interpreted and links are not followed (they are
// shown, and copied on request). Over TextLimits::RichBytes it is shown as plain text.
class MarkdownView : public QTextBrowser
{
    Q_OBJECT
public:
    explicit MarkdownView(QWidget* parent = nullptr);
    void setMarkdownText(const QString& markdown);
    void setPlainMessage(const QString& message); // e.g. "No reflection in this iteration."

private:
    void setCodeFont(const QFont& font);

    QString m_markdown; // what is shown, while it is shown rendered
    bool m_rich = false;
};

} // namespace krw
