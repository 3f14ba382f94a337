// SPDX-License-Identifier: MIT
//
// What every reader's output must satisfy, whatever the input: each TextRef points into its own
// source file, and reading it back (whole and cut short, as the views do) neither crashes nor
// leaves the file. A violation aborts (a finding).
#pragma once

#include "models/run/iterationrecords.h"
#include "models/run/rundata.h"

namespace krw::fuzz {

class RecordCheck
{
public:
    static void check(const IterationRecords& records, const SourceTable& sources);
    static void checkRecord(const IterationRecord& record, const SourceTable& sources);
    // The same for a whole loaded run: every case's every iteration.
    static void checkRun(const Run& run);
    static void checkText(const TextRef& ref, const SourceTable& sources, const char* field);
    // The fast text decoder (JsonStringDecoder) against the careful one (nlohmann) on a text's
    // span: where the fast one answers, both must give the same text.
    static void checkDecoders(const TextRef& ref, const SourceFile& source, const char* field);
    // Two loads of the same files that must give the same run (cases, texts, warnings): the
    // whole-line check (JsonValidator), parts and reuse on reload are only shortcuts. `how` names
    // the second way in the finding.
    static void checkSameRun(const Run& expected, const Run& actual, const char* how);
};

} // namespace krw::fuzz
