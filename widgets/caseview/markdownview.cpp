// SPDX-License-Identifier: MIT
#include "widgets/caseview/markdownview.h"

#include "models/report/markdownhtml.h"
#include "models/run/textlimits.h"
#include "widgets/settings/settings.h"

#include <QTextDocument>

namespace krw {

MarkdownView::MarkdownView(QWidget* parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setReadOnly(true);
    Settings::instance()->followCodeFont(this, [this](const QFont& font) { setCodeFont(font); });
}

void MarkdownView::setCodeFont(const QFont& font)
{
    // Code in the code font named outright: Qt 5 draws <pre> and <code> in the body's font.
    // Tables as the report draws them: cells apart, with a thin rule.
    QString family = font.family();
    family.remove(QLatin1Char('\'')).remove(QLatin1Char('"'));
    document()->setDefaultStyleSheet(QStringLiteral("pre, code { font-family: '%1', monospace; } "
                                                    "table.md-table { border-collapse: collapse; } "
                                                    "table.md-table th, table.md-table td { border: 1px solid gray; padding: 2px 6px; }")
                                         .arg(family));
    if (m_rich)
        setHtml(markdownToSafeHtml(m_markdown, 1)); // the style sheet is read when the HTML is
}

void MarkdownView::setMarkdownText(const QString& markdown)
{
    if (markdown.size() > TextLimits::RichBytes) {
        m_rich = false;
        m_markdown.clear();
        setPlainText(markdown); // parsing and laying out megabytes of Markdown would stall the window
        return;
    }
    // The report's renderer, so dataset Markdown reads the same here and there (prose fences,
    // no indented code blocks, no raw HTML, only safe links; markdownhtml.h).
    m_rich = true;
    m_markdown = markdown;
    setHtml(markdownToSafeHtml(markdown, 1));
}

void MarkdownView::setPlainMessage(const QString& message)
{
    m_rich = false;
    m_markdown.clear();
    setPlainText(message);
}

} // namespace krw
