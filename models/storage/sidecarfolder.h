// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

namespace krw {

// Where a run's sidecar files go (annotations, rerun results, local versions). Beside the run:
// <run folder>/.kernel-review/<keyedFileName(run name)>. Where that cannot be written (read-only
// folder or mount, Qt resource path such as the embedded sample): <user data folder>/runs/
// <keyedFileName(run name)>-<first 16 hex digits of fallbackKey>, with fallback true. Each store
// chooses its own key (ResultStore: path and name; AnnotationStore: path and content).
// Nothing is created here: the first write makes the folder.
class SidecarFolder
{
public:
    // fallbackKey is only called when the fallback is needed (it may read files).
    static SidecarFolder locate(const QString& runPath, const QString& runName, const std::function<QByteArray()>& fallbackKey);

    QString path;
    bool fallback = false;
};

// Whether files can be created in folder, or in it once it is made, by writing and removing a
// temporary file in the nearest folder that exists (isWritable() ignores ACLs and read-only
// mounts). Qt resource paths are never writable.
bool isWritableFolder(const QString& folder);

} // namespace krw
