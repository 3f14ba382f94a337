// SPDX-License-Identifier: MIT
#pragma once

#include "models/report/reportdecorations.h"
#include "models/rerun/rerunresult.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QVector>

#include <atomic>
#include <memory>

namespace krw {

// What an export needs pixels for, supplied by the widget layer (widgets/report/
// WidgetReportRenderer). Without one, ReportExportJob writes Markdown, CSV, workspace folders
// and HTML with plain code and no plot images, and refuses PDF.
class ReportRenderer
{
public:
    virtual ~ReportRenderer();

    // The shown rerun's timing plot as PNG (the rerun has timing; its verdict and flags word the
    // title). Called on the thread the job lives on (in the app, the GUI thread), a few at a time
    // between event-loop turns.
    virtual QByteArray timingPlotPng(const RerunResult& rerun) = 0;

    // Syntax colours for the HTML writer. Created and used on the export's worker thread.
    virtual std::unique_ptr<ReportDecorations> createDecorations() = 0;

    // The face the PDF lays code out in (HtmlReportOptions::codeFontFamily): one that draws fixed
    // pitch on this system.
    virtual QString codeFontFamily() const = 0;

    // Lays out the report's HTML parts (reportHtmlParts, Images::ResourceName) as a PDF at path.
    // plots: caseIndex → PNG. On the worker thread; cancelled is polled between parts.
    virtual bool writePdf(const QVector<QByteArray>& parts, const QHash<int, QByteArray>& plots, const QString& path, const QString& title,
        QString* error, const std::atomic<bool>* cancelled)
        = 0;
};

} // namespace krw
