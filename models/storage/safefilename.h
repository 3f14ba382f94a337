// SPDX-License-Identifier: MIT
//
// The one rule for turning a name from a dataset (a case's filename, a run's name, a version id)
// into a file or folder name. A dataset name may be anything ("../../etc/passwd.py", "/abs.py",
// "CON.py", 300 characters, two names differing only by a character the rule replaces); what
// comes out is always one plain path component that stays inside the chosen folder on Linux,
// macOS and Windows. Deterministic: the same name always gives the same result.
#pragma once

#include <QString>

namespace krw {

struct AllocatedName
{
    QString name;
    QString reason; // why it differs from the wanted name; empty when unchanged
};

// Longest name written, in bytes of UTF-8.
constexpr int MaxFileNameBytes = 100;

// One component: separators, control characters and characters Windows refuses become '_';
// "", "." and ".." become "unnamed"; a leading '.' becomes '_' (no hidden files); trailing dots
// and spaces go; Windows device names (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any extension)
// get a '_' appended; over MaxFileNameBytes of UTF-8 the name is cut and ends in "-" + 8 hex
// digits of the original's SHA-256, so two long names stay apart.
AllocatedName sanitizedFileName(const QString& wanted);

// A name that stands for exactly one wanted name, for stores keyed by dataset names (rerun
// results per case, sidecars per run): the sanitized name, and when the rule had to change
// anything, or the name holds an upper-case letter (case-insensitive file systems), "-" + 8 hex
// digits of the wanted name's SHA-256 after it. "a b.py" → "a b.py"; "a/b.py" → "a_b.py-<hash>",
// which "a_b.py" can never become.
QString keyedFileName(const QString& wanted);

// Cuts text to at most maxBytes of UTF-8 without splitting a character.
QString cutToUtf8Bytes(const QString& text, int maxBytes);

} // namespace krw
