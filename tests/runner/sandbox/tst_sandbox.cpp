// SPDX-License-Identifier: MIT
//
// The sandbox with real processes: small Python programs run through Sandbox::wrap and a
// ProcessJob, each next to a control that runs the same program without the sandbox (or
// without the limit) and shows what the sandbox takes away. Users are not root, and root's
// processes are not counted by RLIMIT_NPROC at all, so where the kernel's part is tested a
// root test process runs the sandbox as nobody (setpriv), as a user would.
#include "runner/process/processjob.h"
#include "runner/sandbox/sandbox.h"
#include "runner/sandbox/sandboxenvironment.h"
#include "tooltests.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <optional>
#include <sys/socket.h>
#include <unistd.h>

using namespace krw;

Q_DECLARE_METATYPE(krw::ToolchainProfile::Kind)

namespace {

const QString python = QStringLiteral("/usr/bin/python3");

struct Ran
{
    ProcessOutcome outcome;
    QString output;
    ProcessTreeUsage peak;
    qint64 ms = 0;
};

Ran runToEnd(const ProcessSpec& spec, int waitMs = 30000)
{
    ProcessJob job;
    Ran ran;
    QObject::connect(&job, &ProcessJob::output, &job, [&ran](const QString& text) { ran.output += text; });
    QSignalSpy finished(&job, &ProcessJob::finished);
    QElapsedTimer clock;
    clock.start();
    job.start(spec);
    if (!finished.wait(waitMs)) {
        // Fails the test function: a missing signal is never read as an outcome.
        QTest::qFail(qPrintable(QStringLiteral("no finished signal within %1 ms").arg(waitMs)), __FILE__, __LINE__);
        ran.outcome = {ProcessOutcome::Kind::FailedToStart, -1, QStringLiteral("test: no finished signal")};
        return ran;
    }
    ran.ms = clock.elapsed();
    ran.outcome = finished.first().first().value<ProcessOutcome>();
    ran.peak = job.peakUsage();
    return ran;
}

ProcessSpec pythonSpec(const QString& code, const QString& workDir, int timeoutMs = 20000)
{
    return {python, {QStringLiteral("-c"), code}, workDir, {}, timeoutMs, {}};
}

// As a user: a root test process runs the command as nobody, whose processes the kernel counts.
std::optional<ProcessSpec> asUser(ProcessSpec spec)
{
    if (::geteuid() != 0)
        return spec;
    const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
    if (setpriv.isEmpty())
        return std::nullopt;
    spec.arguments = QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups"),
                         QStringLiteral("--"), spec.program}
        + spec.arguments;
    spec.program = setpriv;
    return spec;
}

// A folder anyone may write to, for runs as nobody.
bool openToAll(const QString& path)
{
    return QFile::setPermissions(path,
        QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup | QFileDevice::WriteGroup
            | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther);
}

// A TCP port on the host's loopback that accepts connections (the backlog does, no accept()).
struct Listener
{
    int fd = -1;
    int port = 0;
    Listener()
    {
        fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address = {};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), length) != 0 || ::listen(fd, 8) != 0
            || ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0)
            return;
        port = ntohs(address.sin_port);
    }
    ~Listener()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

