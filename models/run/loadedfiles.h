// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): what reading each JSONL and memory file of a run gave,
// kept with the Run so that reloading it reads again only the files that changed on disk
// (TextStore::isUnchanged decides) and joins the rest as they were.
#pragma once

#include "models/run/iterationrecords.h"
#include "models/run/memoryfilereader.h"

#include <optional>

namespace krw {

struct LoadedFile
{
    SourceFile source; // as it was read
    int sourceIndex = -1; // in the run's source table; -1: it could not be opened
    bool kept = false; // taken over from the load before (TextStore::isUnchanged), not read by this load
    QVector<LoadWarning> warnings; // about this file, in the order found (opening it included)
    IterationRecords records; // a JSONL file's
    std::optional<QVector<MemoryFileReader::Entry>> entries; // a memory file's
};

struct LoadedFiles
{
    QVector<LoadedFile> files; // in source-table order
    int read = 0; // how many of them this load read (the others were kept from the load before)
};

} // namespace krw
