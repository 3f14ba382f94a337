// SPDX-License-Identifier: MIT
//
// How much of one dataset text the workbench shows and works on (E4): the one owner of these
// sizes. A hostile run can hold a 60 MiB field on one line; laying out a single 2 MiB line alone
// keeps a text view busy for about a second, highlighting and diffing take longer still.
// - ShownBytes: a case's texts are read up to this size; a bar over the view says how much of
//   the field that is and offers the rest ("Show all", "Save as…", both on a worker).
// - RichBytes: texts up to this size are highlighted and compared; bigger ones are shown as plain
//   text, and Compare says they are too large instead of diffing them.
// - RowChars: a line longer than this is shown in rows of this many characters (the gutter
//   numbers only its first row), so no layout line grows without bound.
#pragma once

#include <QString>

namespace krw {

class TextLimits
{
public:
    static constexpr qint64 ShownBytes = 2 * 1024 * 1024;
    static constexpr qint64 RichBytes = 1024 * 1024;
    static constexpr int RowChars = 4096;

    // "60.0 MiB", "512 bytes": how sizes of texts are written wherever these limits are named.
    static QString size(qint64 bytes);
    // "Iteration 0 · Prediction is too large to compare (60.0 MiB); limit 1.0 MiB"
    static QString tooLargeToCompare(const QString& what, qint64 bytes);
};

} // namespace krw
