// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

namespace krw {

// A unified diff (git's or diff -u's) applied to one file's text with libgit2, without a
// repository on disk: the patched file a patch candidate stands for. A patch that does not apply
// says why, as git apply would.
class PatchApplier
{
public:
    struct Result
    {
        bool applied = false;
        QByteArray text; // the patched file
        QString file; // the path in the patch that was applied
        QString error; // why not, when not applied
    };

    // Applies the part of patch that changes a file named like baseName (its last path component;
    // the only file when the patch changes one) to base.
    static Result apply(const QByteArray& patch, const QByteArray& base, const QString& baseName);
};

} // namespace krw
