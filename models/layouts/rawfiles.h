// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"

#include <QByteArray>
#include <QDir>
#include <QHash>
#include <QString>

#include <memory>
#include <optional>

namespace krw {

class FileWarnings;
class LoadSession;

// The plain text files a layout shows whole (a candidate, a task, a reference file), each added to
// the run's sources once however many records point at it, and read when someone looks.
class RawFiles
{
public:
    explicit RawFiles(LoadSession* session);

    // The whole file as a text; an absent TextRef for an empty path.
    TextRef ref(const QString& path);

    // Whether path is a file inside root, symbolic links resolved. A run's files may name any path
    // (../../.ssh/id_rsa, a link in a worktree): only what the user opened is shown and exported.
    static bool isFileInside(const QString& path, const QString& root);

    // A path a run's file recorded, here and inside root: as written (relative to relativeTo) when
    // it is there; else, for an absolute path of another machine, its part after folder's name
    // resolved in folder (".../geak/team_x/rmsnorm/round_1/p.diff" in the kernel folder rmsnorm).
    // Empty when neither is there.
    static QString remap(const QString& recorded, const QDir& relativeTo, const QDir& folder, const QString& root);

    // A layout's small file read whole (a report, a task's YAML): nothing, and nothing said, when
    // it does not exist; nothing and a whole-file warning in *warnings (made for the file then)
    // when it cannot be read or is larger than the session's limit.
    static std::optional<QByteArray> readWhole(const QString& path, LoadSession* session, std::unique_ptr<FileWarnings>* warnings);

private:
    LoadSession* m_session;
    QHash<QString, int> m_sources; // path → index in the run's sources
};

} // namespace krw
