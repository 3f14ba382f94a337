// SPDX-License-Identifier: MIT
#pragma once

#include "runner/process/processjob.h"
#include "runner/remote/remotehost.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace krw {

// The ssh and scp commands that run things on a RemoteHost, as ProcessSpecs for a ProcessJob, so
// output streams back as it comes. Every word that reaches the host's shell is quoted with
// shellQuote (POSIX sh rules; the host's login shell only has to pass "sh -c '…'" on to sh).
class RemoteCommand
{
public:
    // The first line a remote step prints: "KRW-REMOTE-PGID 4242", the process group to kill.
    static QString groupMarker() { return QStringLiteral("KRW-REMOTE-PGID"); }

    // One word for sh: left as it is when it holds only characters sh never treats specially,
    // else in single quotes ('it'\''s'). The empty word is ''.
    static QString shellQuote(const QString& word);
    static QString shellLine(const QStringList& words); // each quoted, joined by spaces
    // The inverse, for option lists people type (extra ssh options, sbatch options): words split
    // at unquoted blanks as sh does, with '…', "…" and \ quoting (no expansion of $, ~ or *).
    // nullopt, with *error saying where, for an unclosed quote or a trailing backslash.
    // splitWords(shellLine(list)) == list.
    static std::optional<QStringList> splitWords(const QString& line, QString* error);
    // Words for people to edit and splitWords to read back: quoted only where splitWords needs it
    // (blanks, quotes, backslashes, the empty word), so "--account=gpu" stays as it is.
    static QString wordsLine(const QStringList& words);
    // A path on the host: "~" and a leading "~/" stay the home folder ("$HOME"/'rest'); the rest
    // is quoted as a word.
    static QString quotePath(const QString& path);

    // ssh running script with sh on the host: no terminal, no input.
    static ProcessSpec ssh(const RemoteHost& host, const QString& script, int timeoutMs = 60000);

    // step run on the host instead of here: its program and arguments as given, in its
    // workingDirectory on the host (quotePath; empty for the home folder), its environment
    // entries set with env(1), in a new session (setsid -w, so the exit status comes back) whose
    // process group id is printed first on a line of its own (groupMarker). Resource limits are
    // not carried over; the timeout is.
    static ProcessSpec run(const RemoteHost& host, const ProcessSpec& step);
    // step.inheritOnly (SandboxEnvironment::names()) is honoured there too: every other variable of
    // the host's login environment is unset before the program starts (environmentFilter).
    static QString runScript(const ProcessSpec& step); // what run() has sh execute on the host
    // The sh lines that unset every environment variable but names (NAME, or PREFIX*); they fail
    // with status 127 on a host without awk rather than pass everything on.
    static QString environmentFilter(const QStringList& names);

    // Takes the group marker line out of text, which must hold whole lines; returns the group id,
    // or 0 when text has no marker (text is then unchanged).
    static qint64 takeGroupMarker(QString* text);

    // Sends signal ("TERM", "KILL") to the whole remote process group pgid.
    static ProcessSpec kill(const RemoteHost& host, qint64 pgid, const QString& signal);

    // scp, quiet, with the host's options. Remote paths go as they are (scp's SFTP mode, the
    // default since OpenSSH 9.0, passes them to no shell; "~/" is the home folder).
    static ProcessSpec fetch(const RemoteHost& host, const QString& remotePath, const QString& localPath, int timeoutMs = 300000);
    static ProcessSpec upload(const RemoteHost& host, const QStringList& localFiles, const QString& remoteFolder, int timeoutMs = 600000);
};

} // namespace krw
