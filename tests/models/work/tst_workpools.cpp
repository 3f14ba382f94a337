// SPDX-License-Identifier: MIT
// Where background work runs (models/work/WorkPools): a job's parts end even when every thread
// that could run them is busy, and the work that once waited on Qt's global pool (failure groups,
// search, loads) ends while every thread of that pool is held. The second case reproduces a hang
// seen on 2 cores: two failure-group reads each waited for parts queued on the global pool, whose
// two threads they held, and the window's next repaint waited behind them.
#include "models/browse/searchindex.h"
#include "models/browse/searchquery.h"
#include "models/failures/failurereader.h"
#include "models/run/runloader.h"
#include "models/work/workpools.h"

#include <QDeadlineTimer>
#include <QSemaphore>
#include <QTest>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent>

#include <atomic>
#include <functional>
#include <stdexcept>
#include <thread>

using namespace krw;

namespace {

// Holds every thread of pool until released (or destroyed).
class PoolHolder
{
public:
    explicit PoolHolder(QThreadPool* pool)
    {
        for (int i = 0; i < pool->maxThreadCount(); ++i)
            m_held.append(QtConcurrent::run(pool, [this] { m_release.acquire(); }));
        QDeadlineTimer deadline(10000);
        while (pool->activeThreadCount() < pool->maxThreadCount() && !deadline.hasExpired())
            QThread::msleep(5);
        m_holding = pool->activeThreadCount() == pool->maxThreadCount();
    }
    ~PoolHolder() { release(); }
    bool holding() const { return m_holding; }
    void release()
    {
        m_release.release(int(m_held.size()));
        for (QFuture<void>& held : m_held)
            held.waitForFinished();
        m_held.clear();
    }

private:
    QSemaphore m_release;
    QVector<QFuture<void>> m_held;
    bool m_holding = false;
};

// Runs fn on a job thread; true when it ended within the time.
bool endsWithin(int ms, const std::function<void()>& fn)
{
    QFuture<void> job = QtConcurrent::run(WorkPools::jobs(), fn);
    QDeadlineTimer deadline(ms);
    while (!job.isFinished() && !deadline.hasExpired())
        QThread::msleep(10);
    return job.isFinished();
}

} // namespace

class TestWorkPools : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Asked for first on another thread (a job's, as when a run loads): the pools were made with
    // the application as parent from there, which Qt refused ("Cannot create children for a parent
    // that is in a different thread", in every session's log) and left them never deleted. They
    // are the application's, made on its thread, whoever asks first. First in this file, before
    // anything here touches a pool.
    void poolsBelongToTheApplicationWhoeverAsksFirst()
    {
        static QStringList warnings;
        const QtMessageHandler previous = qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& text) {
            if (type != QtDebugMsg)
                warnings << text;
        });
        QThreadPool* pools[3] = {};
        std::thread asker([&pools] { pools[0] = WorkPools::parts(), pools[1] = WorkPools::jobs(), pools[2] = WorkPools::background(); });
        asker.join();
        qInstallMessageHandler(previous);
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(QLatin1Char('\n'))));
        for (QThreadPool* pool : pools) {
            QVERIFY(pool);
            QCOMPARE(pool->parent(), QCoreApplication::instance());
            QCOMPARE(pool->thread(), QCoreApplication::instance()->thread());
        }
    }

    void poolsAreOurOwn()
    {
        QVERIFY(WorkPools::jobs() != QThreadPool::globalInstance());
        QVERIFY(WorkPools::parts() != QThreadPool::globalInstance());
        QVERIFY(WorkPools::background() != QThreadPool::globalInstance());
        QCOMPARE(WorkPools::jobs()->maxThreadCount(), WorkPools::MaxJobs);
        QCOMPARE(WorkPools::parts()->maxThreadCount(), std::max(1, QThread::idealThreadCount()));
    }

    // Every thread of the parts pool busy: the caller runs every part itself, each once.
    void partsEndWhenEveryThreadIsBusy()
    {
        PoolHolder holder(WorkPools::parts());
        QVERIFY(holder.holding());
        constexpr int Parts = 8;
        std::atomic<int> each{0};
        std::atomic<int> here{0};
        const Qt::HANDLE self = QThread::currentThreadId();
        WorkPools::runParts(Parts, [&](int part) {
            each += 1 << part;
            here += QThread::currentThreadId() == self ? 1 : 0;
        });
        QCOMPARE(each.load(), (1 << Parts) - 1);
        QCOMPARE(here.load(), Parts);
    }

    // Two jobs that split into parts at once, with every part thread busy: both end.
    void twoJobsWithPartsNeverWaitForEachOther()
    {
        PoolHolder holder(WorkPools::parts());
        QVERIFY(holder.holding());
        std::atomic<int> done{0};
        const auto job = [&done] {
            std::atomic<int> parts{0};
            WorkPools::runParts(16, [&parts](int) {
                QThread::msleep(2);
                ++parts;
            });
            done += parts.load() == 16 ? 1 : 0;
        };
        QFuture<void> other = QtConcurrent::run(WorkPools::jobs(), job);
        QVERIFY(endsWithin(20000, job));
        other.waitForFinished();
        QCOMPARE(done.load(), 2);
    }

    // A part that throws ends the call only once every other part has ended: they write into the
    // caller's stack. The first part's exception comes out.
    void partsEndBeforeAFailureComesOut_data()
    {
        QTest::addColumn<int>("failing");
        QTest::newRow("a pool part") << 0;
        QTest::newRow("the part run in place") << 3;
    }
    void partsEndBeforeAFailureComesOut()
    {
        QFETCH(int, failing);
        constexpr int Parts = 4;
        std::atomic<int> ended{0};
        QString caught;
        try {
            WorkPools::runParts(Parts, [&](int part) {
                if (part == failing)
                    throw std::runtime_error("part " + std::to_string(part));
                QThread::msleep(50);
                ++ended;
            });
        } catch (const std::runtime_error& e) {
            caught = QString::fromLatin1(e.what());
            QCOMPARE(ended.load(), Parts - 1);
        }
        QCOMPARE(caught, QStringLiteral("part %1").arg(failing));
    }

    // Every thread of Qt's global pool held (as Qt 6.4 holds it while a repaint's pieces run):
    // loading a run, reading its failure groups, building its search index and searching it all
    // end. Before WorkPools the failure read and the search waited here for ever.
    void nothingWaitsOnTheGlobalPool()
    {
        PoolHolder holder(QThreadPool::globalInstance());
        QVERIFY(holder.holding());
        int groups = -1;
        int found = -1;
        const bool ended = endsWithin(30000, [&] {
            const Run run = loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR));
            int errors = -1;
            const QVector<FailureSignature> signatures = FailureReader::read(run, FailureReader::savedReruns(run), &errors);
            groups = errors == 0 ? int(signatures.size()) : -1;
            const auto index = SearchIndex::build(run);
            const auto hits
                = index ? index->search(run, {QStringLiteral("tl.program_id"), SearchScope::Everything, false, false}) : std::nullopt;
            found = hits ? int(hits->size()) : -1;
        });
        holder.release(); // whatever happened, the jobs can end now
        WorkPools::jobs()->waitForDone();
        QVERIFY2(ended, "a job waited for Qt's global pool");
        QCOMPARE(groups, 9);
        QVERIFY2(found > 0, qPrintable(QString::number(found)));
    }
};

QTEST_GUILESS_MAIN(TestWorkPools)
#include "tst_workpools.moc"
