// SPDX-License-Identifier: MIT
//
// A text as a code view shows it, prepared on a worker so that the UI thread only hands it over:
// lines longer than TextLimits::RowChars cut into rows (with the gutter number of each row), the
// language, whether it is highlighted, and how much of its field it holds. And the field's whole
// text, read again from its file on a worker, to show or to save.
#pragma once

#include "models/run/caseversions.h"
#include "models/run/textstore.h"

#include <QMetaType>

#include <memory>

namespace krw {

struct DisplayText
{
    QString text; // what the view shows; a message when error is set
    QVector<int> lineNumbers; // gutter number per row, 0 on continuation rows; empty: row n is line n + 1
    CodeLanguage language = CodeLanguage::Plain; // Plain unless rich
    QString error; // the text could not be read
    qint64 shownBytes = 0; // of the field
    qint64 fieldBytes = 0;
    bool whole = true; // the field is shown whole, not cut at TextLimits::ShownBytes
    bool rich = true; // small enough to highlight and compare (TextLimits::RichBytes)
    Qt::HANDLE preparedBy = nullptr; // the thread that prepared it

    // Anything for a bar over the view to say: the text is cut, or too large for highlighting.
    bool isBig() const { return error.isEmpty() && (!whole || !rich); }
};

// The text as resolved (cut at some size, or whole). Pure; meant for a worker thread.
DisplayText prepareDisplayText(const ResolvedText& text);

// Where a field's whole text is, to read it again: values only, safe to copy into a worker.
struct WholeTextSource
{
    std::shared_ptr<const SourceTable> sources;
    TextRef ref;
    QString suggestedName; // a file name for saving it, e.g. "big-it0-predict.txt"

    bool isValid() const { return sources && ref.hasContent(); }
};

// The whole field, prepared for showing. For a worker thread.
DisplayText readWholeText(const WholeTextSource& source);
// Writes the whole field to path (UTF-8) in one atomic step: afterwards the file is either what
// it was or all of the field. For a worker thread. On failure error says why.
bool saveWholeText(const WholeTextSource& source, const QString& path, QString* error);

} // namespace krw

Q_DECLARE_METATYPE(krw::DisplayText)
