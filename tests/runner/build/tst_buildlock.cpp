// SPDX-License-Identifier: MIT
// BuildLock: one builder per module-cache key, waiting on a timer, taking over the lock of a
// builder that died, giving up with a message after the limit.
#include "runner/build/buildlock.h"

#include <QCoreApplication>
#include <QLockFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sys/wait.h>
#include <unistd.h>

using namespace krw;

class TestBuildLock : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void buildersTakeTurns()
    {
        const QString path = m_dir.filePath(QStringLiteral("turns.lock"));
        BuildLock first;
        BuildLock second;
        QSignalSpy firstAcquired(&first, &BuildLock::acquired);
        QSignalSpy secondAcquired(&second, &BuildLock::acquired);
        QSignalSpy secondWaiting(&second, &BuildLock::waiting);
        QSignalSpy secondFailed(&second, &BuildLock::failed);
        first.acquire(path, 60000);
        QVERIFY(firstAcquired.wait(5000));
        QVERIFY(first.isHeld());
        second.acquire(path, 60000);
        QVERIFY(secondWaiting.wait(5000));
        QVERIFY2(secondWaiting.first().first().toString().contains(QString::number(QCoreApplication::applicationPid())),
            qPrintable(secondWaiting.first().first().toString()));
        QVERIFY(second.isWaiting());
        QVERIFY(!secondAcquired.wait(800)); // held: it keeps waiting
        first.release();
        QVERIFY(secondAcquired.wait(5000));
        QVERIFY(second.isHeld());
        QCOMPARE(secondWaiting.size(), 1); // said once, not on every poll
        QVERIFY(secondFailed.isEmpty());
    }

    // A builder that was killed leaves its lock file; its process is gone, so the lock is taken
    // over at once however young the file is.
    void lockOfADeadBuilderIsTakenOver()
    {
        const QString path = m_dir.filePath(QStringLiteral("dead.lock"));
        const pid_t child = fork();
        if (child == 0) {
            QLockFile lock(path);
            lock.setStaleLockTime(0);
            _exit(lock.tryLock(0) ? 0 : 1); // dies holding it: no destructor runs
        }
        int status = 0;
        QCOMPARE(waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        QVERIFY(QFile::exists(path));
        BuildLock lock;
        QSignalSpy acquired(&lock, &BuildLock::acquired);
        QSignalSpy failed(&lock, &BuildLock::failed);
        lock.acquire(path, 60000);
        QVERIFY2(acquired.wait(5000), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    }

    void givesUpAfterTheLimitSayingWhoHoldsIt()
    {
        const QString path = m_dir.filePath(QStringLiteral("limit.lock"));
        BuildLock holder;
        QSignalSpy held(&holder, &BuildLock::acquired);
        holder.acquire(path, 60000);
        QVERIFY(held.wait(5000));
        BuildLock waiter;
        QSignalSpy failed(&waiter, &BuildLock::failed);
        QSignalSpy acquired(&waiter, &BuildLock::acquired);
        waiter.acquire(path, 300);
        QVERIFY(failed.wait(10000));
        const QString why = failed.first().first().toString();
        QVERIFY2(why.contains(QStringLiteral("waited")) && why.contains(path)
                && why.contains(QString::number(QCoreApplication::applicationPid())),
            qPrintable(why));
        QVERIFY(acquired.isEmpty());
        QVERIFY(!waiter.isWaiting());
        QVERIFY(holder.isHeld()); // the holder is not disturbed
    }

    void unwritableFolderFailsAtOnce()
    {
        BuildLock lock;
        QSignalSpy failed(&lock, &BuildLock::failed);
        lock.acquire(m_dir.filePath(QStringLiteral("missing-folder/x.lock")), 60000);
        QVERIFY(failed.wait(5000));
        QVERIFY2(failed.first().first().toString().contains(QStringLiteral("missing-folder/x.lock")),
            qPrintable(failed.first().first().toString()));
    }

    void releaseStopsWaiting()
    {
        const QString path = m_dir.filePath(QStringLiteral("stop.lock"));
        BuildLock holder;
        QSignalSpy held(&holder, &BuildLock::acquired);
        holder.acquire(path, 60000);
        QVERIFY(held.wait(5000));
        BuildLock waiter;
        QSignalSpy waiting(&waiter, &BuildLock::waiting);
        QSignalSpy acquired(&waiter, &BuildLock::acquired);
        waiter.acquire(path, 60000);
        QVERIFY(waiting.wait(5000));
        waiter.release();
        holder.release();
        QVERIFY(!acquired.wait(800)); // it stopped asking
        QVERIFY(!waiter.isWaiting());
    }
};

QTEST_GUILESS_MAIN(TestBuildLock)
#include "tst_buildlock.moc"
