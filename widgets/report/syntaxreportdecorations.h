// SPDX-License-Identifier: MIT
//
// Syntax colours for the HTML and PDF reports: KSyntaxHighlighting with a Repository of its own,
// so it can live on the export's worker thread; plain in builds without it.
#pragma once

#include "models/report/reportdecorations.h"

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

} // namespace krw