class TestSandbox : public QObject
{
    Q_OBJECT

private:
    static void requireTools()
    {
        if (!Sandbox::available())
            KRW_SKIP_MISSING_TOOL("bubblewrap");
        if (!QFileInfo::exists(python))
            KRW_SKIP_MISSING_TOOL("/usr/bin/python3");
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // The one rule for running without a sandbox (no processes here).
    void choose_data()
    {
        QTest::addColumn<ToolchainProfile::Kind>("kind");
        QTest::addColumn<bool>("profileSandbox");
        QTest::addColumn<bool>("bwrap");
        QTest::addColumn<bool>("allowed");
        QTest::addColumn<bool>("sandboxed");
        QTest::addColumn<bool>("refused");
        QTest::addColumn<QString>("note");
        using K = ToolchainProfile::Kind;
        QTest::addRow("bwrap-found") << K::Cpu << true << true << false << true << false << QStringLiteral("sandboxed with bubblewrap");
        QTest::addRow("no-bwrap-no-leave") << K::Cpu << true << false << false << false << true
                                           << QStringLiteral("not sandboxed: nothing was run");
        QTest::addRow("no-bwrap-allowed") << K::Rocm << true << false << true << false << false
                                          << QStringLiteral("not sandboxed: bubblewrap (bwrap) is not installed, and running without it "
                                                            "was allowed");
        QTest::addRow("turned-off-in-profile") << K::HipNvidia << false << false << false << false << false
                                               << QStringLiteral("not sandboxed: the sandbox is turned off in profile hip-nvidia");
        QTest::addRow("turned-off-with-bwrap") << K::Cpu << false << true << false << false << false
                                               << QStringLiteral("not sandboxed: the sandbox is turned off in profile cpu");
        QTest::addRow("compile-only-needs-no-leave")
            << K::CompileCheck << true << false << false << false << false
            << QStringLiteral("not sandboxed: bubblewrap (bwrap) is not installed; the code was only compiled, never run");
    }

    void choose()
    {
        QFETCH(ToolchainProfile::Kind, kind);
        QFETCH(bool, profileSandbox);
        QFETCH(bool, bwrap);
        QFETCH(bool, allowed);
        QFETCH(bool, sandboxed);
        QFETCH(bool, refused);
        QFETCH(QString, note);
        ToolchainProfile profile = defaultProfile(kind);
        profile.sandbox = profileSandbox;
        profile.memoryLimitMiB = 4096;
        profile.processLimit = 512;
        const SandboxChoice choice = Sandbox::choose(profile, bwrap, allowed, Sandbox::limitsOf(profile));
        QCOMPARE(choice.sandboxed, sandboxed);
        QCOMPARE(choice.refused, refused);
        QVERIFY2(choice.note.startsWith(note), qPrintable(choice.note));
        if (refused) {
            // Says what is at stake and every way out.
            for (const char* part : {"unsandboxed", "sudo apt install bubblewrap", "--no-sandbox", "runner panel", "turn the sandbox off"})
                QVERIFY2(choice.refusal.contains(QLatin1String(part)), part);
        } else {
            QVERIFY(choice.refusal.isEmpty());
            QVERIFY2(choice.note.contains(QStringLiteral("limits: 4 GiB of memory, 512 processes and threads")), qPrintable(choice.note));
        }
    }

    // What a step may see of a hidden home: the installation of its program and what it names.
    // What generated code may see: the documented list and the profile's names; a "*" is said as
    // what it is, everything, in the note every result carries.
    void environmentListAndNote()
    {
        ToolchainProfile p = defaultProfile(ToolchainProfile::Kind::Cpu);
        p.name = QStringLiteral("mine");
        QVERIFY(SandboxEnvironment::names(p).contains(QStringLiteral("PATH")));
        QVERIFY(!SandboxEnvironment::names(p).contains(QStringLiteral("HOME")));
        QVERIFY(!SandboxEnvironment::names(p).contains(QStringLiteral("AWS_SECRET_ACCESS_KEY")));
        QCOMPARE(SandboxEnvironment::note(p), QStringLiteral("environment: only the documented list of variables passed on"));
        p.passEnvironment = QStringList{QStringLiteral("MY_TOKEN")};
        QVERIFY(SandboxEnvironment::names(p).contains(QStringLiteral("MY_TOKEN")));
        QVERIFY(SandboxEnvironment::note(p).endsWith(QStringLiteral("and MY_TOKEN (profile mine)")));
        p.passEnvironment << QStringLiteral("*");
        QCOMPARE(
            SandboxEnvironment::note(p), QStringLiteral("environment: everything passed on, secrets included (profile mine passes \"*\")"));
    }

    void wrapBindsBackOnlyWhatTheStepNeeds()
    {
        if (!Sandbox::available())
            KRW_SKIP_MISSING_TOOL("bubblewrap");
        QTemporaryDir home(QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("home-XXXXXX")));
        QTemporaryDir work;
        QVERIFY(home.isValid() && work.isValid());
        const QDir h(home.path());
        QVERIFY(h.mkpath(QStringLiteral("venv/bin")) && h.mkpath(QStringLiteral("include/torch")) && h.mkpath(QStringLiteral(".ssh")));
        QVERIFY(QFile::link(python, h.filePath(QStringLiteral("venv/bin/python"))));
        Sandbox sandbox(work.path(), {});
        sandbox.setHome(home.path());
        const ProcessSpec wrapped = sandbox.wrap({h.filePath(QStringLiteral("venv/bin/python")),
            {QStringLiteral("-I") + h.filePath(QStringLiteral("include/torch")), QStringLiteral("x.py")}, {}, {}, 1000, {}});
        const QString args = wrapped.arguments.join(QLatin1Char(' '));
        const QString venv = QFileInfo(h.filePath(QStringLiteral("venv"))).canonicalFilePath();
        const QString include = QFileInfo(h.filePath(QStringLiteral("include/torch"))).canonicalFilePath();
        const QString homePath = QFileInfo(home.path()).canonicalFilePath();
        QCOMPARE(wrapped.program, Sandbox::bwrapPath());
        QVERIFY2(args.contains(QStringLiteral("--tmpfs %1 ").arg(homePath)), qPrintable(args));
        QVERIFY2(args.contains(QStringLiteral("--ro-bind %1 %1 ").arg(venv)), qPrintable(args));
        QVERIFY2(args.contains(QStringLiteral("--ro-bind %1 %1 ").arg(include)), qPrintable(args));
        QVERIFY2(args.contains(QStringLiteral("--remount-ro %1 ").arg(homePath)), qPrintable(args));
        QVERIFY2(!args.contains(QStringLiteral(".ssh")), qPrintable(args));
        QVERIFY2(!args.contains(QStringLiteral("--ro-bind %1 ").arg(homePath + QLatin1Char(' '))), qPrintable(args));
        QVERIFY(wrapped.arguments.contains(QStringLiteral("--unshare-net")));
        QCOMPARE(wrapped.limits.fileSystems, (QStringList{QStringLiteral("/tmp"), QStringLiteral("/dev/shm")}));
    }

