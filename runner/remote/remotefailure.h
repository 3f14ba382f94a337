// SPDX-License-Identifier: MIT
#pragma once

#include "runner/process/processjob.h"

#include <QString>

namespace krw {

// What went wrong with ssh or scp, in words, in one place (E6): the one rule that tells a host
// that cannot be reached, a connection lost mid-run, a missing tool and a full disk apart from a
// program that simply failed.
class RemoteFailure
{
public:
    // host: as shown ("gpu1"); output: what ssh/scp and the remote program printed; remoteStarted:
    // the remote program had begun (its group marker came back); doing: "running the harness".
    // Returns "cannot reach HOST: …", "lost the connection to HOST while …", "HOST has no TOOL (…)",
    // "HOST's disk is full (…)", "this machine has no ssh (…)" — or an empty string when the outcome
    // is none of these (a success, a cancel, a timeout, a program's own failure).
    static QString describe(
        const QString& host, const ProcessOutcome& outcome, const QString& output, bool remoteStarted, const QString& doing);
};

} // namespace krw
