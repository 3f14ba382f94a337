// SPDX-License-Identifier: MIT
#include "diff/linediff.h"

#include <QCoreApplication>
#include <QHash>

#include <dtl/dtl.hpp>

#include <algorithm>
#include <vector>

namespace krw {

namespace {

// Equal runs shorter than this, between two changes, are shown as part of the change (D1):
// "a1b2c" vs "a9b8c" reads better as one changed "1b2" than as two one-letter islands.
constexpr int kMinEqualRun = 3;

// A maximal run of the edit script that is either all common or all changed, as half-open
// index ranges on both sides. Changed runs may be empty on one side (pure insert or delete).
struct Segment
{
    bool equal = false;
    int leftBegin = 0;
    int leftEnd = 0;
    int rightBegin = 0;
    int rightEnd = 0;
    int leftLength() const { return leftEnd - leftBegin; }
    int rightLength() const { return rightEnd - rightBegin; }
};

// Runs dtl on two sequences and folds its edit script into segments.
//
// Positions are counted along the script rather than read from dtl's elemInfo indices: when
// dtl 1.20 fills its path table (MAX_CORDINATES_SIZE) it restarts on the rest of the input, and
// from the second restart on its beforeIdx/afterIdx are off (it overwrites its offset instead
// of adding to it). The order of the script stays right, so counting gives true positions.
// tst_linediff's largeInput cases catch a regression.
template<typename Elem>
std::vector<Segment> diffSegments(const std::vector<Elem>& left, const std::vector<Elem>& right)
{
    dtl::Diff<Elem> diff(left, right);
    diff.compose();
    std::vector<Segment> segments;
    int leftEnd = 0;
    int rightEnd = 0;
    for (const auto& element : diff.getSes().getSequence()) {
        const dtl::edit_t type = element.second.type;
        const bool equal = type == dtl::SES_COMMON;
        if (segments.empty() || segments.back().equal != equal)
            segments.push_back({equal, leftEnd, leftEnd, rightEnd, rightEnd});
        if (type != dtl::SES_ADD)
            segments.back().leftEnd = ++leftEnd;
        if (type != dtl::SES_DELETE)
            segments.back().rightEnd = ++rightEnd;
    }
    return segments;
}

// --- intraline ---------------------------------------------------------------------------

// A line cut into code points, so a diff never splits a surrogate pair; starts[i] is the QChar
// offset of code point i, with one extra entry for the end of the line.
struct CodePoints
{
    std::vector<char32_t> points;
    std::vector<int> starts;
};

CodePoints toCodePoints(const QString& line)
{
    CodePoints result;
    result.points.reserve(static_cast<std::size_t>(line.size()));
    for (int i = 0; i < line.size(); ++i) {
        result.starts.push_back(i);
        const QChar c = line.at(i);
        if (c.isHighSurrogate() && i + 1 < line.size() && line.at(i + 1).isLowSurrogate()) {
            result.points.push_back(QChar::surrogateToUcs4(c, line.at(i + 1)));
            ++i;
        } else {
            result.points.push_back(c.unicode()); // lone surrogates stay one unit of their own
        }
    }
    result.starts.push_back(static_cast<int>(line.size()));
    return result;
}

// Turns short equal islands between two changes into change, then merges neighbouring changes.
std::vector<Segment> foldShortEqualRuns(const std::vector<Segment>& segments)
{
    std::vector<Segment> folded;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        Segment s = segments[i];
        const bool inner = i > 0 && i + 1 < segments.size();
        if (s.equal && inner && s.leftLength() < kMinEqualRun)
            s.equal = false; // neighbours of an equal segment are always changed ones
        if (!folded.empty() && !folded.back().equal && !s.equal) {
            folded.back().leftEnd = s.leftEnd;
            folded.back().rightEnd = s.rightEnd;
        } else {
            folded.push_back(s);
        }
    }
    return folded;
}

void appendSpan(QVector<CharSpan>* spans, const std::vector<int>& starts, int begin, int end)
{
    const auto at = [&starts](int i) { return starts[static_cast<std::size_t>(i)]; };
    if (end > begin)
        spans->append(CharSpan{at(begin), at(end) - at(begin)});
}

// --- line diff ---------------------------------------------------------------------------

QString withoutWhitespace(const QString& line)
{
    QString key;
    key.reserve(line.size());
    for (const QChar c : line) {
        if (!c.isSpace())
            key.append(c);
    }
    return key;
}

// Maps every distinct line key to a small integer so dtl compares ints, not strings.
class LineInterner
{
public:
    explicit LineInterner(bool ignoreWhitespace)
        : m_ignoreWhitespace(ignoreWhitespace)
    {
    }

