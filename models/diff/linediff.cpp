// SPDX-License-Identifier: MIT
#include "models/diff/linediff.h"

#include <QCoreApplication>
#include <QHash>

#include <dtl/dtl.hpp>

#include <algorithm>
#include <git2/diff.h>
#include <git2/errors.h>
#include <git2/global.h>
#include <limits>
#include <new>
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

// Runs dtl on two sequences and folds its edit script into segments (the intraline pass: code
// points of one changed line pair).
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

// The character diff of one line pair, as segments over code points. The common prefix and
// suffix are cut off first (one pass, and the usual edit touches a few characters in the
// middle); only what is left goes to dtl, whose time grows with its length times the number of
// differences. `budget` is the product of the two middles' lengths that dtl may still be given
// (E4): over it, the middle is one change — the prefix and suffix still show where it is.
// Returns false when the budget decided.
bool characterSegments(const CodePoints& l, const CodePoints& r, qint64* budget, std::vector<Segment>* segments)
{
    const int leftSize = static_cast<int>(l.points.size());
    const int rightSize = static_cast<int>(r.points.size());
    int prefix = 0;
    while (prefix < leftSize && prefix < rightSize && l.points[std::size_t(prefix)] == r.points[std::size_t(prefix)])
        ++prefix;
    int suffix = 0;
    while (suffix < leftSize - prefix && suffix < rightSize - prefix
        && l.points[std::size_t(leftSize - 1 - suffix)] == r.points[std::size_t(rightSize - 1 - suffix)])
        ++suffix;
    const int leftEnd = leftSize - suffix;
    const int rightEnd = rightSize - suffix;

    segments->clear();
    if (prefix > 0)
        segments->push_back({true, 0, prefix, 0, prefix});
    bool withinBudget = true;
    if (prefix < leftEnd && prefix < rightEnd) {
        const qint64 cells = qint64(leftEnd - prefix) * qint64(rightEnd - prefix);
        withinBudget = cells <= *budget;
        if (withinBudget) {
            *budget -= cells;
            const std::vector<char32_t> leftMiddle(l.points.begin() + prefix, l.points.begin() + leftEnd);
            const std::vector<char32_t> rightMiddle(r.points.begin() + prefix, r.points.begin() + rightEnd);
            for (Segment s : diffSegments(leftMiddle, rightMiddle)) {
                s.leftBegin += prefix;
                s.leftEnd += prefix;
                s.rightBegin += prefix;
                s.rightEnd += prefix;
                segments->push_back(s);
            }
        } else {
            segments->push_back({false, prefix, leftEnd, prefix, rightEnd});
        }
    } else if (prefix < leftEnd || prefix < rightEnd) {
        segments->push_back({false, prefix, leftEnd, prefix, rightEnd}); // a pure insertion or removal
    }
    if (suffix > 0)
        segments->push_back({true, leftEnd, leftSize, rightEnd, rightSize});
    return withinBudget;
}

