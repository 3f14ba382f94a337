// SPDX-License-Identifier: MIT
#include "runner/remote/remotefailure.h"

#include <QRegularExpression>
#include <QStringList>

namespace krw {

namespace {

constexpr int sshFailed = 255; // ssh's own exit status: no connection, or it was lost
constexpr int notFound = 127; // the shell's: no such command

QStringList linesOf(const QString& output)
{
    QStringList lines;
    const QStringList all = output.split(QLatin1Char('\n'));
    for (const QString& line : all) {
        const QString trimmed = line.trimmed();
        if (!trimmed.isEmpty())
            lines += trimmed;
    }
    return lines;
}

// The first line that holds any of needles, case-insensitively; empty when none does.
QString lineWith(const QStringList& lines, const QStringList& needles)
{
    for (const QString& line : lines) {
        for (const QString& needle : needles) {
            if (line.contains(needle, Qt::CaseInsensitive))
                return line;
        }
    }
    return {};
}

// The program a shell, env or setsid could not find, from its message.
QString missingTool(const QStringList& lines, QString* line)
{
    static const QRegularExpression patterns[] = {
        QRegularExpression(QStringLiteral("^(?:\\S+: )?(?:line \\d+: )?(\\S+): command not found$")), // bash
        QRegularExpression(QStringLiteral("command not found: (\\S+)$")), // zsh
        QRegularExpression(QStringLiteral("^\\S+: \\d+: (?:exec: )?(\\S+): not found$")), // dash
        QRegularExpression(QStringLiteral("^env: ['‘`]?([^'’`]+)['’`]?: No such file or directory$")), // env
        QRegularExpression(QStringLiteral("^setsid: failed to execute (\\S+): No such file or directory$")),
    };
    for (const QString& candidate : lines) {
        for (const QRegularExpression& pattern : patterns) {
            const QRegularExpressionMatch match = pattern.match(candidate);
            if (match.hasMatch()) {
                *line = candidate;
                return match.captured(1);
            }
        }
    }
    return {};
}

} // namespace

QString RemoteFailure::describe(
    const QString& host, const ProcessOutcome& outcome, const QString& output, bool remoteStarted, const QString& doing)
{
    if (outcome.kind == ProcessOutcome::Kind::FailedToStart)
        return QStringLiteral("this machine has no ssh (%1)").arg(outcome.message);
    if (outcome.kind != ProcessOutcome::Kind::ExitCode)
        return {};
    const QStringList lines = linesOf(output);
    const int code = outcome.exitCode;

    if (!remoteStarted) {
        static const QStringList unreachable{QStringLiteral("Connection refused"), QStringLiteral("Connection timed out"),
            QStringLiteral("Host key verification failed"),
            QStringLiteral("Permission denied ("), // ssh's: "Permission denied (publickey)."
            QStringLiteral("Could not resolve hostname"), QStringLiteral("No route to host"), QStringLiteral("Network is unreachable"),
            QStringLiteral("Connection closed by"), QStringLiteral("kex_exchange_identification")};
        QString line = lineWith(lines, unreachable);
        if (!line.isEmpty() || code == sshFailed) {
            if (line.isEmpty())
                line = lines.isEmpty() ? QStringLiteral("ssh exited with code %1").arg(code) : lines.constLast();
            return QStringLiteral("cannot reach %1: %2").arg(host, line);
        }
    }
    const QString full = lineWith(lines, {QStringLiteral("No space left on device"), QStringLiteral("Disk quota exceeded")});
    if (!full.isEmpty())
        return QStringLiteral("%1's disk is full (%2)").arg(host, full);
    if (code == sshFailed) {
        const QString why = lineWith(lines,
            {QStringLiteral("Broken pipe"), QStringLiteral("Connection reset"), QStringLiteral("Timeout, server"),
                QStringLiteral("Connection to"), QStringLiteral("closed"), QStringLiteral("client_loop")});
        return QStringLiteral("lost the connection to %1 while %2 (%3)")
            .arg(host, doing, why.isEmpty() ? QStringLiteral("ssh exited with code 255") : why);
    }
    QString line;
    const QString tool = missingTool(lines, &line);
    if (!tool.isEmpty())
        return QStringLiteral("%1 has no %2 (%3)").arg(host, tool, line);
    if (code == notFound)
        return QStringLiteral("%1 has no such program (%2)")
            .arg(host, lines.isEmpty() ? QStringLiteral("exit code 127") : lines.constLast());
    return {};
}

} // namespace krw