    std::vector<int> keys(const QStringList& lines)
    {
        std::vector<int> result;
        result.reserve(static_cast<std::size_t>(lines.size()));
        for (const QString& line : lines) {
            const QString key = m_ignoreWhitespace ? withoutWhitespace(line) : line;
            auto it = m_ids.constFind(key);
            if (it == m_ids.constEnd())
                it = m_ids.insert(key, static_cast<int>(m_ids.size()));
            result.push_back(it.value());
        }
        return result;
    }

private:
    bool m_ignoreWhitespace;
    QHash<QString, int> m_ids;
};

QVector<CharSpan> wholeLine(const QString& line)
{
    QVector<CharSpan> spans;
    if (!line.isEmpty())
        spans.append(CharSpan{0, static_cast<int>(line.size())});
    return spans;
}

DiffRow changedRow(const QString& left, const QString& right, int leftLine, int rightLine, const DiffOptions& options)
{
    DiffRow row{DiffRow::Kind::Changed, leftLine, rightLine, {}, {}};
    const bool small = left.size() <= options.maxIntralineChars && right.size() <= options.maxIntralineChars;
    if (options.intraline && small) {
        intralineSpans(left, right, &row.leftSpans, &row.rightSpans);
    } else {
        // Too long for a character diff (E4), or not wanted: mark the whole line.
        row.leftSpans = wholeLine(left);
        row.rightSpans = wholeLine(right);
    }
    return row;
}

// A changed segment: removed and added lines are paired row by row as Changed, the rest stands
// alone with a filler (-1) on the other side.
void appendChangedRows(const Segment& s, const QStringList& left, const QStringList& right, const DiffOptions& options, DiffResult* result)
{
    const int paired = std::min(s.leftLength(), s.rightLength());
    for (int i = 0; i < paired; ++i) {
        const int l = s.leftBegin + i;
        const int r = s.rightBegin + i;
        result->rows.append(changedRow(left.at(l), right.at(r), l, r, options));
        ++result->changed;
    }
    for (int l = s.leftBegin + paired; l < s.leftEnd; ++l) {
        result->rows.append(DiffRow{DiffRow::Kind::Removed, l, -1, {}, {}});
        ++result->removed;
    }
    for (int r = s.rightBegin + paired; r < s.rightEnd; ++r) {
        result->rows.append(DiffRow{DiffRow::Kind::Added, -1, r, {}, {}});
        ++result->added;
    }
}

void appendEqualRows(const Segment& s, DiffResult* result)
{
    for (int i = 0; i < s.leftLength(); ++i)
        result->rows.append(DiffRow{DiffRow::Kind::Equal, s.leftBegin + i, s.rightBegin + i, {}, {}});
}

QVector<DiffHunk> findHunks(const QVector<DiffRow>& rows)
{
    QVector<DiffHunk> hunks;
    for (int i = 0; i < rows.size(); ++i) {
        if (rows.at(i).kind == DiffRow::Kind::Equal)
            continue;
        if (!hunks.isEmpty() && hunks.last().lastRow == i - 1)
            hunks.last().lastRow = i;
        else
            hunks.append(DiffHunk{i, i});
    }
    return hunks;
}

QString sizeError(const QStringList& left, const QStringList& right, int maxLines)
{
    const bool leftTooLong = left.size() > maxLines;
    const auto count = static_cast<int>(leftTooLong ? left.size() : right.size());
    const QString side
        = leftTooLong ? QCoreApplication::translate("krw::LineDiff", "left") : QCoreApplication::translate("krw::LineDiff", "right");
    return QCoreApplication::translate("krw::LineDiff", "Not compared: the %1 side has %2 lines, more than the limit of %3.")
        .arg(side)
        .arg(count)
        .arg(maxLines);
}

} // namespace

QStringList splitLines(const QString& text)
{
    if (text.isEmpty())
        return {};
    QStringList lines = text.split(QLatin1Char('\n'));
    if (text.endsWith(QLatin1Char('\n')))
        lines.removeLast(); // "a\n" is one line, not "a" and an empty one
    for (QString& line : lines) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
    }
    return lines;
}

DiffResult diffLines(const QStringList& left, const QStringList& right, const DiffOptions& options)
{
    DiffResult result;
    if (left.size() > options.maxLines || right.size() > options.maxLines) {
        result.error = sizeError(left, right, options.maxLines);
        return result;
    }
    LineInterner interner(options.ignoreWhitespace);
    const std::vector<int> leftKeys = interner.keys(left);
    const std::vector<int> rightKeys = interner.keys(right);
    for (const Segment& s : diffSegments(leftKeys, rightKeys)) {
        if (s.equal)
            appendEqualRows(s, &result);
        else
            appendChangedRows(s, left, right, options, &result);
    }
    result.hunks = findHunks(result.rows);
    return result;
}

void intralineSpans(const QString& left, const QString& right, QVector<CharSpan>* leftSpans, QVector<CharSpan>* rightSpans)
{
    Q_ASSERT(leftSpans && rightSpans);
    leftSpans->clear();
    rightSpans->clear();
    const CodePoints l = toCodePoints(left);
    const CodePoints r = toCodePoints(right);
    for (const Segment& s : foldShortEqualRuns(diffSegments(l.points, r.points))) {
        if (s.equal)
            continue;
        appendSpan(leftSpans, l.starts, s.leftBegin, s.leftEnd);
        appendSpan(rightSpans, r.starts, s.rightBegin, s.rightEnd);
    }
}

} // namespace krw
