// SPDX-License-Identifier: MIT
//
// FileLock: excludes other holders in this process and in others, names the last holder when
// waiting times out, and is free again the moment a holder is killed.
#include "models/review/filelock.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

class TestFileLock : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void secondLockInOneProcessWaits()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.lock"));
        FileLock first(path);
        FileLock second(path);
        QString error;
        QVERIFY2(first.lock(0, &error), qPrintable(error));
        QVERIFY(!second.lock(50, &error));
        QVERIFY2(error.contains(path), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("process %1 ").arg(QCoreApplication::applicationPid())), qPrintable(error));
        first.unlock();
        QVERIFY2(second.lock(0, &error), qPrintable(error));
        QVERIFY(second.isLocked());
        QVERIFY(QFileInfo::exists(path)); // never removed: a waiter must lock the same file
    }

    void destructorUnlocks()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.lock"));
        QString error;
        {
            FileLock scoped(path);
            QVERIFY(scoped.lock(0, &error));
        }
        FileLock next(path);
        QVERIFY2(next.lock(0, &error), qPrintable(error));
    }

    // Another process holds it; once that process is killed with SIGKILL the lock is free at once.
    void killedHolderReleasesAtOnce()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.lock"));
        QProcess holder;
        holder.start(QStringLiteral(KRW_ANNOTATION_WRITER), {QStringLiteral("--hold-lock"), path});
        QByteArray output;
        while (!output.contains("locked\n") && holder.waitForReadyRead(10000))
            output += holder.readAllStandardOutput();
        QVERIFY2(output.contains("locked\n"), holder.readAllStandardError().constData());

        FileLock lock(path);
        QString error;
        QVERIFY(!lock.lock(200, &error));
        QVERIFY2(error.contains(QStringLiteral("stayed locked")) && error.contains(QStringLiteral("process %1 ").arg(holder.processId())),
            qPrintable(error));
        holder.kill();
        QVERIFY(holder.waitForFinished());
        QVERIFY2(lock.lock(0, &error), qPrintable(error));
    }

    // What a QLockFile writer killed at the wrong moment leaves: a lock naming a dead process
    // and an empty "<lock>.rmlock". Neither may keep anyone out.
    void leftoverLockContentDoesNotBlock()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.lock"));
        QFile stale(path);
        QVERIFY(stale.open(QIODevice::WriteOnly));
        stale.write("999999999\nkrw_annotationwriter\nsomehost\n");
        stale.close();
        QFile rmlock(path + QStringLiteral(".rmlock"));
        QVERIFY(rmlock.open(QIODevice::WriteOnly));
        rmlock.close();
        FileLock lock(path);
        QString error;
        QVERIFY2(lock.lock(0, &error), qPrintable(error));
    }

    void folderThatCannotHoldTheFileIsAnError()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("no-such-folder/a.lock"));
        FileLock lock(path);
        QString error;
        QVERIFY(!lock.lock(1000, &error));
        QVERIFY2(error.startsWith(QStringLiteral("cannot create the lock file %1 (").arg(path)), qPrintable(error));
        QVERIFY(!lock.isLocked());
    }
};

QTEST_GUILESS_MAIN(TestFileLock)
#include "tst_filelock.moc"
