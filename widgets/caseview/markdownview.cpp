// SPDX-License-Identifier: MIT
#include "caseview/markdownview.h"

#include "report/markdownhtml.h"
#include "run/textlimits.h"

#include <QTextDocument>

namespace krw {

MarkdownView::MarkdownView(QWidget* parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setReadOnly(true);
    // Tables as the report draws them: cells apart, with a thin rule.
    document()->setDefaultStyleSheet(QStringLiteral("table.md-table { border-collapse: collapse; } "
                                                    "table.md-table th, table.md-table td { border: 1px solid gray; padding: 2px 6px; }"));
}

void MarkdownView::setMarkdownText(const QString& markdown)
{
    if (markdown.size() > TextLimits::RichBytes) {
        setPlainText(markdown); // parsing and laying out megabytes of Markdown would stall the window
        return;
    }
    // The report's renderer, so dataset Markdown reads the same here and there (prose fences,
    // no indented code blocks, no raw HTML, only safe links; markdownhtml.h).
    setHtml(markdownToSafeHtml(markdown, 1));
}

void MarkdownView::setPlainMessage(const QString& message)
{
    setPlainText(message);
}

} // namespace krw
