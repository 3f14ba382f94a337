// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/caseversions.h"

#include <QString>
#include <QVector>

namespace krw {

// One coloured run of a code line. color: "#rrggbb" or empty for the default text colour.
struct StyledSpan
{
    int start = 0; // in QChar units within the line
    int length = 0;
    QString color;
    bool bold = false;
    bool italic = false;
};
using HighlightedLines = QVector<QVector<StyledSpan>>; // per line of splitLines(text)

// Syntax colours for the HTML report, which it cannot compute without QtGui. Called on the
// writer's thread.
class ReportDecorations
{
public:
    virtual ~ReportDecorations();
    // Syntax colours of text, one span list per line; empty when the text shows plain.
    virtual HighlightedLines highlight(const QString& text, CodeLanguage language) = 0;
};

} // namespace krw
