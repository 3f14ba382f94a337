// SPDX-License-Identifier: MIT
#include "models/rerun/diagnosticparser.h"

#include <QRegularExpression>

#include <optional>

namespace krw {

void DiagnosticParser::feed(const QString& chunk)
{
    m_tail += chunk;
    int start = 0;
    for (int newline = int(m_tail.indexOf(QLatin1Char('\n'))); newline >= 0; newline = int(m_tail.indexOf(QLatin1Char('\n'), start))) {
        parseLine(m_tail.mid(start, newline - start));
        start = newline + 1;
    }
    m_tail.remove(0, start);
}

void DiagnosticParser::finish()
{
    if (!m_tail.isEmpty())
        parseLine(m_tail);
    m_tail.clear();
}

void DiagnosticParser::parseLine(const QString& rawLine)
{
    // clang/gcc: "path:12:5: error: msg"; gcc without column: "path:12: error: msg";
    // nvcc: "path(12): error: msg".
    static const QRegularExpression clangStyle(QStringLiteral(
        R"(^(?<file>[^\s:][^:]*?):(?<line>\d+):(?:(?<col>\d+):)?\s*(?<sev>fatal error|error|warning|note|remark):\s*(?<msg>.*)$)"));
    static const QRegularExpression nvccStyle(QStringLiteral(
        R"(^(?<file>[^\s(][^(]*?)\((?<line>\d+)\):\s*(?<sev>fatal error|error|warning|note|remark)\s*(?:#\S+-D)?:?\s*(?<msg>.*)$)"));
    QString line = rawLine;
    if (line.endsWith(QLatin1Char('\r')))
        line.chop(1);
    QRegularExpressionMatch m = clangStyle.match(line);
    if (!m.hasMatch())
        m = nvccStyle.match(line);
    const auto severity = m.hasMatch() ? severityFromName(m.captured(QStringLiteral("sev"))) : std::nullopt;
    if (!severity) {
        // Source excerpts and caret lines belong to the message above them.
        if (!m_diagnostics.isEmpty() && !line.trimmed().isEmpty())
            m_diagnostics.last().context.append(line);
        return;
    }
    Diagnostic d;
    d.file = m.captured(QStringLiteral("file"));
    d.line = m.captured(QStringLiteral("line")).toInt();
    d.column = m.captured(QStringLiteral("col")).toInt();
    d.severity = *severity;
    d.message = m.captured(QStringLiteral("msg")).trimmed();
    m_diagnostics.append(d);
}

QVector<Diagnostic> DiagnosticParser::parseAll(const QString& output)
{
    DiagnosticParser parser;
    parser.feed(output);
    parser.finish();
    return parser.diagnostics();
}

} // namespace krw
