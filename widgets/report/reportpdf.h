// SPDX-License-Identifier: MIT
//
// The PDF report: the parts of the HTML report (reportHtmlParts, Images::ResourceName) laid out
// one at a time by QTextDocument and painted page by page onto a QPdfWriter (A4, numbered
// pages, each case from a new page). One document per part keeps layout time linear in the
// number of cases; one document for a 1,000-case report took a minute. QTextDocument
// understands a subset of HTML/CSS, which reporthtml.cpp keeps to (tables, spans, pre, class
// selectors). Safe on a worker thread (QTextDocument and QPdfWriter need no GUI thread).
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QVector>

#include <atomic>

namespace krw {

// plots: caseIndex → PNG. Written via QSaveFile. cancelled (optional) is polled between parts.
bool writeReportPdf(const QVector<QByteArray>& parts, const QHash<int, QByteArray>& plots, const QString& path, const QString& title,
    QString* error, const std::atomic<bool>* cancelled = nullptr);

} // namespace krw
