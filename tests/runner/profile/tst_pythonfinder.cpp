// SPDX-License-Identifier: MIT
#include "runner/profile/pythonfinder.h"
#include "tooltests.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

namespace {

// Fake interpreters: shell scripts that answer the probe's `-c` the way a Python would.
const QByteArray withTorch = "#!/bin/sh\necho 'torch: a warning on import'\n"
                             "echo 'KRW-PYTHON {\"python\": \"3.11.2\", \"torch\": \"2.5.1+rocm6.2\", \"cuda_available\": true, "
                             "\"cuda\": null, \"hip\": \"6.2.41133\"}'\n";
const QByteArray withoutTorch = "#!/bin/sh\necho 'KRW-PYTHON {\"python\": \"3.12.1\", \"error\": "
                                "\"ModuleNotFoundError: No module named '\"'\"'torch'\"'\"'\"}'\n";
const QByteArray hangs = "#!/bin/sh\nexec /bin/sleep 30\n";
// Hangs too, after leaving <itself>.started: the test knows the probe runs without waiting a set time.
const QByteArray saysItStartedThenHangs = "#!/bin/sh\n: > \"$0.started\"\nexec /bin/sleep 30\n";
const QByteArray crashes = "#!/bin/sh\nkill -SEGV $$\n";
const QByteArray garbage = "#!/bin/sh\necho 'Fatal Python error: init_fs_encoding' >&2\nexit 1\n";

QString paths(const PythonSearch& search)
{
    QStringList out;
    for (const PythonCandidate& c : search.tried)
        out << c.path;
    return out.join(QLatin1Char(' '));
}

} // namespace

