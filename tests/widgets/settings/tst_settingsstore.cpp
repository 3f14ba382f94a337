// SPDX-License-Identifier: MIT
//
// SettingsStore: a change is read back at once and reaches the settings file, in QSettings' own
// layout, written on the store's thread: the thread that changed it never waits for the disk.
#include "widgets/settings/settingsstore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QLockFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using namespace krw;

class TestSettingsStore : public QObject
{
    Q_OBJECT

private:
    static QString fileName() { return QSettings().fileName(); }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("krw-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_settingsstore"));
    }

    void init() { QFile::remove(fileName()); }

    void valueIsReadBackAtOnceAndReachesTheFile()
    {
        SettingsStore store;
        QCOMPARE(store.fileName(), fileName());
        QVERIFY(!store.value(QStringLiteral("diff/intraline")).isValid());
        QCOMPARE(store.value(QStringLiteral("diff/intraline"), true).toBool(), true);
        store.setValue(QStringLiteral("diff/intraline"), false);
        store.setValue(QStringLiteral("view/theme"), 2);
        QCOMPARE(store.value(QStringLiteral("diff/intraline"), true).toBool(), false);
        store.flush();
        QSettings file(fileName(), QSettings::IniFormat);
        QCOMPARE(file.value(QStringLiteral("diff/intraline")).toBool(), false);
        QCOMPARE(file.value(QStringLiteral("view/theme")).toInt(), 2);
        // A store made later reads what the file holds.
        const SettingsStore later;
        QCOMPARE(later.value(QStringLiteral("view/theme")).toInt(), 2);
    }

    // Arrays as QSettings writes them (key/size, key/1/field): QSettings reads them back, and a
    // shorter array leaves none of the longer one's items behind.
    void arraysKeepQSettingsLayout()
    {
        SettingsStore store;
        const QString key = QStringLiteral("session/recentRuns");
        QVector<SettingsStore::Item> items;
        for (int i = 0; i < 3; ++i)
            items.append(
                {{QStringLiteral("path"), QStringLiteral("/runs/%1").arg(i)}, {QStringLiteral("name"), QStringLiteral("run %1").arg(i)}});
        store.setArray(key, items);
        QVERIFY(store.array(key, {QStringLiteral("path"), QStringLiteral("name")}) == items);
        store.flush();
        {
            QSettings file(fileName(), QSettings::IniFormat);
            QCOMPARE(file.beginReadArray(key), 3);
            for (int i = 0; i < 3; ++i) {
                file.setArrayIndex(i);
                QCOMPARE(file.value(QStringLiteral("path")).toString(), QStringLiteral("/runs/%1").arg(i));
                QCOMPARE(file.value(QStringLiteral("name")).toString(), QStringLiteral("run %1").arg(i));
            }
            file.endArray();
        }
        store.setArray(key, {items.at(2)});
        QCOMPARE(store.array(key, {QStringLiteral("path")}).size(), 1);
        QVERIFY(!store.value(key + QStringLiteral("/2/path")).isValid());
        store.flush();
        QSettings file(fileName(), QSettings::IniFormat);
        QCOMPARE(file.beginReadArray(key), 1);
        file.endArray();
        QVERIFY(!file.contains(key + QStringLiteral("/2/path")));
        QVERIFY(SettingsStore().array(key, {QStringLiteral("path"), QStringLiteral("name")}) == QVector<SettingsStore::Item>{items.at(2)});
    }

    void removeTakesTheKeysUnderIt()
    {
        SettingsStore store;
        store.setValue(QStringLiteral("window/widgets/a"), QByteArray("1"));
        store.setValue(QStringLiteral("window/widgets/b"), QByteArray("2"));
        store.setValue(QStringLiteral("window/geometry"), QByteArray("3"));
        store.remove(QStringLiteral("window/widgets"));
        QVERIFY(!store.value(QStringLiteral("window/widgets/a")).isValid());
        QCOMPARE(store.value(QStringLiteral("window/geometry")).toByteArray(), QByteArray("3"));
        store.flush();
        QSettings file(fileName(), QSettings::IniFormat);
        QVERIFY(!file.contains(QStringLiteral("window/widgets/a")));
        QVERIFY(!file.contains(QStringLiteral("window/widgets/b")));
        QCOMPARE(file.value(QStringLiteral("window/geometry")).toByteArray(), QByteArray("3"));
    }

    // The file is held (QSettings' own lock file, as another process writing it would hold it):
    // setValue still returns at once, and the value is written once the lock is let go. Writing
    // on the calling thread, setValue would wait for the lock.
    void changingNeverWaitsForTheFile()
    {
        SettingsStore store;
        const QString file = fileName();
        QLockFile lock(file + QStringLiteral(".lock"));
        lock.setStaleLockTime(0);
        QVERIFY(lock.tryLock(1000));
        QElapsedTimer timer;
        timer.start();
        store.setValue(QStringLiteral("session/lastRunPath"), QStringLiteral("/runs/big"));
        store.setValue(QStringLiteral("session/lastRunName"), QStringLiteral("big"));
        QVERIFY2(timer.elapsed() < 1000, qPrintable(QStringLiteral("setValue took %1 ms").arg(timer.elapsed())));
        QCOMPARE(store.value(QStringLiteral("session/lastRunName")).toString(), QStringLiteral("big"));
        // (No QSettings here: the store's writer holds the file's mutex while it waits for the lock.)
        QTest::qWait(200);
        lock.unlock();
        store.flush();
        QCOMPARE(QSettings(file, QSettings::IniFormat).value(QStringLiteral("session/lastRunName")).toString(), QStringLiteral("big"));
    }
};

QTEST_GUILESS_MAIN(TestSettingsStore)
#include "tst_settingsstore.moc"
