// SPDX-License-Identifier: MIT
#include "runner/profile/toolchainprofile.h"

#include <QJsonObject>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

// Profiles are kept in the user's settings: every field must survive a save and a load, and
// settings written before a field existed must load with its default.
class TestToolchainProfile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyFieldRoundTrips()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("krw.ini")), QSettings::IniFormat);
        ToolchainProfile p = defaultProfile(ToolchainProfile::Kind::HipNvidia);
        p.name = QStringLiteral("h100");
        p.python = QStringLiteral("/opt/torch/.venv/bin/python3");
        p.disabledChecks = QStringList{QStringLiteral("seed_sensitive"), QStringLiteral("nondeterministic")};
        p.passEnvironment = QStringList{QStringLiteral("TRITON_PTXAS_PATH"), QStringLiteral("NCCL_*")};
        p.seeds = 5;
        p.implausibleSpeedup = 25.5;
        p.peakBandwidthGbs = 3350;
        p.memoryLimitMiB = 4096;
        p.processLimit = 2048;
        p.sandbox = false;
        p.slurm.enabled = true;
        p.slurm.sharedDir = QStringLiteral("/shared/krw");
        p.slurm.partition = QStringLiteral("gpu");
        p.slurm.gres = QStringLiteral("gpu:a100:1");
        p.slurm.timeLimitMinutes = 30;
        p.slurm.maxRunning = 8;
        p.slurm.sbatchOptions = QStringList{QStringLiteral("--account=review"), QStringLiteral("--qos=short")};
        p.slurm.worker = QStringLiteral("/opt/krw/bin/kernel-review-cli");
        p.slurm.pollIntervalMs = 2500;
        p.host.destination = QStringLiteral("me@gpu1.example");
        p.host.jumpHost = QStringLiteral("me@bastion:2200");
        p.host.port = 2222;
        p.host.workFolder = QStringLiteral("/scratch/krw");
        p.host.python = QStringLiteral("/opt/venv/bin/python");
        p.host.compiler = QStringLiteral("/opt/rocm/bin/hipcc");
        p.host.identityFile = QStringLiteral("~/.ssh/id_gpu");
        p.host.extraOptions = QStringList{QStringLiteral("-o"), QStringLiteral("Compression=yes")};
        saveProfiles(settings, {p});
        const QVector<ToolchainProfile> loaded = loadProfiles(settings);
        QCOMPARE(loaded.size(), 1);
        const ToolchainProfile& q = loaded.first();
        QCOMPARE(q.name, p.name);
        QCOMPARE(q.kind, p.kind);
        QCOMPARE(q.python, p.python);
        QCOMPARE(q.disabledChecks, p.disabledChecks);
        QCOMPARE(q.passEnvironment, p.passEnvironment);
        QCOMPARE(q.seeds, 5);
        QCOMPARE(q.implausibleSpeedup, 25.5);
        QCOMPARE(q.peakBandwidthGbs, 3350.0);
        QCOMPARE(q.memoryLimitMiB, 4096);
        QCOMPARE(q.processLimit, 2048);
        QCOMPARE(q.sandbox, false);
        QVERIFY(q.remote());
        QCOMPARE(q.host.destination, p.host.destination);
        QCOMPARE(q.host.jumpHost, p.host.jumpHost);
        QCOMPARE(q.host.port, 2222);
        QCOMPARE(q.host.workFolder, p.host.workFolder);
        QCOMPARE(q.host.python, p.host.python);
        QCOMPARE(q.host.compiler, p.host.compiler);
        QCOMPARE(q.host.identityFile, p.host.identityFile);
        QCOMPARE(q.host.extraOptions, p.host.extraOptions);
        QVERIFY(q.slurm == p.slurm);
        QVERIFY(q.slurm != defaultProfile(ToolchainProfile::Kind::HipNvidia).slurm);
    }

    // The same fields as JSON, for a request that runs on a cluster node.
    void everyFieldRoundTripsAsJson()
    {
        ToolchainProfile p = defaultProfile(ToolchainProfile::Kind::Rocm);
        p.name = QStringLiteral("mi300");
        p.compiler = QStringLiteral("/opt/rocm/bin/hipcc");
        p.python = QStringLiteral("/opt/venv/bin/python");
        p.offloadArch = QStringLiteral("gfx942");
        p.extraFlags = QStringList{QStringLiteral("-O3")};
        p.compileTimeoutS = 900;
        p.harnessTimeoutS = 300;
        p.disabledChecks = QStringList{QStringLiteral("seed_sensitive")};
        p.passEnvironment = QStringList{QStringLiteral("TRITON_PTXAS_PATH")};
        p.seeds = 7;
        p.implausibleSpeedup = 12.5;
        p.peakBandwidthGbs = 5300;
        p.sandbox = false;
        p.memoryLimitMiB = 1024;
        p.processLimit = 99;
        p.slurm.enabled = true;
        p.slurm.sharedDir = QStringLiteral("/lustre/krw");
        p.slurm.maxRunning = 4;
        QString error;
        const auto q = profileFromJson(profileToJson(p), &error);
        QVERIFY2(q, qPrintable(error));
        QCOMPARE(q->name, p.name);
        QCOMPARE(q->kind, p.kind);
        QCOMPARE(q->compiler, p.compiler);
        QCOMPARE(q->python, p.python);
        QCOMPARE(q->offloadArch, p.offloadArch);
        QCOMPARE(q->extraFlags, p.extraFlags);
        QCOMPARE(q->compileTimeoutS, 900);
        QCOMPARE(q->harnessTimeoutS, 300);
        QCOMPARE(q->disabledChecks, p.disabledChecks);
        QCOMPARE(q->passEnvironment, p.passEnvironment);
        QCOMPARE(q->seeds, 7);
        QCOMPARE(q->implausibleSpeedup, 12.5);
        QCOMPARE(q->peakBandwidthGbs, 5300.0);
        QCOMPARE(q->sandbox, false);
        QCOMPARE(q->memoryLimitMiB, 1024);
        QCOMPARE(q->processLimit, 99);
        QVERIFY(q->slurm == p.slurm);
        QVERIFY(!profileFromJson({{QStringLiteral("kind"), QStringLiteral("fpga")}}, &error));
        QCOMPARE(error, QStringLiteral("unknown profile kind \"fpga\""));
    }

    void olderSettingsTakeTheDefaults()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("krw.ini")), QSettings::IniFormat);
        settings.beginWriteArray(QStringLiteral("runner/profiles"), 1);
        settings.setArrayIndex(0);
        settings.setValue(QStringLiteral("name"), QStringLiteral("old"));
        settings.setValue(QStringLiteral("kind"), QStringLiteral("cpu"));
        settings.endArray();
        const ToolchainProfile q = loadProfiles(settings).first();
        QCOMPARE(q.name, QStringLiteral("old"));
        QVERIFY(q.disabledChecks.isEmpty()); // every check runs
        QCOMPARE(q.seeds, 3);
        QCOMPARE(q.implausibleSpeedup, 10.0);
        QCOMPARE(q.peakBandwidthGbs, 0.0); // from the harness's table
        QVERIFY(q.python.isEmpty()); // automatic (PythonFinder)
        QVERIFY(!q.slurm.enabled); // local batches, as before
        QCOMPARE(q.slurm.gres, QStringLiteral("gpu:1"));
        QVERIFY(!q.remote()); // runs on this machine
        QCOMPARE(q.host.compiler, QStringLiteral("g++")); // the kind's compiler, should a host be named
        QCOMPARE(q.host.python, QStringLiteral("python3"));
    }

    // The one rule for a profile with both a host and Slurm: Slurm wins (for batches); setRunsOn
    // makes the choice exclusive, keeping the host's other fields.
    void runsOnOnePlaceAtATime()
    {
        ToolchainProfile p = defaultProfile(ToolchainProfile::Kind::Cpu);
        QCOMPARE(p.runsOn(), ToolchainProfile::RunsOn::ThisMachine);
        p.host.destination = QStringLiteral("gpu1");
        p.host.port = 2222;
        QCOMPARE(p.runsOn(), ToolchainProfile::RunsOn::Host);
        p.slurm.enabled = true;
        QCOMPARE(p.runsOn(), ToolchainProfile::RunsOn::Slurm); // both set: Slurm
        p.setRunsOn(ToolchainProfile::RunsOn::Slurm);
        QVERIFY(p.host.destination.isEmpty());
        QVERIFY(!p.remote()); // a single rerun does not go to the host either
        QCOMPARE(p.host.port, 2222);
        p.host.destination = QStringLiteral("gpu1");
        p.setRunsOn(ToolchainProfile::RunsOn::Host);
        QVERIFY(!p.slurm.enabled);
        QCOMPARE(p.runsOn(), ToolchainProfile::RunsOn::Host);
        p.setRunsOn(ToolchainProfile::RunsOn::ThisMachine);
        QVERIFY(!p.slurm.enabled);
        QVERIFY(!p.remote());
        QCOMPARE(p.runsOn(), ToolchainProfile::RunsOn::ThisMachine);
    }

    // Empty is automatic and the new default; a saved profile that names a Python keeps it, and
    // an automatic one stays automatic after a save and a load.
    void pythonEmptyIsAutomatic()
    {
        for (const ToolchainProfile& p : defaultProfiles())
            QVERIFY2(p.python.isEmpty(), qPrintable(p.name));
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("krw.ini")), QSettings::IniFormat);
        settings.beginWriteArray(QStringLiteral("runner/profiles"), 2);
        settings.setArrayIndex(0);
        settings.setValue(QStringLiteral("name"), QStringLiteral("old-default"));
        settings.setValue(QStringLiteral("kind"), QStringLiteral("rocm"));
        settings.setValue(QStringLiteral("python"), QStringLiteral("/usr/bin/python3")); // what older versions saved
        settings.setArrayIndex(1);
        settings.setValue(QStringLiteral("name"), QStringLiteral("automatic"));
        settings.setValue(QStringLiteral("kind"), QStringLiteral("cpu"));
        settings.setValue(QStringLiteral("python"), QString());
        settings.endArray();
        const QVector<ToolchainProfile> loaded = loadProfiles(settings);
        QCOMPARE(loaded.size(), 2);
        QCOMPARE(loaded.at(0).python, QStringLiteral("/usr/bin/python3"));
        QVERIFY(loaded.at(1).python.isEmpty());
        saveProfiles(settings, loaded);
        QVERIFY(loadProfiles(settings).at(1).python.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestToolchainProfile)
#include "tst_toolchainprofile.moc"