    // No network inside: the host's loopback is another network's, the outside has no route.
    void network_data()
    {
        QTest::addColumn<bool>("sandboxed");
        QTest::addRow("sandboxed") << true;
        QTest::addRow("control-without-sandbox") << false;
    }

    void network()
    {
        QFETCH(bool, sandboxed);
        requireTools();
        Listener listener;
        QVERIFY(listener.port > 0);
        QTemporaryDir work;
        const QString code = QStringLiteral("import socket\n"
                                            "def attempt(address):\n"
                                            "    s = socket.socket()\n"
                                            "    s.settimeout(2)\n"
                                            "    try:\n"
                                            "        s.connect(address)\n"
                                            "        return 'connected'\n"
                                            "    except OSError as e:\n"
                                            "        return 'errno %d' % e.errno\n"
                                            "print('loopback:', attempt(('127.0.0.1', %1)))\n"
                                            "print('outside:', attempt(('192.0.2.1', 9)))\n")
                                 .arg(listener.port);
        ProcessSpec spec = pythonSpec(code, work.path());
        if (sandboxed)
            spec = Sandbox(work.path(), {}).wrap(spec);
        const Ran ran = runToEnd(spec);
        QVERIFY2(ran.outcome.kind == ProcessOutcome::Kind::Ok, qPrintable(ran.outcome.message + ran.output));
        if (sandboxed) {
            QVERIFY2(ran.output.contains(QStringLiteral("loopback: errno 111")), qPrintable(ran.output)); // ECONNREFUSED
            QVERIFY2(ran.output.contains(QStringLiteral("outside: errno 101")), qPrintable(ran.output)); // ENETUNREACH
        } else {
            QVERIFY2(ran.output.contains(QStringLiteral("loopback: connected")), qPrintable(ran.output));
        }
    }

