// SPDX-License-Identifier: MIT
#include "widgets/report/widgetreportrenderer.h"

#include "widgets/plots/timingplot.h"
#include "widgets/report/reportpdf.h"
#include "widgets/report/syntaxreportdecorations.h"
#include "widgets/settings/settings.h"
#include "widgets/theme/themes.h"

namespace krw {

WidgetReportRenderer::WidgetReportRenderer(const QSize& plotSize)
    : m_plotSize(plotSize)
    , m_codeFontFamily(Settings::defaultCodeFont().family())
{
}

QByteArray WidgetReportRenderer::timingPlotPng(const RerunResult& rerun)
{
    TimingPlot plot;
    plot.setAttribute(Qt::WA_DontShowOnScreen);
    plot.setPalette(paperPalette()); // a report is read on white
    plot.setTiming(rerun.timing.value_or(TimingStage{}), SpeedupContext::of(rerun));
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
