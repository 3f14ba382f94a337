// SPDX-License-Identifier: MIT
//
// Exports cases as per-case debug folders (FORMAT.md "Per-case debug folder"), the layout
// engineers already use, so they can be opened again as a run. Layout under destFolder:
//   index.json                 {"format": "kernel-review-workspace", "version": 1, "run": name,
//                               "cases": [{"filename", "folder", "renamed": reason or null}]}
//                              — the loader reads it to give each folder its original filename
//   <folder>/0_instruction.txt, 1_label_source.py, 2_initial_predict.hip.cpp (or .py when the
//   prediction is Python: Triton→Triton runs), 3_test_code.py, error_log.txt (call then exe
//   error of the newest iteration), reflection_strategy.md, candidate_call_fix.*,
//   candidate_exe_fix.*, candidate_perf_fix_<N>.* (N from 1), annotation.md (when annotated;
//   a name the loader does not read).
// The newest iteration's texts are written. Folder names come from FileNameAllocator, never
// from the dataset directly; every file is written with QSaveFile after checking that its
// canonical folder lies inside destFolder's. Existing entries of destFolder are never
// overwritten: a folder name already there gets a suffix.
#pragma once

#include "models/report/exportresult.h"
#include "models/review/annotations.h"
#include "models/run/rundata.h"

#include <functional>

namespace krw {

// progress(done, total) before each case and at the end; returning false cancels: the cases
// already written stay, complete, and are listed in the index.
// result.cases: case folders complete and listed in the index; ok is false on cancel or error.
ExportResult exportWorkspace(const RunPtr& run, const QVector<int>& caseIndexes, const QString& destFolder,
    const std::function<bool(int done, int total)>& progress = {}, const AnnotationMap& annotations = {});

} // namespace krw
