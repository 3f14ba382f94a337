// SPDX-License-Identifier: MIT
//
// The commands that run things on a remote host, without a host: every quoted word is handed to
// the real /bin/sh here and must come back as it went in, and the remote script runs under a
// local sh exactly as the host's sh would run it.
#include "runner/remote/remotecommand.h"
#include "runner/remote/remotehost.h"
#include "tooltests.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

namespace {

struct ShellRun
{
    int exitCode = -1;
    QString output;
};

ShellRun runSh(const QString& script, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    QProcess sh;
    sh.setProcessChannelMode(QProcess::MergedChannels);
    sh.setProcessEnvironment(env);
    sh.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
    if (!sh.waitForFinished(10000))
        return {};
    return {sh.exitCode(), QString::fromUtf8(sh.readAll())};
}

} // namespace

class TestRemoteCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void shellQuoteSurvivesSh_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<bool>("leftAsIs");
        QTest::addRow("plain") << QStringLiteral("abc-1.2_x/y") << true;
        QTest::addRow("empty") << QString() << false;
        QTest::addRow("space") << QStringLiteral("two words") << false;
        QTest::addRow("single quote") << QStringLiteral("it's") << false;
        QTest::addRow("only quotes") << QStringLiteral("''") << false;
        QTest::addRow("double quote") << QStringLiteral("say \"hi\"") << false;
        QTest::addRow("dollar") << QStringLiteral("$HOME $(id) `id`") << false;
        QTest::addRow("glob") << QStringLiteral("*.py ?") << false;
        QTest::addRow("semicolon and pipe") << QStringLiteral("a; rm -rf x | y && z") << false;
        QTest::addRow("backslash") << QStringLiteral("a\\b\\") << false;
        QTest::addRow("tilde") << QStringLiteral("~root") << false;
        QTest::addRow("assignment") << QStringLiteral("A=1") << false;
        QTest::addRow("newline") << QStringLiteral("line1\nline2") << false;
        QTest::addRow("dash first") << QStringLiteral("-n") << true;
        QTest::addRow("unicode") << QStringLiteral("µs – ü") << false;
        QTest::addRow("hash") << QStringLiteral("#not a comment") << false;
    }
    void shellQuoteSurvivesSh()
    {
        QFETCH(QString, word);
        QFETCH(bool, leftAsIs);
        const QString quoted = RemoteCommand::shellQuote(word);
        QCOMPARE(quoted == word, leftAsIs);
        const ShellRun ran = runSh(QStringLiteral("printf '%s|' ") + quoted);
        QCOMPARE(ran.exitCode, 0);
        QCOMPARE(ran.output, word + QLatin1Char('|'));
    }

    void shellLineKeepsWordsApart()
    {
        const QStringList words{QStringLiteral("a b"), QString(), QStringLiteral("c'd"), QStringLiteral("e")};
        const ShellRun ran = runSh(QStringLiteral("printf '<%s>' ") + RemoteCommand::shellLine(words));
        QCOMPARE(ran.output, QStringLiteral("<a b><><c'd><e>"));
    }

    // People type option lists as a shell line; each is split as the real sh splits it.
    void splitWordsSplitsAsShDoes_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addRow("plain") << QStringLiteral("-o ControlMaster=auto  -o\tControlPersist=60");
        QTest::addRow("single quotes") << QStringLiteral("-o 'ProxyCommand=ssh -W %h:%p bastion'");
        QTest::addRow("double quotes and escapes") << QStringLiteral("--comment=\"a \\\"b\\\" \\$x\" c\\ d");
        QTest::addRow("empty word") << QStringLiteral("a '' b");
        QTest::addRow("joined quotes") << QStringLiteral("x'y z'\"w\"");
        QTest::addRow("nothing") << QStringLiteral("   ");
    }
    void splitWordsSplitsAsShDoes()
    {
        QFETCH(QString, line);
        QString error;
        const auto words = RemoteCommand::splitWords(line, &error);
        QVERIFY2(words, qPrintable(error));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("x"), QStringLiteral("EXPANDED")); // an escaped $x stays $x in both
        const ShellRun ran = runSh(QStringLiteral("for w in ") + line + QStringLiteral("; do printf '<%s>' \"$w\"; done"), env);
        QString expected;
        for (const QString& word : *words)
            expected += QLatin1Char('<') + word + QLatin1Char('>');
        QCOMPARE(ran.output, expected);
        QCOMPARE(RemoteCommand::splitWords(RemoteCommand::shellLine(*words), nullptr), words); // round trips
        QCOMPARE(RemoteCommand::splitWords(RemoteCommand::wordsLine(*words), nullptr), words);
    }

    void wordsLineQuotesOnlyWhatSplitWordsNeeds()
    {
        const QStringList words{QStringLiteral("--account=gpu"), QStringLiteral("-o"), QStringLiteral("ProxyCommand=ssh -W %h:%p b"),
            QString(), QStringLiteral("it's"), QStringLiteral("a\\b")};
        QCOMPARE(RemoteCommand::wordsLine(words), QStringLiteral("--account=gpu -o 'ProxyCommand=ssh -W %h:%p b' '' 'it'\\''s' 'a\\b'"));
        QCOMPARE(RemoteCommand::splitWords(RemoteCommand::wordsLine(words), nullptr), words);
    }

    void splitWordsRefusesUnclosedQuotes_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("error");
        QTest::addRow("single") << QStringLiteral("-o 'Proxy") << QStringLiteral("the single quote at character 4 is never closed");
        QTest::addRow("double") << QStringLiteral("\"a") << QStringLiteral("the double quote at character 1 is never closed");
        QTest::addRow("backslash") << QStringLiteral("a \\") << QStringLiteral("a backslash ends the line (character 3)");
    }
    void splitWordsRefusesUnclosedQuotes()
    {
        QFETCH(QString, line);
        QFETCH(QString, error);
        QString why;
        QVERIFY(!RemoteCommand::splitWords(line, &why));
        QCOMPARE(why, error);
    }

    void quotePathKeepsHomeExpandable_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expected"); // with HOME=/h o/me
        QTest::addRow("home") << QStringLiteral("~") << QStringLiteral("/h o/me");
        QTest::addRow("home slash") << QStringLiteral("~/") << QStringLiteral("/h o/me/");
        QTest::addRow("under home") << QStringLiteral("~/.cache/kernel review") << QStringLiteral("/h o/me/.cache/kernel review");
        QTest::addRow("absolute") << QStringLiteral("/srv/$x") << QStringLiteral("/srv/$x");
        QTest::addRow("tilde user is literal") << QStringLiteral("~root/x") << QStringLiteral("~root/x");
        QTest::addRow("tilde inside") << QStringLiteral("a/~/b") << QStringLiteral("a/~/b");
    }
    void quotePathKeepsHomeExpandable()
    {
        QFETCH(QString, path);
        QFETCH(QString, expected);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), QStringLiteral("/h o/me"));
        const ShellRun ran = runSh(QStringLiteral("printf '%s' ") + RemoteCommand::quotePath(path), env);
        QCOMPARE(ran.output, expected);
    }

    void sshArgumentsNeverPromptAndCarryEveryField()
    {
        RemoteHost host;
        host.destination = QStringLiteral("me@gpu1");
        QStringList args = host.sshArguments();
        QCOMPARE(args.mid(0, 2), (QStringList{QStringLiteral("-o"), QStringLiteral("BatchMode=yes")}));
        QVERIFY(args.contains(QStringLiteral("ConnectTimeout=15")));
        QVERIFY(args.contains(QStringLiteral("ServerAliveInterval=15")));
        QVERIFY(!args.contains(QStringLiteral("-J")));
        QVERIFY(!args.contains(QStringLiteral("-i")));
        QVERIFY(!args.join(QLatin1Char(' ')).contains(QStringLiteral("Port=")));
        QVERIFY(!args.contains(host.destination)); // the caller places it after "--"

        host.port = 2222;
        host.jumpHost = QStringLiteral("bastion");
        host.identityFile = QStringLiteral("/k/id_ed25519");
        host.connectTimeoutS = 4;
        host.extraOptions = QStringList{QStringLiteral("-o"), QStringLiteral("ConnectTimeout=9")};
        args = host.sshArguments();
        QVERIFY(args.contains(QStringLiteral("Port=2222")));
        QCOMPARE(args.at(args.indexOf(QStringLiteral("-J")) + 1), QStringLiteral("bastion"));
        QCOMPARE(args.at(args.indexOf(QStringLiteral("-i")) + 1), QStringLiteral("/k/id_ed25519"));
        // ssh keeps the first value: the extra option comes before the default and wins.
        QVERIFY(args.indexOf(QStringLiteral("ConnectTimeout=9")) < args.indexOf(QStringLiteral("ConnectTimeout=4")));
        QCOMPARE(args.mid(0, 2), (QStringList{QStringLiteral("-o"), QStringLiteral("BatchMode=yes")}));
        QCOMPARE(host.displayName(), QStringLiteral("gpu1"));
    }

    void runBuildsOneSshCommandAfterTheDestination()
    {
        RemoteHost host;
        host.destination = QStringLiteral("gpu1");
        ProcessSpec step{QStringLiteral("python3"), {QStringLiteral("krw harness.py"), QStringLiteral("--x=$y")}, QStringLiteral("~/w"),
            {QStringLiteral("HIP_VISIBLE_DEVICES=1")}, 4321, {}};
        const ProcessSpec spec = RemoteCommand::run(host, step);
        QCOMPARE(spec.program, QStringLiteral("ssh"));
        QCOMPARE(spec.timeoutMs, 4321);
        const int dashes = int(spec.arguments.indexOf(QStringLiteral("--")));
        QVERIFY(dashes > 0);
        QCOMPARE(spec.arguments.size(), dashes + 3); // "--", destination, one remote command
        QCOMPARE(spec.arguments.at(dashes + 1), QStringLiteral("gpu1"));
        QVERIFY(spec.arguments.mid(0, dashes).contains(QStringLiteral("-n")));
        QCOMPARE(spec.arguments.last(), QStringLiteral("sh -c ") + RemoteCommand::shellQuote(RemoteCommand::runScript(step)));
    }

    // The script a host runs, run here: the marker first, then the program in its folder with its
    // environment, in a process group of its own whose id is the marker's.
    void runScriptRunsHereAsOnAHost()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("setsid")).isEmpty())
            KRW_SKIP_MISSING_TOOL("setsid");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString folder = dir.filePath(QStringLiteral("a folder"));
        QVERIFY(QDir().mkpath(folder));
        ProcessSpec step{QStringLiteral("sh"),
            {QStringLiteral("-c"), QStringLiteral("echo \"pwd=$(pwd) v=$KRW_V pgid=$(ps -o pgid= $$ | tr -d ' ')\"; exit 7")}, folder,
            {QStringLiteral("KRW_V=it's $x")}, 0, {}};
        const ShellRun ran = runSh(RemoteCommand::runScript(step));
        QCOMPARE(ran.exitCode, 7); // setsid -w gives the status back
        QString text = ran.output;
        const qint64 pgid = RemoteCommand::takeGroupMarker(&text);
        QVERIFY2(pgid > 0, qPrintable(ran.output));
        QCOMPARE(text, QStringLiteral("pwd=%1 v=it's $x pgid=%2\n").arg(folder).arg(pgid));
    }

    // With an allow-list (the steps that handle generated code), the host's login environment is
    // filtered as ProcessJob filters this machine's: a planted secret never reaches the program, a
    // multi-line value does not confuse the filter, a prefix keeps its family, the step's own entries stay.
    void runScriptKeepsOnlyTheAllowedEnvironment()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("setsid")).isEmpty())
            KRW_SKIP_MISSING_TOOL("setsid");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("AWS_SECRET_ACCESS_KEY"), QStringLiteral("planted-secret"));
        env.insert(QStringLiteral("KRW_MULTI"), QStringLiteral("line one\nLC_FAKE=inside a value"));
        env.insert(QStringLiteral("LC_KRW_KEPT"), QStringLiteral("kept"));
        env.insert(QStringLiteral("HOME"), QDir::tempPath());
        ProcessSpec step{QStringLiteral("env"), {}, QStringLiteral("~"), {QStringLiteral("KRW_V=set by the step")}, 0, {}};
        step.inheritOnly = QStringList{QStringLiteral("PATH"), QStringLiteral("LC_*")};
        const ShellRun ran = runSh(RemoteCommand::runScript(step), env);
        QCOMPARE(ran.exitCode, 0);
        QString text = ran.output;
        QVERIFY2(RemoteCommand::takeGroupMarker(&text) > 0, qPrintable(ran.output));
        QStringList names;
        for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            names << line.section(QLatin1Char('='), 0, 0);
        names.sort();
        QVERIFY2(!text.contains(QStringLiteral("planted-secret")), qPrintable(text));
        QVERIFY2(!names.contains(QStringLiteral("HOME")) && !names.contains(QStringLiteral("KRW_MULTI")), qPrintable(text));
        QVERIFY2(names.contains(QStringLiteral("PATH")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("LC_KRW_KEPT=kept\n")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("KRW_V=set by the step\n")), qPrintable(text));
        // Only what the list allows, the step's entry, and what sh itself sets (PWD, SHLVL, OLDPWD, _).
        for (const QString& name : names)
            QVERIFY2(name == QLatin1String("PATH") || name.startsWith(QLatin1String("LC_")) || name == QLatin1String("KRW_V")
                    || name == QLatin1String("PWD") || name == QLatin1String("SHLVL") || name == QLatin1String("OLDPWD")
                    || name == QLatin1String("_"),
                qPrintable(name));

        // The control: without a list the secret reaches the program.
        step.inheritOnly.clear();
        QVERIFY(runSh(RemoteCommand::runScript(step), env).output.contains(QStringLiteral("planted-secret")));
    }

    void takeGroupMarker_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("pgid");
        QTest::addColumn<QString>("rest");
        QTest::addRow("first line") << QStringLiteral("KRW-REMOTE-PGID 42\nout\n") << qint64(42) << QStringLiteral("out\n");
        QTest::addRow("after motd") << QStringLiteral("Welcome\nKRW-REMOTE-PGID 7\r\nout") << qint64(7) << QStringLiteral("Welcome\nout");
        QTest::addRow("none") << QStringLiteral("out\n") << qint64(0) << QStringLiteral("out\n");
        QTest::addRow("unfinished line") << QStringLiteral("KRW-REMOTE-PGID 42") << qint64(0) << QStringLiteral("KRW-REMOTE-PGID 42");
        QTest::addRow("inside a line") << QStringLiteral("x KRW-REMOTE-PGID 42\n") << qint64(0) << QStringLiteral("x KRW-REMOTE-PGID 42\n");
    }
    void takeGroupMarker()
    {
        QFETCH(QString, text);
        QFETCH(qint64, pgid);
        QFETCH(QString, rest);
        QCOMPARE(RemoteCommand::takeGroupMarker(&text), pgid);
        QCOMPARE(text, rest);
    }

    void killAndCopyCommands()
    {
        RemoteHost host;
        host.destination = QStringLiteral("me@gpu1");
        host.port = 2200;
        const ProcessSpec kill = RemoteCommand::kill(host, 4242, QStringLiteral("TERM"));
        QCOMPARE(kill.program, QStringLiteral("ssh"));
        QCOMPARE(kill.arguments.last(), QStringLiteral("sh -c ") + RemoteCommand::shellQuote(QStringLiteral("kill -s TERM -- -4242")));

        const ProcessSpec fetch = RemoteCommand::fetch(host, QStringLiteral("/w/result.json"), QStringLiteral("/tmp/r.json"));
        QCOMPARE(fetch.program, QStringLiteral("scp"));
        QVERIFY(fetch.arguments.contains(QStringLiteral("Port=2200"))); // scp's -P differs from ssh's -p: -o serves both
        QCOMPARE(fetch.arguments.mid(fetch.arguments.size() - 3),
            (QStringList{QStringLiteral("--"), QStringLiteral("me@gpu1:/w/result.json"), QStringLiteral("/tmp/r.json")}));

        const ProcessSpec upload = RemoteCommand::upload(host, {QStringLiteral("/a"), QStringLiteral("/b")}, QStringLiteral("/w/in"));
        QCOMPARE(upload.arguments.mid(upload.arguments.size() - 4),
            (QStringList{QStringLiteral("--"), QStringLiteral("/a"), QStringLiteral("/b"), QStringLiteral("me@gpu1:/w/in/")}));
    }
};

KRW_GUILESS_TEST_MAIN(TestRemoteCommand)
#include "tst_remotecommand.moc"
