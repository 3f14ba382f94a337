// SPDX-License-Identifier: MIT
#include "models/run/debugfolderreader.h"

#include "models/run/debugfolder.h"
#include "models/run/loadsession.h"
#include "models/run/textstore.h"

#include <QFileInfo>
#include <QSet>

namespace krw {

DebugFolderReader::DebugFolderReader(LoadSession* session)
    : m_session(session)
{
}

IterationRecords DebugFolderReader::read(const QStringList& caseFolders)
{
    IterationRecords records;
    records.iteration = 0;
    QHash<QString, QHash<QString, QString>> indexes; // parent folder → its index
    QSet<QString> names;
    for (const QString& folder : caseFolders) {
        if (m_session->isCancelled())
            break;
        const QDir dir(folder);
        const QString parent = QFileInfo(folder).absolutePath();
        if (!indexes.contains(parent))
            indexes.insert(parent, workspaceIndex(parent));
        QString name = indexes.value(parent).value(dir.dirName());
        if (name.isEmpty() || names.contains(name))
            name = dir.dirName() + QStringLiteral(".py");
        names.insert(name);
        IterationRecord record;
        MemoryEntry memory;
        record.instruction = rawFile(dir, DebugFolder::Instruction);
        record.label = rawFile(dir, DebugFolder::Label);
        record.predict = rawFile(dir, DebugFolder::fileWithStem(dir, DebugFolder::PredictStem));
        record.testCode = rawFile(dir, DebugFolder::TestCode);
        memory.callError = rawFile(dir, DebugFolder::ErrorLog);
        memory.tempStrategy = rawFile(dir, DebugFolder::Reflection);
        memory.callCandidate = rawFile(dir, DebugFolder::fileWithStem(dir, DebugFolder::CallFixStem));
        memory.exeCandidate = rawFile(dir, DebugFolder::fileWithStem(dir, DebugFolder::ExeFixStem));
        for (const QString& perf : DebugFolder::perfFiles(dir)) {
            PerfCandidate candidate;
            candidate.code = rawFile(dir, perf);
            memory.perfCandidates.append(candidate);
        }
        record.memory = memory;
        records.records.append({name, record});
    }
    return records;
}

// A folder tree written by the workspace export lists each case's original filename in
// index.json next to the case folders (the folder names were made safe, so they may differ).
// Returns folder name → filename; empty when there is no such index.
QHash<QString, QString> DebugFolderReader::workspaceIndex(const QString& parent)
{
    QHash<QString, QString> names;
    QStringList problems;
    for (const DebugFolderIndexEntry& entry : DebugFolder::readIndex(parent, &problems))
        names.insert(entry.folder, entry.filename);
    for (const QString& problem : problems)
        m_session->warnings().append({QDir(parent).filePath(DebugFolder::IndexFile), 0, -1, QStringLiteral("cases"), problem});
    return names;
}

TextRef DebugFolderReader::rawFile(const QDir& dir, const QString& name)
{
    if (name.isEmpty() || !dir.exists(name))
        return {};
    const QFileInfo info(dir.filePath(name));
    if (!info.isReadable()) {
        m_session->warnings().append({info.filePath(), 0, -1, QString(), QStringLiteral("not readable; skipped")});
        return {};
    }
    SourceFile source;
    source.path = info.absoluteFilePath();
    source.kind = SourceFile::Kind::Raw;
    source.size = info.size();
    TextStore::stamp(&source, source.path); // read later: the file as it is now
    TextRef ref;
    ref.source = m_session->addSource(source);
    ref.length = source.size;
    ref.isEmptyString = source.size == 0;
    return ref;
}

} // namespace krw
