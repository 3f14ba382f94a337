// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): an iteration's memory JSON, an object keyed by the
// case's filename (FORMAT.md). Read in two steps so that it can be read while the same
// iteration's JSONL file is: parse() turns the file into entries on any thread (a big file's
// entries in parts, one per core), join() then attaches them to the JSONL records and says what
// is missing on either side.
#pragma once

#include "models/run/iterationrecords.h"
#include "models/run/jsonspans.h"
#include "models/run/jsonvalidator.h"

#include <optional>
#include <string_view>

namespace krw {

class FieldReader;
class LoadSession;
class MappedFile;

class MemoryFileReader
{
public:
    // One entry of the file, as parse() found it.
    struct Entry
    {
        QString filename;
        std::size_t keyOffset = 0;
        qint64 line = 0;
        MemoryEntry memory;
        int warningsBefore = 0; // the file's warnings about this entry and those before it
    };

    explicit MemoryFileReader(LoadSession* session);

    // Opens path, parses it and joins it to records, which holds what jsonlPath (the same
    // iteration's JSONL file, named in warnings) gave. Stops early when the load is cancelled.
    void read(const QString& path, const QString& jsonlPath, IterationRecords* records);

    // The entries of an opened file (source sourceIndex of the run), in file order; problems go
    // to the file's warnings. Nothing when the file is not an object (it is then ignored as a
    // whole). Safe to run beside other readers of the same session.
    std::optional<QVector<Entry>> parse(MappedFile* file, int sourceIndex);

    // Attaches entries to records (sourceIndex -1: the file could not be opened). The file's
    // warnings (fileWarnings: from opening it and from parse) and the ones the join finds are
    // appended to the session's warnings in the order they were found.
    void join(const QString& path, const QString& jsonlPath, int sourceIndex, const std::optional<QVector<Entry>>& entries,
        const QVector<LoadWarning>& fileWarnings, IterationRecords* records);

private:
    // A member of the file as the first pass found it.
    struct Found
    {
        json_spans::Member member;
        QString filename;
        qint64 line = 0;
        bool duplicate = false; // an earlier member has the same filename
    };
    // Members [from, to) read on one thread.
    struct Part
    {
        int from = 0;
        int to = 0;
        QVector<std::optional<MemoryEntry>> memory; // one per member read
        QVector<LoadWarning> warnings;
        QVector<int> warningsAfter; // per member read: the part's warnings up to and including it
        qint64 advanced = 0; // bytes reported as progress
    };

    void readPart(MappedFile* file, int sourceIndex, const QVector<Found>& found, Part* part);
    std::optional<MemoryEntry> memoryEntry(
        const FieldReader& fields, JsonValidator& validator, std::string_view text, const json_spans::Member& m, const QString& filename);

    LoadSession* m_session;
};

} // namespace krw
