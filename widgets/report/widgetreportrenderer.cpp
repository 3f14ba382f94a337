// SPDX-License-Identifier: MIT
#include "report/widgetreportrenderer.h"

#include "plots/timingplot.h"
#include "report/reportpdf.h"
#include "report/syntaxreportdecorations.h"
#include "theme/themes.h"

namespace krw {

WidgetReportRenderer::WidgetReportRenderer(const QSize& plotSize)
    : m_plotSize(plotSize)
{
}

QByteArray WidgetReportRenderer::timingPlotPng(const TimingStage& timing)
{
    TimingPlot plot;
    plot.setAttribute(Qt::WA_DontShowOnScreen);
    plot.setPalette(paperPalette()); // a report is read on white
    plot.setTiming(timing);
    return plot.toPng(m_plotSize);
}

std::unique_ptr<ReportDecorations> WidgetReportRenderer::createDecorations()
{
    return std::make_unique<SyntaxReportDecorations>();
}

bool WidgetReportRenderer::writePdf(const QVector<QByteArray>& parts, const QHash<int, QByteArray>& plots, const QString& path,
    const QString& title, QString* error, const std::atomic<bool>* cancelled)
{
    return writeReportPdf(parts, plots, path, title, error, cancelled);
}

} // namespace krw
