// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/iterationrecords.h"
#include "models/run/runlocator.h"

#include <QFileInfo>
#include <QString>
#include <QVector>

#include <functional>

namespace krw {

class LoadSession;

// How the runs of one other agent or benchmark are found and read (docs/LAYOUTS.md). Each layout
// is one class; RunLayouts lists them, and locateRuns and loadRun ask them — the only place a
// layout plugs in, so the window, summary, compare and export open every layout alike.
//
// A layout maps what its writer recorded onto the one outcome rule (models/run/outcomes.h): did
// it build or load → MemoryEntry::passCall, was the output right → passExe, was it timed →
// passPerf; the candidate → IterationRecord::predict, the reference → label. Speedups go to
// IterationRecord::speedup (claimed) and speedupVerified, with claimWarnings where the files
// contradict themselves.
class RunLayout
{
public:
    virtual ~RunLayout();

    virtual QString id() const = 0; // "kernelbench": in summary --json and the window
    virtual QString title() const = 0; // "KernelBench"
    // What the layout's runs look like, for "no run found (expected …)".
    virtual QString lookedFor() const = 0;

    // The runs at path — a run's folder, any file inside one, or a folder of several runs — as
    // RunSources of kind Layout; none when path is not of this layout. Reads folder listings only.
    virtual QVector<RunSource> locate(const QFileInfo& path) const = 0;

    // The run's records, one IterationRecords per round, attempt or sample; CaseJoiner makes the
    // cases of them. Every problem is a LoadWarning in session naming file, line and field; every
    // valid case still loads. Stops early when session is cancelled.
    virtual QVector<IterationRecords> read(const RunSource& source, LoadSession* session) const = 0;

    // The run of this layout at folder (named after it): what locate() hands over; with caseFolders,
    // a run whose cases are those folders (a GEAK output folder, a kernel's, a task's each).
    RunSource runAt(const QString& folder) const;
    RunSource runAt(const QString& folder, const QStringList& caseFolders) const;

    // The nearest folder holding file, at most levels up, that isOurs says is of the layout (an
    // output, kernel or task folder, for "any file inside it, however deep"); empty when none is.
    static QString folderAbove(const QFileInfo& file, int levels, const std::function<bool(const QString&)>& isOurs);

    // A field a layout adds for the reviewer ("speedup": why there is none), shown with the case.
    static ExtraField note(const QString& key, const QString& text);
};

} // namespace krw
