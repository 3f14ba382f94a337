// SPDX-License-Identifier: MIT
//
// Full-text search over a run's cases. The texts live in their files (TextRef), so searching
// reads them; run it on a worker thread (CaseSearchJob).
#pragma once

#include "models/browse/casematcher.h"
#include "models/run/rundata.h"

#include <QSet>

#include <functional>
#include <optional>

namespace krw {

class TextReader;

// The text fields of one iteration that a scope looks at (Metadata: none; its fields are in memory).
QVector<TextRef> fieldsInScope(const IterationRecord& r, SearchScope scope);

// Whether one case matches the matcher's query in any iteration, reading its texts with reader
// (the matcher must be valid and its text not empty). searchCases asks it of every case; the
// search index (SearchIndex) asks it of the cases its prefilter could not settle.
bool caseMatchesQuery(const Case& c, const CaseMatcher& matcher, TextReader& reader);

// Filenames of the cases that match in any iteration; none for an empty or invalid query.
// isCancelled is asked before each case: once it says yes the search stops and returns nullopt,
// never the part it found (a partial set is not "what matches"). progress, when given, hears
// how many of the run's cases are searched after each one.
std::optional<QSet<QString>> searchCases(const Run& run, const SearchQuery& query, const std::function<bool()>& isCancelled = {},
    const std::function<void(int searched, int total)>& progress = {});

} // namespace krw
