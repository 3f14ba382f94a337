// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QVector>

namespace krw {

// A reference to a source location inside compiler or runtime output:
// "x.hip:12:5: error: ..." (clang/hipcc/gcc) or `File "x.py", line 12` (Python tracebacks).
struct SourceRef
{
    int start = 0; // position of the reference in the message
    int length = 0;
    QString file;
    int line = 0; // 1-based
    int column = 0; // 1-based, 0 when not given
};

QVector<SourceRef> findSourceRefs(const QString& message);

} // namespace krw
