// SPDX-License-Identifier: MIT
#include "models/run/displaytext.h"

#include "models/run/textlimits.h"
#include "models/storage/atomicfile.h"

#include <QThread>

#include <algorithm>

namespace krw {

namespace {

bool hasLongLine(const QString& text)
{
    qsizetype start = 0;
    while (start <= text.size()) {
        qsizetype end = text.indexOf(QLatin1Char('\n'), start);
        if (end < 0)
            end = text.size();
        if (end - start > TextLimits::RowChars)
            return true;
        start = end + 1;
    }
    return false;
}

// Every line in rows of at most RowChars characters (never between the halves of a surrogate
// pair); the first row of line n is numbered n, the others 0.
void cutIntoRows(const QString& text, DisplayText* out)
{
    QString rows;
    rows.reserve(text.size() + text.size() / TextLimits::RowChars + 1);
    int line = 0;
    qsizetype start = 0;
    while (start <= text.size()) {
        qsizetype end = text.indexOf(QLatin1Char('\n'), start);
        if (end < 0)
            end = text.size();
        ++line;
        qsizetype row = start;
        do {
            qsizetype rowEnd = std::min(end, row + TextLimits::RowChars);
            if (rowEnd < end && rowEnd > row + 1 && text.at(rowEnd - 1).isHighSurrogate())
                --rowEnd;
            if (!out->lineNumbers.isEmpty())
                rows += QLatin1Char('\n');
            rows += QStringView(text).mid(row, rowEnd - row);
            out->lineNumbers.append(row == start ? line : 0);
            row = rowEnd;
        } while (row < end);
        start = end + 1;
    }
    out->text = rows;
}

} // namespace

DisplayText prepareDisplayText(const ResolvedText& text)
{
    DisplayText display;
    display.preparedBy = QThread::currentThreadId();
    display.shownBytes = text.shownBytes;
    display.fieldBytes = text.fieldBytes;
    display.whole = !text.truncated;
    display.rich = display.whole && text.fieldBytes <= TextLimits::RichBytes && text.text.size() <= TextLimits::RichBytes;
    if (!text.error.isEmpty()) {
        display.error = text.error;
        display.text = text.error;
        return display;
    }
    display.language = display.rich ? detectLanguage(text.text) : CodeLanguage::Plain;
    if (hasLongLine(text.text))
        cutIntoRows(text.text, &display);
    else
        display.text = text.text;
    return display;
}

DisplayText readWholeText(const WholeTextSource& source)
{
    if (!source.isValid())
        return prepareDisplayText({});
    return prepareDisplayText(TextStore::resolve(*source.sources, source.ref, source.ref.length));
}

bool saveWholeText(const WholeTextSource& source, const QString& path, QString* error)
{
    if (!source.isValid()) {
        *error = QStringLiteral("no text to save");
        return false;
    }
    const ResolvedText text = TextStore::resolve(*source.sources, source.ref, source.ref.length);
    if (!text.error.isEmpty()) {
        *error = text.error;
        return false;
    }
    return writeFileAtomically(path, text.text.toUtf8(), error);
}

} // namespace krw
