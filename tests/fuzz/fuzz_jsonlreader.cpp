// SPDX-License-Identifier: MIT
//
// The JSONL line reader (models/run/jsonlreader): the input is a whole agent-output JSONL file.
#include "fuzzfile.h"
#include "recordcheck.h"
#include "run/jsonlreader.h"
#include "run/loadsession.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace krw;
    const QString path = fuzz::FuzzFile::write(QStringLiteral("run_0.jsonl"), data, size);
    const LoadControl control;
    LoadLimits limits;
    limits.mapFiles = false; // heap, so ASan sees a read past the end
    limits.maxDepth = 64; // deep nesting still reaches the limit's warning quickly
    LoadSession session(control, limits);
    IterationRecords records;
    JsonlReader(&session).read(path, &records);
    fuzz::RecordCheck::check(records, session.sources());
    LoadLimits perFieldLimits = limits; // again, every field checked on its own: the same result
    perFieldLimits.checkWhole = false;
    LoadSession perField(control, perFieldLimits);
    IterationRecords perFieldRecords;
    JsonlReader(&perField).read(path, &perFieldRecords);
    fuzz::RecordCheck::checkSame(records, session.warnings(), perFieldRecords, perField.warnings());
    return 0;
}
