// SPDX-License-Identifier: MIT
#pragma once

#include "models/storage/safefilename.h"

#include <QSet>
#include <QString>

namespace krw {

// Readable, collision-free names for the files of one folder written in one go (the workspace
// export): each is sanitizedFileName() of the wanted name; one already handed out (compared
// case-insensitively) gets "-2", "-3"... Deterministic: the same names in the same order give
// the same result.
class FileNameAllocator
{
public:
    // Names already there (existing files, the index file) are never handed out.
    void reserve(const QString& name);

    // A sanitized name not yet taken.
    AllocatedName allocate(const QString& wanted);

private:
    QSet<QString> m_taken; // case-folded
};

} // namespace krw
