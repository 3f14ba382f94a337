// SPDX-License-Identifier: MIT
#include "runner/remote/remotecommand.h"

#include <QRegularExpression>

namespace krw {

namespace {

const QString sshProgram = QStringLiteral("ssh");
const QString scpProgram = QStringLiteral("scp");

bool isPlain(QChar c)
{
    // Never special to sh, anywhere in a word ('~' and '=' are, at a word's start or in
    // assignments, so they are quoted too).
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
        || (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || QStringLiteral("_-+./,:@%").contains(c);
}

} // namespace

QString RemoteCommand::shellQuote(const QString& word)
{
    if (word.isEmpty())
        return QStringLiteral("''");
    bool plain = true;
    for (const QChar c : word)
        plain = plain && isPlain(c);
    if (plain)
        return word;
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString RemoteCommand::shellLine(const QStringList& words)
{
    QStringList quoted;
    quoted.reserve(words.size());
    for (const QString& word : words)
        quoted += shellQuote(word);
    return quoted.join(QLatin1Char(' '));
}

std::optional<QStringList> RemoteCommand::splitWords(const QString& line, QString* error)
{
    QStringList words;
    QString word;
    bool inWord = false; // '' is a word of its own
    enum class Quote { None, Single, Double } quote = Quote::None;
    int quoteStart = 0;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (quote == Quote::Single) {
            if (c == QLatin1Char('\''))
                quote = Quote::None;
            else
                word += c;
            continue;
        }
        if (quote == Quote::Double) {
            if (c == QLatin1Char('"')) {
                quote = Quote::None;
            } else if (c == QLatin1Char('\\') && i + 1 < line.size() && QStringLiteral("\"\\$`").contains(line.at(i + 1))) {
                word += line.at(++i);
            } else {
                word += c;
            }
            continue;
        }
        if (c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\n')) {
            if (inWord)
                words += word;
            word.clear();
            inWord = false;
            continue;
        }
        inWord = true;
        if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            quote = c == QLatin1Char('\'') ? Quote::Single : Quote::Double;
            quoteStart = i;
        } else if (c == QLatin1Char('\\')) {
            if (i + 1 == line.size()) {
                if (error)
                    *error = QStringLiteral("a backslash ends the line (character %1)").arg(i + 1);
                return std::nullopt;
            }
            word += line.at(++i);
        } else {
            word += c;
        }
    }
    if (quote != Quote::None) {
        if (error)
            *error = QStringLiteral("the %1 quote at character %2 is never closed")
                         .arg(quote == Quote::Single ? QStringLiteral("single") : QStringLiteral("double"))
                         .arg(quoteStart + 1);
        return std::nullopt;
    }
    if (inWord)
        words += word;
    return words;
}

QString RemoteCommand::wordsLine(const QStringList& words)
{
    static const QRegularExpression special(QStringLiteral("[\\s'\"\\\\]"));
    QStringList shown;
    shown.reserve(words.size());
    for (const QString& word : words)
        shown += word.isEmpty() || word.contains(special) ? shellQuote(word) : word;
    return shown.join(QLatin1Char(' '));
}

QString RemoteCommand::quotePath(const QString& path)
{
    if (path == QLatin1String("~"))
        return QStringLiteral("\"$HOME\"");
    if (path.startsWith(QLatin1String("~/"))) {
        const QString rest = path.mid(2);
        return rest.isEmpty() ? QStringLiteral("\"$HOME\"/") : QStringLiteral("\"$HOME\"/") + shellQuote(rest);
    }
    return shellQuote(path);
}

ProcessSpec RemoteCommand::ssh(const RemoteHost& host, const QString& script, int timeoutMs)
{
    ProcessSpec spec;
    spec.program = sshProgram;
    // -n: no input (nothing ever waits for it); -T: no terminal, so output is not rewritten.
    // "--" ends ssh's options: the destination is never read as one.
    spec.arguments = host.sshArguments()
        + QStringList{QStringLiteral("-n"), QStringLiteral("-T"), QStringLiteral("--"), host.destination,
            QStringLiteral("sh -c ") + shellQuote(script)};
    spec.timeoutMs = timeoutMs;
    return spec;
}

QString RemoteCommand::runScript(const ProcessSpec& step)
{
    // setsid -w: a new session (its own process group, so kill() reaches all it starts) and the
    // exit status of the program. The inner sh is the group's leader: $$ is the group id.
    QStringList words{QStringLiteral("setsid"), QStringLiteral("-w"), QStringLiteral("sh"), QStringLiteral("-c"),
        QStringLiteral("echo \"%1 $$\"; exec \"$@\"").arg(groupMarker()), QStringLiteral("krw-remote")};
    if (!step.environment.isEmpty())
        words += QStringList{QStringLiteral("env")} + step.environment;
    words += step.program;
    words += step.arguments;
    QString script = QStringLiteral("exec ") + shellLine(words);
    // After cd (a quoted "~/" path needs $HOME), before the program: only the allowed names stay.
    if (!step.inheritOnly.isEmpty())
        script = environmentFilter(step.inheritOnly) + QLatin1Char('\n') + script;
    if (!step.workingDirectory.isEmpty())
        script = QStringLiteral("cd ") + quotePath(step.workingDirectory) + QStringLiteral(" || exit $?\n") + script;
    return script;
}

QString RemoteCommand::environmentFilter(const QStringList& names)
{
    // The names come from awk's ENVIRON (one per line, whatever the values hold). A case pattern
    // per allowed name: the name quoted, a trailing '*' left bare to match a prefix. `command`
    // keeps a name sh cannot unset (read-only, not an identifier) from ending the script.
    QStringList patterns;
    for (const QString& name : names)
        patterns << (name.endsWith(QLatin1Char('*')) ? shellQuote(name.chopped(1)) + QLatin1Char('*') : shellQuote(name));
    return QStringLiteral(
        "krw_names=$(awk 'BEGIN { for (name in ENVIRON) print name }') || { echo 'awk is missing: the environment "
        "cannot be filtered' >&2; exit 127; }\n"
        "for krw_name in $krw_names; do case \"$krw_name\" in %1) ;; *) command unset \"$krw_name\" 2>/dev/null ;; esac; done\n"
        "unset krw_names krw_name")
        .arg(patterns.join(QLatin1Char('|')));
}

ProcessSpec RemoteCommand::run(const RemoteHost& host, const ProcessSpec& step)
{
    return ssh(host, runScript(step), step.timeoutMs);
}

qint64 RemoteCommand::takeGroupMarker(QString* text)
{
    static const QRegularExpression marker(QStringLiteral("(?:^|\\n)(%1 (\\d+)\\r?\\n)").arg(groupMarker()));
    const QRegularExpressionMatch match = marker.match(*text);
    if (!match.hasMatch())
        return 0;
    const qint64 pgid = match.captured(2).toLongLong();
    text->remove(match.capturedStart(1), match.capturedLength(1));
    return pgid;
}

ProcessSpec RemoteCommand::kill(const RemoteHost& host, qint64 pgid, const QString& signal)
{
    // "-s SIG -- -PGID" is the form both dash and bash accept for a process group.
    return ssh(host, QStringLiteral("kill -s %1 -- -%2").arg(shellQuote(signal)).arg(pgid), (host.connectTimeoutS + 15) * 1000);
}

ProcessSpec RemoteCommand::fetch(const RemoteHost& host, const QString& remotePath, const QString& localPath, int timeoutMs)
{
    ProcessSpec spec;
    spec.program = scpProgram;
    spec.arguments = QStringList{QStringLiteral("-q")} + host.sshArguments()
        + QStringList{QStringLiteral("--"), host.destination + QLatin1Char(':') + remotePath, localPath};
    spec.timeoutMs = timeoutMs;
    return spec;
}

ProcessSpec RemoteCommand::upload(const RemoteHost& host, const QStringList& localFiles, const QString& remoteFolder, int timeoutMs)
{
    ProcessSpec spec;
    spec.program = scpProgram;
    QString target = remoteFolder;
    if (!target.endsWith(QLatin1Char('/')))
        target += QLatin1Char('/');
    spec.arguments = QStringList{QStringLiteral("-q")} + host.sshArguments() + QStringList{QStringLiteral("--")} + localFiles
        + QStringList{host.destination + QLatin1Char(':') + target};
    spec.timeoutMs = timeoutMs;
    return spec;
}

} // namespace krw
