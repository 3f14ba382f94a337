// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): checks one member of a JSON container (a JSONL line,
// a memory entry, a perf candidate) and turns it into a value. Small fields (flags, numbers,
// filename) are parsed with nlohmann/json; big strings are validated and kept as TextRefs into
// the file. A problem becomes one LoadWarning naming the file, line, byte offset and field; the
// field is then left out, repaired or shown as JSON, never the whole case.
#pragma once

#include "models/run/jsonspans.h"
#include "models/run/runloader.h"

#include <optional>
#include <string_view>

namespace krw {

class FileWarnings;

class FieldReader
{
public:
    using Member = json_spans::Member;

    // Members read by this reader are relative to a container that starts at byte base of the file
    // (source sourceIndex in the run). line is the line every member is on (a JSONL line), or 0
    // to find each member's line from its offset (the memory JSON).
    FieldReader(FileWarnings* warnings, int sourceIndex, qint64 line, std::size_t base, const LoadLimits* limits);

    // The same file and line, for a container that starts at byte base of the file.
    FieldReader withBase(std::size_t base) const;
    // The same reader, told that its whole container is valid JSON (JsonValidator said so): text
    // fields then skip their own check, which would find nothing.
    FieldReader validated(bool valid) const;
    // The same reader for the members of one memory entry: its warnings name the entry, which a
    // line alone does not find where the whole memory file is one line (Python's json.dump).
    FieldReader forEntry(const QString& filename) const;

    int sourceIndex() const { return m_sourceIndex; }
    qint64 line() const { return m_line; }
    std::size_t base() const { return m_base; }

    // A warning at relOffset from base.
    void warn(std::size_t relOffset, const QString& field, const QString& message) const;

    // Each reads member m of container text (offsets relative to text, which starts at base).
    // A text field: a string, or null. Checked now so problems show at load, decoded only when read.
    TextRef textField(std::string_view text, const Member& m, const QString& field) const;
    // An error message field: the string "None" (or "") means no error.
    TextRef errorField(std::string_view text, const Member& m, const QString& field) const;
    std::optional<bool> boolField(std::string_view text, const Member& m, const QString& field) const;
    std::optional<double> numberField(std::string_view text, const Member& m, const QString& field) const;
    // A count: a whole number that fits an int (1e20, 2.5 or NaN are warned about and ignored).
    std::optional<int> intField(std::string_view text, const Member& m, const QString& field) const;
    // The case's filename; empty (with a warning) when it cannot name a case.
    QString filenameField(std::string_view text, const Member& m) const;
    // A field we do not interpret, kept with a short preview.
    ExtraField extraField(std::string_view text, const Member& m) const;
    // perf_candidates: a list of entries in any of the layouts of FORMAT.md.
    QVector<PerfCandidate> perfCandidates(std::string_view text, const Member& m) const;

private:
    PerfItem perfItem(std::string_view text, const Member& m, const QString& field) const;

    FileWarnings* m_warnings;
    int m_sourceIndex;
    qint64 m_line;
    std::size_t m_base;
    const LoadLimits* m_limits;
    bool m_validated = false;
    QString m_entry; // the memory entry these members belong to; empty for a JSONL line
};

} // namespace krw
