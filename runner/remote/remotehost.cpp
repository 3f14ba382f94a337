// SPDX-License-Identifier: MIT
#include "runner/remote/remotehost.h"

namespace krw {

QString RemoteHost::displayName() const
{
    const int at = int(destination.lastIndexOf(QLatin1Char('@')));
    return at >= 0 ? destination.mid(at + 1) : destination;
}

QStringList RemoteHost::sshArguments() const
{
    auto option = [](const QString& nameValue) { return QStringList{QStringLiteral("-o"), nameValue}; };
    QStringList args;
    // Never a password or passphrase prompt: a host that wants one fails with a message instead.
    args += option(QStringLiteral("BatchMode=yes"));
    // ssh takes the first value it is given of an option: extra options override the defaults below.
    args += extraOptions;
    args += option(QStringLiteral("ConnectTimeout=%1").arg(connectTimeoutS));
    args += option(QStringLiteral("ServerAliveInterval=%1").arg(serverAliveIntervalS));
    args += option(QStringLiteral("ServerAliveCountMax=%1").arg(serverAliveCountMax));
    // Errors still come through; "Warning: Permanently added … to the list of known hosts" would
    // otherwise land in a step's output.
    args += option(QStringLiteral("LogLevel=ERROR"));
    if (port > 0)
        args += option(QStringLiteral("Port=%1").arg(port));
    if (!jumpHost.isEmpty())
        args += QStringList{QStringLiteral("-J"), jumpHost};
    if (!identityFile.isEmpty())
        args += QStringList{QStringLiteral("-i"), identityFile};
    return args;
}

} // namespace krw
