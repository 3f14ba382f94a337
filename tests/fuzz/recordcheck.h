// SPDX-License-Identifier: MIT
//
// What every reader's output must satisfy, whatever the input: each TextRef points into its own
// source file, and reading it back (whole and cut short, as the views do) neither crashes nor
// leaves the file. A violation aborts (a finding).
#pragma once

#include "run/iterationrecords.h"

namespace krw::fuzz {

class RecordCheck
{
public:
    static void check(const IterationRecords& records, const SourceTable& sources);
    static void checkText(const TextRef& ref, const SourceTable& sources, const char* field);
    // The whole-line check (JsonValidator) is only a shortcut: reading with it and without it
    // must give the same records and warnings.
    static void checkSame(const IterationRecords& checkedWhole, const QVector<LoadWarning>& checkedWholeWarnings,
        const IterationRecords& perField, const QVector<LoadWarning>& perFieldWarnings);
};

} // namespace krw::fuzz
