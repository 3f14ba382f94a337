// SPDX-License-Identifier: MIT
#include "models/rerun/rerunkey.h"
#include "models/rerun/resultstore.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace krw;

namespace {

RerunResult resultFor(const QString& caseName, const QString& versionId)
{
    RerunResult r;
    r.caseName = caseName;
    r.versionId = versionId;
    r.started = QDateTime::currentDateTime();
    return r;
}

} // namespace

class TestResultStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void resultsPersistBesideTheRun()
    {
        QTemporaryDir runDir;
        const ResultStore store = ResultStore::forRun(runDir.path(), QStringLiteral("my_run"));
        QVERIFY(!store.isFallback());
        QCOMPARE(store.root(), runDir.filePath(QStringLiteral(".kernel-review/my_run")));
        RerunResult r = resultFor(QStringLiteral("../../escape.py"), QStringLiteral("it1:perf:2"));
        CompileStage compile; // by name: CompileStage gains members (kernels), positions would shift
        compile.ok = compile.cached = true;
        compile.seconds = 1.5;
        compile.command = QStringList{QStringLiteral("hipcc"), QStringLiteral("x.hip")};
        r.compile = compile;
        QString error, path;
        QVERIFY2(store.save(r, &error, &path), qPrintable(error));
        QVERIFY(path.startsWith(store.root() + QLatin1Char('/'))); // hostile names stay inside
        const auto history = store.history(r.caseName);
        QCOMPARE(history.size(), 1);
        QCOMPARE(history.first().versionId, r.versionId);
        QVERIFY(history.first().compile->cached);
        QCOMPARE(history.first().compile->command, r.compile->command);
    }

    // The runner panel's rule: the newest stored result of exactly the chosen version, baseline
    // and profile; an edited local version (same name, new text) is not its older self.
    void newestResultOfAKey()
    {
        QTemporaryDir runDir;
        const ResultStore store = ResultStore::forRun(runDir.path(), QStringLiteral("keys"));
        const QDateTime t0(QDate(2024, 5, 1), QTime(10, 0), Qt::UTC);
        auto result = [&](const QString& version, const QString& hash, const QString& profile, int minutes) {
            RerunResult r = resultFor(QStringLiteral("k.py"), version);
            r.versionHash = hash;
            r.baselineId = QStringLiteral("label");
            r.profile = profile;
            r.started = t0.addSecs(60 * minutes);
            QString error;
            if (!store.save(r, &error))
                qWarning("%s", qPrintable(error));
            return r;
        };
        result(QStringLiteral("it1:predict"), QStringLiteral("aaa"), QStringLiteral("cpu"), 0);
        const RerunResult newestCpu = result(QStringLiteral("it1:predict"), QStringLiteral("aaa"), QStringLiteral("cpu"), 5);
        result(QStringLiteral("it1:predict"), QStringLiteral("aaa"), QStringLiteral("compile-check"), 10);
        result(QStringLiteral("local:mine"), QStringLiteral("old"), QStringLiteral("cpu"), 15);
        const RerunResult older = result(QStringLiteral("it0:predict"), QString(), QStringLiteral("cpu"), 1); // saved before hashes
        const QVector<RerunResult> history = store.history(QStringLiteral("k.py"));
        QCOMPARE(history.size(), 5);
        QCOMPARE(history.first().versionHash, QStringLiteral("aaa")); // kept in the JSON

        RerunKey key{
            QStringLiteral("k.py"), QStringLiteral("it1:predict"), QStringLiteral("aaa"), QStringLiteral("label"), QStringLiteral("cpu")};
        QCOMPARE(newestRerunOf(history, key)->started, newestCpu.started);
        key.baselineId = QStringLiteral("it0:predict");
        QVERIFY(!newestRerunOf(history, key));
        key.baselineId = QStringLiteral("label");
        key.profile = QStringLiteral("rocm");
        QVERIFY(!newestRerunOf(history, key));
        key.profile = QStringLiteral("cpu");
        key.caseName = QStringLiteral("other.py");
        QVERIFY(!newestRerunOf(history, key));
        // The local version was edited since: its old result is not this text's.
        const RerunKey edited{
            QStringLiteral("k.py"), QStringLiteral("local:mine"), QStringLiteral("new"), QStringLiteral("label"), QStringLiteral("cpu")};
        QVERIFY(!newestRerunOf(history, edited));
        QVERIFY(
            newestRerunOf(history, RerunKey{edited.caseName, edited.versionId, QStringLiteral("old"), edited.baselineId, edited.profile}));
        // A result without a hash still belongs to its version.
        const RerunKey old{
            QStringLiteral("k.py"), QStringLiteral("it0:predict"), QStringLiteral("bbb"), QStringLiteral("label"), QStringLiteral("cpu")};
        QCOMPARE(newestRerunOf(history, old)->started, older.started);
    }

    // Two cases whose names one safe-name rule would map to the same folder ("a b.py" and
    // "a_b.py", "x/y.py" and "x_y.py") keep one history each.
    // The case tree's Rerun column: one newest result per case that has any, whatever its version,
    // an unreadable newest file skipped for the one before it; a speedup only for a pass.
    void newestPerCaseForTheTree()
    {
        QTemporaryDir runDir;
        const ResultStore store = ResultStore::forRun(runDir.path(), QStringLiteral("tree"));
        const QDateTime t0 = QDateTime::currentDateTimeUtc().addSecs(-100);
        RerunResult older = resultFor(QStringLiteral("a.py"), QStringLiteral("it0:predict"));
        older.started = t0;
        RerunResult newer = resultFor(QStringLiteral("a.py"), QStringLiteral("it1:predict"));
        newer.started = t0.addSecs(10);
        newer.profile = QStringLiteral("cpu");
        AccuracyStage wrong;
        wrong.ok = false;
        newer.accuracy = wrong;
        TimingStage timing;
        timing.speedup = 3.0;
        newer.timing = timing;
        newer.flags = QStringList{QStringLiteral("launch_bound")};
        RerunResult other = resultFor(QStringLiteral("b.py"), QStringLiteral("it0:predict"));
        other.started = t0.addSecs(5);
        QString error, newerPath;
        QVERIFY2(store.save(older, &error), qPrintable(error));
        QVERIFY2(store.save(newer, &error, &newerPath), qPrintable(error));
        QVERIFY2(store.save(other, &error), qPrintable(error));

        LatestReruns latest = store.newestPerCase({QStringLiteral("a.py"), QStringLiteral("b.py"), QStringLiteral("never.py")});
        QCOMPARE(latest.size(), 2);
        QCOMPARE(latest.value(QStringLiteral("a.py")).versionId, QStringLiteral("it1:predict"));
        QCOMPARE(latest.value(QStringLiteral("a.py")).verdict, QStringLiteral("wrong_output"));
        QCOMPARE(latest.value(QStringLiteral("a.py")).flags, QStringList{QStringLiteral("launch_bound")});
        QVERIFY(!latest.value(QStringLiteral("a.py")).speedup); // never "faster" for a wrong output
        QCOMPARE(latest.value(QStringLiteral("a.py")).profile, QStringLiteral("cpu"));
        QVERIFY(!latest.contains(QStringLiteral("never.py")));

        QFile broken(newerPath); // a truncated newest file: the one before it is shown
        QVERIFY(broken.open(QIODevice::WriteOnly | QIODevice::Truncate));
        broken.write("{\"case\": ");
        broken.close();
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("saved result not understood")));
        latest = store.newestPerCase({QStringLiteral("a.py")});
        QCOMPARE(latest.value(QStringLiteral("a.py")).versionId, QStringLiteral("it0:predict"));
    }

    // A rerun that ended while the saved ones were read stays unless the read found a later one of
    // its case (the window's tree and a comparison's A column both go by it).
    void notedRerunsStayUnlessSavedLater()
    {
        const QDateTime t0 = QDateTime::currentDateTimeUtc();
        auto rerun = [](const QString& version, const QDateTime& started) {
            LatestRerun r;
            r.verdict = QStringLiteral("passed");
            r.versionId = version;
            r.started = started;
            return r;
        };
        const LatestReruns saved{{QStringLiteral("a.py"), rerun(QStringLiteral("saved-a"), t0)},
            {QStringLiteral("b.py"), rerun(QStringLiteral("saved-b"), t0.addSecs(10))}};
        const LatestReruns noted{{QStringLiteral("a.py"), rerun(QStringLiteral("noted-a"), t0.addSecs(5))},
            {QStringLiteral("b.py"), rerun(QStringLiteral("noted-b"), t0.addSecs(5))},
            {QStringLiteral("c.py"), rerun(QStringLiteral("noted-c"), t0)}};
        const LatestReruns both = withNotedReruns(saved, noted);
        QCOMPARE(both.size(), 3);
        QCOMPARE(both.value(QStringLiteral("a.py")).versionId, QStringLiteral("noted-a")); // later than the saved one
        QCOMPARE(both.value(QStringLiteral("b.py")).versionId, QStringLiteral("saved-b")); // the saved one is later
        QCOMPARE(both.value(QStringLiteral("c.py")).versionId, QStringLiteral("noted-c")); // none saved
        QCOMPARE(withNotedReruns(saved, {}).value(QStringLiteral("a.py")).versionId, QStringLiteral("saved-a"));
    }

    void namesThatLookAlikeKeepTheirOwnHistory_data()
    {
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("second");
        QTest::newRow("space vs underscore") << QStringLiteral("a b.py") << QStringLiteral("a_b.py");
        QTest::newRow("slash vs underscore") << QStringLiteral("x/y.py") << QStringLiteral("x_y.py");
        QTest::newRow("case only") << QStringLiteral("Kernel.py") << QStringLiteral("kernel.py");
        QTest::newRow("leading dot") << QStringLiteral(".hidden.py") << QStringLiteral("hidden.py");
    }

    void namesThatLookAlikeKeepTheirOwnHistory()
    {
        QFETCH(QString, first);
        QFETCH(QString, second);
        QTemporaryDir runDir;
        const ResultStore store = ResultStore::forRun(runDir.path(), QStringLiteral("run"));
        QString error;
        QVERIFY2(store.save(resultFor(first, QStringLiteral("it0:predict")), &error), qPrintable(error));
        QVERIFY2(store.save(resultFor(second, QStringLiteral("it1:predict")), &error), qPrintable(error));
        QVERIFY(!store.saveLocalVersion(first, QStringLiteral("edit.hip"), QStringLiteral("first"), &error).isEmpty());
        QVERIFY(!store.saveLocalVersion(second, QStringLiteral("edit.hip"), QStringLiteral("second"), &error).isEmpty());

        const auto a = store.history(first);
        const auto b = store.history(second);
        QCOMPARE(a.size(), 1);
        QCOMPARE(b.size(), 1);
        QCOMPARE(a.first().caseName, first);
        QCOMPARE(b.first().caseName, second);
        QCOMPARE(store.localVersions(first).size(), 1);
        QVERIFY(store.localVersions(first).first() != store.localVersions(second).first());
    }

    void embeddedRunsStoreInTheUserDataFolder()
    {
        const ResultStore store = ResultStore::forRun(QStringLiteral(":/sample/run"), QStringLiteral("sample"));
        QVERIFY(store.isFallback());
        QVERIFY(store.root().startsWith(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
    }
};

QTEST_GUILESS_MAIN(TestResultStore)
#include "tst_resultstore.moc"