class TestPythonFinder : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // Writes an executable script at m_dir/relative and returns its path.
    QString fake(const QString& relative, const QByteArray& script)
    {
        const QString path = m_dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {};
        file.write(script);
        file.close();
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        return path;
    }

    QString dir(const QString& relative) const { return m_dir.filePath(relative); }

    static QProcessEnvironment environment(const QString& venv, const QString& conda, const QStringList& path)
    {
        QProcessEnvironment env;
        if (!venv.isEmpty())
            env.insert(QStringLiteral("VIRTUAL_ENV"), venv);
        if (!conda.isEmpty())
            env.insert(QStringLiteral("CONDA_PREFIX"), conda);
        env.insert(QStringLiteral("PATH"), path.join(QLatin1Char(':')));
        return env;
    }

    // The search as the window runs it: from the event loop, finished() once.
    static PythonSearch find(const QProcessEnvironment& env, const QString& system, int timeoutMs = 20000)
    {
        PythonFinder finder;
        finder.setEnvironment(env);
        finder.setSystemPython(system);
        finder.setTimeoutMs(timeoutMs);
        QSignalSpy finished(&finder, &PythonFinder::finished);
        finder.start();
        if (!finder.isRunning() && finished.isEmpty())
            QTest::qFail("not running after start()", __FILE__, __LINE__);
        if (finished.isEmpty() && !finished.wait(60000))
            QTest::qFail("no finished signal", __FILE__, __LINE__);
        if (finished.size() != 1)
            return {};
        return finished.first().first().value<PythonSearch>();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    // virtualenv, conda, PATH in PATH order, the system's; nothing works, so every one is tried.
    void order()
    {
        const QString venv = fake(QStringLiteral("order/venv/bin/python"), withoutTorch);
        const QString conda = fake(QStringLiteral("order/conda/bin/python"), withoutTorch);
        const QString a = fake(QStringLiteral("order/a/python3"), withoutTorch);
        const QString c = fake(QStringLiteral("order/c/python3"), garbage);
        QDir().mkpath(dir(QStringLiteral("order/b"))); // no python3 there
        const QString system = fake(QStringLiteral("order/usr/bin/python3"), withoutTorch);
        const PythonSearch search
            = find(environment(dir(QStringLiteral("order/venv")), dir(QStringLiteral("order/conda")),
                       {dir(QStringLiteral("order/a")), dir(QStringLiteral("order/b")), dir(QStringLiteral("order/c"))}),
                system);
        QCOMPARE(paths(search), QStringList({venv, conda, a, c, system}).join(QLatin1Char(' ')));
        QStringList sources;
        for (const PythonCandidate& candidate : search.tried)
            sources << candidate.source;
        QCOMPARE(sources,
            QStringList({QStringLiteral("virtualenv"), QStringLiteral("conda"), QStringLiteral("PATH"), QStringLiteral("PATH"),
                QStringLiteral("system")}));
        QVERIFY(!search.found());
        QCOMPARE(search.tried.at(0).pythonVersion, QStringLiteral("3.12.1"));
        QCOMPARE(search.tried.at(0).error, QStringLiteral("ModuleNotFoundError: No module named 'torch'"));
        QCOMPARE(search.tried.at(3).error, QStringLiteral("the probe printed no answer: Fatal Python error: init_fs_encoding"));
    }

    // The same interpreter through two PATH folders, a link or the system path is probed once; a
    // virtualenv's python links to the system's but is another interpreter (its pyvenv.cfg).
    void dedup()
    {
        const QString real = fake(QStringLiteral("dedup/a/python3"), withoutTorch);
        QDir().mkpath(dir(QStringLiteral("dedup/link")));
        QFile::remove(dir(QStringLiteral("dedup/link/python3"))); // from the other mode's row
        QVERIFY(QFile::link(real, dir(QStringLiteral("dedup/link/python3"))));
        QDir().mkpath(dir(QStringLiteral("dedup/venv/bin")));
        QFile::remove(dir(QStringLiteral("dedup/venv/bin/python")));
        QVERIFY(QFile::link(real, dir(QStringLiteral("dedup/venv/bin/python"))));
        fake(QStringLiteral("dedup/venv/pyvenv.cfg"), "home = /usr/bin\n");
        const PythonSearch search = find(
            environment(dir(QStringLiteral("dedup/venv")), {},
                {dir(QStringLiteral("dedup/a")), dir(QStringLiteral("dedup/link")), dir(QStringLiteral("dedup/a")) + QLatin1Char('/')}),
            dir(QStringLiteral("dedup/link/python3")));
        QCOMPARE(paths(search), QStringList({dir(QStringLiteral("dedup/venv/bin/python")), real}).join(QLatin1Char(' ')));
    }

    // An active virtualenv wins over a working Python on PATH; probing stops at the first that works.
    void virtualenvFirst()
    {
        const QString venv = fake(QStringLiteral("first/venv/bin/python"), withTorch);
        fake(QStringLiteral("first/path/python3"), withTorch);
        const PythonSearch search = find(environment(dir(QStringLiteral("first/venv")), {}, {dir(QStringLiteral("first/path"))}),
            fake(QStringLiteral("first/system/python3"), withTorch));
        QVERIFY(search.found());
        QCOMPARE(search.tried.size(), 1);
        const PythonCandidate chosen = *search.choice();
        QCOMPARE(chosen.path, venv);
        QCOMPARE(chosen.source, QStringLiteral("virtualenv"));
        QCOMPARE(chosen.pythonVersion, QStringLiteral("3.11.2"));
        QCOMPARE(chosen.torchVersion, QStringLiteral("2.5.1+rocm6.2"));
        QCOMPARE(chosen.torchHip, QStringLiteral("6.2.41133"));
        QVERIFY(chosen.cudaAvailable);
        QCOMPARE(
            chosen.describe(), venv + QStringLiteral(" (virtualenv): Python 3.11.2, torch 2.5.1+rocm6.2, HIP 6.2.41133, GPU available"));
    }

    // The first that imports torch is chosen, after those that do not.
    void firstWorkingOnPath()
    {
        const QString noTorch = fake(QStringLiteral("path/a/python3"), withoutTorch);
        const QString good = fake(QStringLiteral("path/b/python3"), withTorch);
        fake(QStringLiteral("path/c/python3"), withTorch);
        const PythonSearch search = find(environment(dir(QStringLiteral("path/missing-venv")), {},
                                             {dir(QStringLiteral("path/a")), dir(QStringLiteral("path/b")), dir(QStringLiteral("path/c"))}),
            QString());
        QCOMPARE(paths(search), QStringList({dir(QStringLiteral("path/missing-venv/bin/python")), noTorch, good}).join(QLatin1Char(' ')));
        QCOMPARE(search.tried.at(0).error, QStringLiteral("not found"));
        QCOMPARE(search.chosen, 2);
    }

    // A probe that hangs or crashes is a failed candidate with that reason, never a success.
    void timeoutAndCrash()
    {
        const QString slow = fake(QStringLiteral("slow/a/python3"), hangs);
        const QString crash = fake(QStringLiteral("slow/b/python3"), crashes);
        const QString good = fake(QStringLiteral("slow/c/python3"), withTorch);
        QElapsedTimer clock;
        clock.start();
        const PythonSearch search
            = find(environment({}, {}, {dir(QStringLiteral("slow/a")), dir(QStringLiteral("slow/b")), dir(QStringLiteral("slow/c"))}),
                QString(), 1000);
        QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(paths(search), QStringList({slow, crash, good}).join(QLatin1Char(' ')));
        QCOMPARE(search.tried.at(0).error, QStringLiteral("the probe timed out after 1 s"));
        QVERIFY(!search.tried.at(0).works());
        QCOMPARE(search.tried.at(1).error, QStringLiteral("the probe crashed"));
        QCOMPARE(search.chosen, 2);
    }

    // None works: the failure names every path tried with its error and says how to choose.
    void noneWorks()
    {
        const QString a = fake(QStringLiteral("none/a/python3"), withoutTorch);
        const QString system = fake(QStringLiteral("none/system/python3"), garbage);
        const PythonSearch search = find(environment({}, {}, {dir(QStringLiteral("none/a"))}), system);
        QVERIFY(!search.found());
        QVERIFY(!search.choice());
        const QString text = search.failureText();
        QVERIFY2(text.startsWith(QStringLiteral("no Python that imports torch was found; tried:")), qPrintable(text));
        QVERIFY2(text.contains(a + QStringLiteral(" (PATH): ModuleNotFoundError: No module named 'torch'")), qPrintable(text));
        QVERIFY2(text.contains(system + QStringLiteral(" (system): the probe printed no answer: Fatal Python error")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("--python PATH")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Profiles…")), qPrintable(text));
    }

    void nothingToTry()
    {
        const PythonSearch search = find(environment({}, {}, {}), QString(), 1000);
        QVERIFY(search.tried.isEmpty());
        QVERIFY(search.failureText().contains(QStringLiteral("name no Python")));
    }

    // A cancelled search says nothing more.
    void cancel()
    {
        const QString probe = fake(QStringLiteral("cancel/a/python3"), saysItStartedThenHangs);
        PythonFinder finder;
        finder.setEnvironment(environment({}, {}, {dir(QStringLiteral("cancel/a"))}));
        finder.setSystemPython(QString());
        QSignalSpy finished(&finder, &PythonFinder::finished);
        finder.start();
        QVERIFY(QTest::qWaitFor([&] { return QFileInfo::exists(probe + QStringLiteral(".started")); }, 30000));
        QVERIFY(finder.isRunning());
        finder.cancel();
        QVERIFY(!finder.isRunning());
        QVERIFY(!finished.wait(500));
    }

    // The probe program itself, run by the machine's real Python (T6: no fake for the happy path).
    void realPython()
    {
        const QString python = QStringLiteral("/usr/bin/python3");
        if (!QFileInfo(python).isExecutable())
            KRW_SKIP_MISSING_TOOL("/usr/bin/python3");
        const PythonSearch search = find(environment({}, {}, {}), python, 120000);
        QCOMPARE(search.tried.size(), 1);
        const PythonCandidate c = search.tried.first();
        QVERIFY2(!c.pythonVersion.isEmpty(), qPrintable(c.error));
        const bool torch = QProcess::execute(python, {QStringLiteral("-c"), QStringLiteral("import torch")}) == 0;
        QCOMPARE(c.works(), torch);
        if (torch)
            QVERIFY(!c.torchVersion.isEmpty());
        else
            QVERIFY2(c.error.contains(QStringLiteral("torch")), qPrintable(c.error));
    }
};

QTEST_GUILESS_MAIN(TestPythonFinder)
#include "tst_pythonfinder.moc"
