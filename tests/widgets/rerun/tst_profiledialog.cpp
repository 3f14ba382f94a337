// SPDX-License-Identifier: MIT
//
// The toolchain profile dialog's "Runs on", host and Slurm fields (docs/RUNNER.md "Remote host
// (SSH)", "Slurm cluster"): they round-trip through the settings, the choice enables the right
// fields, OK refuses what cannot run, and Test connection reaches a real sshd that the test
// starts on 127.0.0.1 (tests/fixtures/loopbacksshd.h; never the machine's own sshd or ~/.ssh).
#include "loopbacksshd.h"
#include "runner/remote/remotecommand.h"
#include "tooltests.h"
#include "widgets/rerun/profiledialog.h"
#include "widgets/settings/settings.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

namespace {

using RunsOn = ToolchainProfile::RunsOn;

template<typename T>
T* field(const QDialog& dialog, const char* name)
{
    auto* widget = dialog.findChild<T*>(QLatin1String(name));
    if (!widget)
        qFatal("no field %s", name);
    return widget;
}

void chooseProfile(ProfileDialog& dialog, const QString& name)
{
    auto* list = dialog.findChild<QListWidget*>();
    const auto items = list->findItems(name, Qt::MatchExactly);
    QVERIFY2(items.size() == 1, qPrintable(name));
    list->setCurrentItem(items.first());
}

void chooseRunsOn(ProfileDialog& dialog, RunsOn where)
{
    auto* runsOn = field<QComboBox>(dialog, "runsOn");
    runsOn->setCurrentIndex(runsOn->findData(int(where)));
}

ToolchainProfile savedProfile(const QString& name)
{
    return findProfile(Settings::instance()->toolchainProfiles(), name).value_or(ToolchainProfile{});
}

} // namespace

class TestProfileDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { Settings::instance()->setToolchainProfiles(defaultProfiles()); }

    // Every host and Slurm field shows what the settings hold and saves what the form holds.
    void hostAndSlurmFieldsRoundTrip()
    {
        QVector<ToolchainProfile> profiles = defaultProfiles();
        ToolchainProfile& host = profiles[0]; // rocm
        host.host.destination = QStringLiteral("me@gpu1");
        host.host.jumpHost = QStringLiteral("me@bastion:2200");
        host.host.port = 2222;
        host.host.workFolder = QStringLiteral("/scratch/krw");
        host.host.python = QStringLiteral("/opt/venv/bin/python");
        host.host.compiler = QStringLiteral("/opt/rocm/bin/hipcc");
        host.host.identityFile = QStringLiteral("/home/me/.ssh/id_gpu");
        host.host.extraOptions = QStringList{QStringLiteral("-o"), QStringLiteral("ProxyCommand=ssh -W %h:%p bastion")};
        ToolchainProfile& slurm = profiles[3]; // cpu
        slurm.slurm.enabled = true;
        slurm.slurm.sharedDir = QStringLiteral("/shared/me/krw");
        slurm.slurm.partition = QStringLiteral("gpu");
        slurm.slurm.gres = QString();
        slurm.slurm.timeLimitMinutes = 30;
        slurm.slurm.maxRunning = 8;
        slurm.slurm.sbatchOptions = QStringList{QStringLiteral("--account=gpu"), QStringLiteral("--comment=two words")};
        slurm.slurm.worker = QStringLiteral("/opt/krw/bin/kernel-review-cli");
        slurm.slurm.pollIntervalMs = 2500;
        Settings::instance()->setToolchainProfiles(profiles);

        {
            ProfileDialog dialog;
            chooseProfile(dialog, QStringLiteral("rocm"));
            QCOMPARE(field<QComboBox>(dialog, "runsOn")->currentData().toInt(), int(RunsOn::Host));
            QCOMPARE(field<QLineEdit>(dialog, "destination")->text(), QStringLiteral("me@gpu1"));
            QCOMPARE(field<QLineEdit>(dialog, "jumpHost")->text(), QStringLiteral("me@bastion:2200"));
            QCOMPARE(field<QSpinBox>(dialog, "port")->value(), 2222);
            QCOMPARE(field<QLineEdit>(dialog, "workFolder")->text(), QStringLiteral("/scratch/krw"));
            QCOMPARE(field<QLineEdit>(dialog, "hostPython")->text(), QStringLiteral("/opt/venv/bin/python"));
            QCOMPARE(field<QLineEdit>(dialog, "hostCompiler")->text(), QStringLiteral("/opt/rocm/bin/hipcc"));
            QCOMPARE(field<QLineEdit>(dialog, "identityFile")->text(), QStringLiteral("/home/me/.ssh/id_gpu"));
            QCOMPARE(field<QLineEdit>(dialog, "sshOptions")->text(), QStringLiteral("-o 'ProxyCommand=ssh -W %h:%p bastion'"));
            field<QSpinBox>(dialog, "port")->setValue(0); // ssh's default
            field<QLineEdit>(dialog, "sshOptions")->setText(QStringLiteral("-o ControlMaster=auto -o \"ControlPath=/tmp/k r/%C\""));

            chooseProfile(dialog, QStringLiteral("cpu"));
            QCOMPARE(field<QComboBox>(dialog, "runsOn")->currentData().toInt(), int(RunsOn::Slurm));
            QCOMPARE(field<QLineEdit>(dialog, "sharedDir")->text(), QStringLiteral("/shared/me/krw"));
            QCOMPARE(field<QLineEdit>(dialog, "partition")->text(), QStringLiteral("gpu"));
            QCOMPARE(field<QLineEdit>(dialog, "gres")->text(), QString());
            QCOMPARE(field<QSpinBox>(dialog, "timeLimit")->value(), 30);
            QCOMPARE(field<QSpinBox>(dialog, "maxRunning")->value(), 8);
            QCOMPARE(field<QLineEdit>(dialog, "sbatchOptions")->text(), QStringLiteral("--account=gpu '--comment=two words'"));
            QCOMPARE(field<QLineEdit>(dialog, "worker")->text(), QStringLiteral("/opt/krw/bin/kernel-review-cli"));
            QCOMPARE(field<QDoubleSpinBox>(dialog, "pollInterval")->value(), 2.5);
            field<QSpinBox>(dialog, "timeLimit")->setValue(0); // the partition's limit
            field<QLineEdit>(dialog, "worker")->clear();
            QVERIFY2(field<QLabel>(dialog, "workerLine")->text().endsWith(QStringLiteral("/kernel-review-cli")),
                qPrintable(field<QLabel>(dialog, "workerLine")->text()));
            dialog.accept();
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
        }
        ToolchainProfile expectedHost = host;
        expectedHost.host.port = 0;
        expectedHost.host.extraOptions = QStringList{
            QStringLiteral("-o"), QStringLiteral("ControlMaster=auto"), QStringLiteral("-o"), QStringLiteral("ControlPath=/tmp/k r/%C")};
        const ToolchainProfile savedHost = savedProfile(QStringLiteral("rocm"));
        QCOMPARE(savedHost.host.extraOptions, expectedHost.host.extraOptions);
        QCOMPARE(savedHost.host.destination, expectedHost.host.destination);
        QCOMPARE(savedHost.host.jumpHost, expectedHost.host.jumpHost);
        QCOMPARE(savedHost.host.port, 0);
        QCOMPARE(savedHost.host.workFolder, expectedHost.host.workFolder);
        QCOMPARE(savedHost.host.python, expectedHost.host.python);
        QCOMPARE(savedHost.host.compiler, expectedHost.host.compiler);
        QCOMPARE(savedHost.host.identityFile, expectedHost.host.identityFile);
        QCOMPARE(savedHost.runsOn(), RunsOn::Host);
        SlurmSettings expectedSlurm = slurm.slurm;
        expectedSlurm.timeLimitMinutes = 0;
        expectedSlurm.worker.clear();
        const ToolchainProfile savedSlurm = savedProfile(QStringLiteral("cpu"));
        QVERIFY(savedSlurm.slurm == expectedSlurm);
        QCOMPARE(savedSlurm.runsOn(), RunsOn::Slurm);
        // Opened and closed again unchanged: nothing moves.
        const QVector<ToolchainProfile> before = Settings::instance()->toolchainProfiles();
        {
            ProfileDialog dialog;
            dialog.accept();
        }
        const QVector<ToolchainProfile> after = Settings::instance()->toolchainProfiles();
        QCOMPARE(after.size(), before.size());
        for (int i = 0; i < after.size(); ++i) {
            QCOMPARE(after.at(i).host.extraOptions, before.at(i).host.extraOptions);
            QCOMPARE(after.at(i).host.destination, before.at(i).host.destination);
            QVERIFY(after.at(i).slurm == before.at(i).slurm);
        }
    }

    // Every tab's fields fit a 1600x1000 screen at scale 1.5 (1066x666 logical pixels, as the
    // screenshots in docs/RUNNER.md were checked), and the dialog opens no larger than the screen.
    void fitsAScaledLaptopScreen()
    {
        ProfileDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        for (int tab = 0; tab < dialog.tabs()->count(); ++tab) {
            dialog.tabs()->setCurrentIndex(tab);
            const QSize minimum = dialog.minimumSizeHint();
            QVERIFY2(minimum.width() <= 1066 && minimum.height() <= 666,
                qPrintable(QStringLiteral("tab %1 needs %2x%3").arg(tab).arg(minimum.width()).arg(minimum.height())));
        }
        // A screen smaller than the minimum (Qt 5's offscreen one is 800x600) gets the minimum.
        const QRect screen = dialog.screen()->availableGeometry();
        const QSize minimum = dialog.minimumSizeHint();
        QVERIFY2(
            dialog.width() <= std::max(screen.width(), minimum.width()) && dialog.height() <= std::max(screen.height(), minimum.height()),
            qPrintable(QStringLiteral("%1x%2 on %3x%4").arg(dialog.width()).arg(dialog.height()).arg(screen.width()).arg(screen.height())));
    }

    // "Runs on" enables the fields of that place only, and is saved exclusively (the rule is
    // ToolchainProfile::runsOn's): a destination typed before choosing Slurm is not kept.
    void runsOnEnablesTheRightFields_data()
    {
        QTest::addColumn<int>("where");
        QTest::addRow("this machine") << int(RunsOn::ThisMachine);
        QTest::addRow("host") << int(RunsOn::Host);
        QTest::addRow("slurm") << int(RunsOn::Slurm);
    }
    void runsOnEnablesTheRightFields()
    {
        QFETCH(int, where);
        const auto runsOn = RunsOn(where);
        ProfileDialog dialog;
        dialog.show();
        chooseProfile(dialog, QStringLiteral("cpu"));
        field<QLineEdit>(dialog, "destination")->setText(QStringLiteral("gpu1"));
        field<QLineEdit>(dialog, "sharedDir")->setText(QStringLiteral("/shared/krw"));
        chooseRunsOn(dialog, runsOn);
        QCOMPARE(field<QLineEdit>(dialog, "destination")->isEnabled(), runsOn == RunsOn::Host);
        QCOMPARE(field<QLineEdit>(dialog, "identityFile")->isEnabled(), runsOn == RunsOn::Host);
        QCOMPARE(field<QLineEdit>(dialog, "sharedDir")->isEnabled(), runsOn == RunsOn::Slurm);
        QCOMPARE(field<QSpinBox>(dialog, "timeLimit")->isEnabled(), runsOn == RunsOn::Slurm);
        QCOMPARE(field<QPushButton>(dialog, "testConnection")->isEnabled(), runsOn != RunsOn::ThisMachine);
        // This machine's compiler, Python and sandbox are not used on a host.
        QCOMPARE(field<QLineEdit>(dialog, "compiler")->isEnabled(), runsOn != RunsOn::Host);
        QCOMPARE(field<QLineEdit>(dialog, "python")->isEnabled(), runsOn != RunsOn::Host);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        const ToolchainProfile saved = savedProfile(QStringLiteral("cpu"));
        QCOMPARE(saved.runsOn(), runsOn);
        QCOMPARE(saved.slurm.enabled, runsOn == RunsOn::Slurm);
        QCOMPARE(saved.host.destination, runsOn == RunsOn::Host ? QStringLiteral("gpu1") : QString());
        QCOMPARE(saved.slurm.sharedDir, QStringLiteral("/shared/krw")); // kept, used when Slurm is chosen again
    }

    // OK refuses a profile that cannot run where it says, naming profile and field, and the
    // dialog stays open on that field; nothing is saved.
    void validationRefuses_data()
    {
        QTest::addColumn<int>("where");
        QTest::addColumn<QString>("fieldName");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::addRow("host without destination") << int(RunsOn::Host) << QStringLiteral("destination") << QString()
                                                  << QStringLiteral("Profile cpu: Remote host (SSH) \u25b8 Destination is empty");
        QTest::addRow("unclosed quote in ssh options")
            << int(RunsOn::Host) << QStringLiteral("sshOptions") << QStringLiteral("-o 'ProxyCommand=ssh -W")
            << QStringLiteral("Profile cpu: Remote host (SSH) \u25b8 More ssh options cannot be split into arguments: the single quote "
                              "at character 4 is never closed.");
        QTest::addRow("slurm without shared folder") << int(RunsOn::Slurm) << QStringLiteral("sharedDir") << QString()
                                                     << QStringLiteral("Profile cpu: Slurm \u25b8 Shared folder is empty");
        QTest::addRow("relative shared folder")
            << int(RunsOn::Slurm) << QStringLiteral("sharedDir") << QStringLiteral("krw")
            << QStringLiteral("Profile cpu: Slurm \u25b8 Shared folder \"krw\" is not an absolute path");
        QTest::addRow("trailing backslash in sbatch options")
            << int(RunsOn::Slurm) << QStringLiteral("sbatchOptions") << QStringLiteral("--account=gpu \\")
            << QStringLiteral("Profile cpu: Slurm \u25b8 More sbatch options cannot be split into arguments: a backslash ends the "
                              "line (character 15).");
    }
    void validationRefuses()
    {
        QFETCH(int, where);
        QFETCH(QString, fieldName);
        QFETCH(QString, value);
        QFETCH(QString, message);
        ProfileDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        chooseProfile(dialog, QStringLiteral("cpu"));
        chooseRunsOn(dialog, RunsOn(where));
        field<QLineEdit>(dialog, "destination")->setText(QStringLiteral("gpu1"));
        field<QLineEdit>(dialog, "sharedDir")->setText(QStringLiteral("/shared/krw"));
        auto* edit = field<QLineEdit>(dialog, qPrintable(fieldName));
        edit->setText(value);
        chooseProfile(dialog, QStringLiteral("rocm")); // the problem is found in any profile, not only the one shown
        dialog.accept();
        QVERIFY(dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY(dialog.problemLine()->isVisible());
        QVERIFY2(dialog.problemLine()->text().startsWith(message), qPrintable(dialog.problemLine()->text()));
        QCOMPARE(dialog.findChild<QListWidget*>()->currentItem()->text(), QStringLiteral("cpu"));
        QCOMPARE(dialog.tabs()->currentIndex(), RunsOn(where) == RunsOn::Host ? int(ProfileDialog::HostTab) : int(ProfileDialog::SlurmTab));
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(edit));
        QCOMPARE(savedProfile(QStringLiteral("cpu")).runsOn(), RunsOn::ThisMachine); // nothing saved
        // Fixed, it goes through.
        edit->setText(fieldName == QLatin1String("destination") ? QStringLiteral("gpu1")
                : fieldName == QLatin1String("sharedDir")       ? QStringLiteral("/shared/krw")
                                                                : QStringLiteral("-o 'a b'"));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(savedProfile(QStringLiteral("cpu")).runsOn(), RunsOn(where));
    }

    // Test connection runs the pipeline's first steps on a real sshd: staging, the host's Python
    // (its version as this machine's python3 prints it: it is the same machine) and the compiler.
    void testConnectionShowsTheHostsPython()
    {
        test::LoopbackSshd sshd;
        KRW_START_OR_SKIP(sshd);
        QString version;
        if (!test::LoopbackSshd::runTool(QStringLiteral("/usr/bin/python3"),
                {QStringLiteral("-c"), QStringLiteral("import platform, torch; print(platform.python_version())")}, &version))
            KRW_SKIP_MISSING_TOOL("PyTorch in /usr/bin/python3 (python3-torch)");
        ProfileDialog dialog;
        dialog.show();
        QSignalSpy ended(&dialog, &ProfileDialog::connectionTestFinished);
        fillHost(dialog, sshd.host(), sshd.host().port);
        field<QPushButton>(dialog, "testConnection")->click();
        QVERIFY(!field<QPushButton>(dialog, "testConnection")->isEnabled()); // running, and the UI did not wait for it
        QVERIFY(ended.wait(90000));
        const QString pane = dialog.detectedView()->toPlainText();
        QVERIFY2(ended.first().first().toBool(), qPrintable(pane));
        QVERIFY2(pane.contains(QStringLiteral("Python %1, torch ").arg(version.trimmed())), qPrintable(pane));
        QVERIFY2(pane.contains(QStringLiteral("$ g++ --version\ng++ ")), qPrintable(pane));
        QVERIFY2(pane.endsWith(QStringLiteral("Connection test passed.")), qPrintable(pane));
        QVERIFY(field<QPushButton>(dialog, "testConnection")->isEnabled());
    }

    // Nothing listens on the port: RemoteFailure's words, naming the host.
    void testConnectionWithAWrongPortSaysItCannotReach()
    {
        test::LoopbackSshd sshd;
        KRW_START_OR_SKIP(sshd);
        ProfileDialog dialog;
        QSignalSpy ended(&dialog, &ProfileDialog::connectionTestFinished);
        fillHost(dialog, sshd.host(), test::LoopbackSshd::freePort());
        dialog.testConnection();
        QVERIFY(ended.wait(60000));
        QCOMPARE(ended.first().first().toBool(), false);
        const QString pane = dialog.detectedView()->toPlainText();
        QVERIFY2(pane.contains(QStringLiteral("Connection test failed: cannot reach 127.0.0.1: ")), qPrintable(pane));
        QVERIFY2(pane.contains(QStringLiteral("Connection refused")), qPrintable(pane));
    }

    // The host is reached but has no such Python: RemoteFailure's words for a missing tool; as in
    // a rerun, the probe stops there.
    void testConnectionWithAMissingPythonSaysSo()
    {
        test::LoopbackSshd sshd;
        KRW_START_OR_SKIP(sshd);
        ProfileDialog dialog;
        QSignalSpy ended(&dialog, &ProfileDialog::connectionTestFinished);
        fillHost(dialog, sshd.host(), sshd.host().port);
        field<QLineEdit>(dialog, "hostPython")->setText(QStringLiteral("krw-no-such-python"));
        dialog.testConnection();
        QVERIFY(ended.wait(60000));
        QCOMPARE(ended.first().first().toBool(), false);
        const QString pane = dialog.detectedView()->toPlainText();
        QVERIFY2(pane.contains(QStringLiteral("→ 127.0.0.1 has no krw-no-such-python (")), qPrintable(pane));
        // As in a rerun (the same RemoteSteps), a host without the Python stops the probe there.
        QVERIFY2(!pane.contains(QStringLiteral("g++ --version")), qPrintable(pane));
        QVERIFY2(pane.endsWith(QStringLiteral("Connection test failed: 127.0.0.1 has no krw-no-such-python (")
                     + pane.section(QStringLiteral("127.0.0.1 has no krw-no-such-python ("), -1)),
            qPrintable(pane));
    }

    // Slurm: sinfo (whatever this machine says about it) and the shared folder, checked off the UI thread.
    void testConnectionChecksTheSharedFolder()
    {
        QTemporaryDir shared;
        for (const QString& dir : {shared.filePath(QStringLiteral("missing")), shared.path()}) {
            ProfileDialog dialog;
            QSignalSpy ended(&dialog, &ProfileDialog::connectionTestFinished);
            chooseProfile(dialog, QStringLiteral("cpu"));
            chooseRunsOn(dialog, RunsOn::Slurm);
            field<QLineEdit>(dialog, "sharedDir")->setText(dir);
            dialog.testConnection();
            QVERIFY(ended.wait(60000));
            const QString pane = dialog.detectedView()->toPlainText();
            QVERIFY2(pane.startsWith(QStringLiteral("$ sinfo ")), qPrintable(pane));
            if (dir == shared.path()) {
                QVERIFY2(pane.contains(QStringLiteral("The shared folder %1 exists and is writable.").arg(dir)), qPrintable(pane));
                QCOMPARE(
                    QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList()); // the probe file is gone
            } else {
                QCOMPARE(ended.first().first().toBool(), false);
                QVERIFY2(pane.contains(QStringLiteral("the shared folder %1 does not exist").arg(dir)), qPrintable(pane));
            }
        }
    }

private:
    static void fillHost(ProfileDialog& dialog, const RemoteHost& host, int port)
    {
        chooseProfile(dialog, QStringLiteral("cpu"));
        chooseRunsOn(dialog, RunsOn::Host);
        field<QLineEdit>(dialog, "destination")->setText(host.destination);
        field<QSpinBox>(dialog, "port")->setValue(port);
        field<QLineEdit>(dialog, "identityFile")->setText(host.identityFile);
        field<QLineEdit>(dialog, "workFolder")->setText(host.workFolder);
        field<QLineEdit>(dialog, "hostPython")->setText(QStringLiteral("/usr/bin/python3"));
        field<QLineEdit>(dialog, "hostCompiler")->setText(QStringLiteral("g++"));
        field<QLineEdit>(dialog, "sshOptions")->setText(RemoteCommand::wordsLine(host.extraOptions));
    }
};

KRW_TEST_MAIN(TestProfileDialog)
#include "tst_profiledialog.moc"
