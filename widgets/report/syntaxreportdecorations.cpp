// SPDX-License-Identifier: MIT
#include "widgets/report/syntaxreportdecorations.h"

#include "krw-config.h"
#include "models/diff/linediff.h"

#include <QColor>

#if KRW_HAVE_KSYNTAXHIGHLIGHTING
#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>
#endif

namespace krw {

#if KRW_HAVE_KSYNTAXHIGHLIGHTING

namespace {

// Collects the formats of one line at a time as StyledSpans.
class SpanCollector : public KSyntaxHighlighting::AbstractHighlighter
{
public:
    QVector<StyledSpan> line;

    KSyntaxHighlighting::State highlight(const QString& text, const KSyntaxHighlighting::State& state)
    {
        line.clear();
        return highlightLine(QStringView(text), state);
    }

protected:
    void applyFormat(int offset, int length, const KSyntaxHighlighting::Format& format) override
    {
        if (length <= 0 || format.isDefaultTextStyle(theme()))
            return;
        StyledSpan span;
        span.start = offset;
        span.length = length;
        if (format.hasTextColor(theme()))
            span.color = format.textColor(theme()).name();
        span.bold = format.isBold(theme());
        span.italic = format.isItalic(theme());
        line.append(span);
    }
};

} // namespace

struct SyntaxReportDecorations::Private
{
    KSyntaxHighlighting::Repository repository;
    SpanCollector collector;
};

SyntaxReportDecorations::SyntaxReportDecorations()
    : m_impl(std::make_unique<Private>())
{
    // A report is printed on white paper: always the light default theme.
    m_impl->collector.setTheme(m_impl->repository.defaultTheme(KSyntaxHighlighting::Repository::LightTheme));
}

HighlightedLines SyntaxReportDecorations::highlight(const QString& text, CodeLanguage language)
{
    if (language == CodeLanguage::Plain || text.isEmpty())
        return {};
    const auto definition = m_impl->repository.definitionForName(languageName(language));
    if (!definition.isValid())
        return {};
    SpanCollector& collector = m_impl->collector;
    collector.setDefinition(definition);
    HighlightedLines lines;
    KSyntaxHighlighting::State state;
    for (const QString& line : splitLines(text)) {
        state = collector.highlight(line, state);
        lines.append(collector.line);
    }
    return lines;
}

#else // no KSyntaxHighlighting in this build: code shows plain

struct SyntaxReportDecorations::Private
{
};

SyntaxReportDecorations::SyntaxReportDecorations() = default;

HighlightedLines SyntaxReportDecorations::highlight(const QString&, CodeLanguage)
{
    return {};
}

#endif

SyntaxReportDecorations::~SyntaxReportDecorations() = default;

} // namespace krw