    // Only the work folder is writable; a file in the home cannot even be read; the program from
    // a venv in the home runs, because its installation is bound back.
    void fileSystem_data()
    {
        QTest::addColumn<bool>("sandboxed");
        QTest::addRow("sandboxed") << true;
        QTest::addRow("control-without-sandbox") << false;
    }

    void fileSystem()
    {
        QFETCH(bool, sandboxed);
        requireTools();
        // Outside /tmp, so that the sandbox's private /tmp is not what hides them.
        const QDir build(QCoreApplication::applicationDirPath());
        QTemporaryDir home(build.filePath(QStringLiteral("home-XXXXXX")));
        QTemporaryDir outsideDir(build.filePath(QStringLiteral("outside-XXXXXX")));
        QTemporaryDir work;
        QVERIFY(home.isValid() && outsideDir.isValid() && work.isValid());
        const QDir h(home.path());
        QVERIFY(h.mkpath(QStringLiteral("venv/bin")) && h.mkpath(QStringLiteral(".ssh")));
        QVERIFY(QFile::link(python, h.filePath(QStringLiteral("venv/bin/python"))));
        const QString secret = h.filePath(QStringLiteral(".ssh/id_planted"));
        {
            QFile file(secret);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("planted secret\n");
        }
        const QString outside = QDir(outsideDir.path()).filePath(QStringLiteral("written"));
        const QString hostTmp = QDir::temp().filePath(QStringLiteral("krw-sandbox-tmp-%1").arg(QCoreApplication::applicationPid()));
        const QString code = QStringLiteral("import os\n"
                                            "def write(path):\n"
                                            "    try:\n"
                                            "        open(path, 'w').write('x')\n"
                                            "        return 'written'\n"
                                            "    except OSError as e:\n"
                                            "        return 'errno %d' % e.errno\n"
                                            "def read(path):\n"
                                            "    try:\n"
                                            "        return 'read ' + open(path).read().strip()\n"
                                            "    except OSError as e:\n"
                                            "        return 'errno %d' % e.errno\n"
                                            "print('work:', write('result.json'))\n"
                                            "print('outside:', write(%1))\n"
                                            "print('home-write:', write(%2))\n"
                                            "print('secret:', read(%3))\n"
                                            "print('tmp:', write(%4))\n"
                                            "print('home-env:', os.environ['HOME'])\n")
                                 .arg(QLatin1Char('\'') + outside + QLatin1Char('\''),
                                     QLatin1Char('\'') + h.filePath(QStringLiteral("written")) + QLatin1Char('\''),
                                     QLatin1Char('\'') + secret + QLatin1Char('\''), QLatin1Char('\'') + hostTmp + QLatin1Char('\''));
        ProcessSpec spec = pythonSpec(code, work.path());
        spec.program = h.filePath(QStringLiteral("venv/bin/python"));
        if (sandboxed) {
            Sandbox sandbox(work.path(), {});
            sandbox.setHome(home.path());
            spec = sandbox.wrap(spec);
        }
        const Ran ran = runToEnd(spec);
        QVERIFY2(ran.outcome.kind == ProcessOutcome::Kind::Ok, qPrintable(ran.outcome.message + ran.output));
        QVERIFY2(ran.output.contains(QStringLiteral("work: written")), qPrintable(ran.output));
        QVERIFY(QFileInfo::exists(QDir(work.path()).filePath(QStringLiteral("result.json"))));
        if (sandboxed) {
            // EROFS: seen, read-only. A build under /tmp (a clone there) is hidden by the private
            // /tmp instead: ENOENT.
            const bool buildUnderTmp = build.canonicalPath().startsWith(QDir::temp().canonicalPath() + QLatin1Char('/'));
            QVERIFY2(ran.output.contains(QStringLiteral("outside: errno 30"))
                    || (buildUnderTmp && ran.output.contains(QStringLiteral("outside: errno 2\n"))),
                qPrintable(ran.output));
            QVERIFY2(ran.output.contains(QStringLiteral("home-write: errno 30")), qPrintable(ran.output));
            QVERIFY2(ran.output.contains(QStringLiteral("secret: errno 2")), qPrintable(ran.output)); // ENOENT: not there at all
            QVERIFY2(ran.output.contains(QStringLiteral("tmp: written")), qPrintable(ran.output)); // its own /tmp...
            QVERIFY(!QFileInfo::exists(hostTmp)); // ...not the machine's
            QVERIFY2(
                ran.output.contains(QStringLiteral("home-env: ") + QFileInfo(work.path()).canonicalFilePath()), qPrintable(ran.output));
            QVERIFY(!QFileInfo::exists(outside));
        } else {
            // Root writes anywhere; a user at least in their home and /tmp.
            QVERIFY2(ran.output.contains(QStringLiteral("secret: read planted secret")), qPrintable(ran.output));
            QVERIFY2(ran.output.contains(QStringLiteral("outside: written")), qPrintable(ran.output));
            QVERIFY(QFileInfo::exists(outside));
            QVERIFY(QFile::remove(hostTmp));
        }
    }

