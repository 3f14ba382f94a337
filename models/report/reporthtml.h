// SPDX-License-Identifier: MIT
//
// The HTML report: one self-contained file (inline CSS, images as data: URIs, no script, no
// network), a summary first (counts by outcome and verdict, a table of cases linking to their
// sections), then per case its outcomes, instruction, the side-by-side diff of the prediction
// against the best candidate (syntax colours and intraline changes), errors, reflections, the
// shown rerun's accuracy table and timing plot, and the annotation with line comments placed
// at their lines. Pure text generation, safe on a worker thread: what needs QtGui (syntax
// colours, plot images) comes in through ReportDecorations and ready-made PNGs.
//
// Dataset text is hostile: every string is escaped (htmlEscaped), Markdown goes through
// markdownToSafeHtml, and a Content-Security-Policy meta tag forbids script and network loads as
// a second line of defence.
#pragma once

#include "models/report/reportcontent.h"
#include "models/report/reportdecorations.h"

#include <QByteArray>
#include <QHash>

namespace krw {

struct HtmlReportOptions
{
    enum class Images {
        DataUri, // a browser file: <img src="data:image/png;base64,...">
        ResourceName, // for QTextDocument: <img src="plotResourceName(caseIndex)">, added by the caller
    };
    Images images = Images::DataUri;
    ReportDecorations* decorations = nullptr; // nullptr: code shows plain
    QHash<int, QByteArray> timingPlots; // ReportCase::caseIndex → PNG of its shown rerun's timing plot
    int contextLines = 3; // unchanged lines kept around changes and comments; longer runs fold
    // Paged parts only: the face code is laid out in. Empty: the generic "monospace", which
    // QTextDocument draws proportional where fontconfig has no such alias.
    QString codeFontFamily;
};

QByteArray reportHtml(const ReportSummary& summary, const QVector<ReportCase>& cases, const HtmlReportOptions& options = {});

// The same report as separate documents (the summary, then one per case), each complete with
// its own head and styles: paged output lays them out one at a time, in time linear in the
// number of cases, and starts each case on a new page.
QVector<QByteArray> reportHtmlParts(const ReportSummary& summary, const QVector<ReportCase>& cases, const HtmlReportOptions& options = {});

// The name a timing plot image has in HtmlReportOptions::Images::ResourceName mode:
// PlotResourcePrefix + caseIndex + ".png".
constexpr char PlotResourcePrefix[] = "krw-plot-";
QString plotResourceName(int caseIndex);

// The anchor of a case's section ("case-<n>", n = position in the report, 1-based).
QString caseAnchor(int number);

} // namespace krw
