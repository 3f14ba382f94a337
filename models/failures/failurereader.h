// SPDX-License-Identifier: MIT
//
// The failure signature of every case of a run. Which message of a case counts: its newest
// failure — the newest iteration's failing stage's message (call_err_msg for call_failed,
// exe_err_msg for exe_failed; the iteration's other message when that one is empty); a case with
// no prediction and no message is "no prediction"; a saved rerun that failed after the newest iteration's files
// were written wins (its signature comes with LatestRerun, which the tree reads anyway). Error
// texts are lazy TextRefs: read() reads them in parts on WorkPools::parts(), one TextReader per part.
#pragma once

#include "models/failures/failuresignature.h"
#include "models/rerun/latestrerun.h"
#include "models/run/rundata.h"

#include <QVector>

namespace krw {

class FailureReader
{
public:
    // Bytes of one error message read, from its start: enough for every real message seen; a
    // longer one (a traceback printing tensors) is cut, and its signature is of what was read.
    static constexpr qint64 MaxMessageBytes = 256 * 1024;

    // The message that counts for a case of the run (absent when its newest failure has none).
    static TextRef messageRef(const Case& c);
    // Whether a saved rerun's failure wins over the run's: it failed, and it started after the
    // newest iteration's files were last written.
    static bool rerunWins(const Run& run, const Case& c, const LatestRerun& rerun);

    // One signature per case of run, in its order (invalid: the case has no failure that says
    // anything: it passed, its outcome is unknown, or its failing stage left no message).
    // errors counts the messages that could not be read (a file changed since loading).
    static QVector<FailureSignature> read(const Run& run, const LatestReruns& reruns = {}, int* errors = nullptr);
    // The newest saved rerun of each failing case of run (ResultStore::forRun), read in parts on
    // WorkPools::parts(): for a caller that has not read them anyway (the CLI; the window has them).
    static LatestReruns savedReruns(const Run& run);
};

} // namespace krw
