// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): reads one iteration's JSONL file, one case per line.
// Each line is split into its members by json_spans and each member is read by a FieldReader,
// so a bad field costs that field and a bad line costs that line.
#pragma once

#include "models/run/iterationrecords.h"
#include "models/run/jsonvalidator.h"

#include <string_view>

namespace krw {

class FieldReader;
class LoadSession;
class MappedFile;

class JsonlReader
{
public:
    explicit JsonlReader(LoadSession* session);

    // Appends a record for every line of path that names a case to records (whose iteration
    // numbers them). Stops early when the load is cancelled.
    void read(const QString& path, IterationRecords* records);
    // The same for a file already open (source sourceIndex of the run); problems go to the
    // file's warnings. Safe to run beside other readers of the same session.
    void parse(MappedFile* file, int sourceIndex, IterationRecords* records);

private:
    void readLine(const FieldReader& fields, std::string_view line, IterationRecords* records);

    LoadSession* m_session;
    JsonValidator m_validator;
};

} // namespace krw