    // The kernel's part alone (the watch samples too rarely to see it): inside the sandbox's user
    // namespace forks fail at the limit, however many processes the user has elsewhere.
    void kernelCapsProcesses()
    {
        requireTools();
        if (QStandardPaths::findExecutable(QStringLiteral("prlimit")).isEmpty())
            KRW_SKIP_MISSING_TOOL("prlimit (util-linux)");
        QTemporaryDir work;
        QVERIFY(work.isValid() && openToAll(work.path()));
        const QString code = QStringLiteral("import os, time\n"
                                            "made = 0\n"
                                            "try:\n"
                                            "    for i in range(100):\n"
                                            "        if os.fork() == 0:\n"
                                            "            time.sleep(5)\n"
                                            "            os._exit(0)\n"
                                            "        made += 1\n"
                                            "    print('forked all', made)\n"
                                            "except OSError as e:\n"
                                            "    print('fork failed after', made, 'errno', e.errno)\n");
        ResourceLimits limits;
        limits.tasks = 16;
        limits.intervalMs = 600000; // the watch stays out of it
        Sandbox sandbox(work.path(), limits);
        sandbox.setHome(work.path() + QStringLiteral("/no-home"));
        const auto spec = asUser(sandbox.wrap(pythonSpec(code, work.path())));
        if (!spec)
            KRW_SKIP_MISSING_TOOL("setpriv (to run the sandbox as a user, not root)");
        const Ran ran = runToEnd(*spec);
        QVERIFY2(ran.outcome.kind == ProcessOutcome::Kind::Ok, qPrintable(ran.outcome.message + ran.output));
        // Of the 16, bwrap (outside and its reaper inside) and the Python itself take 3: at most 13 children.
        QVERIFY2(ran.output.contains(QStringLiteral("fork failed after")) && ran.output.contains(QStringLiteral("errno 11")),
            qPrintable(ran.output));
        const int made = ran.output.section(QStringLiteral("after "), 1).section(QLatin1Char(' '), 0, 0).toInt();
        QVERIFY2(made >= 10 && made <= 13, qPrintable(ran.output));
    }

    // A fork bomb ends as "reached the process limit", fast. In the sandbox (run as a user) the
    // kernel holds it at the limit; without one, the watch alone stops it, so the bomb here is
    // bounded (2^8 processes): without any limit it would sleep into the timeout and fail.
    void forkBomb_data()
    {
        QTest::addColumn<bool>("sandboxed");
        QTest::addRow("sandboxed-as-user") << true;
        QTest::addRow("watch-only") << false;
    }

