// SPDX-License-Identifier: MIT
//
// The perf-candidate decoder (FieldReader::perfCandidates, models/run/fieldreader): the input is
// the value of one memory entry's "perf_candidates", put into a memory file and read by the real
// reader, so every offset it records is checked against the file.
#include "fuzzfile.h"
#include "recordcheck.h"
#include "run/loadsession.h"
#include "run/memoryfilereader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace krw;
    if (size == 0)
        return 0;
    const QByteArray file = QByteArrayLiteral("{\"k.py\": {\"pass_call\": true, \"perf_candidates\": ")
        + QByteArray(reinterpret_cast<const char*>(data), int(size)) + QByteArrayLiteral("}}\n");
    const QString path = fuzz::FuzzFile::write(QStringLiteral("run_mem_0.json"), file);
    const LoadControl control;
    LoadLimits limits;
    limits.mapFiles = false;
    limits.maxDepth = 64;
    LoadSession session(control, limits);
    IterationRecords records;
    MemoryFileReader(&session).read(path, QStringLiteral("run_0.jsonl"), &records);
    fuzz::RecordCheck::check(records, session.sources());
    return 0;
}
