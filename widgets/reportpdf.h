// SPDX-License-Identifier: MIT
//
// The PDF report: the HTML report (HtmlReportOptions::Images::ResourceName) laid out by
// QTextDocument and printed with QPdfWriter on A4. QTextDocument only understands a subset of
// HTML/CSS, which reporthtml.cpp keeps to (tables, spans, pre, class selectors, page breaks).
// Safe on a worker thread (QTextDocument and QPdfWriter paint without the GUI thread).
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

namespace krw {

// html: reportHtml(..., Images::ResourceName); plots: caseIndex → PNG. Written via QSaveFile.
bool writeReportPdf(const QByteArray& html, const QHash<int, QByteArray>& plots, const QString& path, const QString& title,
                    QString* error);

} // namespace krw
