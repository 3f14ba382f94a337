// SPDX-License-Identifier: MIT
//
// The parts of a report that need QtGui: syntax colours (KSyntaxHighlighting with a Repository
// of its own, so it can live on the export's worker thread; plain in builds without it) and
// the timing plot as PNG (TimingPlot, GUI thread only).
#pragma once

#include "reporthtml.h"

#include <QSize>

#include <memory>

namespace krw {

class SyntaxReportDecorations : public ReportDecorations
{
public:
    SyntaxReportDecorations(); // loads the syntax definitions: create it on the thread that uses it
    ~SyntaxReportDecorations() override;
    HighlightedLines highlight(const QString& text, CodeLanguage language) override;

private:
    struct Private;
    std::unique_ptr<Private> m_impl;
};

// The latest rerun's timing plot as in the runner panel, light theme, as PNG. GUI thread only.
QByteArray timingPlotPng(const TimingStage& timing, const QSize& size = {720, 380});

} // namespace krw
