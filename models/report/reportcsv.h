// SPDX-License-Identifier: MIT
//
// The CSV of cases: RFC 4180 (comma-separated, fields with comma, quote, CR or LF quoted, quotes
// doubled, CRLF line ends), UTF-8 without a byte-order mark, one header row. Columns:
// filename, latest_outcome, best_stage, iterations, verdict, tags (";"-joined), note,
// comments, rerun_verdict, rerun_max_abs_err (the worst output), rerun_speedup, rerun_time (UTC).
//
// Spreadsheet formula injection: a cell that starts with = + - @ TAB or CR would be run as a
// formula by Excel/LibreOffice/Sheets, so such a cell gets a leading apostrophe (') — the
// OWASP-recommended neutralisation. The text after the apostrophe is unchanged. Our own numbers
// never start with those characters (errors and speedups are not negative).
#pragma once

#include "models/report/reportcontent.h"

#include <QByteArray>

namespace krw {

QByteArray reportCsv(const QVector<ReportCase>& cases);

// One CSV field: formula-neutralised and quoted as needed.
QString csvField(const QString& value);

} // namespace krw
