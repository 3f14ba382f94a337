// SPDX-License-Identifier: MIT
//
// The SSH transport against a real sshd that this test starts itself on 127.0.0.1 (never the
// machine's own sshd or ~/.ssh): a throw-away host key and user key in a temporary folder, the
// client told to use only those (-F /dev/null, its own known_hosts). The "host" is this machine,
// so what happened there is checked directly: staged files, killed processes (pgrep).
//
// sshd wants an absolute path. Run as root it also wants its privilege separation folder
// /run/sshd; where that is missing, sshd runs in a mount namespace of its own with an empty /run
// (unshare), so nothing on the machine changes. As another user it needs neither.
#include "loopbacksshd.h"
#include "models/work/workpools.h"
#include "runner/process/processjob.h"
#include "runner/remote/remotecommand.h"
#include "runner/remote/remotehost.h"
#include "runner/remote/remotejob.h"
#include "runner/remote/remotestager.h"
#include "tooltests.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMultiMap>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace krw;

namespace {

int freePort()
{
    return krw::test::LoopbackSshd::freePort();
}

bool runTool(const QString& program, const QStringList& args, QString* output = nullptr)
{
    return krw::test::LoopbackSshd::runTool(program, args, output);
}

bool writeFile(const QString& path, const QByteArray& data)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(data) == data.size();
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>");
}

int processesMatching(const QString& pattern)
{
    return krw::test::LoopbackSshd::processesMatching(pattern);
}

// The processes below pid (not pid itself), from ps.
QList<qint64> descendantsOf(qint64 pid)
{
    QString output;
    runTool(QStringLiteral("ps"), {QStringLiteral("-e"), QStringLiteral("-o"), QStringLiteral("pid=,ppid=")}, &output);
    QMultiMap<qint64, qint64> children;
    const QStringList lines = output.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString& line : lines) {
        const QStringList fields = line.simplified().split(QLatin1Char(' '));
        if (fields.size() == 2)
            children.insert(fields.at(1).toLongLong(), fields.at(0).toLongLong());
    }
    QList<qint64> found;
    QList<qint64> todo{pid};
    while (!todo.isEmpty()) {
        const QList<qint64> next = children.values(todo.takeFirst());
        found += next;
        todo += next;
    }
    return found;
}

struct Ran
{
    ProcessOutcome outcome;
    QString output;
};

Ran runToEnd(ProcessJob& job, const ProcessSpec& spec)
{
    Ran ran;
    QObject::connect(&job, &ProcessJob::output, &job, [&ran](const QString& text) { ran.output += text; });
    QSignalSpy finished(&job, &ProcessJob::finished);
    job.start(spec);
    if (!finished.wait(20000)) {
        QTest::qFail("no finished signal within 20 s", __FILE__, __LINE__);
        return ran;
    }
    ran.outcome = finished.first().first().value<ProcessOutcome>();
    return ran;
}

StageResult stageToEnd(const RemoteHost& host, const QVector<StageFile>& files, const QString& jobFolder)
{
    RemoteStager stager;
    QSignalSpy finished(&stager, &RemoteStager::finished);
    stager.stage(host, files, jobFolder);
    if (!finished.wait(20000)) {
        QTest::qFail("no finished signal within 20 s", __FILE__, __LINE__);
        return {};
    }
    return finished.first().first().value<StageResult>();
}

} // namespace

class TestRemoteHost : public QObject
{
    Q_OBJECT

    krw::test::LoopbackSshd m_sshd;
    RemoteHost m_host;

    QString path(const QString& name) const { return m_sshd.path(name); }

