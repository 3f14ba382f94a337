// SPDX-License-Identifier: MIT
#include "models/browse/sourceexcerpt.h"

#include <QFile>

#include <algorithm>
#include <cstring>

namespace krw {

namespace {

// Start of the line that holds pos.
qint64 lineStart(const char* data, qint64 pos)
{
    while (pos > 0 && data[pos - 1] != '\n')
        --pos;
    return pos;
}

// End of the line that starts at pos (the '\n' or the end of the data).
qint64 lineEnd(const char* data, qint64 size, qint64 pos)
{
    const void* newline = std::memchr(data + pos, '\n', size_t(size - pos));
    return newline ? static_cast<const char*>(newline) - data : size;
}

// One line as text, cut to maxChars around the byte `focus` (relative to the line; -1: its start);
// *column is where that byte's character is in the text (-1 when there is no focus).
QString lineText(const char* data, qint64 begin, qint64 end, qint64 focus, int maxChars, bool* cut, int* column = nullptr)
{
    if (end > begin && data[end - 1] == '\r')
        --end;
    // A few bytes per character at most: cut the bytes first, so a huge line is never decoded whole.
    const qint64 maxBytes = qint64(maxChars) * 4;
    qint64 from = begin;
    qint64 to = end;
    if (to - from > maxBytes) {
        const qint64 centre = focus >= 0 ? begin + focus : begin;
        from = std::max(begin, centre - maxBytes / 2);
        to = std::min(end, from + maxBytes);
    }
    QString text = QString::fromUtf8(data + from, int(to - from));
    const qint64 focusByte = focus >= 0 ? std::clamp(begin + focus, from, to) : -1;
    int at = focusByte >= 0 ? int(QString::fromUtf8(data + from, int(focusByte - from)).size()) : -1;
    bool cutBefore = from > begin;
    bool cutAfter = to < end;
    if (text.size() > maxChars) {
        if (focus >= 0 && at > maxChars / 2) {
            // Around the focus (near the line's end the bytes kept run to the end, so the middle
            // of the text is not the focus).
            const int skipped = std::min(at - maxChars / 2, int(text.size()) - maxChars);
            cutAfter = cutAfter || skipped + maxChars < text.size();
            text = text.mid(skipped, maxChars);
            at -= skipped;
            cutBefore = true;
        } else {
            text.truncate(maxChars);
            cutAfter = true;
        }
    }
    if (cutBefore || cutAfter)
        *cut = true;
    if (column)
        *column = at >= 0 && at <= text.size() ? at + int(cutBefore) : -1;
    return (cutBefore ? QStringLiteral("…") : QString()) + text + (cutAfter ? QStringLiteral("…") : QString());
}

// The length of the JSON token at `at`: a string up to its closing quote, else up to the next
// delimiter (a number, true, null, or the start of an object); at least one character.
int jsonTokenLength(const QString& text, int at)
{
    if (at >= text.size())
        return 0;
    int end = at + 1;
    if (text.at(at) == QLatin1Char('"')) {
        while (end < text.size() && text.at(end) != QLatin1Char('"'))
            end += text.at(end) == QLatin1Char('\\') ? 2 : 1;
        return std::min(end + 1, int(text.size())) - at;
    }
    static const QString delimiters = QStringLiteral(",:{}[]\" \t");
    if (!delimiters.contains(text.at(at))) {
        while (end < text.size() && !delimiters.contains(text.at(end)))
            ++end;
    }
    return end - at;
}

} // namespace

SourceExcerpt readSourceExcerpt(const QString& path, qint64 line, qint64 byteOffset, int context, int maxChars)
{
    SourceExcerpt excerpt;
    excerpt.path = path;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        excerpt.error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return excerpt;
    }
    QByteArray copy; // where the file cannot be mapped (a compressed resource)
    const qint64 size = file.size();
    const char* data = size > 0 ? reinterpret_cast<const char*>(file.map(0, size)) : nullptr;
    if (!data && size > 0) {
        copy = file.readAll();
        data = copy.constData();
    }
    qint64 start = -1; // of the wanted line
    qint64 number = line;
    qint64 focus = -1;
    if (byteOffset >= 0 && byteOffset < size) {
        start = lineStart(data, byteOffset);
        focus = byteOffset - start;
        if (number <= 0)
            number = 1 + std::count(data, data + start, '\n');
    } else if (line > 0) {
        qint64 pos = 0;
        for (qint64 n = 1; n < line && pos <= size; ++n) {
            const qint64 end = pos < size ? lineEnd(data, size, pos) : size;
            pos = end + 1;
        }
        if (pos <= size)
            start = pos;
    }
    if (start < 0 || start > size) {
        excerpt.error = QStringLiteral("%1 has no line %2").arg(path).arg(line);
        return excerpt;
    }
    // Back over up to `context` lines, then forward over the line and `context` more.
    qint64 first = start;
    qint64 firstNumber = number;
    for (int i = 0; i < context && first > 0; ++i) {
        first = lineStart(data, first - 1);
        --firstNumber;
    }
    excerpt.firstLine = firstNumber;
    excerpt.line = number;
    qint64 pos = first;
    for (qint64 n = firstNumber; n <= number + context && pos <= size; ++n) {
        const qint64 end = pos < size ? lineEnd(data, size, pos) : size;
        if (pos == size && n > number)
            break; // no empty line after the last newline
        excerpt.lines.append(
            lineText(data, pos, end, n == number ? focus : -1, maxChars, &excerpt.cut, n == number ? &excerpt.column : nullptr));
        pos = end + 1;
    }
    if (excerpt.column >= 0)
        excerpt.spanLength = jsonTokenLength(excerpt.lines.at(int(number - firstNumber)), excerpt.column);
    return excerpt;
}

} // namespace krw
