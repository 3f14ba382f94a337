// SPDX-License-Identifier: MIT
//
// JobTracker: a result comes back on the owner's thread, only for the newest job; cancel and the
// owner's end drop what is still running; startBeside keeps the current job.
#include "models/work/jobtracker.h"
#include "workertests.h"

#include <QSemaphore>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <memory>

using namespace krw;

class TestJobTracker : public QObject
{
    Q_OBJECT

private:
    QThreadPool m_pool;

    // Waits until every job given to the pool has run and its result, if any, was delivered.
    bool drain() { return m_pool.waitForDone(test::WorkerWaitMs) && test::deliverPostedEvents(); }

private Q_SLOTS:
    void initTestCase() { m_pool.setMaxThreadCount(2); }

    void theResultComesOnTheOwnersThread()
    {
        QObject owner;
        auto* job = new JobTracker(&owner);
        QThread* worker = nullptr;
        QThread* delivered = nullptr;
        int result = 0;
        job->start(
            &m_pool,
            [&worker] {
                worker = QThread::currentThread();
                return 42;
            },
            [&](int value) {
                delivered = QThread::currentThread();
                result = value;
            });
        QVERIFY(job->isRunning());
        QVERIFY(drain());
        QCOMPARE(result, 42);
        QCOMPARE(delivered, QThread::currentThread());
        QVERIFY(worker != QThread::currentThread());
        QVERIFY(!job->isRunning());
    }

    // The first job is held until the second was started: only the second's result is taken.
    void aNewerJobDropsTheOlder()
    {
        QObject owner;
        auto* job = new JobTracker(&owner);
        auto gate = std::make_shared<QSemaphore>();
        QStringList taken;
        job->start(
            &m_pool,
            [gate] {
                gate->acquire();
                return QStringLiteral("first");
            },
            [&taken](const QString& s) { taken << s; });
        job->start(
            &m_pool, [] { return QStringLiteral("second"); }, [&taken](const QString& s) { taken << s; });
        gate->release();
        QVERIFY(drain());
        QCOMPARE(taken, QStringList{QStringLiteral("second")});
        QVERIFY(!job->isRunning());
    }

    void cancelDropsWhatRuns()
    {
        QObject owner;
        auto* job = new JobTracker(&owner);
        bool called = false;
        job->start(
            &m_pool, [] { return 1; }, [&called](int) { called = true; });
        job->cancel();
        QVERIFY(!job->isRunning());
        QVERIFY(drain());
        QVERIFY(!called);
    }

    void startBesideKeepsTheCurrentJob()
    {
        QObject owner;
        auto* job = new JobTracker(&owner);
        QStringList taken;
        job->start(
            &m_pool, [] { return QStringLiteral("read"); }, [&taken](const QString& s) { taken << s; });
        job->startBeside(
            &m_pool, [] { return QStringLiteral("save"); }, [&taken](const QString& s) { taken << s; });
        QVERIFY(job->isRunning());
        QVERIFY(drain());
        taken.sort();
        QCOMPARE(taken, (QStringList{QStringLiteral("read"), QStringLiteral("save")}));
        QVERIFY(!job->isRunning());
        // ... and both are dropped by the next start().
        auto gate = std::make_shared<QSemaphore>();
        taken.clear();
        job->start(
            &m_pool,
            [gate] {
                gate->acquire();
                return QStringLiteral("read 2");
            },
            [&taken](const QString& s) { taken << s; });
        job->startBeside(
            &m_pool,
            [gate] {
                gate->acquire();
                return QStringLiteral("save 2");
            },
            [&taken](const QString& s) { taken << s; });
        job->start(
            &m_pool, [] { return QStringLiteral("read 3"); }, [&taken](const QString& s) { taken << s; });
        gate->release(2);
        QVERIFY(drain());
        QCOMPARE(taken, QStringList{QStringLiteral("read 3")});
    }

    // The owner gone before the work ends: nothing is delivered, nothing crashes.
    void theOwnersEndDropsTheResult()
    {
        auto gate = std::make_shared<QSemaphore>();
        bool called = false;
        {
            QObject owner;
            auto* job = new JobTracker(&owner);
            job->start(
                &m_pool,
                [gate] {
                    gate->acquire();
                    return 7;
                },
                [&called](int) { called = true; });
        }
        gate->release();
        QVERIFY(drain());
        QVERIFY(!called);
    }
};

QTEST_GUILESS_MAIN(TestJobTracker)
#include "tst_jobtracker.moc"
