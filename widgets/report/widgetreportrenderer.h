// SPDX-License-Identifier: MIT
#pragma once

#include "models/report/reportrenderer.h"

#include <QSize>

namespace krw {

// What reports need pixels for, drawn with the widgets: timing plots (TimingPlot, in paper
// colours whatever the desktop theme), syntax colours (SyntaxReportDecorations) and the PDF
// layout (writeReportPdf) with code in a face that draws fixed pitch here. Needs a QApplication; timingPlotPng on the GUI thread only.
class WidgetReportRenderer : public ReportRenderer
{
public:
    explicit WidgetReportRenderer(const QSize& plotSize = {720, 380});

    QByteArray timingPlotPng(const RerunResult& rerun) override;
    std::unique_ptr<ReportDecorations> createDecorations() override;
    QString codeFontFamily() const override { return m_codeFontFamily; }
    bool writePdf(const QVector<QByteArray>& parts, const QHash<int, QByteArray>& plots, const QString& path, const QString& title,
        QString* error, const std::atomic<bool>* cancelled) override;

private:
    QSize m_plotSize;
    QString m_codeFontFamily; // Settings::defaultCodeFont's, worked out where the renderer is made
};

} // namespace krw
