// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

namespace krw {

// A GPU machine reached with OpenSSH (docs/RUNNER.md "Remote host (SSH)"). Plain fields, kept with
// a profile later. No password is ever stored or asked for: ssh runs in batch mode, so a host
// that wants one fails at once with "Permission denied" instead of waiting for a prompt.
struct RemoteHost
{
    QString destination; // "user@host", "host" or an alias of ~/.ssh/config
    QString jumpHost; // ssh -J: "user@bastion[:port]", empty for none
    int port = 0; // 0: ssh's own default (22 or the config's)
    QString workFolder = QStringLiteral("~/.cache/kernel-review"); // on the host; "~/" is its home
    QString python = QStringLiteral("python3"); // on the host
    QString compiler = QStringLiteral("hipcc"); // on the host
    QString identityFile; // ssh -i, empty for ssh's defaults and agent
    QStringList extraOptions; // more ssh/scp options as separate arguments, e.g. {"-F", "/dev/null"}
    int connectTimeoutS = 15;
    int serverAliveIntervalS = 15; // with serverAliveCountMax: a dead connection is noticed in ~45 s
    int serverAliveCountMax = 3;

    QString displayName() const; // the host part of destination, for messages: "gpu1"

    // The options ssh and scp both understand (port as -o Port, so one list serves both): batch
    // mode first, then extraOptions (ssh keeps the first value of an option, so they override what
    // follows), timeouts, keep-alives, port, jump host, identity. No destination.
    QStringList sshArguments() const;
};

} // namespace krw
