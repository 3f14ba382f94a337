// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"

#include <QHash>
#include <QString>

namespace krw {

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

private:
    LoadSession* m_session;
    QHash<QString, int> m_sources; // path → index in the run's sources
};

} // namespace krw
