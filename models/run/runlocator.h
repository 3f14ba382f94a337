// SPDX-License-Identifier: MIT
#pragma once

#include <QDateTime>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

namespace krw {

// Where a run's files are. Found from whatever path the user gave (E1 checks happen here).
struct RunSource
{
    enum class Kind {
        Series, // <root>_<N>.jsonl + <root>_mem_<N>.json, or several <root>_<N>.jsonl
        LoneJsonl, // one JSONL, no memory file: one iteration (0), whatever its name ends in
        DebugFolders, // one folder per case (FORMAT.md "Per-case debug folder")
        Layout, // another agent's or benchmark's layout: layout names the RunLayout that reads it
    };
    Kind kind = Kind::Series;
    QString name; // the root name, file name, or folder name
    QString path; // what was opened
    QMap<int, QString> jsonlByIteration;
    QMap<int, QString> memoryByIteration;
    QStringList caseFolders; // DebugFolders only
    QString layout; // Layout only: RunLayout::id()
    QString folder; // Layout only: the run's folder

    // The layout's name in summaries and reports: "geak" (an iteration series or debug folders),
    // "jsonl" (a lone JSONL), or the RunLayout's id ("kernelbench", ...).
    QString layoutId() const;

    QDateTime newestModification() const;
};

struct LocateResult
{
    QVector<RunSource> runs; // several when one folder holds several roots; newest first
    QString error; // why nothing was found

    explicit operator bool() const { return !runs.isEmpty(); }
};

// Accepts a run of any RunLayout (RunLayouts::all(), asked first: a folder of one, a folder of
// several, or any file inside one), a folder holding one or more iteration series, any one file of
// a series, a lone JSONL, or a folder of per-case debug folders. Files named <root>_<N>.jsonl are a series only when their
// siblings make one (a memory file, or another iteration); alone, such a file is a lone JSONL.
LocateResult locateRuns(const QString& path);

} // namespace krw
