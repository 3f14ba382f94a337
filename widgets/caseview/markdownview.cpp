// SPDX-License-Identifier: MIT
#include "caseview/markdownview.h"

#include <QTextDocument>

namespace krw {

MarkdownView::MarkdownView(QWidget* parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setReadOnly(true);
}

void MarkdownView::setMarkdownText(const QString& markdown)
{
    document()->setMarkdown(
        markdown, QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub | QTextDocument::MarkdownNoHTML));
}

void MarkdownView::setPlainMessage(const QString& message)
{
    setPlainText(message);
}

} // namespace krw
