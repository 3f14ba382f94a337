// SPDX-License-Identifier: MIT
//
// Side-by-side line diff with intraline spans, computed with dtl. Pure functions: safe to run in
// a worker thread on copied input.
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

    bool identical() const { return error.isEmpty() && hunks.isEmpty(); }
};

// Splits on \n, dropping one trailing \r per line (CRLF input).
QStringList splitLines(const QString& text);

DiffResult diffLines(const QStringList& left, const QStringList& right, const DiffOptions& options = {});

// Changed characters of one changed line pair: a dtl character diff, with equal runs shorter
// than 3 characters folded into the surrounding change so the highlight stays readable.
void intralineSpans(const QString& left, const QString& right, QVector<CharSpan>* leftSpans, QVector<CharSpan>* rightSpans);

} // namespace krw