    void forkBomb()
    {
        QFETCH(bool, sandboxed);
        requireTools();
        QTemporaryDir work;
        QVERIFY(work.isValid() && openToAll(work.path()));
        const QString code = QStringLiteral("import os, time\n"
                                            "for i in range(8):\n"
                                            "    try:\n"
                                            "        os.fork()\n"
                                            "    except OSError:\n"
                                            "        pass\n"
                                            "time.sleep(20)\n");
        ResourceLimits limits;
        limits.tasks = 24;
        ProcessSpec spec = pythonSpec(code, work.path(), 15000);
        if (sandboxed) {
            Sandbox sandbox(work.path(), limits);
            sandbox.setHome(work.path() + QStringLiteral("/no-home"));
            const auto user = asUser(sandbox.wrap(spec));
            if (!user)
                KRW_SKIP_MISSING_TOOL("setpriv (to run the sandbox as a user, not root)");
            spec = *user;
        } else {
            spec.limits = limits;
        }
        const Ran ran = runToEnd(spec);
        QCOMPARE(ran.outcome.kind, ProcessOutcome::Kind::LimitReached);
        QCOMPARE(ran.outcome.message, QStringLiteral("reached the process limit (24 processes and threads) and was stopped"));
        QVERIFY2(ran.ms < 5000, qPrintable(QString::number(ran.ms)));
        if (sandboxed && !QStandardPaths::findExecutable(QStringLiteral("prlimit")).isEmpty())
            QVERIFY2(ran.peak.tasks <= 24, qPrintable(QString::number(ran.peak.tasks))); // the kernel held it there
        // Nothing of it is left.
        QTRY_VERIFY_WITH_TIMEOUT(
            QProcess::execute(QStringLiteral("pgrep"), {QStringLiteral("-f"), QStringLiteral("time.sleep.20")}) == 1, 5000);
    }

    // A runaway allocation ends as "passed the memory limit", whether it grows the heap or fills
    // the sandbox's in-memory /tmp or /dev/shm. Without the limit each program ends well (1 GiB).
    void runawayMemory_data()
    {
        QTest::addColumn<bool>("sandboxed");
        QTest::addColumn<QString>("grow");
        const QString heap = QStringLiteral("held.append(b'x' * (8 << 20))");
        QTest::addRow("heap-sandboxed") << true << heap;
        QTest::addRow("heap-watch-only") << false << heap;
        QTest::addRow("tmp-files-sandboxed") << true << QStringLiteral("open('/tmp/f%d' % i, 'wb').write(b'x' * (8 << 20))");
        QTest::addRow("shm-files-sandboxed") << true << QStringLiteral("open('/dev/shm/f%d' % i, 'wb').write(b'x' * (8 << 20))");
    }

    void runawayMemory()
    {
        QFETCH(bool, sandboxed);
        QFETCH(QString, grow);
        requireTools();
        QTemporaryDir work;
        QVERIFY(work.isValid());
        const QString code = QStringLiteral("import time\n"
                                            "held = []\n"
                                            "for i in range(128):\n"
                                            "    %1\n"
                                            "    time.sleep(0.02)\n"
                                            "print('allocated 1 GiB')\n")
                                 .arg(grow);
        ResourceLimits limits;
        limits.memoryBytes = 96 << 20;
        ProcessSpec spec = pythonSpec(code, work.path());
        if (sandboxed)
            spec = Sandbox(work.path(), limits).wrap(spec);
        else
            spec.limits = limits;
        const Ran ran = runToEnd(spec);
        QVERIFY2(ran.outcome.kind == ProcessOutcome::Kind::LimitReached, qPrintable(ran.outcome.message + ran.output));
        QCOMPARE(ran.outcome.message, QStringLiteral("passed the memory limit of 96 MiB and was stopped"));
        QVERIFY(!ran.output.contains(QStringLiteral("allocated 1 GiB")));
        QVERIFY2(ran.peak.memoryBytes() > limits.memoryBytes, qPrintable(QString::number(ran.peak.memoryBytes())));
        QVERIFY2(ran.peak.memoryBytes() < 512 << 20, qPrintable(QString::number(ran.peak.memoryBytes()))); // stopped soon after
    }
};

KRW_GUILESS_TEST_MAIN(TestSandbox)
#include "tst_sandbox.moc"
