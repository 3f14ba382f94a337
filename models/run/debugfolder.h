// SPDX-License-Identifier: MIT
//
// The one owner of the per-case debug-folder format (FORMAT.md "Per-case debug folder"), used by
// the locator (is this a case folder?), the loader (which file is which field) and the workspace
// export (what to write, and index.json, which maps each folder back to its case's filename).
#pragma once

#include <QDir>
#include <QString>
#include <QStringList>
#include <QVector>

namespace krw {

struct DebugFolderIndexEntry
{
    QString filename; // the case's original filename
    QString folder; // its folder, a safe name
    QString renamed; // why the folder's name differs from the filename; empty when it does not
};

class DebugFolder
{
public:
    // The files of one case folder. Code files are a stem plus an extension that says the
    // language (".hip.cpp" or ".py"); perf candidates are numbered from 1.
    static const QString Instruction; // 0_instruction.txt
    static const QString Label; // 1_label_source.py
    static const QString PredictStem; // 2_initial_predict
    static const QString TestCode; // 3_test_code.py
    static const QString ErrorLog; // error_log.txt: call then exe error of the newest iteration
    static const QString Reflection; // reflection_strategy.md
    static const QString CallFixStem; // candidate_call_fix
    static const QString ExeFixStem; // candidate_exe_fix
    static QString perfFixStem(int number); // candidate_perf_fix_<number>
    static const QString Annotation; // annotation.md: written by the export, never read as a field

    // A folder is a case folder when it holds at least two of the files that name fields.
    static bool isCaseFolder(const QDir& dir);
    // The first file (by name) whose name starts with stem; empty when none.
    static QString fileWithStem(const QDir& dir, const QString& stem);
    // The perf candidates' files in candidate order (1, 2, ..., 10).
    static QStringList perfFiles(const QDir& dir);
    // The extension a code file gets from its text: ".py" for Python, else ".hip.cpp".
    static QString codeExtension(const QString& code);

    // index.json, beside the case folders of a workspace export:
    // {"format": "kernel-review-workspace", "version": 1, "run": name,
    //  "cases": [{"filename", "folder", "renamed": reason or null}]}
    static const QString IndexFile;
    static QByteArray indexJson(const QString& runName, const QVector<DebugFolderIndexEntry>& entries);
    // The entries of parent's index.json; none when there is no index or it is another format.
    // problems: one line per entry that was skipped.
    static QVector<DebugFolderIndexEntry> readIndex(const QString& parent, QStringList* problems = nullptr);
};

} // namespace krw
