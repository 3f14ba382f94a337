// SPDX-License-Identifier: MIT
//
// Full-text search over a run's cases. The texts live in their files (TextRef), so searching
// reads them; run it on a worker thread (runner/CaseSearchJob).
#pragma once

#include "browse/casematcher.h"
#include "run/rundata.h"

#include <QSet>

#include <functional>

namespace krw {

// Filenames of the cases that match in any iteration. Stops early when isCancelled says so.
QSet<QString> searchCases(const Run& run, const SearchQuery& query, const std::function<bool()>& isCancelled = {});

} // namespace krw
