// SPDX-License-Identifier: MIT
//
// Side-by-side line diff with intraline spans: lines matched by libgit2's xdiff (patience), the
// characters of changed line pairs by dtl. Pure functions: safe to run in a worker thread on
// copied input.
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace krw {

struct DiffOptions
{
    bool ignoreWhitespace = false; // lines equal up to whitespace count as equal
    bool intraline = true;
    int maxIntralineChars = 2000; // longer changed lines are marked whole (E4)
    // The character diff's work over all changed pairs of one diff, counted as the product of the
    // two lines' lengths once their common prefix and suffix are cut off (E4): past it, a pair's
    // spans are that middle, whole. At about 13 ns a cell in the worst case (two unrelated
    // lines), the default bounds the intraline pass near 0.2 s however many long lines changed.
    qint64 maxIntralineCells = 16'000'000;
    int maxLines = 200000; // per side; over this the diff is refused with a message
};

struct CharSpan
{
    int start = 0; // in QChar units within the line
    int length = 0;
    bool operator==(const CharSpan& o) const { return start == o.start && length == o.length; }
};

struct DiffRow
{
    enum class Kind { Equal, Changed, Removed, Added };
    Kind kind = Kind::Equal;
    int leftLine = -1; // 0-based line index on the left, -1 for a filler row
    int rightLine = -1;
    QVector<CharSpan> leftSpans; // changed characters (Changed rows only)
    QVector<CharSpan> rightSpans;
};

struct DiffHunk
{
    int firstRow = 0;
    int lastRow = 0; // inclusive
};

struct DiffResult
{
    QVector<DiffRow> rows; // aligned: both sides shown row by row
    QVector<DiffHunk> hunks; // runs of non-Equal rows, for next/previous change
    int added = 0, removed = 0, changed = 0;
    QString error; // e.g. input over maxLines
    int roughRows = 0; // Changed rows whose spans a limit made coarse: over maxIntralineChars or maxIntralineCells

    bool identical() const { return error.isEmpty() && hunks.isEmpty(); }
};

// Splits on \n, dropping one trailing \r per line (CRLF input).
QStringList splitLines(const QString& text);

DiffResult diffLines(const QStringList& left, const QStringList& right, const DiffOptions& options = {});

// Changed characters of one changed line pair: the common prefix and suffix cut off, a dtl
// character diff of the rest, with equal runs shorter than 3 characters folded into the
// surrounding change so the highlight stays readable. No work limit: diffLines sets one.
void intralineSpans(const QString& left, const QString& right, QVector<CharSpan>* leftSpans, QVector<CharSpan>* rightSpans);

} // namespace krw
