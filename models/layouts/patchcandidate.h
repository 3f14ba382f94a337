// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"

#include <QHash>
#include <QString>

namespace krw {

class LoadSession;
class RawFiles;

// A candidate a layout records as a patch (GEAK v3's patch_<K>.patch, GEAK v4's best_patch.diff):
// where the file it changes is in the run and the patch applies (PatchApplier), the candidate is
// the patched file — a Patched source, applied again whenever it is read, so it reads, lints,
// compares and reruns like any version, and the Compare tab shows the patch as the diff from the
// reference. Where it does not apply, or its file is not there, the candidate is the patch's own
// text, with a note and a warning (file, field) saying why.
class PatchCandidate
{
public:
    PatchCandidate(LoadSession* session, RawFiles* raw);

    // patch: the patch file (empty: none); base: the file it changes, empty when it is not in the
    // run. field names the layout's field for the warning ("best_patch_file").
    TextRef ref(const QString& patch, const QString& base, const QString& field, IterationRecord* record);

private:
    LoadSession* m_session;
    RawFiles* m_raw;
    QHash<QString, int> m_sources; // patch + '\n' + base → index of its Patched source
};

} // namespace krw
