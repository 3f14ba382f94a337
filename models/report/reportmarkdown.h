// SPDX-License-Identifier: MIT
//
// The Markdown report: a summary (counts by outcome and verdict, a table of cases), then one
// section per case. Every dataset string goes through markdownsafe.h, so the file carries no
// raw HTML, no script links and no code fence the dataset could close. No machine paths or
// times other than the summary's runPath and generated, which the caller chooses.
#pragma once

#include "models/report/reportcontent.h"

#include <QByteArray>

namespace krw {

QByteArray reportMarkdown(const ReportSummary& summary, const QVector<ReportCase>& cases);

// The unified diff (3 lines of context) of two texts, with "--- fromTitle" / "+++ toTitle"
// headers; empty when they are equal. Shared with the other writers.
QString unifiedDiff(const QString& from, const QString& to, const QString& fromTitle, const QString& toTitle);

} // namespace krw
