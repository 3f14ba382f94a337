// SPDX-License-Identifier: MIT
//
// RemoteFailure::describe on the messages ssh, scp, shells and programs print. Seen on this
// machine (OpenSSH 9.2, bash 5.2, dash, coreutils env, util-linux setsid): connection refused,
// command not found, not found, env's and setsid's; the others (host key, publickey, keep-alive
// timeout, broken pipe, zsh, disk full) are OpenSSH's and the tools' wording as documented, not
// provoked here. tst_remotehost provokes refused, lost and missing-tool for real.
#include "runner/remote/remotefailure.h"
#include "tooltests.h"

#include <QTest>

using namespace krw;

class TestRemoteFailure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void describe_data()
    {
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("output");
        QTest::addColumn<bool>("started");
        QTest::addColumn<QString>("expected");
        const auto exitRow = [](const char* name, int code, const char* output, bool started, const char* expected) {
            QTest::addRow("%s", name) << code << QString::fromUtf8(output) << started << QString::fromUtf8(expected);
        };
        exitRow("refused", 255, "ssh: connect to host gpu1 port 2222: Connection refused\r\n", false,
            "cannot reach gpu1: ssh: connect to host gpu1 port 2222: Connection refused");
        exitRow("timed out", 255, "ssh: connect to host 10.0.0.9 port 22: Connection timed out\n", false,
            "cannot reach gpu1: ssh: connect to host 10.0.0.9 port 22: Connection timed out");
        exitRow("host key", 255, "Host key verification failed.\n", false, "cannot reach gpu1: Host key verification failed.");
        exitRow("no key", 255, "me@gpu1: Permission denied (publickey).\n", false,
            "cannot reach gpu1: me@gpu1: Permission denied (publickey).");
        exitRow("scp refused", 255, "ssh: connect to host gpu1 port 1: Connection refused\nscp: Connection closed\n", false,
            "cannot reach gpu1: ssh: connect to host gpu1 port 1: Connection refused");
        exitRow("unknown 255 before start", 255, "something odd\n", false, "cannot reach gpu1: something odd");
        exitRow("silent 255 before start", 255, "", false, "cannot reach gpu1: ssh exited with code 255");
        exitRow("lost mid-run", 255, "step 1 of 3\nclient_loop: send disconnect: Broken pipe\n", true,
            "lost the connection to gpu1 while running the harness (client_loop: send disconnect: Broken pipe)");
        exitRow("lost by keep-alive", 255, "step 1\nTimeout, server gpu1 not responding.\n", true,
            "lost the connection to gpu1 while running the harness (Timeout, server gpu1 not responding.)");
        exitRow("lost silently", 255, "step 1\n", true, "lost the connection to gpu1 while running the harness (ssh exited with code 255)");
        exitRow("bash no tool", 127, "bash: line 1: hipcc: command not found\n", false,
            "gpu1 has no hipcc (bash: line 1: hipcc: command not found)");
        exitRow("bash no tool short", 127, "bash: hipcc: command not found\n", false, "gpu1 has no hipcc (bash: hipcc: command not found)");
        exitRow("dash no tool", 127, "sh: 1: setsid: not found\n", false, "gpu1 has no setsid (sh: 1: setsid: not found)");
        exitRow(
            "dash exec no tool", 127, "sh: 1: exec: python3: not found\n", false, "gpu1 has no python3 (sh: 1: exec: python3: not found)");
        exitRow("env no tool", 127, "env: 'python3': No such file or directory\n", true,
            "gpu1 has no python3 (env: 'python3': No such file or directory)");
        exitRow("env no tool, curly quotes", 127, "env: ‘python3’: No such file or directory\n", true,
            "gpu1 has no python3 (env: ‘python3’: No such file or directory)");
        exitRow("zsh no tool", 127, "zsh:1: command not found: nvcc\n", false, "gpu1 has no nvcc (zsh:1: command not found: nvcc)");
        exitRow("127 unknown", 127, "", true, "gpu1 has no such program (exit code 127)");
        exitRow("disk full", 1, "cp: error writing 'objects/ab': No space left on device\n", true,
            "gpu1's disk is full (cp: error writing 'objects/ab': No space left on device)");
        exitRow("scp disk full", 1, "scp: write remote \"/w/x\": No space left on device\n", false,
            "gpu1's disk is full (scp: write remote \"/w/x\": No space left on device)");
        exitRow("program failed", 1, "Traceback (most recent call last):\nValueError: bad\n", true, "");
        exitRow("program exit 2", 2, "usage: x\n", true, "");
        // A program that prints "Permission denied" after it started is no unreachable host.
        exitRow("permission denied mid-run", 1, "open: /dev/kfd: Permission denied\n", true, "");
        // Nor is a shell command's before the step began (the stager's mkdir): only ssh's own form is.
        exitRow("mkdir permission denied", 1, "mkdir: cannot create directory '/w': Permission denied\n", false, "");
    }
    void describe()
    {
        QFETCH(int, exitCode);
        QFETCH(QString, output);
        QFETCH(bool, started);
        QFETCH(QString, expected);
        const ProcessOutcome outcome{ProcessOutcome::Kind::ExitCode, exitCode, QStringLiteral("exited with code %1").arg(exitCode)};
        QCOMPARE(
            RemoteFailure::describe(QStringLiteral("gpu1"), outcome, output, started, QStringLiteral("running the harness")), expected);
    }

    void otherOutcomes()
    {
        const QString host = QStringLiteral("gpu1");
        const QString doing = QStringLiteral("x");
        QCOMPARE(RemoteFailure::describe(host, {ProcessOutcome::Kind::Ok, 0, {}}, QStringLiteral("Connection refused"), false, doing),
            QString());
        QCOMPARE(RemoteFailure::describe(host, {ProcessOutcome::Kind::Cancelled, 0, {}}, QString(), true, doing), QString());
        QCOMPARE(RemoteFailure::describe(host, {ProcessOutcome::Kind::TimedOut, 0, {}}, QString(), true, doing), QString());
        QCOMPARE(
            RemoteFailure::describe(host, {ProcessOutcome::Kind::FailedToStart, -1, QStringLiteral("could not start ssh: No such file")},
                QString(), false, doing),
            QStringLiteral("this machine has no ssh (could not start ssh: No such file)"));
    }
};

KRW_GUILESS_TEST_MAIN(TestRemoteFailure)
#include "tst_remotefailure.moc"