    Ran runRemote(const ProcessSpec& step, RemoteHost host = {})
    {
        if (host.destination.isEmpty())
            host = m_host;
        RemoteJob job;
        Ran ran;
        connect(&job, &RemoteJob::output, this, [&ran](const QString& text) { ran.output += text; });
        QSignalSpy finished(&job, &RemoteJob::finished);
        job.start(host, step, QStringLiteral("running the test step"));
        if (!finished.wait(20000)) {
            QTest::qFail("no finished signal within 20 s", __FILE__, __LINE__);
            return ran;
        }
        ran.outcome = finished.first().first().value<ProcessOutcome>();
        return ran;
    }

private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<krw::ProcessOutcome>();
        KRW_START_LOOPBACK_SSHD(m_sshd); // ssh, scp and the "remote" side use its home only
        m_host = m_sshd.host();
    }

    void cleanupTestCase() { m_sshd.stop(); }

    void runStreamsOutputAsItComes()
    {
        RemoteJob job;
        QString output;
        connect(&job, &RemoteJob::output, this, [&output](const QString& text) { output += text; });
        QSignalSpy finished(&job, &RemoteJob::finished);
        job.start(m_host,
            {QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("echo first; sleep 2; echo second")}, {}, {}, 20000, {}},
            QStringLiteral("streaming"));
        QTRY_VERIFY_WITH_TIMEOUT(output.contains(QStringLiteral("first")), 10000);
        QVERIFY2(!output.contains(QStringLiteral("second")), qPrintable(output)); // the first line came before the end
        QCOMPARE(finished.count(), 0);
        QVERIFY(job.remoteGroup() > 0);
        QVERIFY(finished.wait(10000));
        const auto outcome = finished.first().first().value<ProcessOutcome>();
        QCOMPARE(outcome.kind, ProcessOutcome::Kind::Ok);
        QCOMPARE(output, QStringLiteral("first\nsecond\n")); // no marker line
    }

    void environmentFolderAndExitStatus()
    {
        const QString folder = path(QStringLiteral("remote/a folder's name"));
        QVERIFY(QDir().mkpath(folder));
        const Ran ran = runRemote(
            {QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("pwd; printf '%s|%s\\n' \"$KRW_A\" \"$KRW_B\"; exit 3")}, folder,
                {QStringLiteral("KRW_A=a b'c"), QStringLiteral("KRW_B=$HOME;`id`")}, 20000, {}});
        QCOMPARE(ran.output, folder + QStringLiteral("\na b'c|$HOME;`id`\n"));
        QCOMPARE(ran.outcome.kind, ProcessOutcome::Kind::ExitCode);
        QCOMPARE(ran.outcome.exitCode, 3); // the program's own status, not ssh's
        QCOMPARE(ran.outcome.message, QStringLiteral("exited with code 3"));
    }

    void cancelKillsTheRemoteProcessTree()
    {
        const QString unique
            = QStringLiteral("%1.%2").arg(600 + QRandomGenerator::global()->bounded(300)).arg(QRandomGenerator::global()->bounded(1000000));
        const QString sleeps = QStringLiteral("^sleep ") + unique; // the remote sleeps only, not this side's ssh
        // One child ignores TERM (ignored signals survive exec): only the KILL that follows ends it.
        const QString script = QStringLiteral("sleep %1 & (trap '' TERM; exec sleep %1) & echo started; wait").arg(unique);
        RemoteJob job;
        job.setKillGraceMs(700);
        QString output;
        connect(&job, &RemoteJob::output, this, [&output](const QString& text) { output += text; });
        QSignalSpy finished(&job, &RemoteJob::finished);
        job.start(m_host, {QStringLiteral("sh"), {QStringLiteral("-c"), script}, {}, {}, 60000, {}}, QStringLiteral("sleeping"));
        QTRY_VERIFY_WITH_TIMEOUT(output.contains(QStringLiteral("started")), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(processesMatching(sleeps), 2, 5000);
        job.cancel();
        QVERIFY(finished.wait(15000));
        QCOMPARE(finished.first().first().value<ProcessOutcome>().kind, ProcessOutcome::Kind::Cancelled);
        QTRY_COMPARE_WITH_TIMEOUT(processesMatching(sleeps), 0, 5000);
    }

    void droppingARunningJobEndsTheRemoteSide()
    {
        const QString unique
            = QStringLiteral("%1.%2").arg(1100 + QRandomGenerator::global()->bounded(90)).arg(QRandomGenerator::global()->bounded(1000000));
        auto job = std::make_unique<RemoteJob>();
        QString output;
        connect(job.get(), &RemoteJob::output, this, [&output](const QString& text) { output += text; });
        job->start(m_host,
            {QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("echo started; exec sleep ") + unique}, {}, {}, 60000, {}},
            QStringLiteral("sleeping"));
        QTRY_VERIFY_WITH_TIMEOUT(output.contains(QStringLiteral("started")), 10000);
        QCOMPARE(processesMatching(QStringLiteral("^sleep ") + unique), 1);
        job.reset();
        QTRY_COMPARE_WITH_TIMEOUT(processesMatching(QStringLiteral("^sleep ") + unique), 0, 5000);
    }

    void timeoutEndsTheRemoteSideToo()
    {
        const QString unique
            = QStringLiteral("%1.%2").arg(900 + QRandomGenerator::global()->bounded(90)).arg(QRandomGenerator::global()->bounded(1000000));
        const Ran ran = runRemote({QStringLiteral("sleep"), {unique}, {}, {}, 1500, {}});
        QCOMPARE(ran.outcome.kind, ProcessOutcome::Kind::TimedOut);
        QTRY_COMPARE_WITH_TIMEOUT(processesMatching(QStringLiteral("^sleep ") + unique), 0, 5000);
    }

    // The connection dies under a running step: sshd's processes for it are killed, the remote
    // program runs on (as it would when a network goes away) and is ended by the test.
    void lostConnectionMidRunIsSaidSo()
    {
        const QString unique
            = QStringLiteral("%1.%2").arg(1000 + QRandomGenerator::global()->bounded(90)).arg(QRandomGenerator::global()->bounded(1000000));
        RemoteJob job;
        QString output;
        connect(&job, &RemoteJob::output, this, [&output](const QString& text) { output += text; });
        QSignalSpy finished(&job, &RemoteJob::finished);
        job.start(m_host,
            {QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("echo started; exec sleep ") + unique}, {}, {}, 60000, {}},
            QStringLiteral("running the test step"));
        QTRY_VERIFY_WITH_TIMEOUT(output.contains(QStringLiteral("started")), 10000);
        const qint64 remoteGroup = job.remoteGroup();
        QVERIFY(remoteGroup > 0);
        // sshd's processes for this connection: the listener's descendants that are not the step's.
        const QList<qint64> under = descendantsOf(m_sshd.processId());
        const QList<qint64> step = descendantsOf(remoteGroup) + QList<qint64>{remoteGroup};
        int killed = 0;
        for (const qint64 pid : under) {
            QString name;
            runTool(
                QStringLiteral("ps"), {QStringLiteral("-o"), QStringLiteral("comm="), QStringLiteral("-p"), QString::number(pid)}, &name);
            if (!step.contains(pid) && name.trimmed() == QLatin1String("sshd") && ::kill(pid_t(pid), SIGKILL) == 0)
                ++killed;
        }
        QVERIFY(killed > 0);
        QVERIFY(finished.wait(15000));
        const auto outcome = finished.first().first().value<ProcessOutcome>();
        qInfo().noquote() << outcome.message;
        QCOMPARE(outcome.exitCode, 255);
        QVERIFY2(outcome.message.startsWith(QStringLiteral("lost the connection to 127.0.0.1 while running the test step (")),
            qPrintable(outcome.message));
        ::kill(-pid_t(remoteGroup), SIGKILL); // what a later cancel would do over a new connection
        QTRY_COMPARE_WITH_TIMEOUT(processesMatching(QStringLiteral("^sleep ") + unique), 0, 5000);
    }

    void wrongPortCannotReach()
    {
        RemoteHost host = m_host;
        host.port = freePort(); // nobody listens there
        const Ran ran = runRemote({QStringLiteral("true"), {}, {}, {}, 20000, {}}, host);
        QCOMPARE(ran.outcome.kind, ProcessOutcome::Kind::ExitCode);
        QCOMPARE(ran.outcome.exitCode, 255);
        QVERIFY2(ran.outcome.message.startsWith(QStringLiteral("cannot reach 127.0.0.1: ")), qPrintable(ran.outcome.message));
        QVERIFY2(ran.outcome.message.contains(QStringLiteral("Connection refused")), qPrintable(ran.outcome.message));

        const StageResult staged
            = stageToEnd(host, {{path(QStringLiteral("sshd_config")), QStringLiteral("x")}}, QStringLiteral("jobs/refused"));
        QVERIFY(!staged.ok);
        QVERIFY2(staged.error.startsWith(QStringLiteral("cannot reach 127.0.0.1: ")), qPrintable(staged.error));
    }

    void missingToolIsNamed_data()
    {
        QTest::addColumn<QStringList>("environment");
        QTest::addRow("plain") << QStringList{};
        QTest::addRow("with environment") << QStringList{QStringLiteral("A=1")};
    }
    void missingToolIsNamed()
    {
        QFETCH(QStringList, environment);
        const Ran ran = runRemote({QStringLiteral("krw-no-such-tool"), {QStringLiteral("--version")}, {}, environment, 20000, {}});
        QCOMPARE(ran.outcome.exitCode, 127);
        QVERIFY2(ran.outcome.message.startsWith(QStringLiteral("127.0.0.1 has no krw-no-such-tool (")), qPrintable(ran.outcome.message));
    }

    void stagingSendsOnlyWhatIsMissing()
    {
        const QString local = path(QStringLiteral("local"));
        QVERIFY(writeFile(local + QStringLiteral("/kernel file.cu"), "__global__ void k() {}\n"));
        QVERIFY(writeFile(local + QStringLiteral("/test.py"), "print('test')\n"));
        QVERIFY(writeFile(local + QStringLiteral("/same.py"), "print('test')\n")); // same content: one object
        QVERIFY(writeFile(local + QStringLiteral("/harness/krw_harness.py"), "import krw_util\n"));
        QVERIFY(writeFile(local + QStringLiteral("/harness/sub/krw_util.py"), "X = 1\n"));
        QVERIFY(writeFile(local + QStringLiteral("/harness/__pycache__/krw_util.pyc"), "junk"));
        QVERIFY(writeFile(local + QStringLiteral("/run.sh"), "#!/bin/sh\necho run\n"));
        QVERIFY(QFile::setPermissions(local + QStringLiteral("/run.sh"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const QVector<StageFile> files{{local + QStringLiteral("/kernel file.cu"), QStringLiteral("src/kernel file.cu")},
            {local + QStringLiteral("/test.py"), QStringLiteral("test.py")},
            {local + QStringLiteral("/same.py"), QStringLiteral("src/same.py")},
            {local + QStringLiteral("/harness"), QStringLiteral("harness")}, {local + QStringLiteral("/run.sh"), QStringLiteral("run.sh")}};

        RemoteStager stager;
        QStringList said;
        connect(&stager, &RemoteStager::progress, this, [&said](const QString& what) { said += what; });
        QSignalSpy finished(&stager, &RemoteStager::finished);
        stager.stage(m_host, files, QStringLiteral("jobs/first"));
        QVERIFY(finished.wait(20000));
        const StageResult first = finished.first().first().value<StageResult>();
        QVERIFY2(first.ok, qPrintable(first.error));
        QCOMPARE(first.files, 6);
        QCOMPARE(first.uploaded, 5); // test.py and same.py are one object
        QCOMPARE(first.transfers, 1);
        QVERIFY2(said.join(QLatin1Char('\n')).contains(QStringLiteral("Sending 5 of 6 files")), qPrintable(said.join(QLatin1Char('\n'))));
        const QString job = m_host.workFolder + QStringLiteral("/jobs/first");
        QCOMPARE(QFileInfo(first.jobFolder).canonicalFilePath(), QFileInfo(job).canonicalFilePath());
        QCOMPARE(readFile(job + QStringLiteral("/src/kernel file.cu")), QByteArray("__global__ void k() {}\n"));
        QCOMPARE(readFile(job + QStringLiteral("/src/same.py")), QByteArray("print('test')\n"));
        QCOMPARE(readFile(job + QStringLiteral("/harness/sub/krw_util.py")), QByteArray("X = 1\n"));
        QVERIFY(!QFileInfo::exists(job + QStringLiteral("/harness/__pycache__")));
        QVERIFY(QFileInfo(job + QStringLiteral("/run.sh")).isExecutable());
        QVERIFY(!QFileInfo(job + QStringLiteral("/test.py")).isExecutable());
        const QDir objects(m_host.workFolder + QStringLiteral("/objects"));
        QCOMPARE(objects.entryList(QDir::Files).size(), 5);
        QCOMPARE(objects.entryList(QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot), QStringList{}); // the upload folder is gone
        QMap<QString, QDateTime> modified;
        for (const QFileInfo& object : objects.entryInfoList(QDir::Files))
            modified.insert(object.fileName(), object.lastModified());

        // Again, into another job folder: the host has everything, nothing is sent.
        const StageResult second = stageToEnd(m_host, files, QStringLiteral("jobs/second"));
        QVERIFY2(second.ok, qPrintable(second.error));
        QCOMPARE(second.uploaded, 0);
        QCOMPARE(second.uploadedBytes, 0);
        QCOMPARE(second.transfers, 0);
        QCOMPARE(readFile(m_host.workFolder + QStringLiteral("/jobs/second/harness/krw_harness.py")), QByteArray("import krw_util\n"));
        for (const QFileInfo& object : objects.entryInfoList(QDir::Files))
            QCOMPARE(object.lastModified(), modified.value(object.fileName()));

        // One file changed: only it is sent.
        QVERIFY(writeFile(local + QStringLiteral("/test.py"), "print('changed')\n"));
        const StageResult third = stageToEnd(m_host, files, QStringLiteral("jobs/third"));
        QVERIFY2(third.ok, qPrintable(third.error));
        QCOMPARE(third.uploaded, 1);
        QCOMPARE(third.transfers, 1);
        QCOMPARE(readFile(m_host.workFolder + QStringLiteral("/jobs/third/test.py")), QByteArray("print('changed')\n"));
        QCOMPARE(readFile(m_host.workFolder + QStringLiteral("/jobs/third/src/same.py")), QByteArray("print('test')\n"));
    }

    void stagingRefusesBadPathsAndUnreadableFiles()
    {
        StageResult result
            = stageToEnd(m_host, {{path(QStringLiteral("sshd_config")), QStringLiteral("../escape")}}, QStringLiteral("jobs/bad"));
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(QStringLiteral("leaves its folder")), qPrintable(result.error));
        result = stageToEnd(m_host, {{path(QStringLiteral("no such file")), QStringLiteral("x")}}, QStringLiteral("jobs/bad"));
        QVERIFY(!result.ok);
        QCOMPARE(result.error, QStringLiteral("cannot read ") + path(QStringLiteral("no such file")));
        result = stageToEnd(m_host, {{path(QStringLiteral("sshd_config")), QStringLiteral("x")}}, QStringLiteral("../jobs"));
        QVERIFY(!result.ok);
        QVERIFY2(result.error.startsWith(QStringLiteral("cannot stage into job folder")), qPrintable(result.error));
    }

    void cancelledStagingEndsOnce()
    {
        RemoteStager stager;
        QSignalSpy finished(&stager, &RemoteStager::finished);
        stager.stage(m_host, {{path(QStringLiteral("sshd_config")), QStringLiteral("x")}}, QStringLiteral("jobs/cancelled"));
        QVERIFY(stager.isRunning());
        stager.cancel();
        QCOMPARE(finished.count(), 1);
        const StageResult result = finished.first().first().value<StageResult>();
        QVERIFY(result.cancelled);
        QVERIFY(!result.ok);
        QVERIFY(!stager.isRunning());
        // Cancelled while hashing (ssh starts only after it): the worker's late end is dropped.
        WorkPools::jobs()->waitForDone();
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        QCOMPARE(finished.count(), 1);
    }

    void fetchBringsAFileBack()
    {
        const QString remote = path(QStringLiteral("remote/work/jobs/result dir/result.json"));
        QVERIFY(writeFile(remote, "{\"verdict\": \"passed\"}\n"));
        const QString local = path(QStringLiteral("fetched/result.json"));
        QVERIFY(QDir().mkpath(QFileInfo(local).path()));
        ProcessJob job;
        Ran ran = runToEnd(job, RemoteCommand::fetch(m_host, remote, local));
        QCOMPARE(ran.outcome.kind, ProcessOutcome::Kind::Ok);
        QCOMPARE(readFile(local), QByteArray("{\"verdict\": \"passed\"}\n"));

        ProcessJob missing;
        ran = runToEnd(missing, RemoteCommand::fetch(m_host, path(QStringLiteral("remote/none.json")), local));
        QCOMPARE(ran.outcome.kind, ProcessOutcome::Kind::ExitCode);
        QVERIFY2(ran.output.contains(QStringLiteral("No such file")), qPrintable(ran.output));
    }
};

KRW_GUILESS_TEST_MAIN(TestRemoteHost)
#include "tst_remotehost.moc"