// Spans of one changed line pair; false when the budget left the middle as one change.
bool spansWithin(const QString& left, const QString& right, qint64* budget, QVector<CharSpan>* leftSpans, QVector<CharSpan>* rightSpans)
{
    leftSpans->clear();
    rightSpans->clear();
    const CodePoints l = toCodePoints(left);
    const CodePoints r = toCodePoints(right);
    std::vector<Segment> segments;
    const bool withinBudget = characterSegments(l, r, budget, &segments);
    for (const Segment& s : foldShortEqualRuns(segments)) {
        if (s.equal)
            continue;
        appendSpan(leftSpans, l.starts, s.leftBegin, s.leftEnd);
        appendSpan(rightSpans, r.starts, s.rightBegin, s.rightEnd);
    }
    return withinBudget;
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

// Maps every distinct line key to a small integer, so the line diff compares short ids, not
// strings: a long line is hashed once here and never again, and the ignore-whitespace rule is
// ours (QChar::isSpace), not the diff library's.
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

// The ids as text, one hexadecimal id a line: what libgit2's xdiff splits and compares.
QByteArray idText(const std::vector<int>& ids)
{
    static const char digits[] = "0123456789abcdef";
    QByteArray text;
    text.reserve(static_cast<int>(ids.size() * 5));
    char buffer[9];
    for (const int id : ids) {
        auto value = static_cast<unsigned>(id);
        int length = 0;
        do {
            buffer[length++] = digits[value & 0xfU];
            value >>= 4;
        } while (value != 0);
        while (length > 0)
            text.append(buffer[--length]);
        text.append('\n');
    }
    return text;
}

// libgit2's global state, set up once for the process and kept (workers may diff until exit).
bool libgit2Ready()
{
    static const int initialized = git_libgit2_init();
    return initialized > 0;
}

// Set up on the application's thread as the application starts, not by the first diff on a
// worker: libgit2's set-up starts libssh2, which gives OpenSSL state to the thread that asks. A
// worker's state is freed twice when the process ends: by OpenSSL's exit handler on the main
// thread and by the worker's own thread-exit cleanup, which Qt 5 does not wait for (a pool's
// wait() returns before it). AddressSanitizer caught that double free at the CLI's exit.
void setUpLibgit2()
{
    libgit2Ready();
}

// One hunk without context lines is one changed segment. Unified-diff numbering: a side with
// no lines names the line before the change (0 = before the first), otherwise its first line.
// No exception may unwind through libgit2's C frames: out of memory stops the diff (a non-zero
// return is GIT_EUSER) and is said as the diff's error.
struct Hunks
{
    std::vector<Segment> changes;
    bool outOfMemory = false;
};

int onHunk(const git_diff_delta*, const git_diff_hunk* hunk, void* payload)
{
    auto* hunks = static_cast<Hunks*>(payload);
    const int leftBegin = hunk->old_lines == 0 ? hunk->old_start : hunk->old_start - 1;
    const int rightBegin = hunk->new_lines == 0 ? hunk->new_start : hunk->new_start - 1;
    try {
        hunks->changes.push_back({false, leftBegin, leftBegin + hunk->old_lines, rightBegin, rightBegin + hunk->new_lines});
    } catch (const std::bad_alloc&) {
        hunks->outOfMemory = true;
        return -1;
    }
    return 0;
}

QString lineDiffError(const QString& why)
{
    return QCoreApplication::translate("krw::LineDiff", "Not compared: the line diff (libgit2) failed: %1").arg(why);
}

// The line diff: libgit2's xdiff with the patience algorithm (git diff --patience) on the line
// ids, its hunks with no context read as changed segments and the gaps between them as equal
// ones. Patience anchors on lines that occur once on each side, so an edited line pairs with
// its old self even among repeated blank lines and braces, and time grows with the size of the
// changed regions rather than with lines × edits (dtl's O(NP) took 2.6× git's time at 20,000
// lines with 10 % changed; docs/PERFORMANCE.md, "Diff").
std::vector<Segment> lineSegments(const std::vector<int>& left, const std::vector<int>& right, QString* error)
{
    Hunks hunks;
    if (!libgit2Ready()) {
        *error = lineDiffError(QCoreApplication::translate("krw::LineDiff", "the library did not initialize"));
        return {};
    }
    const QByteArray leftText = idText(left);
    const QByteArray rightText = idText(right);
    git_diff_options options;
    git_diff_options_init(&options, GIT_DIFF_OPTIONS_VERSION);
    options.flags = GIT_DIFF_PATIENCE | GIT_DIFF_FORCE_TEXT;
    options.context_lines = 0;
    options.interhunk_lines = 0;
    const int rc = git_diff_buffers(leftText.constData(), static_cast<std::size_t>(leftText.size()), nullptr, rightText.constData(),
        static_cast<std::size_t>(rightText.size()), nullptr, &options, nullptr, nullptr, onHunk, nullptr, &hunks);
    if (hunks.outOfMemory) {
        *error = lineDiffError(QCoreApplication::translate("krw::LineDiff", "out of memory"));
        return {};
    }
    if (rc < 0) {
        const git_error* last = git_error_last();
        *error = lineDiffError(last && last->message ? QString::fromUtf8(last->message) : QStringLiteral("error %1").arg(rc));
        return {};
    }

    std::vector<Segment> segments;
    segments.reserve(hunks.changes.size() * 2 + 1);
    int leftEnd = 0;
    int rightEnd = 0;
    const auto appendEqual = [&](int leftBegin, int rightBegin) {
        if (leftBegin - leftEnd != rightBegin - rightEnd || leftBegin < leftEnd)
            return false; // hunks out of order or not on both sides' lines: never seen, refused
        if (leftBegin > leftEnd)
            segments.push_back({true, leftEnd, leftBegin, rightEnd, rightBegin});
        return true;
    };
    for (const Segment& change : hunks.changes) {
        if (!appendEqual(change.leftBegin, change.rightBegin) || change.leftEnd > static_cast<int>(left.size())
            || change.rightEnd > static_cast<int>(right.size())) {
            *error = lineDiffError(QCoreApplication::translate("krw::LineDiff", "its hunks do not fit the two texts"));
            return {};
        }
        segments.push_back(change);
        leftEnd = change.leftEnd;
        rightEnd = change.rightEnd;
    }
    if (!appendEqual(static_cast<int>(left.size()), static_cast<int>(right.size()))) {
        *error = lineDiffError(QCoreApplication::translate("krw::LineDiff", "its hunks do not fit the two texts"));
        return {};
    }
    return segments;
}

QVector<CharSpan> wholeLine(const QString& line)
{
    QVector<CharSpan> spans;
    if (!line.isEmpty())
        spans.append(CharSpan{0, static_cast<int>(line.size())});
    return spans;
}

DiffRow changedRow(
    const QString& left, const QString& right, int leftLine, int rightLine, const DiffOptions& options, qint64* budget, DiffResult* result)
{
    DiffRow row{DiffRow::Kind::Changed, leftLine, rightLine, {}, {}};
    const bool small = left.size() <= options.maxIntralineChars && right.size() <= options.maxIntralineChars;
    if (options.intraline && small) {
        if (!spansWithin(left, right, budget, &row.leftSpans, &row.rightSpans))
            ++result->roughRows;
    } else {
        // Too long for a character diff (E4), or not wanted: mark the whole line.
        row.leftSpans = wholeLine(left);
        row.rightSpans = wholeLine(right);
        if (options.intraline)
            ++result->roughRows;
    }
    return row;
}

// A changed segment: removed and added lines are paired row by row as Changed, the rest stands
// alone with a filler (-1) on the other side.
void appendChangedRows(
    const Segment& s, const QStringList& left, const QStringList& right, const DiffOptions& options, qint64* budget, DiffResult* result)
{
    const int paired = std::min(s.leftLength(), s.rightLength());
    for (int i = 0; i < paired; ++i) {
        const int l = s.leftBegin + i;
        const int r = s.rightBegin + i;
        result->rows.append(changedRow(left.at(l), right.at(r), l, r, options, budget, result));
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

Q_COREAPP_STARTUP_FUNCTION(setUpLibgit2)

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
    const std::vector<Segment> segments = lineSegments(leftKeys, rightKeys, &result.error);
    if (!result.error.isEmpty())
        return result;
    int rowCount = 0;
    for (const Segment& s : segments)
        rowCount += std::max(s.leftLength(), s.rightLength());
    result.rows.reserve(rowCount);
    qint64 budget = options.maxIntralineCells;
    for (const Segment& s : segments) {
        if (s.equal)
            appendEqualRows(s, &result);
        else
            appendChangedRows(s, left, right, options, &budget, &result);
    }
    result.hunks = findHunks(result.rows);
    return result;
}

void intralineSpans(const QString& left, const QString& right, QVector<CharSpan>* leftSpans, QVector<CharSpan>* rightSpans)
{
    Q_ASSERT(leftSpans && rightSpans);
    qint64 unlimited = std::numeric_limits<qint64>::max();
    spansWithin(left, right, &unlimited, leftSpans, rightSpans);
}

} // namespace krw
