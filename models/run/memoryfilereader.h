// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): reads one iteration's memory JSON, an object keyed by
// filename, and joins each entry to that iteration's JSONL record of the same name. Each entry's
// fields are read on their own by a FieldReader; an entry without a JSONL line is kept and shown
// from memory alone, and a JSONL line without an entry gets a warning.
#pragma once

#include "run/iterationrecords.h"
#include "run/jsonspans.h"

#include <optional>
#include <string_view>

namespace krw {

class FieldReader;
class LoadSession;

class MemoryFileReader
{
public:
    explicit MemoryFileReader(LoadSession* session);

    // Reads path into records, which holds what jsonlPath (the same iteration's JSONL file,
    // named in warnings) gave. Stops early when the load is cancelled.
    void read(const QString& path, const QString& jsonlPath, IterationRecords* records);

private:
    std::optional<MemoryEntry> memoryEntry(
        const FieldReader& fields, std::string_view text, const json_spans::Member& m, const QString& filename);

    LoadSession* m_session;
};

} // namespace krw
