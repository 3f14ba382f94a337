// SPDX-License-Identifier: MIT
#pragma once

#include "models/report/exportformat.h"
#include "models/run/rundata.h"

namespace krw {

// About how many bytes a report of these cases will take, from the lengths of the texts it shows
// (known from the loaded run without reading any of them): per case the newest instruction and
// prediction, the candidate compared with it, every iteration's errors and reflections, and what
// each format adds around them (HTML: escaping, syntax colours and the side-by-side diff table;
// PDF: the same laid out). Meant for a warning before a very large report, not for accounting:
// within a factor of two of the real size.
qint64 estimateReportBytes(const Run& run, const QVector<int>& cases, ExportFormat format);

// Reports above this size are confirmed before they are written (the dialog says the estimate).
constexpr qint64 LargeReportBytes = 50LL * 1024 * 1024;

} // namespace krw
