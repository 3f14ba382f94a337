// SPDX-License-Identifier: MIT
//
// Safe names for files and folders written from dataset file names. A dataset name may be
// anything ("../../etc/passwd.py", "/abs.py", "CON.py", 300 characters, two names differing only
// by case); what comes out is always one plain path component that stays inside the chosen
// folder on Linux, macOS and Windows. Deterministic: the same names in the same order give the
// same result.
#pragma once

#include <QSet>
#include <QString>

namespace krw {

struct AllocatedName
{
    QString name;
    QString reason; // why it differs from the wanted name; empty when unchanged
};

// One component: separators, control characters and characters Windows refuses become '_';
// "", "." and ".." become "unnamed"; a leading '.' becomes '_' (no hidden files); trailing dots
// and spaces go; Windows device names (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any extension)
// get a '_' appended; over MaxBytes of UTF-8 the name is cut and ends in "-" + 8 hex digits of
// the original's SHA-256, so two long names stay apart.
AllocatedName sanitizedFileName(const QString& wanted);

class FileNameAllocator
{
public:
    static constexpr int MaxBytes = 100;

    // Names already there (existing files, the index file) are never handed out.
    void reserve(const QString& name);

    // A sanitized name not yet taken, compared case-insensitively; a taken one gets "-2", "-3"...
    AllocatedName allocate(const QString& wanted);

private:
    QSet<QString> m_taken; // case-folded
};

} // namespace krw
