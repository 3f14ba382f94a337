// SPDX-License-Identifier: MIT
//
// What an exported report says about each case, gathered once from the run, the case's texts,
// its annotation and the rerun it shows (reportRerunOf: its prediction's newest). Every writer (HTML, PDF, Markdown, CSV) renders the same
// ReportCase, so the formats cannot disagree. Pure data: safe to build on a worker thread.
#pragma once

#include "models/batch/batchrecord.h"
#include "models/compare/runcomparison.h"
#include "models/rerun/rerunresult.h"
#include "models/review/annotations.h"
#include "models/run/casetexts.h"
#include "models/run/caseversions.h"
#include "models/run/rundata.h"

#include <functional>

namespace krw {

// Which cases an export covers.
enum class ExportScope { All, Failing, Annotated, Selection };
QString exportScopeName(ExportScope scope); // "all", "failing", "annotated", "selection"
std::optional<ExportScope> exportScopeFromName(const QString& name);

// Indexes into run.cases, in run order. Selection: the given indexes (invalid ones dropped).
QVector<int> casesInScope(const Run& run, const AnnotationMap& annotations, ExportScope scope, const QVector<int>& selection = {});

struct ReportText
{
    QString title; // "Iteration 2 · Call error"
    QString text;
};

// A line comment as the report shows it: where it was written, and whether that still holds.
struct PlacedComment
{
    LineComment comment;
    AnchorState state = AnchorState::Missing;
    QString versionTitle; // CodeVersion::title() or the id when the version is gone
    QString versionText; // the version's current text (empty when Missing), for context lines
};

struct ReportCase
{
    int caseIndex = -1;
    QString filename;
    Outcome latest = Outcome::Unknown;
    Stage best = Stage::None;
    int iterations = 0;
    QMap<QString, bool> passFlags; // newest iteration: "pass_call", "pass_exe", "pass_perf" when present
    // What the run's own files say of the newest iteration's speed (docs/LAYOUTS.md).
    std::optional<double> speedupClaimed;
    std::optional<double> speedupVerified;
    QStringList claimWarnings;

    QString instruction; // newest iteration's
    // The newest prediction and the best candidate to compare it with: the best perf candidate
    // (highest speedup), else the exe fix, else the call fix of the newest iteration that has one.
    // No candidate: bestId empty, and the report shows the prediction alone.
    QString predictId, predictTitle, predictText;
    QString bestId, bestTitle, bestText;
    CodeLanguage language = CodeLanguage::Plain; // of the prediction

    QVector<ReportText> errors; // every iteration's call/exe error, newest first
    QVector<ReportText> reflections; // temp_strategy / reflection, newest first (Markdown)
    QStringList readProblems; // texts that could not be read (file changed since loading, ...)

    // The saved rerun the report shows (reportRerunOf): the newest of the prediction's, else the
    // newest of any version; the writers name its version, baseline and profile.
    std::optional<RerunResult> rerun;
    CaseAnnotation annotation;
    QVector<PlacedComment> comments; // annotation.comments with their state, in annotation order
};

// The run's own speedups of a case in words, the one wording of every report: "claimed 1.8×,
// verified 1.62×", and ", not to be trusted: see the claim warnings" when it has any; empty when
// the case has neither.
QString reportSpeedClaims(const ReportCase& rc);

// Gathers one case. texts: readCaseTexts(run, caseIndex). reruns: the case's saved reruns,
// oldest first (ResultStore::history). Local versions a comment may point at: name → text.
ReportCase buildReportCase(const Run& run, const CaseTexts& texts, const CaseAnnotation& annotation, const QVector<RerunResult>& reruns,
    const QMap<QString, QString>& localVersions = {});

// Counts for the summary page.
struct ReportSummary
{
    QString runName;
    QString runPath;
    QDateTime generated;
    int totalCases = 0; // in the run
    QMap<Outcome, int> byOutcome; // cases in the report
    QMap<Verdict, int> byVerdict; // cases in the report (None = not reviewed)
    ExportScope scope = ExportScope::All;
    // The run's newest batch rerun (BatchRecord::newest), reported whole: the cases it reran need
    // not be those in the report's scope.
    std::optional<BatchRecord> batch;
    // Comparing runs (issue 13): this run (A) against another (B), whose buckets the summary page
    // lists; comparedPath is B's path.
    std::optional<RunComparison> comparison;
    QString comparedPath;
};
ReportSummary summarize(const Run& run, const QVector<ReportCase>& cases, ExportScope scope, const QDateTime& generated);

} // namespace krw
