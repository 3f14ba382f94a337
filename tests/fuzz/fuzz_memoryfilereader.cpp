// SPDX-License-Identifier: MIT
//
// The memory file reader (models/run/memoryfilereader): the input is a whole memory file, read
// against a JSONL file of two cases so that joining, duplicates and "memory alone" are reached.
#include "fuzzfile.h"
#include "recordcheck.h"
#include "run/jsonlreader.h"
#include "run/loadsession.h"
#include "run/memoryfilereader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace krw;
    static const QString jsonl = fuzz::FuzzFile::write(QStringLiteral("run_0.jsonl"),
        QByteArrayLiteral("{\"filename\": \"a.py\", \"predict\": \"x\"}\n{\"filename\": \"b.py\", \"label\": \"y\"}\n"));
    const QString path = fuzz::FuzzFile::write(QStringLiteral("run_mem_0.json"), data, size);
    const LoadControl control;
    LoadLimits limits;
    limits.mapFiles = false;
    limits.maxDepth = 64;
    LoadSession session(control, limits);
    IterationRecords records;
    JsonlReader(&session).read(jsonl, &records);
    MemoryFileReader(&session).read(path, jsonl, &records);
    fuzz::RecordCheck::check(records, session.sources());
    LoadLimits perFieldLimits = limits; // again, every field checked on its own: the same result
    perFieldLimits.checkWhole = false;
    LoadSession perField(control, perFieldLimits);
    IterationRecords perFieldRecords;
    JsonlReader(&perField).read(jsonl, &perFieldRecords);
    MemoryFileReader(&perField).read(path, jsonl, &perFieldRecords);
    fuzz::RecordCheck::checkSame(records, session.warnings(), perFieldRecords, perField.warnings());
    return 0;
}
