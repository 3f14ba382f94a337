// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): reads a tree of per-case debug folders (FORMAT.md
// "Per-case debug folder") as one iteration, 0. Which file holds which field is DebugFolder's to
// say (run/debugfolder.h, the one owner of that format); this class only turns each file into a
// raw TextRef. A case is named after its folder, or as the workspace export's index.json says.
#pragma once

#include "models/run/iterationrecords.h"

#include <QDir>
#include <QStringList>

namespace krw {

class LoadSession;

class DebugFolderReader
{
public:
    explicit DebugFolderReader(LoadSession* session);

    // One record per case folder, in the order given. Stops early when the load is cancelled.
    IterationRecords read(const QStringList& caseFolders);

private:
    QHash<QString, QString> workspaceIndex(const QString& parent);
    TextRef rawFile(const QDir& dir, const QString& name);

    LoadSession* m_session;
};

} // namespace krw
